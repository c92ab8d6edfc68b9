/* nofs-no-context with --fix-rules nofs-no-context: no path holds an fs lock context. */
#include <linux/types.h>
#include <linux/slab.h>

static void *myfs_buf(size_t n)
{
	return kmalloc(n, GFP_NOFS);
}

void *myfs_get_buf(void)
{
	return myfs_buf(128);
}
