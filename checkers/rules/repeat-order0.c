/* repeat-order0: __GFP_REPEAT on a request whose order is known to be at most
 * PAGE_ALLOC_COSTLY_ORDER (3) with 4 KiB and 64 KiB pages. The page allocator
 * retries such requests anyway, so the flag has no effect (the 4.7 cleanup by
 * Michal Hocko removed it from these sites). Fix: drop the flag, other flags
 * kept. */
#include <stdlib.h>

#include "analysis/order.h"
#include "model/gfpmask.h"
#include "rules/repeat.h"
#include "rules/rules.h"
#include "base/util.h"

static void check(struct rulectx *rc, const struct repeat_use *u)
{
	struct analysis *a = rc->a;
	if (u->ord.cls != ORD_CHEAP)
		return;
	struct finding *f = repeat_finding(rc, R_repeat_order0, u);
	char ot[64];
	order_text(&u->ord, ot, sizeof(ot));
	const char *callee = istr(a->prog->calls[u->call].callee);
	if (u->tok < 0) {
		finding_msg(f, "__GFP_REPEAT (from the mask macro %s) has no effect on the %s request of %s(): "
			       "drop it from the macro if every user is order 0 like this one",
			    u->expr, ot, callee);
		return;
	}
	if (u->expr && a->prog->gfps[u->tok].call >= 0)
		f->fix = drop_flag(u->expr, "__GFP_REPEAT");
	finding_msg(f, "__GFP_REPEAT has no effect on the %s request of %s()%s: drop it", ot, callee,
		    u->nallocs > 1 ? " and the other allocations this mask reaches" : "");
}

void rule_repeat_order0(struct rulectx *rc)
{
	repeat_uses(rc, check);
}
