/* gfpmask.c - flag expressions taken apart and rewritten for the flag rules'
 * messages and fixes (see gfpmask.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "model/gfpexpr.h"
#include "model/gfpmask.h"
#include "base/util.h"

/* An identifier at s: 1 and its length, else 0. */
static int ident_at(const char *s, size_t *len)
{
	if (!(*s == '_' || isalpha((unsigned char)*s)))
		return 0;
	size_t n = 0;
	while (s[n] == '_' || isalnum((unsigned char)s[n]))
		n++;
	*len = n;
	return 1;
}

static int is_ident_n(const char *s, size_t n)
{
	size_t l;
	return ident_at(s, &l) && l == n;
}

char *drop_flag(const char *expr, const char *tok)
{
	size_t n = strlen(tok);
	const char *s = expr;
	for (const char *q = strstr(s, tok); q; q = strstr(q + 1, tok)) {
		int lb = q == expr || !(q[-1] == '_' || isalnum((unsigned char)q[-1]));
		int rb = !(q[n] == '_' || isalnum((unsigned char)q[n]));
		if (!lb || !rb)
			continue;
		/* `A | TOK` or `TOK | A` */
		const char *l = q, *r = q + n;
		while (l > expr && isspace((unsigned char)l[-1]))
			l--;
		while (isspace((unsigned char)*r))
			r++;
		struct strbuf b = {0};
		if (l > expr && l[-1] == '|' && (l - 1 == expr || l[-2] != '|')) {
			const char *ll = l - 1;
			while (ll > expr && isspace((unsigned char)ll[-1]))
				ll--;
			sb_addn(&b, expr, (size_t)(ll - expr));
			sb_add(&b, q + n);
		} else if (*r == '|' && r[1] != '|') {
			r++;
			while (isspace((unsigned char)*r))
				r++;
			sb_addn(&b, expr, (size_t)(q - expr));
			sb_add(&b, r);
		} else {
			return NULL;
		}
		/* `(GFP_KERNEL)` -> `GFP_KERNEL` when the parentheses hold one word */
		char *t = b.s;
		size_t tl = strlen(t);
		if (tl > 2 && t[0] == '(' && t[tl - 1] == ')' && is_ident_n(t + 1, tl - 2)) {
			memmove(t, t + 1, tl - 2);
			t[tl - 2] = 0;
		}
		return t;
	}
	return NULL;
}

int mask_split(const struct model *m, const char *text, struct maskx *x)
{
	memset(x, 0, sizeof(*x));
	if (gfp_eval(m, text, &x->bits))
		return -1;
	const char *s = text;
	int depth = 0, clr_depth = -1, clr_next = 0;
	while (*s) {
		size_t n;
		if (ident_at(s, &n)) {
			uint32_t id = intern_lookup_n(s, n);
			int cleared = clr_next || clr_depth >= 0;
			if (cleared && x->nclr < 16)
				x->clr[x->nclr++] = id;
			else if (!cleared && x->nset < 16)
				x->set[x->nset++] = id;
			clr_next = 0;
			s += n;
			continue;
		}
		if (*s == '~') {
			const char *q = s + 1;
			while (isspace((unsigned char)*q))
				q++;
			if (*q == '(' && clr_depth < 0) {
				clr_depth = depth;
				depth++;
				s = q + 1;
				continue;
			}
			clr_next = 1;
		} else if (*s == '(') {
			depth++;
		} else if (*s == ')') {
			depth--;
			if (depth == clr_depth)
				clr_depth = -1;
		} else if (*s == '0') {
			/* literal 0 */
		} else if (!strchr("|& \t", *s)) {
			x->other = 1;
		}
		s++;
	}
	return 0;
}

const char *mask_base(const struct model *m, uint32_t bits, uint32_t *base_bits)
{
	static const char *const bases[] = {"GFP_KERNEL", "GFP_NOFS", "GFP_NOIO"};
	const uint32_t key = GB_FS | GB_IO | GB_DIRECT_RECLAIM | GB_KSWAPD_RECLAIM;
	for (size_t i = 0; i < sizeof(bases) / sizeof(bases[0]); i++) {
		uint32_t b;
		if (gfp_flag_bits(m, intern(bases[i]), &b) || (b & ~bits) || (b & key) != (bits & key))
			continue;
		if (base_bits)
			*base_bits = b;
		return bases[i];
	}
	return NULL;
}

char *mask_canonical(const struct model *m, const struct maskx *x, uint32_t bits)
{
	const uint32_t key = GB_FS | GB_IO | GB_DIRECT_RECLAIM | GB_KSWAPD_RECLAIM;
	uint32_t b = 0;
	const char *base = NULL;
	int basek = -1;
	/* a written mask that is the whole result on its own bits: GFP_USER in
	 * `GFP_NOIO | GFP_USER` (its __GFP_HARDWALL is no bit GFP_KERNEL has) */
	for (int k = 0; k < x->nset && !base; k++) {
		uint32_t tb;
		if (!gfp_flag_bits(m, x->set[k], &tb) && (tb & GB_DIRECT_RECLAIM) && (tb & key) == (bits & key) &&
		    !(tb & ~bits)) {
			base = istr(x->set[k]);
			b = tb;
			basek = k;
		}
	}
	if (!base)
		base = mask_base(m, bits, &b);
	if (!base)
		return NULL;
	uint32_t rest = bits & ~b, got = 0;
	struct strbuf sb = {0};
	sb_add(&sb, base);
	for (int k = 0; k < x->nset; k++) {
		uint32_t tb;
		if (k == basek || gfp_flag_bits(m, x->set[k], &tb) || !tb)
			continue;
		int emit;
		if (tb & GB_OTHER) {
			/* GB_OTHER stands for every flag gfpcheck does not reason
			 * about (__GFP_HARDWALL, __GFP_NOWARN, __GFP_ZERO, ...) at
			 * once: a set flag that carries some is written itself, or
			 * its flags would be lost; one whose other bits the result
			 * does not have cannot be */
			if (tb & ~GB_OTHER & ~rest) {
				sb_free(&sb);
				return NULL;
			}
			emit = 1;
		} else {
			emit = !(tb & ~rest) && (tb & ~got) != 0;
		}
		if (!emit)
			continue;
		got |= tb;
		sb_addf(&sb, " | %s", istr(x->set[k]));
	}
	if ((got & ~GB_OTHER) == (rest & ~GB_OTHER))
		return sb.s;
	sb_free(&sb);
	return NULL;
}
