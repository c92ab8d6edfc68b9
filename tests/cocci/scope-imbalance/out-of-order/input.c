#include <linux/slab.h>
#include <linux/sched/mm.h>

void crossed(void)
{
	unsigned int a, b;

	a = memalloc_nofs_save();
	b = memalloc_noio_save();
	memalloc_nofs_restore(a);	/* EXPECT: scope-imbalance */
	memalloc_noio_restore(b);
}
