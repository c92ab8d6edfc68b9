/* Reclaim takes myfs's quota-file lock: evicting an inode releases its quota
 * entry under io_sem (as fs/quota's dquot_release() -> ->release_dqblk takes
 * dqio_sem), so allocations under that lock need NOFS. */
#include <linux/types.h>
#include <linux/slab.h>
#include <linux/rwsem.h>
#include <linux/fs.h>
#include "qinfo.h"

static void myfs_release_entry(struct myfs_sb_info *sbi)
{
	down_write(&sbi->q.io_sem);
	sbi->q.nr--;
	up_write(&sbi->q.io_sem);
}

static void myfs_evict_inode(struct inode *inode)
{
	myfs_release_entry(inode->i_sb->s_fs_info);
}

static const struct super_operations myfs_sops = {
	.evict_inode = myfs_evict_inode,
};

const struct super_operations *myfs_ops(void)
{
	return &myfs_sops;
}

static int myfs_init_fs_context(void *fc)
{
	return fc != NULL;
}

struct file_system_type myfs_fs_type = {
	.name = "myfs",
	.init_fs_context = myfs_init_fs_context,
};
