/* nofs-to-scope: a suppressed site keeps its GFP_NOFS, so the region is not
 * wrapped (the scope would flip it) and stderr says which site holds it back. */
#include <linux/types.h>
#include <linux/slab.h>
struct myfs_sb_info;
void myfs_lock(struct myfs_sb_info *sbi);
void myfs_unlock(struct myfs_sb_info *sbi);

int myfs_update(struct myfs_sb_info *sbi, void **a, void **b, void **c)
{
	myfs_lock(sbi);
	*a = kmalloc(64, GFP_NOFS);
	/* gfpcheck: ignore nofs-to-scope -- also called from the 4.9 backport */
	*b = kmalloc(64, GFP_NOFS);
	*c = kmalloc(64, GFP_NOFS);
	myfs_unlock(sbi);
	return 0;
}
