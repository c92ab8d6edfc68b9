/* Uses the static inline function of the filesystem's own header. */
#include "myfs.h"

void *myfs_user(void)
{
	return myfs_buf(64);
}
