/* nofs-no-context: GFP_NOFS where no known path holds a modelled filesystem lock
 * context outside a scope, and all callers are known; at least one path holds
 * nothing at all. Needs review: the reason may be a lock the model does not know. */
#include "rules/rules.h"

static void check(struct rulectx *rc, const struct nofs_tok *t)
{
	struct analysis *a = rc->a;
	unsigned c = t->cv.cls;
	if (!(c & PC_NONE) || (c & (PC_LOCK | PC_UNKNOWN)))
		return;
	int scoped = (c & (PC_SCOPE | PC_TRANS)) != 0;
	struct finding *f = nofs_finding(rc, R_nofs_no_context, scoped ? CONF_MEDIUM : CONF_LOW, t);
	finding_msg(f, "%s may be unneeded: no known path holds a filesystem lock context here "
		       "(paths found: nothing held%s%s); review, then %s", nofs_name(a, t),
		    (c & PC_SCOPE) ? ", inside a NOFS scope" : "", (c & PC_TRANS) ? ", inside a transaction scope" : "",
		    nofs_advice(a, t));
	finding_chain(rc, f, t->call, PC_NONE, &t->cv);
	if (c & PC_SCOPE)
		finding_chain(rc, f, t->call, PC_SCOPE, &t->cv);
	if (c & PC_TRANS)
		finding_chain(rc, f, t->call, PC_TRANS, &t->cv);
}

void rule_nofs_no_context(struct rulectx *rc)
{
	nofs_tokens(rc, check);
}
