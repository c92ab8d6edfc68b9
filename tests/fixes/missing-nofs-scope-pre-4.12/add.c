/* missing-nofs --fix on a 4.9 tree (Makefile): no scope API before 4.12, so the region is left alone and stderr says why. */
#include <linux/types.h>
#include <linux/slab.h>
#include <linux/sched/mm.h>
struct myfs_sb_info;
void myfs_lock(struct myfs_sb_info *sbi);
void myfs_unlock(struct myfs_sb_info *sbi);

static int myfs_add_entry(void **e)
{
	*e = kmalloc(64, GFP_KERNEL);
	return *e ? 0 : -ENOMEM;
}

int myfs_add(struct myfs_sb_info *sbi, void **a, void **e)
{
	int ret;

	myfs_lock(sbi);
	*a = kmalloc(64, GFP_KERNEL | __GFP_ZERO);
	if (!*a) {
		myfs_unlock(sbi);
		return -ENOMEM;
	}
	ret = myfs_add_entry(e);
	myfs_unlock(sbi);
	return ret;
}
