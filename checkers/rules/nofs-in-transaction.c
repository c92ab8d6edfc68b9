/* nofs-in-transaction: GFP_NOFS on a site that every path reaches inside a
 * journal handle or transaction whose start opens a NOFS scope in this kernel
 * version (modelled or inferred setters). The flag is redundant. */
#include "rules.h"

static void check(struct analysis *a, const struct nofs_tok *t)
{
	if (t->cv.cls != PC_TRANS)
		return;
	struct finding *f = nofs_finding(a, "nofs-in-transaction", "high", t);
	finding_msg(f, "GFP_NOFS is redundant: every path reaches this allocation inside a transaction "
		       "whose start opens a NOFS scope; use GFP_KERNEL");
	chain_evidence(a, f, t->call, PC_TRANS, &t->cv);
}

void rule_nofs_in_transaction(struct analysis *a, const struct sites *s)
{
	nofs_tokens(a, s, check);
}
