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
	if (o->bound == BOUND_LOWER)
		snprintf(buf, n, "order >= %d", o->hi);
	else if (o->bound == BOUND_UPPER)
		snprintf(buf, n, "order <= %d", o->lo);
	else if (o->lo == o->hi)
		snprintf(buf, n, "order %d", o->lo);
	else
		snprintf(buf, n, "order %d to %d", o->hi, o->lo);
}

/* The `argval` record of argument idx of call c (sparse's evaluation), or NULL. */
static const struct argval *argval_of(const struct program *p, int c, int idx)
{
	const struct call *cl = &p->calls[c];
	for (size_t i = 0; i < p->nargvals; i++) {
		const struct argval *v = &p->argvals[i];
		if (v->file == cl->file && v->idx == idx && v->callee == cl->callee && v->pos.line == cl->pos.line &&
		    v->pos.col == cl->pos.col)
			return v;
	}
	return NULL;
}

/* Texts evaluated with the core's evaluator: 0 and the value for each page size. */
static int eval_pages(const struct analysis *a, const struct call *cl, const char *t, const long long *pages,
		      int npages, long long *v, struct rorder *o)
{
	for (int k = 0; k < npages; k++)
		if (cexpr_eval_fn(a, cl->fn, t, pages[k], &v[k], &o->via_macro, &o->def) || v[k] < 0)
			return -1;
	return 0;
}

/* Bounds from sparse's `argval` records of the size (times the count) or order
 * argument of call c: *lo and *hi (-1: unbounded), *size_arg when they are byte
 * counts. 0 when sparse gave them. */
static int argval_bounds(const struct analysis *a, int c, const struct mrow *r, long long page, long long *lo,
			 long long *hi, int *size_arg)
{
	const struct program *p = a->prog;
	const struct call *cl = &p->calls[c];
	*size_arg = !(r->order_idx >= 0 && r->order_idx < cl->nargs);
	const struct argval *v = argval_of(p, c, *size_arg ? r->size_idx : r->order_idx);
	if (!v)
		return -1;
	*lo = v->lo;
	*hi = v->hi;
	if (*size_arg && r->count_idx >= 0 && r->count_idx < cl->nargs) {
		const struct argval *n = argval_of(p, c, r->count_idx);
		long long nlo, nhi, x;
		if (n) {
			nlo = n->lo;
			nhi = n->hi;
		} else if (!cexpr_eval_fn(a, cl->fn, istr(cl->args[r->count_idx]), page, &x, NULL, NULL) && x >= 0) {
			nlo = nhi = x;
		} else {
			return -1;
		}
		*lo = nlo && *lo > (1LL << 50) / nlo ? (1LL << 50) : *lo * nlo;
		*hi = *hi < 0 || nhi < 0 ? -1 : (nhi && *hi > (1LL << 50) / nhi ? -1 : *hi * nhi);
	}
	return 0;
}

/* Bounds of the request when its value is not known exactly: sparse's
 * evaluation (`argval`, a build: one page size), else the declared types of the
 * variables in a size (`sizeof(*vs) + len`); a lower bound that is costly for
 * every page size, or an upper bound that is order 0..3 for every one, decides. */
static void order_bounds(const struct analysis *a, int c, const struct mrow *r, struct rorder *o,
			 const long long *pages, int npages, const char *pagetext)
{
	const struct call *cl = &a->prog->calls[c];
	long long lo[2], hi[2];
	int size_arg = 1, ok = 1;
	const char *from;
	if (npages == 1 && !argval_bounds(a, c, r, pages[0], &lo[0], &hi[0], &size_arg)) {
		from = "from sparse";
		lo[1] = lo[0];
		hi[1] = hi[0];
	} else if (r->order_idx < 0 && r->size_idx >= 0 && r->size_idx < cl->nargs) {
		from = "from the declared types";
		const char *n = r->count_idx >= 0 && r->count_idx < cl->nargs ? istr(cl->args[r->count_idx]) : NULL;
		for (int k = 0; k < npages && ok; k++) {
			long long nlo = 1, nhi = 1, x;
			ok = !cexpr_bounds(a, cl->fn, istr(cl->args[r->size_idx]), pages[k], &lo[k], &hi[k], &o->via_macro,
					   &o->def) ||
			     (!cexpr_eval_fn(a, cl->fn, istr(cl->args[r->size_idx]), pages[k], &x, &o->via_macro, &o->def) &&
			      (lo[k] = hi[k] = x) >= 0);
			if (ok && n)
				ok = !cexpr_bounds(a, cl->fn, n, pages[k], &nlo, &nhi, &o->via_macro, &o->def) ||
				     (!cexpr_eval_fn(a, cl->fn, n, pages[k], &x, &o->via_macro, &o->def) &&
				      (nlo = nhi = x) >= 0);
			if (ok) {
				lo[k] = nlo && lo[k] > (1LL << 50) / nlo ? (1LL << 50) : lo[k] * nlo;
				hi[k] = hi[k] < 0 || nhi < 0 ? -1 : (nhi && hi[k] > (1LL << 50) / nhi ? -1 : hi[k] * nhi);
			}
		}
		if (ok && npages == 1) {
			lo[1] = lo[0];
			hi[1] = hi[0];
		}
	} else {
		return;
	}
	if (!ok)
		return;
	int olo[2], ohi[2];
	for (int k = 0; k < 2; k++) {
		long long pg = pages[npages == 1 ? 0 : k];
		olo[k] = size_arg ? size_order(lo[k], pg) : (int)(lo[k] > 40 ? 40 : lo[k]);
		ohi[k] = hi[k] < 0 ? 99 : size_arg ? size_order(hi[k], pg) : (int)(hi[k] > 40 ? 40 : hi[k]);
	}
	const char *unit = size_arg ? " bytes" : "";
	char w[sizeof(o->what)];
	memcpy(w, o->what, sizeof(w));
	o->via_macro = 1;
	if (lo[0] == hi[0] && lo[1] == hi[1]) {
		o->known = 1;
		o->lo = olo[0];
		o->hi = olo[1];
		snprintf(o->what, sizeof(o->what), "%.120s = %lld%s as sparse evaluated it %.40s", w, lo[0], unit, pagetext);
	} else if (olo[0] > COSTLY_ORDER && olo[1] > COSTLY_ORDER) {
		o->known = 1;
		o->bound = BOUND_LOWER;
		o->lo = olo[0];
		o->hi = olo[1];
		snprintf(o->what, sizeof(o->what), "%.110s is at least %lld%s (a lower bound, %s) %.40s", w, lo[0], unit, from,
			 pagetext);
	} else if (ohi[0] <= COSTLY_ORDER && ohi[1] <= COSTLY_ORDER) {
		o->known = 1;
		o->bound = BOUND_UPPER;
		o->lo = ohi[0];
		o->hi = ohi[1];
		snprintf(o->what, sizeof(o->what), "%.110s is at most %lld%s (an upper bound, %s) %.40s", w, hi[0], unit, from,
			 pagetext);
	} else if (hi[0] >= 0) {
		snprintf(o->what, sizeof(o->what), "%.100s is between %lld and %lld%s (%s) %.40s", w, lo[0], hi[0], unit, from,
			 pagetext);
	} else if (lo[0] > 0) {
		snprintf(o->what, sizeof(o->what), "%.110s is at least %lld%s (%s) %.40s", w, lo[0], unit, from, pagetext);
	}
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
	/* facts of a build (sparse) know the configured page size: the order is
	 * that build's; otherwise both 4 KiB and 64 KiB pages must agree */
	int shift = cl->file >= 0 ? p->files[cl->file].page_shift : 0;
	long long pages[2] = {PAGES[0], PAGES[1]};
	int npages = 2;
	char pagetext[64] = "with 4 KiB pages";
	if (shift >= 9 && shift <= 20) {
		pages[0] = pages[1] = 1LL << shift;
		npages = 1;
		snprintf(pagetext, sizeof(pagetext), "with this build's %lld KiB pages", pages[0] / 1024);
	}
	if (r->fixed_order >= 0) {
		o->known = 1;
		o->lo = o->hi = r->fixed_order;
		snprintf(o->what, sizeof(o->what), "%s() allocates order %d", istr(cl->callee), r->fixed_order);
	} else if (r->order_idx >= 0 && r->order_idx < cl->nargs) {
		const char *t = istr(cl->args[r->order_idx]);
		long long v[2];
		if (!eval_pages(a, cl, t, pages, npages, v, o) && v[0] < 40 && v[npages - 1] < 40) {
			o->known = 1;
			o->lo = (int)v[0];
			o->hi = (int)v[npages - 1];
		}
		snprintf(o->what, sizeof(o->what), "order argument '%.150s'", t);
	} else if (r->size_idx >= 0 && r->size_idx < cl->nargs) {
		const char *t = istr(cl->args[r->size_idx]);
		const char *n = r->count_idx >= 0 && r->count_idx < cl->nargs ? istr(cl->args[r->count_idx]) : NULL;
		long long v[2];
		int ok = !eval_pages(a, cl, t, pages, npages, v, o);
		for (int k = 0; k < npages && ok; k++) {
			long long cnt = 1;
			ok = !n || (!cexpr_eval_fn(a, cl->fn, n, pages[k], &cnt, &o->via_macro, &o->def) && cnt >= 0 &&
				    (cnt == 0 || v[k] <= (1LL << 50) / cnt));
			v[k] *= cnt;
		}
		if (ok) {
			o->known = 1;
			o->lo = size_order(v[0], pages[0]);
			o->hi = size_order(v[npages - 1], pages[npages - 1]);
			if (n)
				snprintf(o->what, sizeof(o->what), "size '%.70s' * '%.70s' = %lld bytes %.40s", n, t, v[0],
					 pagetext);
			else
				snprintf(o->what, sizeof(o->what), "size '%.140s' = %lld bytes %.40s", t, v[0], pagetext);
		} else {
			snprintf(o->what, sizeof(o->what), "size '%.70s%s%.70s'", n ? n : "", n ? "' * '" : "", t);
		}
	} else {
		snprintf(o->what, sizeof(o->what), "%s() has no size or order argument gfpcheck can read",
			 istr(cl->callee));
	}
	if (!o->known && r->fixed_order < 0)
		order_bounds(a, c, r, o, pages, npages, pagetext);
	if (o->known)
		o->cls = o->lo <= COSTLY_ORDER && o->hi <= COSTLY_ORDER ? ORD_CHEAP
			 : o->lo > COSTLY_ORDER && o->hi > COSTLY_ORDER ? ORD_COSTLY
									  : ORD_UNKNOWN;
}
