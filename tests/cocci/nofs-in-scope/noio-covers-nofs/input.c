#include <linux/slab.h>
#include <linux/sched/mm.h>

void *buf_alloc(size_t n)
{
	unsigned int noio_flag = memalloc_noio_save();
	void *p;

	p = kzalloc(n, GFP_NOFS);	/* EXPECT: nofs-in-scope */
	memalloc_noio_restore(noio_flag);
	return p;
}
