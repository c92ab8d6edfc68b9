/* util.c - see util.h */
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void oom(void)
{
	fputs("gfpcheck-sparse: out of memory\n", stderr);
	exit(2);
}

void *fe_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *fe_calloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz ? sz : 1);
	if (!p)
		oom();
	return p;
}

void *fe_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

char *fe_strdup(const char *s)
{
	return fe_strndup(s, strlen(s));
}

char *fe_strndup(const char *s, size_t n)
{
	char *p = fe_malloc(n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

char *fe_asprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *p = fe_malloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

uint64_t fe_hash(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;
	for (size_t i = 0; i < n; i++) {
		h ^= c[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

void fb_addn(struct fe_buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		while (cap < b->n + n + 1)
			cap *= 2;
		b->s = fe_realloc(b->s, cap);
		b->cap = cap;
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = 0;
}

void fb_add(struct fe_buf *b, const char *s)
{
	fb_addn(b, s, strlen(s));
}

void fb_addc(struct fe_buf *b, char c)
{
	fb_addn(b, &c, 1);
}

void fb_addf(struct fe_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *p = fe_malloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	fb_addn(b, p, (size_t)n);
	free(p);
}
