/* repeat.c - __GFP_REPEAT uses (see repeat.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cexpr.h"
#include "rules/repeat.h"
#include "base/util.h"

static void merge_order(struct rorder *acc, const struct rorder *o, int first)
{
	if (first) {
		*acc = *o;
		return;
	}
	if (!o->known || !acc->known || o->cls != acc->cls || o->cls == ORD_UNKNOWN) {
		if (acc->known && o->known)
			snprintf(acc->what, sizeof(acc->what), "the allocations it reaches differ in order");
		else if (!o->known)
			memcpy(acc->what, o->what, sizeof(acc->what));
		acc->known = 0;
		acc->cls = ORD_UNKNOWN;
		return;
	}
	if (o->lo > acc->lo)
		acc->lo = o->lo;
	if (o->hi < acc->hi)
		acc->hi = o->hi;
	acc->via_macro |= o->via_macro;
}

static void use_at_call(const struct analysis *a, int c, struct repeat_use *u, int first)
{
	struct rorder o;
	int vw;
	const struct mrow *r = alloc_row_of(a, c, &vw);
	if (r && !vw) {
		call_order(a, c, &o);
	} else {
		memset(&o, 0, sizeof(o));
		o.def = -1;
		snprintf(o.what, sizeof(o.what), "%s() passes the mask on to an allocation whose order depends on its caller",
			 istr(a->prog->calls[c].callee));
		u->via_wrapper = 1;
	}
	merge_order(&u->ord, &o, first);
	if (first)
		u->call = c;
	u->nallocs++;
}

void repeat_uses(struct rulectx *rc, void (*fn)(struct rulectx *rc, const struct repeat_use *u))
{
	const struct analysis *a = rc->a;
	const struct program *p = a->prog;
	uint32_t rep = intern_lookup("__GFP_REPEAT");
	for (size_t g = 0; rep && g < p->ngfps; g++) {
		const struct gfptok *t = &p->gfps[g];
		if (t->token != rep)
			continue;
		struct repeat_use u;
		memset(&u, 0, sizeof(u));
		u.tok = (int)g;
		u.call = -1;
		u.def = -1;
		u.ord.def = -1;
		if (t->call >= 0) {
			const struct call *cl = &p->calls[t->call];
			if (t->argidx >= 0 && t->argidx < cl->nargs)
				u.expr = istr(cl->args[t->argidx]);
			if (gfp_arg_index(a, t->call) == t->argidx)
				use_at_call(a, t->call, &u, 1);
			else
				snprintf(u.ord.what, sizeof(u.ord.what), "the mask is passed to %s(), not a known allocator",
					 istr(cl->callee));
		} else if (t->var && t->fn >= 0) {
			const struct func *f = &p->funcs[t->fn];
			for (int i = 0; i < f->ncalls; i++) {
				int c = f->calls[i];
				int gi = gfp_arg_index(a, c);
				if (gi >= 0 && gi < p->calls[c].nargs && p->calls[c].args[gi] == t->var &&
				    pos_cmp(p->calls[c].pos, t->pos) > 0)
					use_at_call(a, c, &u, u.nallocs == 0);
			}
			if (!u.nallocs)
				snprintf(u.ord.what, sizeof(u.ord.what), "the mask is stored in '%s', which reaches no allocator "
					 "gfpcheck can see", istr(t->var));
		} else {
			snprintf(u.ord.what, sizeof(u.ord.what), "the mask reaches no allocator gfpcheck can see");
		}
		fn(rc, &u);
	}
	/* masks written as a macro: #define PGALLOC_GFP (GFP_KERNEL | __GFP_REPEAT) */
	int any = 0;
	for (size_t i = 0; i < p->ndefines && !any; i++)
		any = has_word(istr(p->defines[i].value), "__GFP_REPEAT");
	for (size_t c = 0; any && c < p->ncalls; c++) {
		int gi = gfp_arg_index(a, (int)c);
		const struct call *cl = &p->calls[c];
		if (gi < 0 || gi >= cl->nargs || cl->fn < 0)
			continue;
		const char *x = istr(cl->args[gi]);
		if (has_word(x, "__GFP_REPEAT"))
			continue;
		int def = -1;
		char *e = expand_macros(a, x, &def);
		if (has_word(e, "__GFP_REPEAT")) {
			struct repeat_use u;
			memset(&u, 0, sizeof(u));
			u.tok = -1;
			u.def = def;
			u.expr = x;
			use_at_call(a, (int)c, &u, 1);
			fn(rc, &u);
		}
		free(e);
	}
}

struct finding *repeat_finding(struct rulectx *rc, int rid, const struct repeat_use *u)
{
	const struct program *p = rc->a->prog;
	enum conf conf = u->ord.cls == ORD_UNKNOWN ? CONF_LOW : (u->ord.via_macro || u->def >= 0) ? CONF_MEDIUM : CONF_HIGH;
	struct finding *f = finding_at_token(rc, rid, conf, u->tok, u->call);
	if (u->call >= 0) {
		const struct call *cl = &p->calls[u->call];
		finding_hop(f, HOP_ALLOC, p->files[cl->file].path, cl->pos.line, u->call, cl->fn, -1, "%s(%s%s): %s",
			    istr(cl->callee), cl->nargs ? istr(cl->args[0]) : "", cl->nargs > 1 ? ", ..." : "", u->ord.what);
	}
	if (u->def >= 0) {
		const struct cdefine *d = &p->defines[u->def];
		finding_hop(f, HOP_DEFINE, p->files[d->file].path, d->pos.line, -1, -1, -1, "#define %s %s", istr(d->name),
			    istr(d->value));
	}
	if (u->ord.def >= 0 && u->ord.def != u->def) {
		const struct cdefine *d = &p->defines[u->ord.def];
		finding_hop(f, HOP_DEFINE, p->files[d->file].path, d->pos.line, -1, -1, -1, "#define %s %s", istr(d->name),
			    istr(d->value));
	}
	return f;
}

