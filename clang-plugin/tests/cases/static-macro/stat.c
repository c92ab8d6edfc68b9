/* D14: XFS writes `STATIC` for `static noinline`.  Clang knows the function is
 * static; Coccinelle reads the written keywords and says extern. */
#include <linux/types.h>
#include <linux/slab.h>

#define STATIC static __attribute__((__noinline__))

STATIC void *myfs_stat_alloc(void)
{
	return kmalloc(64, GFP_NOFS); /* Coccinelle only: nofs-no-context (an extern function without callers) */
}
