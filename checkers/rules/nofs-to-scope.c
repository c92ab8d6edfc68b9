/* nofs-to-scope: a lock region (one acquire of a modelled or inferred fs lock
 * context up to its releases) whose allocations, including those in callees
 * reached only from inside it, carry two or more GFP_NOFS flags. One
 * memalloc_nofs_save() after the acquire, documented by the lock it protects,
 * replaces them all (Hocko's plan); the fix flips the sites to GFP_KERNEL. A
 * region with a single GFP_NOFS allocation is left alone.
 *
 * Second kind: two or more GFP_NOFS tokens that no single region covers, but
 * that every path reaches inside a scope or a transaction, or while a lock
 * class reclaim takes is held (lockgroups.c): a scope at each place those
 * classes are taken covers them all (quota_tree.c under dqio_sem and dq_lock).
 * The fix needs a hand: it spans several regions, often several files. */
#include <stdlib.h>
#include <string.h>

#include "analysis/context.h"
#include "analysis/flow.h"
#include "analysis/lockclass.h"
#include "analysis/reclaim.h"
#include "model/gfpexpr.h"
#include "rules/rules.h"
#include "base/util.h"

#define GROUP_LIST 4 /* acquisitions and classes named in a message */
#define GROUP_HOPS 8 /* acquisitions shown as evidence */

/* "quota_info.dqio_sem and dquot.dq_lock" */
static char *group_classes(const struct lockgroup *g)
{
	struct strbuf b = {0};
	for (int i = 0; i < g->ncls && i < GROUP_LIST; i++) {
		char *t = lock_class_text(g->cls[i]);
		sb_addf(&b, "%s%s", i == 0 ? "" : i + 1 == g->ncls ? " and " : ", ", t);
		free(t);
	}
	if (g->ncls > GROUP_LIST)
		sb_addf(&b, " and %d more", g->ncls - GROUP_LIST);
	return b.s;
}

/* "down_read() in v2_read_file_info() at fs/quota/quota_v2.c:101, ..." */
static char *group_places(const struct analysis *a, const struct lockgroup *g)
{
	const struct program *p = a->prog;
	struct strbuf b = {0};
	for (int i = 0; i < g->nacq && i < GROUP_LIST; i++) {
		const struct call *c = &p->calls[g->acq[i].call];
		sb_addf(&b, "%s%s() in %s() at %s:%d", i ? ", " : "", istr(c->callee), func_name(a, c->fn),
			p->files[c->file].path, c->pos.line);
	}
	if (g->nacq > GROUP_LIST)
		sb_addf(&b, ", and %d more", g->nacq - GROUP_LIST);
	return b.s;
}

/* The first acquisition of class cls in the group. */
static int group_acq_of(const struct lockgroup *g, uint32_t cls)
{
	for (int j = 0; j < g->nacq; j++)
		if (g->acq[j].cls == cls)
			return g->acq[j].call;
	return g->acq[0].call;
}

/* Can a scope open at every place of the group (the regions of its acquires,
 * built with the groups; the test the fixer makes first)? NULL when it can,
 * else why not (malloc'd). */
static char *group_unfixable(const struct analysis *a, const struct lockgroup *g)
{
	const struct program *p = a->prog;
	char *why = NULL;
	for (int k = 0; k < g->nacq && !why; k++) {
		const struct region *r = &g->reg[k];
		if (!r->ok) {
			char *lk = region_lock_text(a, r);
			const struct call *ac = &p->calls[r->acquire];
			why = xasprintf("the region of %s in %s() (%s:%d) cannot take a scope: %s", lk, func_name(a, r->fn),
					p->files[ac->file].path, ac->pos.line, r->why);
			free(lk);
		}
	}
	return why;
}

/* " (one lock per object: ...)": said where the lock's class is one per
 * object of a kind reclaim frees and no model row gives a reason it
 * conflicts; missing-nofs does not report such a lock at all
 * (docs/rules/missing-nofs.md). */
#define OBJECT_NOTE                                                                                             \
	" (one lock per object: reclaim takes it on objects it frees or looks up itself, so the scope is needed " \
	"only if the object locked here can be one of those; if it cannot, the GFP_NOFS can simply go)"

/* Is the lock taken at call o (class cls) one of each object of a kind
 * reclaim frees (an inode's i_rwsem), with no model row of a filesystem that
 * gives it a reason, or a cluster lock row's (ocfs2_inode_lock(inode): one
 * per inode, and reclaim's ocfs2_delete_inode() locks the inode it evicts,
 * which nobody else holds; missing-nofs gives it no finding, W_CLUSTER)? */
static int object_class(const struct analysis *a, int o, uint32_t cls)
{
	const struct mrow *lr = flow_lock_row(a, o, 0);
	if (lr && lr->lkind == LK_CLUSTER)
		return 1;
	return cls && !(lr && lr->fs) && lock_class_freed(a, cls);
}

static void report_group(struct rulectx *rc, int gi)
{
	const struct lockgroup *g = &rc->regions->groups.v[gi];
	struct analysis *a = rc->a;
	const struct sites *s = rc->s;
	const struct program *p = a->prog;
	char *cls = group_classes(g), *places = group_places(a, g);
	char *unfixable = group_unfixable(a, g);
	char *how = unfixable ? xasprintf("the fix needs a hand: %s", unfixable) : xstrdup("one patch: every scope, then the sites");
	int kswapd = 1; /* does only kswapd's writeback take the classes? */
	int object = g->ncls > 0; /* is every class one lock per object, with no row's reason? */
	for (int i = 0; i < g->ncls; i++) {
		int o = group_acq_of(g, g->cls[i]);
		const struct rclass *rcl = reclaim_takes_in(a, g->cls[i], p->files[p->calls[o].file].dir);
		kswapd &= rcl && rcl->kswapd;
		object &= object_class(a, o, g->cls[i]);
	}
	object &= !kswapd; /* kswapd's writeback locks the inode of any dirty folio, this one too */
	for (int k = 0; k < g->ntoks; k++) {
		int site = -1; /* an allocation of the token reached with a lock held */
		for (size_t i = 0; i < s->n && site < 0; i++)
			if (s->v[i].nofs_tok == g->toks[k] && (s->v[i].cv.cls & PC_LOCK))
				site = (int)i;
		if (site < 0)
			continue;
		const struct asite *x = &s->v[site];
		struct finding *f = finding_at_token(rc, R_nofs_to_scope, kswapd || object ? CONF_LOW : CONF_MEDIUM,
						     g->toks[k], x->call);
		f->group = gi; /* its fix: a scope at every place of the group */
		finding_msg(f,
			    "GFP_NOFS is one of %d whose paths need NOFS only for %s, which reclaim takes%s%s (every other "
			    "path is inside a NOFS scope or a transaction, or keeps reclaim out); open a NOFS scope "
			    "(memalloc_nofs_save) where %s taken, at %d place%s (%s), and use GFP_KERNEL (%s)",
			    g->ntoks, cls,
			    kswapd ? " only in kswapd's writeback (the allocating task's own reclaim does not, but a "
				     "__GFP_FS allocation can wait for kswapd in throttle_direct_reclaim())"
				   : "",
			    object ? OBJECT_NOTE : "", g->ncls == 1 ? "it is" : "they are", g->nacq, g->nacq == 1 ? "" : "s",
			    places, how);
		finding_chain(rc, f, x->call, PC_LOCK, &x->cv);
		struct chain ch = {0};
		for (int i = 0, shown = 0; i < g->nacq && shown < GROUP_HOPS; i++) {
			int dup = 0; /* the path above may end at this acquisition */
			for (int e = 0; e < f->nev && !dup; e++)
				dup = f->ev[e].kind == HOP_LOCK && f->ev[e].call == g->acq[i].call;
			if (dup)
				continue;
			const struct call *c = &p->calls[g->acq[i].call];
			char *o = origin_text(a, g->acq[i].call, PC_LOCK);
			chain_add(&ch, HOP_LOCK, p->files[c->file].path, c->pos.line, g->acq[i].call, c->fn, -1, "%s", o);
			free(o);
			shown++;
		}
		finding_add_chain(f, &ch);
		for (int i = 0; i < g->ncls && i < GROUP_LIST; i++) { /* how direct reclaim takes each class */
			int c = group_acq_of(g, g->cls[i]);
			const struct rclass *rcl = reclaim_takes_in(a, g->cls[i], p->files[p->calls[c].file].dir);
			if (!rcl)
				continue;
			struct chain rch = {0};
			reclaim_chain(a, rcl, &rch);
			finding_add_chain(f, &rch);
		}
	}
	free(cls);
	free(places);
	free(unfixable);
	free(how);
}

void rule_nofs_to_scope(struct rulectx *rc)
{
	struct analysis *a = rc->a;
	const struct sites *s = rc->s;
	const struct program *p = a->prog;
	const struct regions *R = rc->regions;
	for (size_t r = 0; r < R->n; r++) {
		const struct region *g = &R->v[r];
		if (g->ntoks < 2)
			continue;
		char *lk = region_lock_text(a, g);
		const struct call *ac = &p->calls[g->acquire];
		uint32_t cls = held_class(a, g->acquire);
		const struct rclass *rcl = cls ? reclaim_takes_in(a, cls, p->files[ac->file].dir) : NULL;
		/* kswapd's writeback locks the inode of any dirty folio, this one too */
		int object = !(rcl && rcl->kswapd) && object_class(a, g->acquire, cls);
		for (int k = 0; k < g->ntoks; k++) {
			const struct gfptok *t = &p->gfps[g->toks[k]];
			int site = -1;
			for (size_t i = 0; i < s->n && site < 0; i++)
				if (s->v[i].nofs_tok == g->toks[k])
					site = (int)i;
			int call = site >= 0 ? s->v[site].call : t->call;
			/* a lock only kswapd's writeback takes: the allocating task's own
			 * reclaim never takes it, but a __GFP_FS allocation can wait for
			 * kswapd (throttle_direct_reclaim()), and lockdep's fs_reclaim map
			 * links kswapd's writeback to the lock */
			int kswapd = rcl && rcl->kswapd;
			enum conf conf = object ? CONF_LOW : g->in_callee || kswapd ? CONF_MEDIUM : CONF_HIGH;
			struct finding *f = finding_at_token(rc, R_nofs_to_scope, conf, g->toks[k], call);
			f->region = (int)r;
			const char *expr = t->call >= 0 && t->argidx >= 0 && t->argidx < p->calls[t->call].nargs
						   ? istr(p->calls[t->call].args[t->argidx])
						   : "GFP_NOFS";
			f->fix = gfp_replace_token(expr, "GFP_NOFS", "GFP_KERNEL");
			f->tok_fix = "GFP_KERNEL";
			finding_msg(f, "GFP_NOFS is one of %d in the region of %s in %s(); open one NOFS scope "
				       "(memalloc_nofs_save) after the lock is taken and use GFP_KERNEL%s%s%s",
				    g->ntoks, lk, func_name(a, g->fn),
				    kswapd ? " (only kswapd's writeback takes the lock, but a __GFP_FS allocation can wait "
					     "for kswapd in throttle_direct_reclaim())"
					   : "",
				    object ? OBJECT_NOTE : "", g->ok ? "" : " (the fix needs a hand: ");
			if (!g->ok) {
				char *m = xasprintf("%s%s)", f->message, g->why);
				free(f->message);
				f->message = m;
			}
			if (site >= 0 && p->calls[s->v[site].call].fn != g->fn) {
				finding_chain(rc, f, s->v[site].call, PC_LOCK, &s->v[site].cv);
			} else {
				struct chain ch = {0};
				char *o = origin_text(a, g->acquire, PC_LOCK);
				chain_add(&ch, HOP_LOCK, p->files[ac->file].path, ac->pos.line, g->acquire, ac->fn, g->row, "%s", o);
				free(o);
				finding_add_chain(f, &ch);
			}
			if (rcl) { /* why the lock needs NOFS: how direct reclaim takes it */
				struct chain ch = {0};
				reclaim_chain(a, rcl, &ch);
				finding_add_chain(f, &ch);
			}
		}
		free(lk);
	}
	for (size_t i = 0; i < R->groups.n; i++)
		report_group(rc, (int)i);
}
