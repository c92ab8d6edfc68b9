/* cexpr_bounds.c - bounds of a size written as a sum of products whose
 * non-constant factors are variables of an unsigned type (see cexpr.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cexpr_int.h"
#include "base/util.h"

#define CAP (1LL << 50) /* larger counts as unbounded */

struct width {
	const char *name;
	long long max; /* -1: unbounded here */
};
static const struct width widths[] = {
	{"u8", 255},	       {"__u8", 255},	      {"uint8_t", 255},     {"unsigned char", 255},
	{"u16", 65535},	       {"__u16", 65535},      {"uint16_t", 65535},  {"unsigned short", 65535},
	{"unsigned short int", 65535}, {"u32", 4294967295LL}, {"__u32", 4294967295LL}, {"uint32_t", 4294967295LL},
	{"unsigned int", 4294967295LL}, {"unsigned", 4294967295LL}, {"u64", -1}, {"__u64", -1},
	{"uint64_t", -1},      {"size_t", -1},	      {"unsigned long", -1}, {"unsigned long long", -1},
	{"unsigned long int", -1}, {"pgoff_t", -1},
};

/* The largest value of variable `name` of function fn from its declared type:
 * 0 and *max (-1: unbounded) for an unsigned type, -1 otherwise. */
static int var_max(const struct analysis *a, int fn, const char *name, long long *max)
{
	const struct program *p = a->prog;
	if (fn < 0 || !is_ident(name))
		return -1;
	const struct func *f = &p->funcs[fn];
	uint32_t id = intern_lookup(name), ty = 0;
	if (!id)
		return -1;
	for (int i = 0; i < f->nparams && !ty; i++)
		if (p->params[f->param0 + i].name == id)
			ty = p->params[f->param0 + i].type;
	for (int i = 0; i < f->nlocals && !ty; i++)
		if (p->locals[f->local0 + i].name == id)
			ty = p->locals[f->local0 + i].type;
	if (!ty)
		return -1;
	char t[64];
	const char *s = istr(ty);
	size_t n = 0;
	/* qualifiers dropped, white space folded */
	while (*s && n + 1 < sizeof(t)) {
		size_t l;
		if (cx_ident_at(s, &l)) {
			if (!((l == 5 && !strncmp(s, "const", 5)) || (l == 8 && !strncmp(s, "volatile", 8)))) {
				if (n && n + 1 < sizeof(t))
					t[n++] = ' ';
				if (n + l >= sizeof(t))
					return -1;
				memcpy(t + n, s, l);
				n += l;
			}
			s += l;
		} else if (isspace((unsigned char)*s)) {
			s++;
		} else {
			return -1; /* a pointer, an array */
		}
	}
	t[n] = 0;
	for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); i++)
		if (!strcmp(widths[i].name, t)) {
			*max = widths[i].max;
			return 0;
		}
	return -1;
}

/* Split text at the top-level operator c (not inside parentheses or brackets,
 * not doubled); returns the number of parts in parts[] (malloc'ed). */
static int split_top(const char *text, char c, char **parts, int maxparts)
{
	int n = 0, d = 0;
	const char *b = text;
	for (const char *s = text;; s++) {
		if (*s == '(' || *s == '[')
			d++;
		else if (*s == ')' || *s == ']')
			d--;
		if (!*s || (d == 0 && *s == c && s[1] != c && (s == text || s[-1] != c))) {
			if (n == maxparts) {
				for (int i = 0; i < n; i++)
					free(parts[i]);
				return -1;
			}
			parts[n++] = xstrndup(b, (size_t)(s - b));
			if (!*s)
				break;
			b = s + 1;
		}
	}
	return n;
}

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = 0;
	return s;
}

static long long mul(long long a, long long b)
{
	if (a < 0 || b < 0)
		return a == 0 || b == 0 ? 0 : -1;
	if (a && b > CAP / a)
		return -1;
	return a * b;
}

int cexpr_bounds(const struct analysis *a, int fn, const char *text, long long page, long long *lo, long long *hi,
		 int *via_macro, int *def)
{
	char *terms[16];
	int nt = split_top(text, '+', terms, 16), rc = 0, inexact = 0;
	if (nt < 0)
		return -1;
	long long slo = 0, shi = 0;
	for (int i = 0; i < nt && !rc; i++) {
		char *factors[8];
		int nf = split_top(terms[i], '*', factors, 8);
		if (nf < 0) {
			rc = -1;
			break;
		}
		long long plo = 1, phi = 1;
		for (int k = 0; k < nf && !rc; k++) {
			char *f = trim(factors[k]);
			long long v, m;
			if (!cexpr_eval_fn(a, fn, f, page, &v, via_macro, def) && v >= 0) {
				plo = mul(plo, v);
				phi = mul(phi, v);
			} else if (!var_max(a, fn, f, &m)) {
				inexact = 1;
				plo = 0;
				phi = mul(phi, m);
			} else {
				rc = -1;
			}
		}
		for (int k = 0; k < nf; k++)
			free(factors[k]);
		if (plo < 0)
			rc = -1; /* a lower bound beyond what a request can be */
		slo = plo > CAP - slo ? CAP : slo + plo;
		shi = shi < 0 || phi < 0 ? -1 : (phi > CAP - shi ? -1 : shi + phi);
	}
	for (int i = 0; i < nt; i++)
		free(terms[i]);
	if (rc || !inexact)
		return -1;
	*lo = slo;
	*hi = shi;
	return 0;
}
