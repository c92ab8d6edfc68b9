/* The flag rules' fixes: the whole mask is rewritten, the rest of the line kept (4.14 tree). */
#include <linux/types.h>
#include <linux/gfp.h>
#include <linux/slab.h>
#include <linux/sched/mm.h>

struct page *myblk_pages(int which)
{
	if (which == 0)
		return alloc_pages(GFP_KERNEL | __GFP_REPEAT, 0);
	if (which == 1)
		return alloc_pages(__GFP_REPEAT | GFP_KERNEL | __GFP_NOWARN, 2);
	return alloc_pages(GFP_KERNEL | __GFP_REPEAT, 5); /* costly */
}

void *myblk_buf(unsigned long n)
{
	void *a = kzalloc(n, GFP_KERNEL & ~__GFP_FS);
	void *b = kzalloc(n, (GFP_NOFS | __GFP_FS));

	kfree(b);
	return a;
}

void *myblk_io(unsigned long n)
{
	unsigned int noio = memalloc_noio_save();
	void *p = kzalloc(n, GFP_NOIO | __GFP_ZERO);

	memalloc_noio_restore(noio);
	return p;
}
