/* F2 / D9: Clang compiles the configured branch of #ifdef only; Coccinelle
 * reads every branch it can parse. */
#include <linux/types.h>
#include <linux/slab.h>

#ifdef MYFS_DEBUG_EXPENSIVE
void *myfs_debug_copy(void)
{
	return kzalloc(64, GFP_KERNEL | GFP_NOFS); /* Coccinelle only: nofs-fs-conflict */
}
#endif

void *myfs_copy(void)
{
	return kzalloc(64, GFP_KERNEL);
}
