/* repeat-costly on a 4.9 tree: __GFP_RETRY_MAYFAIL does not exist before 4.13
 * (the FIXON column of rules.def), so the costly __GFP_REPEAT is reported and
 * left as it is. */
#include <linux/types.h>
#include <linux/gfp.h>

struct page *mymod_table(void)
{
	return alloc_pages(GFP_KERNEL | __GFP_REPEAT, 4);
}
