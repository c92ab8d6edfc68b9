#include <linux/slab.h>
#include <linux/sched/mm.h>

void *maybe_scoped(size_t n, bool nofs)
{
	unsigned int flags = 0;
	void *p;

	if (nofs)
		flags = memalloc_nofs_save();
	p = kmalloc(n, GFP_NOFS);	/* EXPECT-NOT: the scope is open on one branch only */
	if (nofs)
		memalloc_nofs_restore(flags);
	return p;
}
