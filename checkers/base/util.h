/* util.h - allocation helpers, growable arrays, string buffers, interning. */
#ifndef GFPCHECK_UTIL_H
#define GFPCHECK_UTIL_H
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" { /* facts/facts_write.h, which the Clang plugin includes */
#endif

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t sz);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "PATH:LINE: error: MESSAGE" into err (errlen bytes, cut to fit); returns -1,
 * for the parsers' error returns. */
int error_at(char *err, size_t errlen, const char *path, int line, const char *fmt, va_list ap)
	__attribute__((format(printf, 5, 0)));

/* Growable array: T *v; size_t n, cap;  VEC_PUSH(v, n, cap, x). */
#define VEC_GROW(v, n, cap)                                                   \
	do {                                                                  \
		if ((n) >= (cap)) {                                           \
			(cap) = (cap) ? (cap) * 2 : 16;                       \
			(v) = xrealloc((v), (cap) * sizeof(*(v)));            \
		}                                                             \
	} while (0)
#define VEC_PUSH(v, n, cap, x)                                                \
	do {                                                                  \
		VEC_GROW(v, n, cap);                                          \
		(v)[(n)++] = (x);                                             \
	} while (0)

struct strbuf {
	char *s;
	size_t len, cap;
};
void sb_add(struct strbuf *b, const char *s);
void sb_addn(struct strbuf *b, const char *s, size_t n);
void sb_addf(struct strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_addc(struct strbuf *b, char c);
void sb_free(struct strbuf *b);

/* The index of the ')' that closes the '(' at s[open], looking no further than
 * e (exclusive); e when there is none. */
size_t paren_close(const char *s, size_t open, size_t e);

/* String interning: every distinct string gets a small id; 0 is the empty id. */
uint32_t intern(const char *s);
uint32_t intern_n(const char *s, size_t n);
/* Start fetching the table slot of s[0..n) into the cache (a loader that knows
 * which strings it interns next hides the memory latency of the lookups). */
void intern_prefetch(const char *s, size_t n);
/* The same with the hash known: (uint32_t)hash_bytes(s, n). */
uint32_t intern_nh(const char *s, size_t n, uint32_t h);
void intern_prefetch_h(uint32_t h);
uint32_t intern_lookup(const char *s); /* 0 when not interned */
uint32_t intern_lookup_n(const char *s, size_t n);
const char *istr(uint32_t id);
size_t istr_len(uint32_t id); /* strlen(istr(id)), without reading the string */
size_t intern_count(void);
void intern_reset(void);

uint64_t hash_bytes(const void *p, size_t n);

/* Read a whole file; NULL with errno set on failure. */
char *read_file(const char *path, size_t *len);
/* The same, failing with errno EFBIG beyond max bytes (a device or a FIFO that
 * never ends: --model /dev/zero). errno is kept from the failing read. */
char *read_file_max(const char *path, size_t *len, size_t max);
/* Create the directories on path (mode 0777 less the umask): every proper
 * prefix that ends before a '/', then path itself when last is set (a path
 * to a directory) and not when it is clear (a path to a file to create).
 * Existing ones are fine.  0, or -1 with errno from the mkdir that failed. */
int mkdir_p(const char *path, int last);

/* Glob match with '*' and '?' only. */
int glob_match(const char *pat, const char *s);

/* Does w occur in text as a whole identifier (not part of a longer one)? */
int has_word(const char *text, const char *w);
/* The same in the n bytes at s (which need not end in a NUL). */
int has_word_n(const char *s, size_t n, const char *w);
/* The first occurrence of w as a whole identifier in the n bytes at s, starting
 * at `from` (s <= from <= s + n), or NULL. An empty w is found at the first
 * place with no identifier character on either side. */
const char *word_find(const char *s, size_t n, const char *from, const char *w);

/* Is s a plain C identifier? */
int is_ident(const char *s);
/* A name as make's ARCH= and arch/'s directories are written: 1-32 of [a-z0-9_]. */
int is_arch_name(const char *s);

double now_seconds(void);
/* The peak resident memory of this process so far (not its children), MiB. */
double peak_rss_mib(void);

#ifdef __cplusplus
}
#endif
#endif
