/* nofs-in-scope: combined flags, a comment inside the mask and a multi-line call keep their text. */
#include <linux/types.h>
#include <linux/slab.h>
#include <linux/sched/mm.h>

int myfs_fill(void **a, void **b, void **c, size_t n)
{
	unsigned int flags = memalloc_nofs_save();

	*a = kmalloc(n, GFP_NOFS | __GFP_ZERO | __GFP_NOFAIL);
	*b = kzalloc(n,
		     GFP_NOFS /* inherited */ | __GFP_NOWARN);
	*c = kcalloc(n,
		     sizeof(long),
		     __GFP_NOWARN | GFP_NOFS);
	memalloc_nofs_restore(flags);
	return 0;
}
