/* schema.c - the fact schema of facts.def as data, and the field checks shared
 * by the loader and the writers. */
#include "facts/schema.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The table, constant: each row's keyword, place and FIELDS from facts.def, its
 * fields parsed at build time (schema_table.h, generated from facts.def by
 * schema_table.awk: `make facts-schema`; the unit tests check the two agree). */
#include "facts/schema_table.h"
static const struct fact_schema table[FACT__N] = {
#define HEAD FP_HEAD
#define HEAD_OPT FP_HEAD_OPT
#define BODY FP_BODY
#define TAIL FP_TAIL
#define TAIL_OPT FP_TAIL_OPT
#define TREE FP_TREE
#define FACT(id, kw, where, fields) [FACT_##id] = {.keyword = kw, .place = where, .spec = fields, SCHEMA_##id},
#include "facts/facts.def"
#undef FACT
#undef HEAD
#undef HEAD_OPT
#undef BODY
#undef TAIL
#undef TAIL_OPT
#undef TREE
};

const struct fact_schema *fact_schema(enum fact_kind k)
{
	return (unsigned)k < FACT__N ? &table[k] : NULL;
}

const char *fact_keyword(enum fact_kind k)
{
	return (unsigned)k < FACT__N ? table[k].keyword : "?";
}

int fact_kind_find(const char *s, size_t n)
{
	/* 37 short keywords: compare the first byte before the rest */
	for (int k = 0; k < FACT__N; k++) {
		const char *kw = table[k].keyword;
		if (kw[0] == s[0] && strlen(kw) == n && memcmp(kw, s, n) == 0)
			return k;
	}
	return -1;
}

int fact_parse_uint(const char *s, size_t n, long long min, long long max, long long *out)
{
	if (n == 0 || n > 19)
		return -1;
	long long v = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		if (v > (LLONG_MAX - (s[i] - '0')) / 10)
			return -1; /* 19 digits can exceed a long long: an error, never a wrap */
		v = v * 10 + (s[i] - '0');
	}
	if (v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int fact_parse_pos(const char *s, size_t n, struct fact_pos *p)
{
	const char *c = memchr(s, ':', n);
	long long l, col;
	if (!c || fact_parse_uint(s, (size_t)(c - s), 1, INT_MAX, &l) ||
	    fact_parse_uint(c + 1, n - (size_t)(c + 1 - s), 0, INT_MAX, &col))
		return -1;
	p->line = (int)l;
	p->col = (int)col;
	return 0;
}

static int is_space(unsigned char c)
{
	return c <= ' ' || c == 0x7f;
}

static int plain_name(const char *s, size_t n)
{
	if (!n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (is_space((unsigned char)s[i]))
			return 0;
	return 1;
}

static int hexdigit(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* What a field of type fd must look like, for messages. */
static void expected(const struct fact_field *fd, char *out, size_t outlen)
{
	switch (fd->type) {
	case FT_FN: snprintf(out, outlen, "a function name or -"); break;
	case FT_NAME: snprintf(out, outlen, "a name without white space"); break;
	case FT_TEXT: snprintf(out, outlen, "text without TAB, newline or control characters"); break;
	case FT_POS: snprintf(out, outlen, "LINE:COL"); break;
	case FT_OPOS: snprintf(out, outlen, "LINE:COL or -"); break;
	case FT_UINT: snprintf(out, outlen, "a number %lld..%lld", fd->min, fd->max); break;
	case FT_SIZE: snprintf(out, outlen, "a byte count"); break;
	case FT_HASH: snprintf(out, outlen, "32 lowercase hex digits"); break;
	case FT_HEX: snprintf(out, outlen, "0x and 1 to 16 hex digits"); break;
	case FT_COND: snprintf(out, outlen, "call:NAME, not:NAME or -"); break;
	case FT_SUCCS: snprintf(out, outlen, "block ids or x, comma-separated, or -"); break;
	case FT_CALLS: snprintf(out, outlen, "LINE:COL:CALLEE, comma-separated, or -"); break;
	case FT_WORD: {
		size_t o = 0;
		const char *w = fd->words;
		while (*w && o + 8 < outlen) {
			const char *bar = strchr(w, '|');
			size_t l = bar ? (size_t)(bar - w) : strlen(w);
			o += (size_t)snprintf(out + o, outlen - o, "%s%.*s", o ? (bar ? ", " : " or ") : "", (int)l, w);
			if (o >= outlen)
				break;
			w = bar ? bar + 1 : w + l;
		}
		break;
	}
	}
}

/* A field value for a message: at most 60 bytes, control characters as '?'. */
static void shown(const char *s, size_t n, char *out, size_t outlen)
{
	size_t m = n > 60 ? 60 : n, o = 0;
	for (size_t i = 0; i < m && o + 4 < outlen; i++)
		out[o++] = (unsigned char)s[i] < ' ' ? '?' : s[i];
	if (m < n && o + 4 < outlen)
		out[o++] = '.', out[o++] = '.', out[o++] = '.';
	out[o] = 0;
}

int fact_field_check(enum fact_kind k, const struct fact_field *fd, const char *s, size_t n, struct fact_val *v,
		     char *err, size_t errlen)
{
	memset(v, 0, sizeof(*v));
	v->s = s;
	v->n = n;
	int ok = 1;
	switch (fd->type) {
	case FT_FN:
	case FT_NAME:
		ok = plain_name(s, n);
		break;
	case FT_TEXT:
		for (size_t i = 0; i < n && ok; i++)
			if ((unsigned char)s[i] < ' ' || s[i] == 0x7f)
				ok = 0;
		break;
	case FT_POS:
		ok = fact_parse_pos(s, n, &v->p) == 0;
		break;
	case FT_OPOS:
		if (n == 1 && s[0] == '-')
			break;
		ok = fact_parse_pos(s, n, &v->p) == 0;
		v->i = 1;
		break;
	case FT_UINT:
		ok = fact_parse_uint(s, n, fd->min, fd->max, &v->i) == 0;
		break;
	case FT_SIZE:
		ok = fact_parse_uint(s, n, 0, (1LL << 62) - 1, &v->i) == 0;
		break;
	case FT_HASH:
		ok = n == 32;
		for (size_t i = 0; i < n && ok; i++)
			ok = (s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f');
		break;
	case FT_HEX:
		ok = n > 2 && n <= 18 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
		for (size_t i = 2; i < n && ok; i++)
			ok = hexdigit(s[i]);
		if (ok)
			v->i = (long long)strtoull(s + 2, NULL, 16);
		break;
	case FT_WORD: {
		ok = 0;
		const char *w = fd->words;
		for (int idx = 0; *w; idx++) {
			const char *bar = strchr(w, '|');
			size_t l = bar ? (size_t)(bar - w) : strlen(w);
			if (l == n && memcmp(w, s, n) == 0) {
				ok = 1;
				v->i = idx;
				break;
			}
			w = bar ? bar + 1 : w + l;
		}
		break;
	}
	case FT_COND:
		if (n == 1 && s[0] == '-') {
			v->i = FACT_COND_NONE;
		} else if (n > 5 && memcmp(s, "call:", 5) == 0 && plain_name(s + 5, n - 5)) {
			v->i = FACT_COND_CALL;
			v->name = s + 5;
			v->name_len = n - 5;
		} else if (n > 4 && memcmp(s, "not:", 4) == 0 && plain_name(s + 4, n - 4)) {
			v->i = FACT_COND_NOT;
			v->name = s + 4;
			v->name_len = n - 4;
		} else {
			ok = 0;
		}
		break;
	case FT_SUCCS:
	case FT_CALLS:
		if (n == 1 && s[0] == '-')
			break;
		for (size_t i = 0; ok;) {
			const char *c = memchr(s + i, ',', n - i);
			size_t e = c ? (size_t)(c - s) : n;
			const char *it = s + i;
			size_t il = e - i;
			long long tmp;
			if (fd->type == FT_SUCCS) {
				ok = (il == 1 && it[0] == 'x') || fact_parse_uint(it, il, 0, INT_MAX, &tmp) == 0;
			} else {
				const char *c1 = memchr(it, ':', il);
				const char *c2 = c1 ? memchr(c1 + 1, ':', il - (size_t)(c1 + 1 - it)) : NULL;
				struct fact_pos p;
				ok = c2 && fact_parse_pos(it, (size_t)(c2 - it), &p) == 0 &&
				     plain_name(c2 + 1, il - (size_t)(c2 + 1 - it));
			}
			if (!c)
				break;
			i = e + 1;
		}
		break;
	}
	if (ok)
		return 0;
	char want[96], val[72];
	expected(fd, want, sizeof(want));
	shown(s, n, val, sizeof(val));
	snprintf(err, errlen, "bad %s '%s' in '%s' record (expected %s)", fd->name, val, fact_keyword(k), want);
	return -1;
}

/* "NAME LINKAGE START END", for count messages. */
static void field_names(const struct fact_schema *s, char *out, size_t outlen)
{
	size_t o = 0;
	out[0] = 0;
	for (int i = 0; i < s->nfields && o < outlen; i++)
		o += (size_t)snprintf(out + o, outlen - o, "%s%s%s%s%s", i ? " " : "", s->f[i].rep == FR_OPT ? "[" : "",
				      s->f[i].name, s->f[i].rep == FR_OPT ? "]" : "",
				      s->f[i].rep == FR_COUNTED || s->f[i].rep == FR_REST ? "..." : "");
}

int fact_record_check(enum fact_kind k, const char *const *s, const size_t *len, int nf, struct fact_val *v,
		      char *err, size_t errlen)
{
	const struct fact_schema *sc = fact_schema(k);
	if (nf < sc->minf || (sc->maxf >= 0 && nf > sc->maxf)) {
		char names[160];
		field_names(sc, names, sizeof(names));
		if (sc->maxf == sc->minf)
			snprintf(err, errlen, "'%s' record has %d fields after '%s', needs %d%s%s", sc->keyword, nf,
				 sc->keyword, sc->minf, sc->minf ? ": " : "", names);
		else if (sc->maxf < 0)
			snprintf(err, errlen, "'%s' record has %d fields after '%s', needs at least %d: %s", sc->keyword, nf,
				 sc->keyword, sc->minf, names);
		else
			snprintf(err, errlen, "'%s' record has %d fields after '%s', needs %d to %d: %s", sc->keyword, nf,
				 sc->keyword, sc->minf, sc->maxf, names);
		return -1;
	}
	int vi = 0;
	for (int fi = 0; fi < sc->nfields; fi++) {
		const struct fact_field *fd = &sc->f[fi];
		int from = vi, to = vi + 1;
		if (fd->rep == FR_OPT && vi >= nf)
			break;
		if (fd->rep == FR_COUNTED) {
			long long want = v[vi - 1].i;
			if (nf - vi != want) {
				snprintf(err, errlen, "'%s' record says %s %lld but has %d %s fields", sc->keyword,
					 sc->f[fi - 1].name, want, nf - vi, fd->name);
				return -1;
			}
			to = nf;
		} else if (fd->rep == FR_REST) {
			to = nf;
		}
		for (vi = from; vi < to; vi++)
			if (fact_field_check(k, fd, s[vi], len[vi], &v[vi], err, errlen))
				return -1;
	}
	return 0;
}

const struct fact_field *fact_field_at(enum fact_kind k, int i)
{
	const struct fact_schema *sc = fact_schema(k);
	if (!sc || i < 0)
		return NULL;
	if (i < sc->nfields && sc->f[i].rep != FR_COUNTED && sc->f[i].rep != FR_REST)
		return &sc->f[i];
	for (int fi = sc->nfields - 1; fi >= 0; fi--)
		if ((sc->f[fi].rep == FR_COUNTED || sc->f[fi].rep == FR_REST) && i >= fi)
			return &sc->f[fi];
	return NULL;
}

size_t fact_fold(const char *s, size_t n, char *out, size_t outlen)
{
	size_t o = 0;
	int sp = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (is_space(c)) {
			sp = o > 0;
			continue;
		}
		if (sp) {
			if (o + 1 < outlen)
				out[o] = ' ';
			o++;
			sp = 0;
		}
		if (o + 1 < outlen)
			out[o] = (char)c;
		o++;
	}
	if (outlen)
		out[o < outlen ? o : outlen - 1] = 0;
	return o;
}
