#include <linux/vmalloc.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>

void *table_alloc(unsigned long size)
{
	void *t;

	t = __vmalloc(size, GFP_NOFS | __GFP_ZERO);	/* EXPECT: vmalloc-nofs */
	return t;
}
