#include <linux/slab.h>
#include <linux/gfp.h>

struct page *alloc_pages_node(int nid, gfp_t gfp_mask, unsigned int order);
int get_order(unsigned long size);

struct page *pte_page_alloc(void)
{
	return alloc_page(GFP_KERNEL | __GFP_ZERO);	/* EXPECT: repeat-order0 */
}

unsigned long pgd_alloc_pages(void)
{
	return __get_free_pages(GFP_KERNEL, 0);	/* EXPECT: repeat-order0 */
}

void *ring_alloc(void)
{
	return kmalloc(4 * PAGE_SIZE, GFP_KERNEL);	/* EXPECT: repeat-order0 */
}

struct page *node_pages(int nid)
{
	return alloc_pages_node(nid, GFP_KERNEL, get_order(8192));	/* EXPECT: repeat-order0 */
}
