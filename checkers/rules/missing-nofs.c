/* missing-nofs: an allocation whose mask allows __GFP_FS (and direct reclaim),
 * reachable while a lock that reclaim can take is held and no NOFS scope is open:
 * direct reclaim, run by this task, may wait for that lock (a deadlock).
 *
 * Which locks count (analysis/reclaim.c): the model's filesystem lock contexts
 * (model/locks.txt), and every sleeping lock whose class some filesystem's
 * reclaim path takes (the reclaim lock sets; the evidence gives both chains:
 * where this path takes the lock, and how reclaim takes it). Paths on which
 * reclaim cannot enter the superblock (s_umount held for write) are not
 * reported. Confidence reflects how direct the conflict is: a transaction of
 * the model, a global lock, one lock per superblock, or one per object (an
 * inode this path pins is not one reclaim evicts: low; model cluster locks,
 * ocfs2_inode_lock(inode), are one per inode). */
#include <stdlib.h>
#include <string.h>

#include "analysis/context.h"
#include "analysis/feasible.h"
#include "analysis/flow.h"
#include "analysis/lockclass.h"
#include "analysis/icall.h"
#include "analysis/reclaim.h"
#include "rules/rules.h"
#include "base/util.h"

/* "fs/btrfs" for fs/btrfs/volumes.c, "mm" for mm/slab.c: the tree a lock belongs to. */
static size_t subsystem_len(const char *path)
{
	const char *s1 = strchr(path, '/');
	if (!s1)
		return 0;
	const char *s2 = strchr(s1 + 1, '/');
	return s2 ? (size_t)(s2 - path) : (size_t)(s1 - path);
}

/* Is the lock a model row names at call o a sleeping-lock primitive on a member
 * of a per-object struct (`down_read(&EXT4_I(inode)->i_data_sem)`: the class
 * the primitive's own row gives it is per object)? */
static int per_object(const struct analysis *a, int o)
{
	const struct call *cl = &a->prog->calls[o];
	if (cl->is_icall)
		return 0;
	const struct mrow *rows[8];
	int n = model_find(a->model, ROW_LOCK, cl->callee, rows, 8);
	for (int i = 0; i < n; i++)
		if (!rows[i]->fs) {
			uint32_t cls = lock_class(a, o, rows[i]);
			return cls && lock_class_level(a, cls) == LC_OBJECT;
		}
	return 0;
}

/* Why a conflict is less than certain: said in the message, so that a reader
 * checks the condition the deadlock needs rather than the bare claim. */
enum weak { W_NONE, W_OBJECT, W_CLUSTER, W_READERS, W_LONG, W_UNTYPED, W_OBJECT_INFERRED, W_UNTAKEN };

static const char *weak_text(enum weak w)
{
	switch (w) {
	case W_OBJECT:
		return " (one lock per object: reclaim takes it on the object it frees, so a deadlock needs the object "
		       "held here to be one reclaim can free, such as an unlinked or a system inode)";
	case W_READERS:
		return " (both sides take it as readers: a wait needs a writer queued between them)";
	case W_LONG:
		return " (reclaim reaches it only through a long chain)";
	case W_UNTYPED:
		return " (a lock of a struct the scan cannot type: it may be one per object)";
	default:
		return "";
	}
}

/* A pair the user named with --scope-lock (cli/args.c writes it as a row of
 * fs=cmdline): the user's word, which the derivation does not outrank. */
static int is_cmdline_row(const struct mrow *lr)
{
	return lr->fs && strcmp(istr(lr->fs), "cmdline") == 0;
}

/* Confidence of a conflict on the lock opened at call o, and *why when less
 * than certain. */
static enum conf confidence_why(const struct analysis *a, int local, int o, const struct rclass **rc, enum weak *why)
{
	*why = W_NONE;
	const struct program *p = a->prog;
	const struct mrow *lr = flow_lock_row(a, o, 0);
	uint32_t cls = held_class(a, o);
	*rc = cls ? reclaim_takes_in(a, cls, p->files[p->calls[o].file].dir) : NULL;
	if (lr && lr->fs) { /* a model lock context: a transaction taken here is strong */
		/* the scan walked this filesystem's reclaim and no direct path takes
		 * the row's lock (none, or only kswapd's writeback): the derivation
		 * outranks the row's reason, as for a lock no row names (no finding:
		 * W_UNTAKEN, see object_conflict_note) */
		int untaken = (!*rc || (*rc)->kswapd) && reclaim_walked(a, p->files[p->calls[o].file].dir) &&
			      !is_cmdline_row(lr);
		if (untaken)
			return *why = W_UNTAKEN, CONF_LOW;
		if (lr->lkind == LK_LOCK && per_object(a, o))
			return *why = W_OBJECT, CONF_LOW; /* one lock per object (ext4 i_data_sem): reclaim evicts
							     unused inodes */
		if (lr->lkind == LK_CLUSTER)
			return *why = W_CLUSTER, CONF_LOW; /* one cluster lock per inode (ocfs2_inode_lock(inode)):
							      no finding, see object_conflict_note */
		return local && lr->lkind != LK_LOCK ? CONF_HIGH : CONF_MEDIUM;
	}
	if (!lr) { /* a wrapper that returns holding a model lock context
		     (ext4_double_down_write_data_sem(): i_data_sem) */
		const struct call *cl = &p->calls[o];
		const struct func *t = cl->target >= 0 ? &p->funcs[cl->target] : NULL;
		for (int i = 0; t && i < t->ngen; i++)
			if (t->gen[i].kind == HK_LOCK && t->gen[i].row >= 0 && a->model->rows[t->gen[i].row].fs) {
				const struct mrow *gr = &a->model->rows[t->gen[i].row];
				/* as for the row's own acquire above: the derivation outranks it */
				if ((!*rc || (*rc)->kswapd) && reclaim_walked(a, p->files[cl->file].dir) && !is_cmdline_row(gr))
					return *why = W_UNTAKEN, CONF_LOW;
				if (gr->lkind == LK_LOCK && t->gen[i].cls &&
				    lock_class_level(a, t->gen[i].cls) == LC_OBJECT)
					return *why = W_OBJECT, CONF_LOW; /* as a row's acquire of one
									      object's lock (per_object()) */
				return gr->lkind == LK_CLUSTER ? (*why = W_CLUSTER, CONF_LOW) : CONF_MEDIUM;
			}
	}
	if (!*rc || (*rc)->kswapd || (lr && lr->shared && (*rc)->shared)) {
		*why = *rc && !(*rc)->kswapd ? W_READERS : W_NONE; /* kswapd only: no finding (kswapd_only()) */
		return CONF_LOW; /* kswapd only, or two readers: no wait without a queued writer */
	}
	enum conf c;
	switch (lock_class_level(a, cls)) {
	case LC_TRANS:
		c = CONF_HIGH;
		break;
	case LC_GLOBAL:
		c = local ? CONF_HIGH : CONF_MEDIUM;
		break;
	case LC_SB:
		c = CONF_MEDIUM;
		break;
	case LC_OBJECT:
		*why = W_OBJECT_INFERRED;
		return CONF_LOW;
	default:
		/* a primitive row implies the lock from the object it is given
		 * (inode_lock(): class=inode.i_rwsem): one per object too */
		*why = lr && lr->cls_name ? W_OBJECT_INFERRED : W_UNTYPED;
		return CONF_LOW;
	}
	if ((*rc)->npath > RECLAIM_SHORT) { /* a long reclaim chain: less likely to be walked */
		c = c == CONF_HIGH ? CONF_MEDIUM : CONF_LOW;
		if (c == CONF_LOW)
			*why = W_LONG;
	}
	return c;
}

/* The function annotated __must_hold() where the lock path of the site ends
 * (hops[nh-1]'s function, or the site's when nh is 0), when the path found no
 * acquire, or -1. */
static int must_hold_top(const struct analysis *a, int site, const int *hops, int nh)
{
	const struct program *p = a->prog;
	int g = p->calls[nh ? hops[nh - 1] : site].fn;
	return g >= 0 && a->ctx[g].must_hold ? g : -1;
}

/* Confidence of a conflict on the lock function g's callers hold by its
 * __must_hold() annotation: by how far the class reaches, as for a lock taken
 * in a caller. */
static enum conf must_hold_confidence(const struct analysis *a, int g, const struct rclass **rc, enum weak *why)
{
	const struct program *p = a->prog;
	uint32_t cls = p->funcs[g].must_hold;
	*rc = reclaim_takes_in(a, cls, p->files[p->funcs[g].file].dir);
	*why = W_NONE;
	switch (lock_class_level(a, cls)) {
	case LC_GLOBAL:
	case LC_SB:
	case LC_TRANS:
		return *rc && (*rc)->npath > RECLAIM_SHORT ? (*why = W_LONG, CONF_LOW) : CONF_MEDIUM;
	case LC_OBJECT:
		*why = W_OBJECT_INFERRED;
		return CONF_LOW;
	default:
		*why = W_UNTYPED;
		return CONF_LOW;
	}
}

/* The held lock named in a message (malloc'd): its class when reclaim takes
 * it, else the generic wording (model rows carry their reason as evidence). */
static char *lock_text(const struct analysis *a, int o, const struct rclass *rcl)
{
	const struct mrow *lr = o >= 0 ? flow_lock_row(a, o, 0) : NULL;
	uint32_t cls = o >= 0 && !(lr && lr->fs) ? held_class(a, o) : 0;
	return rcl && cls ? lock_class_text(cls) : xstrdup("a filesystem lock context");
}

/* The two chains: where the lock is taken before the allocation at site, and
 * how reclaim takes it. */
static void add_chains(struct analysis *a, struct finding *f, int site, const int *hops, int nh, int o,
		       const struct rclass *rcl, int must_hold_fn)
{
	struct chain lk = {0};
	chain_of_calls(a, &lk, site, hops, nh, o, PC_LOCK);
	if (must_hold_fn >= 0)
		must_hold_hop(a, &lk, must_hold_fn);
	finding_add_chain(f, &lk);
	if (rcl) {
		struct chain ch = {0};
		reclaim_chain(a, rcl, &ch);
		finding_add_chain(f, &ch);
	}
}

/* Does the lock path leave the lock's filesystem through an indirect call into
 * another filesystem's function (ocfs2 -> jbd2_journal_load() -> ext4's
 * fast-commit replay callback, nilfs2 -> __block_write_begin() -> ext2's
 * get_block)?  The object the generic code works on is the lock's
 * filesystem's, and so is the function it was given. */
static int crosses_fs(struct analysis *a, int site, const int *hops, int nh, int o)
{
	const struct program *p = a->prog;
	uint32_t ofs = fs_of_func(a, p->calls[o].fn);
	if (!ofs)
		return 0;
	for (int h = 0; h < nh; h++) {
		/* an indirect call, or a call of a function-pointer parameter by its
		 * name (`get_block(inode, ...)` in __block_write_begin_int()), which
		 * the indirect-call resolution gives targets too */
		int nt = 0;
		if (!p->calls[hops[h]].is_icall)
			icall_targets(a, hops[h], &nt);
		if (!p->calls[hops[h]].is_icall && nt == 0)
			continue;
		uint32_t cfs = fs_of_func(a, p->calls[h ? hops[h - 1] : site].fn);
		if (cfs && cfs != ofs)
			return 1;
	}
	return 0;
}

/* Only kswapd takes the lock (file-page writeback from pageout()): the
 * allocating task's own reclaim does not, so a scope in this task changes
 * nothing (kswapd waiting on the lock is no recursion).  A model fs lock row
 * stands on its own reason. */
static int kswapd_only(struct analysis *a, int o, const struct rclass *rcl)
{
	const struct mrow *lr = o >= 0 ? flow_lock_row(a, o, 0) : NULL;
	return rcl && rcl->kswapd && !(lr && lr->fs);
}

/* object_conflict_note: a lock of one object (a struct that is not per
 * superblock, an inode's i_rwsem) is no conflict unless a model row says why.
 * Reclaim takes such a class on the object it frees (which nobody holds: the
 * holder of a lock holds a reference), or on objects a filesystem looks up
 * internally (system inodes, EA inodes, inodes its GC fetches). For the held
 * object to be one of those, the holder must be locking that internal object
 * itself, which the class cannot tell: on 6.1 fs/ such findings were read
 * false 10 times out of 11 (reports/review/). A cluster lock row
 * (kind=cluster: ocfs2_inode_lock(inode)) is the same: reclaim's
 * ocfs2_delete_inode() locks the inode it evicts and the orphan-dir and
 * inode-alloc system inodes, while every holder read on 6.1 and 6.12 locked an
 * inode its caller pins (ocfs2_setattr()'s inode, acl.c; the directory of
 * ocfs2_create_inode_in_orphan(), suballoc.c) or the journal inode (journal.c),
 * read false 7 times out of 7 (reports/review/2026-12-06-d.md): no finding
 * (W_CLUSTER). Per-object locks that do conflict (ext4 i_data_sem under a
 * handle) are model rows, and stay, unless the scan walked that filesystem's
 * reclaim and no direct path takes the lock (W_UNTAKEN: ext4 i_data_sem,
 * which eviction takes only for an unlinked inode, never one reclaim evicts).
 * The same holds for a row of any kind (a jfs or btrfs transaction, which
 * eviction starts only for an unlinked inode; a lock only ->writepage takes,
 * from kswapd): such findings, reported low until 2026-12-06, were read false
 * every time since the unlinked-inode gate was understood
 * (docs/rules/missing-nofs.md, reports/review/2026-12-06-c.md). */

/* A held lock that gives no finding (object_conflict_note): only kswapd takes
 * it, it is a lock of one object (inferred, or an ocfs2-style cluster lock of
 * one inode), or a model row's lock no direct reclaim path takes. */
static int no_conflict(struct analysis *a, int o, const struct rclass *rcl, enum weak why)
{
	return kswapd_only(a, o, rcl) || why == W_OBJECT_INFERRED || why == W_CLUSTER || why == W_UNTAKEN;
}

int missing_nofs_conflict(struct analysis *a, int o, int *per_object)
{
	const struct rclass *rcl = NULL;
	enum weak why = W_NONE;
	enum conf conf = confidence_why(a, 0, o, &rcl, &why);
	(void)conf;
	if (per_object)
		*per_object = why == W_OBJECT;
	return !no_conflict(a, o, rcl, why);
}

/* The allocation at site x lies outside the subsystem of the lock taken at o
 * (path of ol bytes, `of`): report the call through which the lock's
 * filesystem leaves its own code, once per such call. */
static void boundary(struct rulectx *rc, const struct asite *x, const int *hops, int nh, int o, const char *of,
		     size_t ol, int **seen, size_t *nseen, size_t *capseen)
{
	struct analysis *a = rc->a;
	const struct program *p = a->prog;
	/* hops[nh-1] lies in the function that took the lock; walking towards the
	 * site, the first hop whose callee is outside the lock's subsystem */
	int k = -1;
	for (int h = nh - 1; h >= 0 && k < 0; h--) {
		int callee_fn = p->calls[h ? hops[h - 1] : x->call].fn;
		const char *cf = p->files[p->funcs[callee_fn].file].path;
		if (subsystem_len(cf) != ol || strncmp(cf, of, ol) != 0)
			k = h;
	}
	if (k < 0)
		return;
	int b = hops[k];
	for (size_t i = 0; i < *nseen; i++)
		if ((*seen)[i] == b)
			return;
	VEC_PUSH(*seen, *nseen, *capseen, b);
	const struct rclass *rcl = NULL;
	enum weak why;
	enum conf conf = confidence_why(a, 0, o, &rcl, &why);
	if (no_conflict(a, o, rcl, why))
		return;
	struct finding *f = finding_at_token(rc, R_missing_nofs, conf, -1, b);
	/* no region: the scope goes at the lock, which the fixer does not write for this one */
	const struct call *bc = &p->calls[b];
	const struct call *cl = &p->calls[x->call];
	char *what = lock_text(a, o, rcl);
	char *callee = bc->is_icall ? xasprintf("%s", istr(bc->callee)) : xasprintf("%s()", istr(bc->callee));
	finding_msg(f, "%s allocates with %s in %s() (%s:%d) while %s is held: direct reclaim can recurse into "
		       "the filesystem%s; open a NOFS scope at the lock",
		    callee, x->expr ? istr(x->expr) : "implicit GFP_KERNEL", func_name(a, cl->fn), p->files[cl->file].path,
		    cl->pos.line, what, weak_text(why));
	free(callee);
	free(what);
	add_chains(a, f, x->call, hops, nh, o, rcl, -1);
}

void rule_missing_nofs(struct rulectx *rc)
{
	struct analysis *a = rc->a;
	const struct sites *s = rc->s;
	const struct program *p = a->prog;
	int *seen = NULL;
	size_t nseen = 0, capseen = 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct asite *x = &s->v[i];
		if (!x->mask_known || !(x->mask & GB_FS) || !(x->mask & GB_DIRECT_RECLAIM))
			continue;
		if (!(x->cv.cls & PC_LOCK))
			continue;
		/* a path on which the lock is held, whose every hop can happen (a constant
		 * argument does not steer the callee away from the next call) */
		int hops[48], o = -1;
		int nh = x->via >= 0 && x->cv.inherited[pc_index(PC_LOCK)] == 0 ? 0 : lock_path(a, x->call, hops, 48, &o);
		if (nh < 0 || (o >= 0 && crosses_fs(a, x->call, hops, nh, o)))
			continue;
		if (!nh && x->via >= 0)
			o = x->cv.origin[pc_index(PC_LOCK)];
		/* Generic code (VFS, jbd2, crypto) reached under some filesystem's lock is
		 * fixed by a scope at that lock, not at the generic allocation: report
		 * only allocations in the lock's own subsystem. */
		const char *of = o >= 0 ? p->files[p->calls[o].file].path : NULL;
		const char *sf = p->files[p->calls[x->call].file].path;
		size_t ol = of ? subsystem_len(of) : 0;
		if (of && (ol != subsystem_len(sf) || strncmp(of, sf, ol) != 0)) {
			/* ... but a filesystem calling a generic helper that allocates
			 * (iget5_locked(), new_inode(), d_alloc()) under its own lock
			 * is reported at that call, in the filesystem */
			if (fs_of(a, p->files[p->calls[o].file].dir))
				boundary(rc, x, hops, nh, o, of, ol, &seen, &nseen, &capseen);
			continue;
		}
		const struct rclass *rcl = NULL;
		enum weak why = W_NONE;
		int mh = o < 0 && nh >= 0 ? must_hold_top(a, x->call, hops, nh) : -1;
		enum conf conf = o >= 0 ? confidence_why(a, nh == 0, o, &rcl, &why)
				 : mh >= 0 ? must_hold_confidence(a, mh, &rcl, &why)
					   : CONF_MEDIUM;
		if (no_conflict(a, o, rcl, why)) /* with o < 0, kswapd_only() is the class's own */
			continue;
		struct finding *f = finding_at_token(rc, R_missing_nofs, conf, x->tok, x->call);
		f->call = x->call;
		f->region = region_of_site(rc->regions, (int)i);
		const struct call *cl = &p->calls[x->call];
		char *what = mh >= 0 ? lock_class_text(p->funcs[mh].must_hold) : lock_text(a, o, rcl);
		finding_msg(f, "%s allocation in %s() can recurse into the filesystem through direct reclaim "
			       "while %s is held%s%s; open a NOFS scope at the lock",
			    x->expr ? istr(x->expr) : "implicit GFP_KERNEL", func_name(a, cl->fn), what,
			    x->via >= 0 ? " (through an allocator wrapper)" : "", weak_text(why));
		free(what);
		add_chains(a, f, x->call, hops, nh, o, rcl, mh);
	}
	free(seen);
}
