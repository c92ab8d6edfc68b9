#include <linux/slab.h>
#include <linux/sched/mm.h>

int leaky(void *p)
{
	unsigned int flags;

	flags = memalloc_nofs_save();	/* EXPECT: scope-imbalance */
	if (!p)
		return -EINVAL;
	memalloc_nofs_restore(flags);
	return 0;
}
