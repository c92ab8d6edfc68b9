/* util.h - allocation and string helpers of the sparse front end.  (Its own:
 * libsparse already defines xstrdup() and xasprintf(), on its arena.) */
#ifndef GFPSPARSE_UTIL_H
#define GFPSPARSE_UTIL_H

#include <stddef.h>
#include <stdint.h>

void *fe_malloc(size_t n);
void *fe_calloc(size_t n, size_t sz);
void *fe_realloc(void *p, size_t n);
char *fe_strdup(const char *s);
char *fe_strndup(const char *s, size_t n);
char *fe_asprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
uint64_t fe_hash(uint64_t h, const void *p, size_t n);	/* FNV-1a, start with FE_HASH0 */
#define FE_HASH0 0xcbf29ce484222325ULL

/* a growable string */
struct fe_buf {
	char *s;
	size_t n, cap;
};
void fb_add(struct fe_buf *b, const char *s);
void fb_addn(struct fe_buf *b, const char *s, size_t n);
void fb_addf(struct fe_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void fb_addc(struct fe_buf *b, char c);

#endif
