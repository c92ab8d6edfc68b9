#include <linux/slab.h>
#include <linux/sched/mm.h>

void wrong(void)
{
	unsigned int flags;

	flags = memalloc_nofs_save();
	memalloc_noio_restore(flags);	/* EXPECT: scope-imbalance */
}
