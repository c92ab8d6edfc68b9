/* noio-in-scope's fix: a GFP_NOIO that every path reaches inside a NOIO scope,
 * opened in the same function or in every caller, becomes GFP_KERNEL with its
 * other flags kept; a GFP_NOIO that one path reaches outside the scope stays. */
#include <linux/types.h>
#include <linux/slab.h>
#include <linux/sched/mm.h>

static void *myblk_get(size_t n)
{
	return kmalloc(n, GFP_NOIO | __GFP_NOWARN);
}

static void *myblk_get_any(size_t n)
{
	return kmalloc(n, GFP_NOIO);
}

void *myblk_a(void **q)
{
	unsigned int noio = memalloc_noio_save();
	void *p = myblk_get(8);

	*q = kzalloc(64, __GFP_ZERO | GFP_NOIO);
	myblk_get_any(8);
	memalloc_noio_restore(noio);
	return p;
}

void *myblk_b(void)
{
	unsigned int noio = memalloc_noio_save();
	void *p = myblk_get(16);

	memalloc_noio_restore(noio);
	return myblk_get_any(16) ? p : NULL;
}
