#include <linux/vmalloc.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>

void *in_condition(size_t n)
{
	void *p;

	if (!(p = kvmalloc(n, GFP_NOFS)))	/* EXPECT: vmalloc-nofs (report only: not a plain assignment) */
		return NULL;
	return p;
}

void *name_taken(size_t n)
{
	unsigned int nofs_flag = 0;
	void *p;

	p = __vmalloc(n, GFP_NOFS);	/* EXPECT: vmalloc-nofs (report only: nofs_flag is in use) */
	return nofs_flag ? NULL : p;
}
