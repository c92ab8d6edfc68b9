/* order_explain.c - `gfpcheck --explain-orders`: the page order of every
 * request to a modelled allocator with a size or order argument, and counts by
 * outcome (what the order rules can decide on a tree; see order.h). */
#include <stdio.h>
#include <string.h>

#include "analysis/order.h"
#include "base/util.h"

void order_explain(const struct analysis *a, FILE *out)
{
	const struct program *p = a->prog;
	int n = 0, cheap = 0, costly = 0, unknown = 0, pagedep = 0, lower = 0, upper = 0, sparse = 0;
	for (size_t c = 0; c < p->ncalls; c++) {
		const struct call *cl = &p->calls[c];
		if (cl->is_icall || cl->fn < 0)
			continue;
		const struct mrow *r = model_find1(a->model, ROW_ALLOC, cl->callee);
		if (!r || r->fixed_order >= 0 || (r->size_idx < 0 && r->order_idx < 0))
			continue;
		struct rorder o;
		call_order(a, (int)c, &o);
		n++;
		const char *cls = o.cls == ORD_CHEAP ? "order 0-3" : o.cls == ORD_COSTLY ? "costly" : "unknown";
		if (o.cls == ORD_CHEAP)
			cheap++;
		else if (o.cls == ORD_COSTLY)
			costly++;
		else
			unknown++;
		if (o.cls == ORD_UNKNOWN && o.known)
			pagedep++;
		lower += o.bound == BOUND_LOWER;
		upper += o.bound == BOUND_UPPER;
		sparse += o.known && strstr(o.what, "sparse") != NULL;
		char ot[64] = "";
		if (o.known)
			order_text(&o, ot, sizeof(ot));
		fprintf(out, "%s:%d: %s(): %s%s%s: %s\n", p->files[cl->file].path, cl->pos.line, istr(cl->callee), cls,
			o.known ? ", " : "", ot, o.what);
	}
	fprintf(out,
		"gfpcheck: %d allocation requests with a size or order argument: %d of order 0-3, %d costly, %d unknown "
		"(%d of them depend on the page size); %d decided by a lower bound, %d by an upper bound, %d with "
		"sparse's values\n",
		n, cheap, costly, unknown, pagedep, lower, upper, sparse);
}
