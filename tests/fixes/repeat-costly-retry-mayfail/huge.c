/* repeat-costly's fix on a 4.14 tree, which has __GFP_RETRY_MAYFAIL and no
 * __GFP_REPEAT: the flag is renamed on costly requests (order > 3), the rest of
 * the mask kept. Left alone: __GFP_REPEAT from a mask macro (reported at the
 * call, the macro may have other users) and an order-0 request (repeat-order0,
 * not selected). */
#include <linux/types.h>
#include <linux/gfp.h>
#include <linux/slab.h>

#define MYMOD_GFP (GFP_KERNEL | __GFP_REPEAT)

struct page *mymod_table(void)
{
	return alloc_pages(GFP_KERNEL | __GFP_REPEAT, 4);
}

unsigned long mymod_ring(void)
{
	return __get_free_pages(__GFP_REPEAT | GFP_KERNEL | __GFP_NOWARN, 9);
}

struct page *mymod_macro(void)
{
	return alloc_pages(MYMOD_GFP, 5);
}

struct page *mymod_small(void)
{
	return alloc_pages(GFP_KERNEL | __GFP_REPEAT, 0);
}
