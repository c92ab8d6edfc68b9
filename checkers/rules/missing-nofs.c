/* missing-nofs: an allocation whose mask allows __GFP_FS (and direct reclaim),
 * reachable while a modelled filesystem lock context is held and no NOFS scope is
 * open. Direct reclaim may recurse into the filesystem and wait on that context. */
#include <stdlib.h>

#include "rules.h"
#include "util.h"

void rule_missing_nofs(struct analysis *a, const struct sites *s)
{
	const struct program *p = a->prog;
	for (size_t i = 0; i < s->n; i++) {
		const struct asite *x = &s->v[i];
		if (!x->mask_known || !(x->mask & GB_FS) || !(x->mask & GB_DIRECT_RECLAIM))
			continue;
		if (!(x->cv.cls & PC_LOCK))
			continue;
		/* High: a transaction or cluster lock taken in this very function; medium:
		 * taken in a caller, or a filesystem-private sleeping lock (whose reclaim
		 * dependency is often indirect). */
		int k = pc_index(PC_LOCK);
		int strong = 0;
		if (!x->cv.inherited[k] && x->cv.origin[k] >= 0) {
			const struct mrow *rows[4];
			int nr = model_find(a->model, ROW_LOCK, p->calls[x->cv.origin[k]].callee, rows, 4);
			strong = nr > 0 && rows[0]->lkind != LK_LOCK;
		}
		const char *conf = strong ? "high" : "medium";
		struct finding *f = finding_at_token(a, "missing-nofs", conf, x->tok, x->call);
		const struct call *cl = &p->calls[x->call];
		finding_msg(f, "%s allocation in %s() can recurse into the filesystem through direct reclaim "
			       "while a filesystem lock context is held%s; open a NOFS scope at the lock",
			    x->expr ? istr(x->expr) : "implicit GFP_KERNEL", func_name(a, cl->fn),
			    x->via >= 0 ? " (through an allocator wrapper)" : "");
		chain_evidence(a, f, x->call, PC_LOCK, &x->cv);
	}
}
