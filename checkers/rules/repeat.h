/* repeat.h - __GFP_REPEAT uses and the order of the requests they reach, shared
 * by repeat-order0, repeat-costly and repeat-unknown-order. */
#ifndef GFPCHECK_REPEAT_H
#define GFPCHECK_REPEAT_H
#include "analysis/order.h"
#include "rules/rules.h"

struct repeat_use {
	int tok;        /* the __GFP_REPEAT token, or -1 (mask macro: reported at the call) */
	int call;       /* an allocation it reaches (allocator or wrapper call), or -1 */
	int nallocs;    /* allocations reached */
	int via_wrapper;
	int def;        /* define that holds the flag (mask macro), or -1 */
	const char *expr; /* argument text holding the token, or NULL */
	struct rorder ord;  /* combined over the allocations */
};
/* Calls fn for every use of __GFP_REPEAT: a token in a mask, or a mask macro
 * whose expansion holds it. */
void repeat_uses(struct rulectx *rc, void (*fn)(struct rulectx *rc, const struct repeat_use *u));
/* The finding of a repeat-* rule at the use, with evidence; fix left NULL. */
struct finding *repeat_finding(struct rulectx *rc, int rid, const struct repeat_use *u);
#endif
