/* nofs-to-scope: a lock region (one acquire of a modelled or inferred fs lock
 * context up to its releases) whose allocations, including those in callees
 * reached only from inside it, carry two or more GFP_NOFS flags. One
 * memalloc_nofs_save() after the acquire, documented by the lock it protects,
 * replaces them all (Hocko's plan); the fix flips the sites to GFP_KERNEL. A
 * region with a single GFP_NOFS allocation is left alone. */
#include <stdlib.h>
#include <string.h>

#include "analysis/context.h"
#include "analysis/reclaim.h"
#include "model/gfpexpr.h"
#include "rules/rules.h"
#include "base/util.h"

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
		for (int k = 0; k < g->ntoks; k++) {
			const struct gfptok *t = &p->gfps[g->toks[k]];
			int site = -1;
			for (size_t i = 0; i < s->n && site < 0; i++)
				if (s->v[i].nofs_tok == g->toks[k])
					site = (int)i;
			int call = site >= 0 ? s->v[site].call : t->call;
			/* a lock only kswapd's writeback takes: the allocating task's own
			 * reclaim never waits for it, GFP_KERNEL alone may do (lockdep's
			 * fs_reclaim map still links kswapd's writeback to the lock) */
			int kswapd = rcl && rcl->kswapd;
			struct finding *f = finding_at_token(rc, R_nofs_to_scope,
							     g->in_callee || kswapd ? CONF_MEDIUM : CONF_HIGH, g->toks[k], call);
			f->region = (int)r;
			const char *expr = t->call >= 0 && t->argidx >= 0 && t->argidx < p->calls[t->call].nargs
						   ? istr(p->calls[t->call].args[t->argidx])
						   : "GFP_NOFS";
			f->fix = gfp_replace_token(expr, "GFP_NOFS", "GFP_KERNEL");
			finding_msg(f, "GFP_NOFS is one of %d in the region of %s in %s(); open one NOFS scope "
				       "(memalloc_nofs_save) after the lock is taken and use GFP_KERNEL%s%s",
				    g->ntoks, lk, func_name(a, g->fn),
				    kswapd ? " (only kswapd's writeback takes the lock: GFP_KERNEL without a scope may do, "
					     "though lockdep's fs_reclaim map links the two)"
					   : "",
				    g->ok ? "" : " (the fix needs a hand: ");
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
}
