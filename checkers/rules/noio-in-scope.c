/* noio-in-scope: GFP_NOIO on an allocation that every path reaches inside a
 * NOIO scope (memalloc_noio_save(), memalloc_flags_save(PF_MEMALLOC_NOIO)),
 * opened in the same function or in all callers, across files. The flag is
 * redundant: the scope already clears __GFP_IO and __GFP_FS. GFP_NOFS inside a
 * NOIO scope is reported by nofs-in-scope (the NOIO scope covers NOFS). A NOFS
 * scope does not make GFP_NOIO redundant. Fix: GFP_NOIO -> GFP_KERNEL, other
 * flags kept. */
#include "model/gfpexpr.h"
#include "analysis/noio.h"
#include "analysis/order.h"
#include "rules/rules.h"
#include "base/util.h"

#define CALLERS_SHOWN 4 /* calls of the allocating function named, at the most */

static void report(struct rulectx *rc, int tok, int call)
{
	const struct analysis *a = rc->a;
	const struct program *p = a->prog;
	int origin;
	if (!call_always_noio(a, call, &origin))
		return;
	struct finding *f = finding_at_token(rc, R_noio_in_scope, CONF_HIGH, tok, call);
	const struct gfptok *t = &p->gfps[tok];
	if (t->call == call && t->argidx >= 0 && t->argidx < p->calls[call].nargs)
		f->fix = gfp_replace_token(istr(p->calls[call].args[t->argidx]), "GFP_NOIO", "GFP_KERNEL");
	finding_msg(f, "GFP_NOIO is redundant: every path reaches this allocation inside a NOIO scope; use GFP_KERNEL");
	const struct call *cl = &p->calls[call];
	if (origin >= 0) {
		const struct call *o = &p->calls[origin];
		if (o->fn != cl->fn) { /* the calls of the function, where the reader checks the scope */
			const struct func *fn = &p->funcs[cl->fn];
			int n = fn->ncallers + fn->nicallers;
			for (int i = 0; i < n && i < CALLERS_SHOWN; i++) {
				int c = i < fn->ncallers ? fn->callers[i] : fn->icallers[i - fn->ncallers];
				const struct call *k = &p->calls[c];
				finding_hop(f, HOP_CALLER, p->files[k->file].path, k->pos.line, c, k->fn, -1,
					    "%s() called from %s()%s", func_name(a, cl->fn), func_name(a, k->fn),
					    i == n - 1 || i == CALLERS_SHOWN - 1
						    ? (n > CALLERS_SHOWN ? " (and the other callers: every call is inside the scope)"
									 : " (every call is inside the scope)")
						    : "");
			}
			if (!n)
				finding_hop(f, HOP_CALLER, p->files[cl->file].path, cl->pos.line, call, cl->fn, -1,
					    "%s() is only called inside the scope", func_name(a, cl->fn));
		}
		const struct mrow *sr = o->is_icall ? NULL : model_find1(a->model, ROW_SCOPE, o->callee);
		finding_hop(f, HOP_SCOPE, p->files[o->file].path, o->pos.line, origin, o->fn,
			    sr ? (int)(sr - a->model->rows) : -1, "%s() opens a NOIO scope here", istr(o->callee));
	}
}

void rule_noio_in_scope(struct rulectx *rc)
{
	struct analysis *a = rc->a;
	const struct program *p = a->prog;
	uint32_t noio = intern_lookup("GFP_NOIO");
	for (size_t g = 0; noio && g < p->ngfps; g++) {
		const struct gfptok *t = &p->gfps[g];
		if (t->token != noio || t->fn < 0)
			continue;
		if (t->call >= 0) {
			if (gfp_arg_index(a, t->call) == t->argidx)
				report(rc, (int)g, t->call);
			continue;
		}
		if (!t->var)
			continue;
		/* a local mask variable: every allocation it reaches must be inside the scope */
		const struct func *f = &p->funcs[t->fn];
		int n = 0, all = 1, first = -1, origin;
		for (int i = 0; i < f->ncalls; i++) {
			int c = f->calls[i];
			int gi = gfp_arg_index(a, c);
			if (gi < 0 || gi >= p->calls[c].nargs || p->calls[c].args[gi] != t->var ||
			    pos_cmp(p->calls[c].pos, t->pos) < 0)
				continue;
			n++;
			if (first < 0)
				first = c;
			all &= call_always_noio(a, c, &origin);
		}
		if (n && all)
			report(rc, (int)g, first);
	}
}
