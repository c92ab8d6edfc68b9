/* D17: an assignment through a cast.  Clang records `assign` (the cast does not
 * change what is stored); Coccinelle does not.  `assign` records are compared
 * only with ALL_KINDS=1. */
#include <linux/types.h>

unsigned long myfs_offset(int slot);

unsigned int myfs_cast(int slot)
{
	unsigned int off;

	off = (unsigned int)myfs_offset(slot);
	return off;
}
