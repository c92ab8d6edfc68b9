/* nofs-to-scope: what the fixer leaves alone, and says so. */
#include <linux/types.h>
#include <linux/slab.h>
struct myfs_sb_info;
void myfs_lock(struct myfs_sb_info *sbi);
void myfs_unlock(struct myfs_sb_info *sbi);

/* one GFP_NOFS allocation: a scope of its own is not worth it */
int myfs_single(struct myfs_sb_info *sbi, void **a)
{
	myfs_lock(sbi);
	*a = kmalloc(64, GFP_NOFS);
	myfs_unlock(sbi);
	return 0;
}

/* the release on the error path is the brace-less body of an if */
int myfs_braceless(struct myfs_sb_info *sbi, void **a, void **b)
{
	myfs_lock(sbi);
	*a = kmalloc(64, GFP_NOFS);
	*b = kmalloc(64, GFP_NOFS);
	if (!*a || !*b)
		myfs_unlock(sbi);
	else
		myfs_unlock(sbi);
	return 0;
}
