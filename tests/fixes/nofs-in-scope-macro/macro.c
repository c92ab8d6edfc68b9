/* nofs-in-scope: GFP_NOFS written in the argument of an allocator macro at the call site. */
#include <linux/types.h>
#include <linux/slab.h>
#include <linux/sched/mm.h>

#define MYFS_ALLOC(n, gfp) kmalloc((n), (gfp) | __GFP_NOWARN)

int myfs_macro(void **a, void **b)
{
	unsigned int flags = memalloc_nofs_save();

	*a = MYFS_ALLOC(16, GFP_NOFS);
	*b = MYFS_ALLOC(sizeof(long) * 4,
			GFP_NOFS | __GFP_ZERO);
	memalloc_nofs_restore(flags);
	return 0;
}
