#include <linux/slab.h>
#include <linux/sched/mm.h>

int my_work(void);

int crossed_decl(void)
{
	unsigned int nofs = memalloc_nofs_save();
	unsigned int noio = memalloc_noio_save();
	int ret = my_work();

	memalloc_nofs_restore(nofs);	/* EXPECT: scope-imbalance */
	memalloc_noio_restore(noio);
	return ret;
}
