/* repeat-unknown-order: __GFP_REPEAT on a request whose order gfpcheck cannot
 * work out (a variable size, sizeof of an expression, a wrapper's parameter,
 * orders that differ between base page sizes). Reported with what is known;
 * no fix: order <= 3 means drop it, above means __GFP_RETRY_MAYFAIL (4.13+). */
#include "analysis/order.h"
#include "rules/repeat.h"
#include "rules/rules.h"
#include "base/util.h"

static void check(struct rulectx *rc, const struct repeat_use *u)
{
	if (u->ord.cls != ORD_UNKNOWN)
		return;
	struct finding *f = repeat_finding(rc, R_repeat_unknown_order, u);
	char ot[64] = "";
	if (u->ord.known) {
		order_text(&u->ord, ot, sizeof(ot));
		finding_msg(f, "__GFP_REPEAT on a request of %s depending on the page size (%s): drop it where the "
			       "order is at most 3, use __GFP_RETRY_MAYFAIL (4.13+) where it is costly",
			    ot, u->ord.what);
		return;
	}
	finding_msg(f, "__GFP_REPEAT on a request of unknown order (%s)%s: drop it if the order is at most 3, "
		       "use __GFP_RETRY_MAYFAIL (4.13+) if it is costly",
		    u->ord.what, u->tok < 0 ? ", from a mask macro" : "");
}

void rule_repeat_unknown_order(struct rulectx *rc)
{
	repeat_uses(rc, check);
}
