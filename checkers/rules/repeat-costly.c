/* repeat-costly: __GFP_REPEAT on a request of more than PAGE_ALLOC_COSTLY_ORDER
 * (3). Since 4.13 the flag is __GFP_RETRY_MAYFAIL (commit dcda9b04713c "mm, tree
 * wide: replace __GFP_REPEAT by __GFP_RETRY_MAYFAIL with more useful semantic"):
 * the fix renames it on trees of 4.13 and later (and on code that must build
 * against them); older trees, and trees of unknown version, get a report only
 * (the FIXON column of rules.def). */
#include "model/gfpexpr.h"
#include "analysis/order.h"
#include "rules/repeat.h"
#include "rules/rules.h"
#include "base/util.h"

static void check(struct rulectx *rc, const struct repeat_use *u)
{
	struct analysis *a = rc->a;
	if (u->ord.cls != ORD_COSTLY)
		return;
	struct finding *f = repeat_finding(rc, R_repeat_costly, u);
	char ot[64];
	order_text(&u->ord, ot, sizeof(ot));
	int v = a->model->version, since = rule_table[R_repeat_costly].fix_on.since;
	const char *callee = istr(a->prog->calls[u->call].callee);
	int new_tree = rule_fix_on(R_repeat_costly, v, 0); /* rules.def: 4.13+, not on an unknown version */
	if (new_tree && u->tok >= 0 && u->expr && a->prog->gfps[u->tok].call >= 0)
		f->fix = gfp_replace_token(u->expr, "__GFP_REPEAT", "__GFP_RETRY_MAYFAIL");
	char vt[96];
	if (new_tree)
		snprintf(vt, sizeof(vt), "use __GFP_RETRY_MAYFAIL (this %d.%d tree has no __GFP_REPEAT)", v / 1000, v % 1000);
	else if (v)
		snprintf(vt, sizeof(vt), "on %d.%d and later it is __GFP_RETRY_MAYFAIL (this %d.%d tree: report only)",
			 since / 1000, since % 1000, v / 1000, v % 1000);
	else
		snprintf(vt, sizeof(vt), "on %d.%d and later it is __GFP_RETRY_MAYFAIL (tree version unknown: report only)",
			 since / 1000, since % 1000);
	if (u->tok < 0)
		finding_msg(f, "__GFP_REPEAT (from the mask macro %s) on the costly %s request of %s(): %s", u->expr, ot,
			    callee, vt);
	else
		finding_msg(f, "__GFP_REPEAT on the costly %s request of %s(): %s", ot, callee, vt);
}

void rule_repeat_costly(struct rulectx *rc)
{
	repeat_uses(rc, check);
}
