/* gfp-spelled-out: a mask that clears __GFP_FS and/or __GFP_IO from a named mask
 * and so equals another named one: `GFP_KERNEL & ~__GFP_FS` is GFP_NOFS,
 * `GFP_KERNEL & ~(__GFP_FS | __GFP_IO)` and `GFP_NOFS & ~__GFP_IO` are GFP_NOIO.
 * The spelling hides the intent and escapes every grep for GFP_NOFS. Fix: the
 * named mask with the other flags of the expression kept; reported only when
 * that rewrite has exactly the same bits. */
#include <string.h>

#include "model/gfpexpr.h"
#include "analysis/gfpargs.h"
#include "model/gfpmask.h"
#include "rules/rules.h"
#include "base/util.h"

static void check(void *ctx, int c, int arg, int tok)
{
	struct rulectx *rc = ctx;
	struct analysis *a = rc->a;
	const struct program *p = a->prog;
	const char *text = istr(p->calls[c].args[arg]);
	if (!strchr(text, '~'))
		return;
	struct maskx x;
	if (mask_split(a->model, text, &x) || x.other || !x.nclr)
		return;
	uint32_t fsio = GB_FS | GB_IO;
	int named_base = 0;
	for (int k = 0; k < x.nset; k++)
		if (strncmp(istr(x.set[k]), "GFP_", 4) == 0)
			named_base = 1;
	if (!named_base)
		return;
	for (int k = 0; k < x.nclr; k++) {
		uint32_t b;
		if (gfp_flag_bits(a->model, x.clr[k], &b) || !b || (b & ~fsio))
			return;
	}
	char *fix = mask_canonical(a->model, &x, x.bits);
	if (!fix)
		return;
	struct finding *f = finding_at_token(rc, R_gfp_spelled_out, CONF_HIGH, tok, c);
	f->fix = fix;
	f->tok_fix = mask_tok_fix(a, tok, fix, x.bits);
	finding_msg(f, "'%s' is %s spelled out: write %s", text, fix, fix);
}

void rule_gfp_spelled_out(struct rulectx *rc)
{
	gfp_args(rc->a, check, rc);
}
