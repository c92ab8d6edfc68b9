#include <linux/vmalloc.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>

void *scoped_table(unsigned long size)
{
	unsigned int flags = memalloc_noio_save();
	void *t = __vmalloc(size, GFP_NOFS);	/* EXPECT-NOT: the NOIO scope covers the page tables too */

	memalloc_noio_restore(flags);
	return t;
}

void *nofs_scope_noio_mask(unsigned long size)
{
	unsigned int flags = memalloc_nofs_save();
	void *t;

	t = kvmalloc(size, GFP_NOIO);	/* EXPECT: vmalloc-nofs (a NOFS scope does not make it NOIO) */
	memalloc_nofs_restore(flags);
	return t;
}
