/* hash.c - 128-bit content hash: lane a is FNV-1a 64, lane b a multiply-xorshift
 * mix over 8-byte words; both are finalised with the length. */
#include "base/hash.h"

#include <stdio.h>
#include <string.h>

#define FNV_OFF 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

void hash128_init(struct hash128 *h)
{
	h->a = FNV_OFF;
	h->b = 0x9e3779b97f4a7c15ULL;
	h->len = 0;
}

static uint64_t mix64(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return x;
}

void hash128_update(struct hash128 *h, const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t a = h->a, b = h->b;
	for (size_t i = 0; i < n; i++) {
		a ^= s[i];
		a *= FNV_PRIME;
		/* lane b: rotate-multiply per byte, position dependent via len */
		b = (b ^ (s[i] + ((h->len + i) << 8))) * 0x2127599bf4325c37ULL;
		b ^= b >> 29;
	}
	h->a = a;
	h->b = b;
	h->len += n;
}

void hash128_hex(const struct hash128 *h, char out[33])
{
	uint64_t a = mix64(h->a ^ h->len);
	uint64_t b = mix64(h->b + 0x9e3779b97f4a7c15ULL * (h->len + 1));
	snprintf(out, 33, "%016llx%016llx", (unsigned long long)a, (unsigned long long)b);
}

void content_hash(const void *p, size_t n, char out[33])
{
	struct hash128 h;
	hash128_init(&h);
	hash128_update(&h, p, n);
	hash128_hex(&h, out);
}

uint64_t fnv1a64(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;
	for (size_t i = 0; i < n; i++) {
		h ^= c[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}
