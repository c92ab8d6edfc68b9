/* F4: an extern function without callers in a directory where Coccinelle read
 * a file only partly (hdr.h: an attribute macro it cannot parse).  The core takes
 * its callers as unknown there on the Coccinelle facts; Clang read everything. */
#include <linux/types.h>
#include <linux/slab.h>
#include "hdr.h"

int myfs_lonely(void **p)
{
	*p = kmalloc(64, GFP_NOFS); /* Clang only: nofs-no-context (low) */
	return *p != NULL;
}
