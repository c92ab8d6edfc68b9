#include <linux/vmalloc.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>

struct blk_ctx {
	void *map;
};

int map_alloc(struct blk_ctx *c, size_t n)
{
	c->map = kvzalloc(n, GFP_NOIO);	/* EXPECT: vmalloc-nofs */
	if (!c->map)
		return -ENOMEM;
	return 0;
}
