/* nofs-in-scope: GFP_NOFS on a site that every path reaches inside a NOFS/NOIO
 * scope opened by the scope API (memalloc_nofs_save, memalloc_noio_save,
 * memalloc_flags_save), possibly in a caller; some paths may be in a transaction
 * scope instead. The flag is redundant. */
#include "rules/rules.h"

static void check(struct rulectx *rc, const struct nofs_tok *t)
{
	struct analysis *a = rc->a;
	unsigned c = t->cv.cls;
	if (!(c & PC_SCOPE) || (c & ~(PC_SCOPE | PC_TRANS)))
		return;
	struct finding *f = nofs_finding(rc, R_nofs_in_scope, CONF_HIGH, t);
	finding_msg(f, "%s is redundant: every path reaches this allocation inside a NOFS scope%s; %s", nofs_name(a, t),
		    (c & PC_TRANS) ? " or a transaction that opens one" : "", nofs_advice(a, t));
	int call = t->call;
	finding_chain(rc, f, call, PC_SCOPE, &t->cv);
}

void rule_nofs_in_scope(struct rulectx *rc)
{
	nofs_tokens(rc, check);
}
