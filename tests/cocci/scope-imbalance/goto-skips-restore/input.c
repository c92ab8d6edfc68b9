#include <linux/slab.h>
#include <linux/sched/mm.h>

void leaky_void(int x, void **slot)
{
	unsigned int noio = memalloc_noio_save();	/* EXPECT: scope-imbalance */

	if (x)
		goto out;
	*slot = kmalloc(8, GFP_KERNEL);
	memalloc_noio_restore(noio);
out:
	return;
}
