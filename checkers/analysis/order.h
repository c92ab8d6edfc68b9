/* order.h - the request order of an allocation, worked out from the texts of
 * its arguments: a constant order argument, get_order(...), a constant size
 * (numbers, PAGE_SIZE, PAGE_SHIFT, SZ_*, object-like macros from `define`
 * facts), sizeof of basic types and of structs from `struct` facts, and the
 * allocator's fixed-order=. Orders are computed for 4 KiB and 64 KiB base pages
 * (the same convention as cocci/repeat-*.cocci): a request is order-0-like when
 * it is at most PAGE_ALLOC_COSTLY_ORDER for both, costly when it is above it for
 * both, otherwise unknown. The expressions are evaluated by cexpr.c. Facts of
 * a build (the sparse front end: `target` and `argval` records) give the
 * configured page size, so the order is that build's, and the values sparse
 * evaluated where the texts are beyond cexpr.c: exact, or a lower bound (enough
 * to call a request costly) or an upper bound (enough to call it order 0..3).
 * Also which allocator row and gfp argument a call (or a wrapper) has. */
#ifndef GFPCHECK_ORDER_H
#define GFPCHECK_ORDER_H
#include <stdio.h>

#include "analysis/analysis.h"

#define COSTLY_ORDER 3 /* PAGE_ALLOC_COSTLY_ORDER */

enum { ORD_UNKNOWN = 0, ORD_CHEAP = 1, ORD_COSTLY = 2 };
/* how the order is known: exactly, or a bound that decides the class */
enum { BOUND_EXACT = 0, BOUND_LOWER = 1, BOUND_UPPER = 2 };

struct rorder {
	int known;      /* lo/hi valid */
	int lo, hi;     /* order with 4 KiB and with 64 KiB pages (lo >= hi) */
	int cls;        /* ORD_* */
	int bound;      /* BOUND_*: lo == hi is a lower bound (costly) or an upper bound (order 0..3) */
	int via_macro;  /* a define or struct layout was used */
	int def;        /* index of the first define used (evidence), or -1 */
	char what[400]; /* how it was worked out, or why it is unknown */
};

/* Order of the allocation made by call c (a modelled allocator). */
void call_order(const struct analysis *a, int c, struct rorder *o);
/* --explain-orders: every request with a size or order argument, its order
 * and how it was worked out, and the counts (order_explain.c). */
void order_explain(const struct analysis *a, FILE *out);
/* "order 0", "order 0 to 3" */
void order_text(const struct rorder *o, char *buf, size_t n);

/* The allocator row of call c, following inferred wrappers to the allocator they
 * call (depth 8); *via_wrapper set when a wrapper was followed. NULL if none. */
const struct mrow *alloc_row_of(const struct analysis *a, int c, int *via_wrapper);
/* Is the gfp argument of call c (allocator or wrapper) argument idx? */
int gfp_arg_index(const struct analysis *a, int c);
#endif
