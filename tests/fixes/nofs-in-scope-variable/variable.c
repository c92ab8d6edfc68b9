/* nofs-in-scope: the flag is held in a variable; the token is rewritten where it is written. */
#include <linux/types.h>
#include <linux/slab.h>
#include <linux/sched/mm.h>

static void *myfs_get(size_t n, gfp_t gfp)
{
	return kmalloc(n, gfp);
}

int myfs_var(void **a, void **b)
{
	unsigned int flags;
	gfp_t gfp = GFP_NOFS; /* the caller's context */

	flags = memalloc_nofs_save();
	*a = kmalloc(32, gfp);
	*b = myfs_get(64, GFP_NOFS | __GFP_ZERO);
	memalloc_nofs_restore(flags);
	return 0;
}
