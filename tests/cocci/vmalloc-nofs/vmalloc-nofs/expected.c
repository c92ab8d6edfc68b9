#include <linux/vmalloc.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>

void *table_alloc(unsigned long size)
{
	unsigned int nofs_flag;
	void *t;

	/* vmalloc allocates page tables with GFP_KERNEL: make them NOFS too */
	nofs_flag = memalloc_nofs_save();
	t = __vmalloc(size, GFP_KERNEL | __GFP_ZERO);
	memalloc_nofs_restore(nofs_flag);	/* EXPECT: vmalloc-nofs */
	return t;
}
