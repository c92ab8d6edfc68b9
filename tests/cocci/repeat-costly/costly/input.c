#include <linux/slab.h>
#include <linux/gfp.h>

struct page *alloc_pages_node(int nid, gfp_t gfp_mask, unsigned int order);
int get_order(unsigned long size);

struct page *huge_table(void)
{
	return alloc_pages(GFP_KERNEL | __GFP_REPEAT | __GFP_NOWARN, 4);	/* EXPECT: repeat-costly */
}

unsigned long big_buffer(void)
{
	return __get_free_pages(GFP_KERNEL | __GFP_REPEAT, get_order(64 * PAGE_SIZE));	/* EXPECT: repeat-costly */
}

void *hash_alloc(void)
{
	return kmalloc(PAGE_SIZE << 5, __GFP_REPEAT | GFP_KERNEL);	/* EXPECT: repeat-costly */
}
