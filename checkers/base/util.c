/* util.c - allocation helpers, string buffers, interning. */
#include "base/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/stat.h>

static void oom(void)
{
	fputs("gfpcheck: out of memory\n", stderr);
	exit(2);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *xcalloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz ? sz : 1);
	if (!p)
		oom();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

int error_at(char *err, size_t errlen, const char *path, int line, const char *fmt, va_list ap)
{
	int o = snprintf(err, errlen, "%s:%d: error: ", path, line);
	if (o > 0 && (size_t)o < errlen)
		vsnprintf(err + o, errlen - (size_t)o, fmt, ap);
	return -1;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *p = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void sb_addn(struct strbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

void sb_add(struct strbuf *b, const char *s)
{
	sb_addn(b, s, strlen(s));
}

void sb_addc(struct strbuf *b, char c)
{
	sb_addn(b, &c, 1);
}

void sb_addf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (b->len + (size_t)n + 1 > b->cap) {
		b->cap = (b->len + (size_t)n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void sb_free(struct strbuf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

/* Eight bytes a step (a byte at a time cost four cycles a byte in the
 * interning of a whole kernel's facts); in-memory tables only, never stored. */
uint64_t hash_bytes(const void *p, size_t n)
{
	const unsigned char *c = p;
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ ((uint64_t)n * 0xff51afd7ed558ccdULL);
	for (; n >= 8; c += 8, n -= 8) {
		uint64_t w;
		memcpy(&w, c, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	uint64_t w = 0;
	if (n)
		memcpy(&w, c, n);
	h = (h ^ w) * 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 29;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 32;
	return h;
}

/* Interning: open-addressing table of (id, hash) slots into a string array; the
 * strings live in large chunks (one allocation per 64 KiB, not per string), and a
 * probe compares the stored hash and length before the bytes. */
struct islot {
	uint32_t id, h;
};
static char **strs;
static uint32_t *lens;
static size_t nstrs, capstrs;
static struct islot *tab;
static size_t tabcap;
static char **chunks;
static size_t nchunks, capchunks;
static char *chunk_pos;
static size_t chunk_left;

static char *intern_store(const char *s, size_t n)
{
	if (n + 1 > chunk_left) {
		size_t sz = n + 1 > 65536 ? n + 1 : 65536;
		VEC_PUSH(chunks, nchunks, capchunks, xmalloc(sz));
		chunk_pos = chunks[nchunks - 1];
		chunk_left = sz;
	}
	char *d = chunk_pos;
	memcpy(d, s, n);
	d[n] = 0;
	chunk_pos += n + 1;
	chunk_left -= n + 1;
	return d;
}

static void intern_rehash(void)
{
	size_t ncap = tabcap ? tabcap * 2 : 4096;
	struct islot *nt = xcalloc(ncap, sizeof(*nt));
	for (size_t i = 0; i < tabcap; i++) {
		if (!tab[i].id)
			continue;
		size_t j = tab[i].h & (ncap - 1);
		while (nt[j].id)
			j = (j + 1) & (ncap - 1);
		nt[j] = tab[i];
	}
	free(tab);
	tab = nt;
	tabcap = ncap;
}

static uint32_t intern_find_h(const char *s, size_t n, uint32_t h, int add);

static uint32_t intern_find(const char *s, size_t n, int add)
{
	return intern_find_h(s, n, n ? (uint32_t)hash_bytes(s, n) : 0, add);
}

/* h: hash_bytes(s, n) truncated, worked out by the caller (facts_pre.c). */
static uint32_t intern_find_h(const char *s, size_t n, uint32_t h, int add)
{
	if (!nstrs) {
		capstrs = 1024;
		strs = xmalloc(capstrs * sizeof(*strs));
		lens = xmalloc(capstrs * sizeof(*lens));
		strs[0] = intern_store("", 0);
		lens[0] = 0;
		nstrs = 1;
	}
	if (n == 0)
		return 0;
	if ((nstrs + 1) * 2 > tabcap)
		intern_rehash();
	size_t j = h & (tabcap - 1);
	while (tab[j].id) {
		uint32_t id = tab[j].id;
		if (tab[j].h == h && lens[id] == n && memcmp(strs[id], s, n) == 0)
			return id;
		j = (j + 1) & (tabcap - 1);
	}
	if (!add)
		return 0;
	if (nstrs == capstrs) {
		capstrs *= 2;
		strs = xrealloc(strs, capstrs * sizeof(*strs));
		lens = xrealloc(lens, capstrs * sizeof(*lens));
	}
	uint32_t id = (uint32_t)nstrs++;
	strs[id] = intern_store(s, n);
	lens[id] = (uint32_t)n;
	tab[j].id = id;
	tab[j].h = h;
	return id;
}

void intern_prefetch(const char *s, size_t n)
{
	if (tabcap && n)
		__builtin_prefetch(&tab[(uint32_t)hash_bytes(s, n) & (tabcap - 1)]);
}

void intern_prefetch_h(uint32_t h)
{
	if (tabcap)
		__builtin_prefetch(&tab[h & (tabcap - 1)]);
}

uint32_t intern_nh(const char *s, size_t n, uint32_t h)
{
	return intern_find_h(s, n, h, 1);
}

uint32_t intern_n(const char *s, size_t n)
{
	return intern_find(s, n, 1);
}

uint32_t intern(const char *s)
{
	return intern_find(s, strlen(s), 1);
}

uint32_t intern_lookup(const char *s)
{
	return intern_find(s, strlen(s), 0);
}

uint32_t intern_lookup_n(const char *s, size_t n)
{
	return intern_find(s, n, 0);
}

const char *istr(uint32_t id)
{
	if (!nstrs)
		return "";
	return id < nstrs ? strs[id] : "";
}

size_t istr_len(uint32_t id)
{
	return id < nstrs ? lens[id] : 0;
}

size_t intern_count(void)
{
	return nstrs;
}

void intern_reset(void)
{
	for (size_t i = 0; i < nchunks; i++)
		free(chunks[i]);
	free(chunks);
	free(strs);
	free(lens);
	free(tab);
	chunks = NULL;
	strs = NULL;
	lens = NULL;
	tab = NULL;
	nstrs = capstrs = tabcap = nchunks = capchunks = chunk_left = 0;
	chunk_pos = NULL;
}

char *read_file(const char *path, size_t *len)
{
	return read_file_max(path, len, (size_t)-1);
}

char *read_file_max(const char *path, size_t *len, size_t max)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	struct strbuf b = {0};
	char buf[65536];
	size_t n;
	int big = 0;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		if (b.len + n > max) {
			big = 1;
			break;
		}
		sb_addn(&b, buf, n);
	}
	int err = ferror(f) ? (errno ? errno : EIO) : 0;
	fclose(f);
	if (err || big) {
		sb_free(&b);
		errno = big ? EFBIG : err;
		return NULL;
	}
	if (!b.s)
		b.s = xstrdup("");
	if (len)
		*len = b.len;
	return b.s;
}

int mkdir_p(const char *path, int last)
{
	char *tmp = xstrdup(path);
	int rc = 0;
	for (char *p = tmp + (*tmp != 0); *p && !rc; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		rc = mkdir(tmp, 0777) && errno != EEXIST ? -1 : 0;
		*p = '/';
	}
	if (!rc && last)
		rc = mkdir(tmp, 0777) && errno != EEXIST ? -1 : 0;
	int e = errno;
	free(tmp);
	errno = e;
	return rc;
}

int glob_match(const char *p, const char *s)
{
	const char *star = NULL, *ss = NULL;
	while (*s) {
		if (*p == '?' || *p == *s) {
			p++;
			s++;
		} else if (*p == '*') {
			star = p++;
			ss = s;
		} else if (star) {
			p = star + 1;
			s = ++ss;
		} else {
			return 0;
		}
	}
	while (*p == '*')
		p++;
	return *p == 0;
}

int is_ident(const char *s)
{
	if (!*s || (*s >= '0' && *s <= '9'))
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '_'))
			return 0;
	return 1;
}

int is_arch_name(const char *s)
{
	size_t n = strlen(s);
	if (!n || n > 32)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_'))
			return 0;
	return 1;
}

double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double peak_rss_mib(void)
{
	struct rusage ru;
	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return 0;
	return (double)ru.ru_maxrss / 1024.0; /* KiB on Linux */
}

static int ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

const char *word_find(const char *s, size_t n, const char *from, const char *w)
{
	size_t wl = strlen(w);
	const char *e = s + n;
	for (const char *q = from; q <= e && (size_t)(e - q) >= wl; q++) {
		if (wl && !(q = memchr(q, w[0], (size_t)(e - q) - wl + 1)))
			break;
		if (memcmp(q, w, wl) == 0 && (q == s || !ident_char(q[-1])) && (q + wl == e || !ident_char(q[wl])))
			return q;
	}
	return NULL;
}

int has_word_n(const char *s, size_t n, const char *w)
{
	return *w && word_find(s, n, s, w);
}

int has_word(const char *text, const char *w)
{
	return has_word_n(text, strlen(text), w);
}

size_t paren_close(const char *s, size_t open, size_t e)
{
	int d = 0;
	for (size_t i = open; i < e; i++)
		if (s[i] == '(')
			d++;
		else if (s[i] == ')' && --d == 0)
			return i;
	return e;
}
