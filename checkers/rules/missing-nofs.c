/* missing-nofs: an allocation whose mask allows __GFP_FS (and direct reclaim),
 * reachable while a modelled filesystem lock context is held and no NOFS scope is
 * open. Direct reclaim may recurse into the filesystem and wait on that context. */
#include <stdlib.h>
#include <string.h>

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

/* The lock's subsystem: where the chain's lock origin lies. */
static const char *origin_file(const struct analysis *a, const struct asite *x)
{
	const struct program *p = a->prog;
	int k = pc_index(PC_LOCK);
	int o = x->cv.origin[k];
	if (!x->cv.inherited[k])
		return o >= 0 ? p->files[p->calls[o].file].path : NULL;
	int g = p->calls[x->call].fn;
	for (int hop = 0; hop < 40 && g >= 0; hop++) {
		const struct ctxent *e = &a->ctx[g].ev[k];
		if (e->via < 0)
			return NULL;
		if (e->local)
			return e->origin >= 0 ? p->files[p->calls[e->origin].file].path : NULL;
		g = p->calls[e->via].fn;
	}
	return NULL;
}

void rule_missing_nofs(struct rulectx *rc)
{
	struct analysis *a = rc->a;
	const struct sites *s = rc->s;
	const struct program *p = a->prog;
	for (size_t i = 0; i < s->n; i++) {
		const struct asite *x = &s->v[i];
		if (!x->mask_known || !(x->mask & GB_FS) || !(x->mask & GB_DIRECT_RECLAIM))
			continue;
		if (!(x->cv.cls & PC_LOCK))
			continue;
		/* Generic code (VFS, jbd2, crypto) reached under some filesystem's lock is
		 * fixed by a scope at that lock, not at the generic allocation: report
		 * only allocations in the lock's own subsystem. */
		const char *of = origin_file(a, x);
		const char *sf = p->files[p->calls[x->call].file].path;
		size_t ol = of ? subsystem_len(of) : 0;
		if (of && (ol != subsystem_len(sf) || strncmp(of, sf, ol) != 0))
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
		enum conf conf = strong ? CONF_HIGH : CONF_MEDIUM;
		struct finding *f = finding_at_token(rc, R_missing_nofs, conf, x->tok, x->call);
		f->call = x->call;
		f->region = region_of_site(rc->regions, (int)i);
		const struct call *cl = &p->calls[x->call];
		finding_msg(f, "%s allocation in %s() can recurse into the filesystem through direct reclaim "
			       "while a filesystem lock context is held%s; open a NOFS scope at the lock",
			    x->expr ? istr(x->expr) : "implicit GFP_KERNEL", func_name(a, cl->fn),
			    x->via >= 0 ? " (through an allocator wrapper)" : "");
		finding_chain(rc, f, x->call, PC_LOCK, &x->cv);
	}
}
