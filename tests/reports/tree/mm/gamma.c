/* Report test tree: a scope opened and not closed on the error path. */
#include <linux/slab.h>
#include <linux/sched/mm.h>

int gamma_prepare(void **p, int fail)
{
	unsigned int flags;

	flags = memalloc_nofs_save();
	if (fail)
		return -EINVAL;
	*p = kmalloc(128, GFP_NOFS);
	memalloc_nofs_restore(flags);
	return 0;
}
