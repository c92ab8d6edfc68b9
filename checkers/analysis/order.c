/* order.c - the request order of an allocation, worked out from its
 * arguments with the constant-expression evaluator (cexpr.c); see order.h. */
#include <stdio.h>
#include <string.h>

#include "analysis/cexpr.h"
#include "analysis/order.h"
#include "base/util.h"

static const long long PAGES[2] = {4096, 65536};

const struct mrow *alloc_row_of(const struct analysis *a, int c, int *via_wrapper)
{
	const struct program *p = a->prog;
	*via_wrapper = 0;
	for (int depth = 0; depth < 8 && c >= 0; depth++) {
		const struct call *cl = &p->calls[c];
		if (cl->is_icall)
			return NULL;
		const struct mrow *r = model_find1(a->model, ROW_ALLOC, cl->callee);
		if (r)
			return r;
		if (cl->target < 0 || p->funcs[cl->target].alloc_gfp_param < 0)
			return NULL;
		*via_wrapper = 1;
		c = p->funcs[cl->target].alloc_via_call;
	}
	return NULL;
}

int gfp_arg_index(const struct analysis *a, int c)
{
	const struct program *p = a->prog;
	const struct call *cl = &p->calls[c];
	if (cl->is_icall)
		return -2;
	const struct mrow *r = model_find1(a->model, ROW_ALLOC, cl->callee);
	if (r)
		return r->gfp_idx;
	if (cl->target >= 0 && p->funcs[cl->target].alloc_gfp_param >= 0)
		return p->funcs[cl->target].alloc_gfp_param;
	return -2;
}

void order_text(const struct rorder *o, char *buf, size_t n)
{
	if (o->lo == o->hi)
		snprintf(buf, n, "order %d", o->lo);
	else
		snprintf(buf, n, "order %d to %d", o->hi, o->lo);
}

void call_order(const struct analysis *a, int c, struct rorder *o)
{
	const struct program *p = a->prog;
	const struct call *cl = &p->calls[c];
	memset(o, 0, sizeof(*o));
	o->def = -1;
	const struct mrow *r = cl->is_icall ? NULL : model_find1(a->model, ROW_ALLOC, cl->callee);
	if (!r) {
		snprintf(o->what, sizeof(o->what), "%s() passes the mask to an allocator with an order of its own",
			 istr(cl->callee));
		return;
	}
	if (r->fixed_order >= 0) {
		o->known = 1;
		o->lo = o->hi = r->fixed_order;
		snprintf(o->what, sizeof(o->what), "%s() allocates order %d", istr(cl->callee), r->fixed_order);
	} else if (r->order_idx >= 0 && r->order_idx < cl->nargs) {
		const char *t = istr(cl->args[r->order_idx]);
		long long v[2];
		int ok = 1;
		for (int k = 0; k < 2 && ok; k++)
			ok = !cexpr_eval(a, t, PAGES[k], &v[k], &o->via_macro, &o->def) && v[k] >= 0 && v[k] < 40;
		if (ok) {
			o->known = 1;
			o->lo = (int)v[0];
			o->hi = (int)v[1];
		}
		snprintf(o->what, sizeof(o->what), "order argument '%.150s'", t);
	} else if (r->size_idx >= 0 && r->size_idx < cl->nargs) {
		const char *t = istr(cl->args[r->size_idx]);
		const char *n = r->count_idx >= 0 && r->count_idx < cl->nargs ? istr(cl->args[r->count_idx]) : NULL;
		long long v[2];
		int ok = 1;
		for (int k = 0; k < 2 && ok; k++) {
			long long cnt = 1;
			ok = !cexpr_eval(a, t, PAGES[k], &v[k], &o->via_macro, &o->def) && v[k] >= 0 &&
			     (!n || (!cexpr_eval(a, n, PAGES[k], &cnt, &o->via_macro, &o->def) && cnt >= 0 &&
				     (cnt == 0 || v[k] <= (1LL << 50) / cnt)));
			v[k] *= cnt;
		}
		if (ok) {
			o->known = 1;
			o->lo = size_order(v[0], PAGES[0]);
			o->hi = size_order(v[1], PAGES[1]);
			if (n)
				snprintf(o->what, sizeof(o->what), "size '%.70s' * '%.70s' = %lld bytes with 4 KiB pages", n,
					 t, v[0]);
			else
				snprintf(o->what, sizeof(o->what), "size '%.140s' = %lld bytes with 4 KiB pages", t, v[0]);
		} else {
			snprintf(o->what, sizeof(o->what), "size '%.70s%s%.70s'", n ? n : "", n ? "' * '" : "", t);
		}
	} else {
		snprintf(o->what, sizeof(o->what), "%s() has no size or order argument gfpcheck can read",
			 istr(cl->callee));
	}
	if (o->known)
		o->cls = o->lo <= COSTLY_ORDER && o->hi <= COSTLY_ORDER ? ORD_CHEAP
			 : o->lo > COSTLY_ORDER && o->hi > COSTLY_ORDER ? ORD_COSTLY
									  : ORD_UNKNOWN;
}
