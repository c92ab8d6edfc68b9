/* facts_pre.c - records split and checked ahead of loading (facts_pre.h). */
#include <stdlib.h>
#include <string.h>

#include "facts/facts_pre.h"
#include "base/util.h"

#define MAXF 4096 /* fields of one record: more are read again by the loader */

size_t facts_next_line(const char *s, const char *end, const char **next)
{
	const char *nl = memchr(s, '\n', (size_t)(end - s));
	size_t n = (size_t)((nl ? nl : end) - s);
	*next = nl ? nl + 1 : end;
	if (n && s[n - 1] == '\r')
		n--;
	return n;
}

int facts_is_text(const char *s, size_t n)
{
	return n > 5 && memcmp(s, "text\t", 5) == 0;
}

const char *facts_after_text(const char *s, size_t n, const char *next, const char *end)
{
	long long size;
	if (fact_parse_uint(s + 5, n - 5, 0, (1LL << 62) - 1, &size) == 0 && size <= end - next) {
		next += size;
		if (next < end)
			next++;
	}
	return next;
}

static void grow(struct facts_pre *pp)
{
	pp->caplines = pp->caplines ? pp->caplines * 2 : 1024;
	pp->off = xrealloc(pp->off, sizeof(*pp->off) * pp->caplines);
	pp->kind = xrealloc(pp->kind, sizeof(*pp->kind) * pp->caplines);
	pp->nf = xrealloc(pp->nf, sizeof(*pp->nf) * pp->caplines);
	pp->v0 = xrealloc(pp->v0, sizeof(*pp->v0) * pp->caplines);
}

/* Check the record of n bytes at s into vals from pp->nvals; its kind, or -1. */
static int record(struct facts_pre *pp, const char *s, size_t n, int *nfp)
{
	const char *fs[MAXF];
	size_t fl[MAXF];
	int nf = 0;
	const char *e = s + n;
	for (;;) {
		if (nf == MAXF)
			return -1;
		const char *t = memchr(s, '\t', (size_t)(e - s));
		fs[nf] = s;
		fl[nf++] = (size_t)((t ? t : e) - s);
		if (!t)
			break;
		s = t + 1;
	}
	int k = fact_kind_find(fs[0], fl[0]);
	if (k < 0)
		return -1;
	while (pp->nvals + (size_t)nf > pp->capvals) {
		pp->capvals = pp->capvals ? pp->capvals * 2 : 4096;
		pp->vals = xrealloc(pp->vals, sizeof(*pp->vals) * pp->capvals);
	}
	struct fact_val *v = pp->vals + pp->nvals;
	char msg[8];
	if (fact_record_check((enum fact_kind)k, fs + 1, fl + 1, nf - 1, v, msg, sizeof(msg)))
		return -1;
	for (int i = 0; i < nf - 1; i++) {
		/* names and texts are interned; numbers and positions are not */
		v[i].hh = v[i].n && !(v[i].s[0] >= '0' && v[i].s[0] <= '9');
		v[i].h = v[i].hh ? (uint32_t)hash_bytes(v[i].s, v[i].n) : 0;
	}
	*nfp = nf - 1;
	return k;
}

void facts_preparse(const char *text, size_t len, struct facts_pre *pp)
{
	pp->nlines = pp->nvals = 0;
	const char *s = text, *end = text + len;
	while (s < end) {
		const char *next;
		size_t n = facts_next_line(s, end, &next);
		if (pp->nlines == pp->caplines)
			grow(pp);
		size_t i = pp->nlines++;
		pp->off[i] = (size_t)(s - text);
		pp->v0[i] = pp->nvals;
		pp->nf[i] = 0;
		pp->kind[i] = -1;
		if (facts_is_text(s, n)) {
			next = facts_after_text(s, n, next, end); /* the source bytes are no records */
		} else if (n && s[0] != '#' && !memchr(s, 0, n)) {
			int nf;
			int k = record(pp, s, n, &nf);
			if (k >= 0) {
				pp->kind[i] = k;
				pp->nf[i] = nf;
				pp->nvals += (size_t)nf;
			}
		}
		s = next;
	}
}

void facts_pre_trim(struct facts_pre *pp)
{
	if (pp->capvals > (1u << 18) || pp->caplines > (1u << 16)) {
		facts_pre_free(pp);
		memset(pp, 0, sizeof(*pp));
	}
}

void facts_pre_free(struct facts_pre *pp)
{
	free(pp->off);
	free(pp->kind);
	free(pp->nf);
	free(pp->v0);
	free(pp->vals);
}
