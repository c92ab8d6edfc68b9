#include <linux/slab.h>
#include <linux/sched/mm.h>

void *flags_alloc(void)
{
	unsigned int pflags = memalloc_flags_save(PF_MEMALLOC_NOFS);
	void *p = kmalloc(32, GFP_NOFS);	/* EXPECT: nofs-in-scope */

	memalloc_flags_restore(pflags);
	return p;
}

void *memalloc_only(void)
{
	unsigned int pflags = memalloc_flags_save(PF_MEMALLOC);
	void *p = kmalloc(32, GFP_NOFS);	/* EXPECT-NOT: PF_MEMALLOC is no NOFS scope */

	memalloc_flags_restore(pflags);
	return p;
}
