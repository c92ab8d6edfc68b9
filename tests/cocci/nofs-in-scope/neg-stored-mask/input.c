#include <linux/slab.h>
#include <linux/sched/mm.h>
#include <linux/pagemap.h>

struct ctx {
	gfp_t gfp;
};

void setup(struct address_space *mapping, struct ctx *c)
{
	unsigned int flags;
	gfp_t gfp;

	flags = memalloc_nofs_save();
	mapping_set_gfp_mask(mapping, GFP_NOFS);	/* EXPECT-NOT: the mask outlives the scope */
	c->gfp = GFP_NOFS;	/* EXPECT-NOT: stored for later */
	gfp = GFP_NOFS;	/* EXPECT-NOT: not given to a call */
	memalloc_nofs_restore(flags);
	c->gfp |= gfp;
}
