#include <linux/slab.h>
#include <linux/sched/mm.h>

int fill(void **slot, int fail)
{
	unsigned int flags;

	flags = memalloc_nofs_save();
	if (fail) {
		memalloc_nofs_restore(flags);
		return -EINVAL;
	}
	if (!(*slot = kmalloc(64, GFP_NOFS)))	/* EXPECT: nofs-in-scope */
		goto out;
	slot[1] = kmalloc_array(4, 16, GFP_NOFS | __GFP_NOFAIL);	/* EXPECT: nofs-in-scope */
out:
	memalloc_nofs_restore(flags);
	return 0;
}
