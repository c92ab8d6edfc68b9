#include <linux/slab.h>
#include <linux/gfp.h>

struct page *alloc_pages_node(int nid, gfp_t gfp_mask, unsigned int order);
int get_order(unsigned long size);

struct page *small(unsigned int order)
{
	struct page *a = alloc_pages(GFP_KERNEL | __GFP_REPEAT, 3);	/* EXPECT-NOT: order 3 is not costly */
	struct page *b = alloc_pages(GFP_KERNEL | __GFP_REPEAT, order);	/* EXPECT-NOT: order unknown */
	void *c = kmalloc(65536, GFP_KERNEL | __GFP_REPEAT);	/* EXPECT-NOT: order 0 with 64K pages */

	kfree(c);
	return a ? a : b;
}
