/* nofs-fs-conflict: a restricted mask ORed with the bit it clears:
 * `GFP_NOFS | __GFP_FS` and `GFP_NOFS | GFP_KERNEL` are GFP_KERNEL,
 * `GFP_NOIO | __GFP_IO` is GFP_NOFS. The restriction the author wrote is undone,
 * which is most likely a bug (either the flag or the restriction is wrong).
 * Reported with medium confidence; `fix` holds the spelling with the same bits
 * (GFP_KERNEL | other flags), which makes the behaviour visible. If the
 * restriction was meant, drop the flag instead. */
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
	if (strchr(text, '~'))
		return;
	struct maskx x;
	if (mask_split(a->model, text, &x) || x.other || x.nset < 2)
		return;
	uint32_t nofs = intern("GFP_NOFS"), noio = intern("GFP_NOIO");
	for (int k = 0; k < x.nset; k++) {
		if (x.set[k] != nofs && x.set[k] != noio)
			continue;
		uint32_t tb, others = 0;
		if (gfp_flag_bits(a->model, x.set[k], &tb))
			return;
		for (int j = 0; j < x.nset; j++) {
			uint32_t ob;
			if (j != k && !gfp_flag_bits(a->model, x.set[j], &ob))
				others |= ob;
		}
		uint32_t back = others & ~tb & (GB_FS | GB_IO);
		if (!back)
			continue;
		char *fix = mask_canonical(a->model, &x, x.bits);
		struct finding *f = finding_at_token(rc, R_nofs_fs_conflict, CONF_MEDIUM, tok, c);
		f->fix = fix;
		f->tok_fix = mask_tok_fix(a, tok, fix, x.bits);
		const char *tn = istr(x.set[k]);
		finding_msg(f, "'%s' puts %s back into %s, so the mask is %s: drop the flag if %s was meant, "
			       "else write the mask that is used",
			    text, back == (GB_FS | GB_IO) ? "__GFP_IO and __GFP_FS" : (back & GB_FS) ? "__GFP_FS" : "__GFP_IO",
			    tn, fix ? fix : "neither of the named masks", tn);
		return;
	}
}

void rule_nofs_fs_conflict(struct rulectx *rc)
{
	gfp_args(rc->a, check, rc);
}
