/* gfpexpr.c - gfp mask expressions. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "model/gfpexpr.h"
#include "base/util.h"

int gfp_flag_bits(const struct model *m, uint32_t name, uint32_t *bits)
{
	const struct mrow *r = model_find1(m, ROW_FLAG, name);
	if (!r)
		return -1;
	*bits = r->bits;
	return 0;
}

struct px {
	const struct model *m;
	const char *s;
	int bad;
};

static void skip(struct px *x)
{
	while (isspace((unsigned char)*x->s))
		x->s++;
}

static uint32_t p_or(struct px *x);

static uint32_t p_unary(struct px *x)
{
	skip(x);
	if (*x->s == '~') {
		x->s++;
		return ~p_unary(x);
	}
	if (*x->s == '(') {
		x->s++;
		uint32_t v = p_or(x);
		skip(x);
		if (*x->s != ')')
			x->bad = 1;
		else
			x->s++;
		return v;
	}
	if (*x->s == '_' || isalpha((unsigned char)*x->s)) {
		const char *b = x->s;
		while (*x->s == '_' || isalnum((unsigned char)*x->s))
			x->s++;
		uint32_t id = intern_lookup_n(b, (size_t)(x->s - b));
		uint32_t bits;
		if (!id || gfp_flag_bits(x->m, id, &bits)) {
			x->bad = 1;
			return 0;
		}
		return bits;
	}
	if (*x->s == '0' && !isalnum((unsigned char)x->s[1])) {
		x->s++;
		return 0;
	}
	x->bad = 1;
	return 0;
}

static uint32_t p_and(struct px *x)
{
	uint32_t v = p_unary(x);
	for (;;) {
		skip(x);
		if (*x->s == '&' && x->s[1] != '&') {
			x->s++;
			v &= p_unary(x);
		} else {
			return v;
		}
	}
}

static uint32_t p_xor(struct px *x)
{
	uint32_t v = p_and(x);
	for (;;) {
		skip(x);
		if (*x->s == '^') {
			x->s++;
			v ^= p_and(x);
		} else {
			return v;
		}
	}
}

static uint32_t p_or(struct px *x)
{
	uint32_t v = p_xor(x);
	for (;;) {
		skip(x);
		if (*x->s == '|' && x->s[1] != '|') {
			x->s++;
			v |= p_xor(x);
		} else {
			return v;
		}
	}
}

int gfp_eval(const struct model *m, const char *text, uint32_t *bits)
{
	struct px x = {m, text, 0};
	uint32_t v = p_or(&x);
	skip(&x);
	if (x.bad || *x.s)
		return -1;
	*bits = v;
	return 0;
}

char *gfp_replace_token(const char *text, const char *from, const char *to)
{
	struct strbuf b = {0};
	size_t n = strlen(from);
	const char *p = text;
	while (*p) {
		const char *q = strstr(p, from);
		if (!q) {
			sb_add(&b, p);
			break;
		}
		int lb = q == text || !(q[-1] == '_' || isalnum((unsigned char)q[-1]));
		int rb = !(q[n] == '_' || isalnum((unsigned char)q[n]));
		sb_addn(&b, p, (size_t)(q - p));
		sb_add(&b, lb && rb ? to : from);
		p = q + n;
	}
	if (!b.s)
		b.s = xstrdup("");
	return b.s;
}

char *gfp_drop_token(const char *text, const char *tok)
{
	for (const char *c = text; *c; c++)
		if (*c == '&' || *c == '~' || *c == '(' || *c == ')' || *c == '^')
			return NULL;
	struct strbuf out = {0};
	int found = 0, kept = 0;
	const char *s = text;
	while (*s) {
		const char *e = strchr(s, '|');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		const char *a = s, *b = s + n;
		while (a < b && isspace((unsigned char)*a))
			a++;
		while (b > a && isspace((unsigned char)b[-1]))
			b--;
		if ((size_t)(b - a) == strlen(tok) && strncmp(a, tok, (size_t)(b - a)) == 0 && !found) {
			found = 1;
		} else if (b > a) {
			if (kept++)
				sb_add(&out, " | ");
			sb_addn(&out, a, (size_t)(b - a));
		}
		s = e ? e + 1 : s + n;
	}
	if (!found) {
		free(out.s);
		return NULL;
	}
	if (!kept)
		sb_add(&out, "0");
	return out.s;
}
