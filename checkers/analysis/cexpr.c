/* cexpr.c - the constant-expression parser and evaluator, and object-like
 * macros (see cexpr.h). sizeof of a type is cexpr_types.c's. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cexpr_int.h"
#include "base/util.h"

static long long p_or(struct px *x);

int size_order(long long size, long long page)
{
	int o = 0;
	while ((page << o) < size && o < 40)
		o++;
	return o;
}

static void skipws(struct px *x)
{
	while (isspace((unsigned char)*x->s))
		x->s++;
}

int cx_ident_at(const char *s, size_t *len)
{
	if (!(*s == '_' || isalpha((unsigned char)*s)))
		return 0;
	size_t n = 0;
	while (s[n] == '_' || isalnum((unsigned char)s[n]))
		n++;
	*len = n;
	return 1;
}

/* Text between the parenthesis at x->s and its match; advances past it. */
static char *paren_text(struct px *x)
{
	skipws(x);
	if (*x->s != '(') {
		x->bad = 1;
		return NULL;
	}
	const char *b = ++x->s;
	int d = 1;
	while (*x->s && d) {
		if (*x->s == '(')
			d++;
		else if (*x->s == ')')
			d--;
		x->s++;
	}
	if (d) {
		x->bad = 1;
		return NULL;
	}
	return xstrndup(b, (size_t)(x->s - 1 - b));
}

static long long eval_sub(struct px *x, const char *text)
{
	struct px y = *x;
	y.s = text;
	y.depth = x->depth + 1;
	if (y.depth > 8) {
		x->bad = 1;
		return 0;
	}
	long long v = p_or(&y);
	skipws(&y);
	if (y.bad || *y.s)
		x->bad = 1;
	x->via_macro |= y.via_macro;
	if (x->def < 0)
		x->def = y.def;
	return v;
}

static int is_type_word(const char *w, size_t n)
{
	static const char *const tw[] = {"unsigned", "signed", "long", "int", "short", "char", "const",
					 "size_t", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64",
					 "gfp_t", "__u32", "__u64", "uintptr_t", "void"};
	for (size_t i = 0; i < sizeof(tw) / sizeof(tw[0]); i++)
		if (strlen(tw[i]) == n && strncmp(tw[i], w, n) == 0)
			return 1;
	return 0;
}

/* Is the parenthesised text at s a cast like (unsigned long) or (u32 *)? */
static int cast_at(const char *s, const char **after)
{
	const char *p = s + 1;
	int words = 0;
	for (;;) {
		while (isspace((unsigned char)*p))
			p++;
		size_t n;
		if (cx_ident_at(p, &n)) {
			if (!is_type_word(p, n))
				return 0;
			p += n;
			words++;
		} else if (*p == '*') {
			p++;
		} else {
			break;
		}
	}
	if (*p != ')' || !words)
		return 0;
	*after = p + 1;
	return 1;
}

static long long p_unary(struct px *x)
{
	skipws(x);
	char c = *x->s;
	if (c == '-') {
		x->s++;
		return -p_unary(x);
	}
	if (c == '+') {
		x->s++;
		return p_unary(x);
	}
	if (c == '~') {
		x->s++;
		return ~p_unary(x);
	}
	if (c == '(') {
		const char *after;
		if (cast_at(x->s, &after)) {
			x->s = after;
			return p_unary(x);
		}
		x->s++;
		long long v = p_or(x);
		skipws(x);
		if (*x->s != ')')
			x->bad = 1;
		else
			x->s++;
		return v;
	}
	if (isdigit((unsigned char)c)) {
		char *e;
		unsigned long long v = strtoull(x->s, &e, 0);
		x->s = e;
		while (*x->s == 'u' || *x->s == 'U' || *x->s == 'l' || *x->s == 'L')
			x->s++;
		if (isalnum((unsigned char)*x->s) || *x->s == '.' || v > (1ULL << 50))
			x->bad = 1;
		return (long long)v;
	}
	size_t n;
	if (!cx_ident_at(x->s, &n)) {
		x->bad = 1;
		return 0;
	}
	const char *w = x->s;
	x->s += n;
	if (n == 6 && strncmp(w, "sizeof", 6) == 0) {
		char *t = paren_text(x);
		if (!t)
			return 0;
		long long sz = 0, al = 0;
		char ty[256];
		if (cx_type_size(x, t, &sz, &al) &&
		    (cx_expr_type(x, t, ty, sizeof(ty)) || cx_type_size(x, ty, &sz, &al)))
			x->bad = 1;
		free(t);
		return sz;
	}
	if ((n == 9 && strncmp(w, "get_order", 9) == 0) || (n == 3 && strncmp(w, "BIT", 3) == 0)) {
		char *t = paren_text(x);
		if (!t)
			return 0;
		long long v = eval_sub(x, t);
		free(t);
		if (v < 0 || v > (1LL << 50)) {
			x->bad = 1;
			return 0;
		}
		return w[0] == 'g' ? size_order(v, x->page) : (v < 50 ? 1LL << v : (x->bad = 1, 0));
	}
	if (n == 9 && strncmp(w, "PAGE_SIZE", 9) == 0)
		return x->page;
	if (n == 10 && strncmp(w, "PAGE_SHIFT", 10) == 0)
		return x->page == 4096 ? 12 : 16;
	if (n > 3 && strncmp(w, "SZ_", 3) == 0) {
		char *e;
		long long v = strtoll(w + 3, &e, 10);
		size_t rest = n - (size_t)(e - w);
		if (e != w + 3 && rest <= 1) {
			if (rest == 0)
				return v;
			if (*e == 'K')
				return v << 10;
			if (*e == 'M')
				return v << 20;
			if (*e == 'G')
				return v << 30;
		}
		x->bad = 1;
		return 0;
	}
	uint32_t id = intern_lookup_n(w, n);
	int def = -1;
	uint32_t val = id ? define_value(x->a->prog, id, &def) : 0;
	if (!val) {
		x->bad = 1;
		return 0;
	}
	x->via_macro = 1;
	if (x->def < 0)
		x->def = def;
	return eval_sub(x, istr(val));
}

static long long p_mul(struct px *x)
{
	long long v = p_unary(x);
	for (;;) {
		skipws(x);
		char c = *x->s;
		if (c != '*' && c != '/' && c != '%')
			return v;
		x->s++;
		long long r = p_unary(x);
		if (c == '*') {
			if (v && (r > (1LL << 50) / (v < 0 ? -v : v)))
				x->bad = 1;
			v *= r;
		} else if (r == 0) {
			x->bad = 1;
		} else {
			v = c == '/' ? v / r : v % r;
		}
	}
}

static long long p_add(struct px *x)
{
	long long v = p_mul(x);
	for (;;) {
		skipws(x);
		char c = *x->s;
		if ((c != '+' && c != '-') || x->s[1] == c)
			return v;
		x->s++;
		long long r = p_mul(x);
		v = c == '+' ? v + r : v - r;
	}
}

static long long p_shift(struct px *x)
{
	long long v = p_add(x);
	for (;;) {
		skipws(x);
		if (!((x->s[0] == '<' && x->s[1] == '<') || (x->s[0] == '>' && x->s[1] == '>')))
			return v;
		char c = x->s[0];
		x->s += 2;
		long long r = p_add(x);
		if (r < 0 || r > 50) {
			x->bad = 1;
			return 0;
		}
		v = c == '<' ? v << r : v >> r;
		if (v > (1LL << 50))
			x->bad = 1;
	}
}

static long long p_and(struct px *x)
{
	long long v = p_shift(x);
	for (;;) {
		skipws(x);
		if (*x->s != '&' || x->s[1] == '&')
			return v;
		x->s++;
		v &= p_shift(x);
	}
}

static long long p_xor(struct px *x)
{
	long long v = p_and(x);
	for (;;) {
		skipws(x);
		if (*x->s != '^')
			return v;
		x->s++;
		v ^= p_and(x);
	}
}

static long long p_or(struct px *x)
{
	long long v = p_xor(x);
	for (;;) {
		skipws(x);
		if (*x->s != '|' || x->s[1] == '|')
			return v;
		x->s++;
		v |= p_xor(x);
	}
}

int cexpr_eval(const struct analysis *a, const char *text, long long page, long long *out, int *via,
		     int *def)
{
	return cexpr_eval_fn(a, -1, text, page, out, via, def);
}

int cexpr_eval_fn(const struct analysis *a, int fn, const char *text, long long page, long long *out, int *via,
		  int *def)
{
	int ptr = 8;
	if (fn >= 0 && a->prog->funcs[fn].file >= 0 && a->prog->files[a->prog->funcs[fn].file].ptr_size)
		ptr = a->prog->files[a->prog->funcs[fn].file].ptr_size;
	struct px x = {a, text, page, 0, 0, 0, -1, fn, ptr};
	long long v = p_or(&x);
	skipws(&x);
	if (x.bad || *x.s)
		return -1;
	*out = v;
	if (via)
		*via |= x.via_macro;
	if (def && *def < 0)
		*def = x.def;
	return 0;
}

int order_eval(const struct analysis *a, const char *text, long long page, long long *out)
{
	return cexpr_eval(a, text, page, out, NULL, NULL);
}

/* ---------------------------------------------------------------- defines */

static size_t defslot(uint32_t name, size_t cap)
{
	return (size_t)(name * 2654435761u) & (cap - 1);
}

/* The index of defines by name (program.h defidx: per slot the first define
 * of a name + 1, with DEF_VARIES set when the name is defined differently
 * under #ifdef), (re)built when defines were added since. */
#define DEF_VARIES 0x80000000u

static void define_index(struct program *p)
{
	if (p->defidx && p->defidx_n == p->ndefines)
		return;
	size_t cap = 1024;
	while (cap < p->ndefines + p->ndefines / 2 + 1)
		cap *= 2;
	free(p->defidx);
	p->defidx = xcalloc(cap, sizeof(uint32_t));
	p->defidx_cap = cap;
	p->defidx_n = p->ndefines;
	for (size_t i = 0; i < p->ndefines; i++) {
		size_t s = defslot(p->defines[i].name, cap);
		uint32_t e;
		while ((e = p->defidx[s]) && p->defines[(e & ~DEF_VARIES) - 1].name != p->defines[i].name)
			s = (s + 1) & (cap - 1);
		if (!e)
			p->defidx[s] = (uint32_t)i + 1;
		else if (p->defines[(e & ~DEF_VARIES) - 1].value != p->defines[i].value)
			p->defidx[s] |= DEF_VARIES;
	}
}

uint32_t define_value(const struct program *p, uint32_t name, int *def)
{
	struct program *w = (struct program *)p; /* the index is a memo */
	define_index(w);
	if (!p->ndefines)
		return 0;
	size_t s = defslot(name, p->defidx_cap);
	uint32_t e;
	while ((e = p->defidx[s]) && p->defines[(e & ~DEF_VARIES) - 1].name != name)
		s = (s + 1) & (p->defidx_cap - 1);
	if (!e || (e & DEF_VARIES))
		return 0; /* none, or defined differently under #ifdef: unknown */
	*def = (int)e - 1;
	return p->defines[e - 1].value;
}

char *expand_macros(const struct analysis *a, const char *text, int *def)
{
	char *cur = xstrdup(text);
	for (int depth = 0; depth < 8; depth++) {
		struct strbuf b = {0};
		int changed = 0;
		const char *s = cur;
		while (*s) {
			size_t n;
			if (cx_ident_at(s, &n) && (s == cur || !(isalnum((unsigned char)s[-1]) || s[-1] == '_'))) {
				uint32_t id = intern_lookup_n(s, n);
				int d = -1;
				uint32_t v = id ? define_value(a->prog, id, &d) : 0;
				if (v && !(n > 3 && strncmp(s, "GFP_", 4) == 0) && strncmp(s, "__GFP_", 6) != 0) {
					sb_addf(&b, "(%s)", istr(v));
					changed = 1;
					if (def && *def < 0)
						*def = d;
				} else {
					sb_addn(&b, s, n);
				}
				s += n;
			} else {
				sb_addc(&b, *s++);
			}
		}
		free(cur);
		cur = b.s ? b.s : xstrdup("");
		if (!changed)
			break;
	}
	return cur;
}
