/* sites.h - allocation sites: where a gfp mask written in the source reaches an
 * allocator (directly, through a local variable, or through wrapper parameters). */
#ifndef GFPCHECK_SITES_H
#define GFPCHECK_SITES_H
#include "analysis/analysis.h"
#include "analysis/context.h"

struct asite {
	int call;        /* the allocator or wrapper call */
	int via;         /* wrapper function called, or -1 for a modelled allocator */
	int tok;         /* gfp token reported (first token of the mask), -1: at the call */
	int nofs_tok;    /* the GFP_NOFS token of this mask, or -1 */
	uint32_t expr;   /* mask text (argument), 0 when implicit */
	uint32_t mask;
	int mask_known;
	struct classev cv; /* path classes at the allocation */
	int inner_lock;  /* via >= 0: the call that takes a counting lock the wrapper holds around its
			    allocation, whatever scope the callers hold (ext4_mb_init_group()'s buddy
			    pages), or -1 */
};

struct sites {
	struct asite *v;
	size_t n, cap;
};

void sites_build(struct analysis *a, struct sites *s);
void sites_free(struct sites *s);
#endif
