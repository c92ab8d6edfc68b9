/* hidden.c - names in the lines a front end left out. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/fntext.h"
#include "analysis/hidden.h"
#include "base/util.h"

struct hidden {
	uint32_t *alldir; /* directories where anything may be hidden */
	size_t nalldir, capalldir;
	uint64_t *key;    /* dir << 32 | name: a name in a left-out range of a file of dir */
	size_t nkey, capkey;
};

static int idch(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* The line range a skipped record names: "LINE: ..., N lines not analysed". */
static int skipped_range(const char *s, long *from, long *to)
{
	char *e;
	long l = strtol(s, &e, 10);
	if (e == s || *e != ':' || l < 1)
		return 0;
	const char *tail = " lines not analysed";
	size_t n = strlen(s), tn = strlen(tail);
	if (n < tn || strcmp(s + n - tn, tail) != 0)
		return 0;
	const char *q = s + n - tn;
	while (q > s && isdigit((unsigned char)q[-1]))
		q--;
	if (q == s + n - tn || q == s || q[-1] != ' ')
		return 0;
	*from = l;
	*to = l + strtol(q, NULL, 10);
	return 1;
}

/* Every name in lines from..to of the text; 0 when the lines paste tokens
 * (`##`: a name made there appears nowhere whole). */
static int add_names(struct hidden *h, uint32_t dir, const struct srcfile *sf, long from, long to)
{
	for (long ln = from; ln <= to && ln <= sf->nlines; ln++) {
		const char *s = sf->line[ln - 1];
		if (strstr(s, "##"))
			return 0;
		while (*s) {
			if (!idch(*s) || isdigit((unsigned char)*s)) {
				s++;
				continue;
			}
			const char *b = s;
			while (idch(*s))
				s++;
			uint32_t id = intern_lookup_n(b, (size_t)(s - b));
			if (id) {
				uint64_t k = (uint64_t)dir << 32 | id;
				VEC_PUSH(h->key, h->nkey, h->capkey, k);
			}
		}
	}
	return 1;
}

static int cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
	return a < b ? -1 : a > b;
}

struct hidden *hidden_build(struct analysis *a)
{
	const struct program *p = a->prog;
	struct hidden *h = xcalloc(1, sizeof(*h));
	struct srccache sc;
	srccache_init(&sc, p);
	for (size_t i = 0; i < p->nfiles; i++) {
		const struct sfile *f = &p->files[i];
		if (!f->failed && !f->partial)
			continue;
		uint32_t dir = intern(f->dir);
		int ok = !f->failed && f->nskipped > 0;
		const struct srcfile *sf = ok ? src_file(&sc, f->path) : NULL;
		ok = ok && sf->text;
		for (int j = 0; j < f->nskipped && ok; j++) {
			long from, to;
			ok = skipped_range(f->skipped[j], &from, &to) && add_names(h, dir, sf, from, to);
		}
		if (!ok)
			VEC_PUSH(h->alldir, h->nalldir, h->capalldir, dir);
		/* one text at a time: the partial files of a whole kernel (3,729 on
		 * 6.1) held together raised the peak by about 100 MB */
		srccache_forget(&sc);
	}
	srccache_free(&sc);
	if (h->nkey)
		qsort(h->key, h->nkey, sizeof(*h->key), cmp_u64);
	return h;
}

int hidden_may_call(const struct hidden *h, const struct analysis *a, int f)
{
	const struct program *p = a->prog;
	uint32_t dir = intern(p->files[p->funcs[f].file].dir);
	for (size_t i = 0; i < h->nalldir; i++)
		if (h->alldir[i] == dir)
			return 1;
	uint64_t k = (uint64_t)dir << 32 | p->funcs[f].name;
	return h->nkey && bsearch(&k, h->key, h->nkey, sizeof(k), cmp_u64) != NULL;
}

void hidden_free(struct hidden *h)
{
	if (!h)
		return;
	free(h->alldir);
	free(h->key);
	free(h);
}
