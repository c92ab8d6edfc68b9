/* nofs-in-transaction: GFP_NOFS on a site that every path reaches inside a
 * journal handle or transaction whose start opens a NOFS scope in this kernel
 * version (modelled or inferred setters). The flag is redundant. Confidence is
 * medium when the transaction is known only from a handle parameter (model
 * handle rows): a caller may pass a handle variable that is NULL, or a dummy
 * handle (ext4 without a journal). */
#include "rules/rules.h"

static void check(struct rulectx *rc, const struct nofs_tok *t)
{
	struct analysis *a = rc->a;
	if (t->cv.cls != PC_TRANS)
		return;
	int weak = chain_from_handle(a, t->call, PC_TRANS, &t->cv);
	struct finding *f = nofs_finding(rc, R_nofs_in_transaction, weak ? CONF_MEDIUM : CONF_HIGH, t);
	finding_msg(f, "%s is redundant: every path reaches this allocation inside a transaction "
		       "whose start opens a NOFS scope; %s", nofs_name(a, t), nofs_advice(a, t));
	finding_chain(rc, f, t->call, PC_TRANS, &t->cv);
}

void rule_nofs_in_transaction(struct rulectx *rc)
{
	nofs_tokens(rc, check);
}
