#include <linux/vmalloc.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>

struct blk_ctx {
	void *map;
};

int map_alloc(struct blk_ctx *c, size_t n)
{
	unsigned int noio_flag;
	/* vmalloc allocates page tables with GFP_KERNEL: make them NOIO too */
	noio_flag = memalloc_noio_save();
	c->map = kvzalloc(n, GFP_KERNEL);
	memalloc_noio_restore(noio_flag);	/* EXPECT: vmalloc-nofs */
	if (!c->map)
		return -ENOMEM;
	return 0;
}
