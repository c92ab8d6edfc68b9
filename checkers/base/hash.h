/* hash.h - a small 128-bit content hash for the facts cache (not cryptographic). */
#ifndef GFPCHECK_HASH_H
#define GFPCHECK_HASH_H
#include <stddef.h>
#include <stdint.h>

struct hash128 {
	uint64_t a, b; /* two independent 64-bit lanes */
	uint64_t len;
};

void hash128_init(struct hash128 *h);
void hash128_update(struct hash128 *h, const void *p, size_t n);
/* Writes 32 lowercase hex digits and a NUL into out[33]. */
void hash128_hex(const struct hash128 *h, char out[33]);
/* The hash of the n bytes at p, as hash128_hex() writes it. */
void content_hash(const void *p, size_t n, char out[33]);
/* 64-bit FNV-1a, chained: h = fnv1a64(fnv1a64(FNV1A64_INIT, a, n), b, m) hashes a
 * then b (the sparse front end's flags and source hashes in its facts). */
#define FNV1A64_INIT 0xcbf29ce484222325ULL
uint64_t fnv1a64(uint64_t h, const void *p, size_t n);
#endif
