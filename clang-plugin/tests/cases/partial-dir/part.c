/* F4 (resolved): an extern function without callers in a directory where
 * Coccinelle read a file only partly (hdr.h: an attribute macro it cannot
 * parse). The lines it left out do not name myfs_lonely(), so its callers are
 * known on the Coccinelle facts too; Clang and sparse read everything. */
#include <linux/types.h>
#include <linux/slab.h>
#include "hdr.h"

int myfs_lonely(void **p)
{
	*p = kmalloc(64, GFP_NOFS); /* every front end: nofs-no-context (low) */
	return *p != NULL;
}
