/* nofs-to-scope on a lock named on the command line (--scope-lock myfs_grab:myfs_drop). */
#include <linux/types.h>
#include <linux/slab.h>
struct myfs_dev;
void myfs_grab(struct myfs_dev *dev);
void myfs_drop(struct myfs_dev *dev);

int myfs_refill(struct myfs_dev *dev, void **a, void **b)
{
	myfs_grab(dev);
	*a = kmalloc(64, GFP_NOFS);
	*b = kmalloc(64, GFP_NOFS);
	myfs_drop(dev);
	return 0;
}
