/* nofs-in-transaction: GFP_NOFS on a site that every path reaches inside a
 * journal handle or transaction whose start opens a NOFS scope in this kernel
 * version (modelled or inferred setters). The flag is redundant. Confidence is
 * medium when the transaction is known only from a handle parameter (model
 * handle rows): a caller may pass a handle variable that is NULL, or a dummy
 * handle (ext4 without a journal). */
#include "rules/rules.h"

static void check(struct analysis *a, const struct nofs_tok *t)
{
	if (t->cv.cls != PC_TRANS)
		return;
	int weak = chain_from_handle(a, t->call, PC_TRANS, &t->cv);
	struct finding *f = nofs_finding(a, "nofs-in-transaction", weak ? "medium" : "high", t);
	finding_msg(f, "%s is redundant: every path reaches this allocation inside a transaction "
		       "whose start opens a NOFS scope; %s", nofs_name(a, t), nofs_advice(a, t));
	chain_evidence(a, f, t->call, PC_TRANS, &t->cv);
}

void rule_nofs_in_transaction(struct analysis *a, const struct sites *s)
{
	nofs_tokens(a, s, check);
}
