/* D15: a macro that drops its argument in this configuration (XFS `ASSERT()`
 * without CONFIG_XFS_DEBUG): the calls written in the argument are not
 * compiled; Coccinelle records them. */
#include <linux/types.h>

#define MYFS_ASSERT(expr) ((void)0)
int myfs_check(int x);

int myfs_asserting(int x)
{
	MYFS_ASSERT(myfs_check(x) == 0);
	return x;
}
