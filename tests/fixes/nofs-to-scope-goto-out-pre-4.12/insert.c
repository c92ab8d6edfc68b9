/* nofs-to-scope --fix on a 4.9 tree (Makefile): no scope API before 4.12, so the region and its GFP_NOFS sites are left alone and stderr says why. */
#include <linux/types.h>
#include <linux/slab.h>
struct myfs_sb_info {
	int busy;
};
void myfs_lock(struct myfs_sb_info *sbi);
void myfs_unlock(struct myfs_sb_info *sbi);

int myfs_insert(struct myfs_sb_info *sbi, void **a, void **b, void **c)
{
	int err = 0;

	myfs_lock(sbi);
	if (sbi->busy) {
		myfs_unlock(sbi);
		return -EAGAIN;
	}
	*a = kmalloc(64, GFP_NOFS);
	if (!*a) {
		err = -ENOMEM;
		goto out_unlock;
	}
	*b = kzalloc(128, GFP_NOFS | __GFP_NOWARN);
	if (!*b) {
		err = -ENOMEM;
		goto out_free;
	}
	*c = kmalloc(32, GFP_NOFS);
	myfs_unlock(sbi);
	return 0;
out_free:
	kfree(*a);
out_unlock:
	myfs_unlock(sbi);
	return err;
}
