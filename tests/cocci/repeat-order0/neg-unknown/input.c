#include <linux/slab.h>
#include <linux/gfp.h>

struct page *alloc_pages_node(int nid, gfp_t gfp_mask, unsigned int order);
int get_order(unsigned long size);

struct big {
	char data[100000];
};

void *unknown(unsigned int order, size_t n)
{
	struct big *b = kmalloc(sizeof(*b), GFP_KERNEL | __GFP_REPEAT);	/* EXPECT-NOT: sizeof is unknown here */
	struct page *p = alloc_pages(GFP_KERNEL | __GFP_REPEAT, order);	/* EXPECT-NOT: order unknown */
	void *a = kcalloc(2, 64, GFP_KERNEL | __GFP_REPEAT);	/* EXPECT-NOT: array size */
	void *c = kmalloc(65536, GFP_KERNEL | __GFP_REPEAT);	/* EXPECT-NOT: costly with 4K pages, not with 64K */

	kfree(a);
	kfree(c);
	return p ? (void *)b : NULL;
}

struct page *costly(void)
{
	return alloc_pages(GFP_KERNEL | __GFP_REPEAT, 4);	/* EXPECT-NOT: costly: repeat-costly */
}
