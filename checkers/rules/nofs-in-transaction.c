/* nofs-in-transaction: GFP_NOFS on a site that every path reaches inside a
 * journal handle or transaction whose start opens a NOFS scope in this kernel
 * version (modelled or inferred setters). The flag is redundant. Confidence is
 * medium when on some path the transaction is known only from a handle
 * parameter (model handle rows): a caller may pass a handle variable that is
 * NULL, or a dummy handle (ext4 without a journal). */
#include <string.h>

#include "rules/rules.h"
#include "base/util.h"

static void check(struct rulectx *rc, const struct nofs_tok *t)
{
	struct analysis *a = rc->a;
	if (t->cv.cls != PC_TRANS)
		return;
	/* weak when any path's transaction is known only from a handle parameter,
	 * not only the path the evidence shows */
	int weak = t->cv.inherited[pc_index(PC_TRANS)] && trans_from_handle(a, a->prog->calls[t->call].fn);
	struct finding *f = nofs_finding(rc, R_nofs_in_transaction, weak ? CONF_MEDIUM : CONF_HIGH, t);
	finding_chain(rc, f, t->call, PC_TRANS, &t->cv);
	/* a setter or handle that may be a dummy here (model dummy=DIR: ext4
	 * without a journal, or during fast-commit replay, opens no scope) */
	const struct mrow *dummy = NULL;
	for (int i = 0; i < f->nev && !dummy; i++) {
		const struct mrow *r = f->ev[i].row >= 0 ? &a->model->rows[f->ev[i].row] : NULL;
		if (r && mrow_dummy_in(r, f->file))
			dummy = r;
	}
	if (dummy && f->conf == CONF_HIGH) {
		f->conf = CONF_MEDIUM;
		f->confidence = conf_name(CONF_MEDIUM);
	}
	finding_msg(f, "%s is redundant%s: every path reaches this allocation inside a transaction "
		       "whose start opens a NOFS scope%s; %s", nofs_name(a, t), dummy ? " on journalled mounts" : "",
		    dummy ? " (without a journal, and during fast-commit replay, the handle is a dummy that opens none)"
			  : "",
		    nofs_advice(a, t));
}

void rule_nofs_in_transaction(struct rulectx *rc)
{
	nofs_tokens(rc, check);
}
