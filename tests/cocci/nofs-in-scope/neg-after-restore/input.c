#include <linux/slab.h>
#include <linux/sched/mm.h>

void *after(size_t n)
{
	unsigned int flags;
	void *p, *q;

	flags = memalloc_nofs_save();
	p = kmalloc(n, GFP_KERNEL);
	memalloc_nofs_restore(flags);
	q = kmalloc(n, GFP_NOFS);	/* EXPECT-NOT: after the restore */
	kfree(p);
	return q;
}
