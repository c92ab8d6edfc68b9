/* nofs-in-transaction: GFP_NOFS on a site that every path reaches inside a
 * journal handle or transaction whose start opens a NOFS scope in this kernel
 * version (modelled or inferred setters). The flag is redundant. Confidence is
 * medium when on some path the transaction is known only from a handle
 * parameter (model handle rows): a caller may pass a handle variable that is
 * NULL, or a dummy handle (ext4 without a journal).
 *
 * Where the handle may be a dummy (model dummy=DIR), the flag is redundant only
 * on journalled mounts, and the fix would be wrong without a journal if a path
 * held a lock reclaim takes: such a site is not reported (nojournal_lock()). */
#include <string.h>

#include "analysis/context.h"
#include "analysis/dummy.h"
#include "analysis/flow.h"
#include "analysis/reclaim.h"
#include "rules/rules.h"
#include "base/util.h"

/* Does the lock taken at call o make NOFS needed for an allocation of
 * directory ctx where no handle opens a scope: one missing-nofs would report
 * a deadlock on, not one lock per object, which a model row of the filesystem names or this
 * filesystem's own reclaim takes directly (a lock of generic code, dqio_sem or
 * s_umount, counts for the filesystems whose reclaim takes it)? */
static int nojournal_counts(struct analysis *a, int o, const void *ctx)
{
	int per_object = 0;
	if (!missing_nofs_conflict(a, o, &per_object) || per_object)
		return 0; /* one lock per object: the path pins the object whose lock it
			     holds (ext4's i_data_sem of the inode it works on), and
			     reclaim takes the class on the inode it evicts, another one */
	const struct mrow *lr = flow_lock_row(a, o, 0);
	if (lr && lr->fs)
		return 1;
	uint32_t cls = held_class(a, o);
	const struct rclass *rcl = cls ? reclaim_takes_in(a, cls, ctx) : NULL;
	return rcl && !rcl->kswapd;
}

/* A lock that a path to token t holds where a dummy handle opens no scope, one
 * missing-nofs would report a deadlock on: held by the allocator wrapper the
 * token is passed to around its allocation (ext4_mb_load_buddy_gfp() ->
 * ext4_mb_init_group() with the buddy pages locked), or before the token's
 * call in its function or its callers (dummy_lock_above()). The call that takes
 * it, or -1. */
static int nojournal_lock(struct analysis *a, const struct nofs_tok *t)
{
	const struct program *p = a->prog;
	const char *dir = p->files[p->gfps[t->tok].file].dir;
	if (t->inner_lock >= 0 && nojournal_counts(a, t->inner_lock, dir))
		return t->inner_lock;
	const struct gfptok *g = &p->gfps[t->tok];
	return dummy_lock_above(a, g->call >= 0 ? g->call : t->call, nojournal_counts, dir);
}

static void check(struct rulectx *rc, const struct nofs_tok *t)
{
	struct analysis *a = rc->a;
	if (t->cv.cls != PC_TRANS)
		return;
	const struct program *p = a->prog;
	if (dummy_in_file(a, p->files[p->gfps[t->tok].file].path) && nojournal_lock(a, t) >= 0)
		return; /* needed without a journal */
	/* weak when any path's transaction is known only from a handle parameter,
	 * not only the path the evidence shows; weaker when a call may pass NULL
	 * for that handle through its callers' parameters (xfs_lookup() ->
	 * xfs_iget(mp, NULL, ...)): not every path is inside a transaction */
	int weak = t->cv.inherited[pc_index(PC_TRANS)] ? trans_from_handle(a, a->prog->calls[t->call].fn) : 0;
	struct finding *f = nofs_finding(rc, R_nofs_in_transaction, weak == 2 ? CONF_LOW : weak ? CONF_MEDIUM : CONF_HIGH, t);
	finding_chain(rc, f, t->call, PC_TRANS, &t->cv);
	/* a setter or handle that may be a dummy where it stands */
	const struct mrow *dummy = chain_dummy_row(a, f, 0);
	if (dummy && f->conf == CONF_HIGH) {
		f->conf = CONF_MEDIUM;
		f->confidence = conf_name(CONF_MEDIUM);
	}
	finding_msg(f, "%s is redundant%s: every path reaches this allocation inside a transaction "
		       "whose start opens a NOFS scope%s%s; %s", nofs_name(a, t), dummy ? " on journalled mounts" : "",
		    dummy ? " (without a journal, and during fast-commit replay, the handle is a dummy that opens none)"
			  : "",
		    weak == 2 ? ", or with a handle a caller may pass as NULL (the evidence names that call; what its "
				"path holds is not known: check it)"
			      : "",
		    nofs_advice(a, t));
}

void rule_nofs_in_transaction(struct rulectx *rc)
{
	nofs_tokens(rc, check);
}
