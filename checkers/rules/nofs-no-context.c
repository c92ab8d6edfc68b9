/* nofs-no-context: GFP_NOFS where no known path holds, outside a scope, a lock
 * context that reclaim can take (a model lock row, or a lock whose class is in a
 * reclaim lock set), and all callers are known; at least one path holds nothing
 * at all, or runs where reclaim cannot enter the superblock (s_umount held for
 * write: mount callbacks). Needs review: the reason may be a lock gfpcheck does
 * not see. */
#include "rules/rules.h"

static void check(struct rulectx *rc, const struct nofs_tok *t)
{
	struct analysis *a = rc->a;
	unsigned c = t->cv.cls;
	if (!(c & (PC_NONE | PC_BLOCKED)) || (c & (PC_LOCK | PC_UNKNOWN)))
		return;
	int scoped = (c & (PC_SCOPE | PC_TRANS)) != 0;
	struct finding *f = nofs_finding(rc, R_nofs_no_context, scoped ? CONF_MEDIUM : CONF_LOW, t);
	finding_msg(f, "%s may be unneeded: no known path holds a filesystem lock context here "
		       "(paths found: %s%s%s%s); review, then %s", nofs_name(a, t), (c & PC_NONE) ? "nothing held that reclaim takes" : "",
		    (c & PC_BLOCKED) ? (c & PC_NONE ? ", s_umount held for write" : "s_umount held for write") : "",
		    (c & PC_SCOPE) ? ", inside a NOFS scope" : "", (c & PC_TRANS) ? ", inside a transaction scope" : "",
		    nofs_advice(a, t));
	if (c & PC_NONE)
		finding_chain(rc, f, t->call, PC_NONE, &t->cv);
	if (c & PC_BLOCKED)
		finding_chain(rc, f, t->call, PC_BLOCKED, &t->cv);
	if (c & PC_SCOPE)
		finding_chain(rc, f, t->call, PC_SCOPE, &t->cv);
	if (c & PC_TRANS)
		finding_chain(rc, f, t->call, PC_TRANS, &t->cv);
}

void rule_nofs_no_context(struct rulectx *rc)
{
	nofs_tokens(rc, check);
}
