/* nilfs2's nilfs_clean_segments() shape: an inferred lock wrapper and its
 * release wrapper (both on the superblock's segctor_sem). The release wrapper's
 * summary records its up_write() once per class, under one of the rows
 * up_write() closes (down_write(), down_write_killable(), ...), not always the
 * row the lock was taken with, and the region must still close there: one
 * scope, restored before the release on every path, gotos included. Until
 * 2026-12-06 the fix was refused ("the lock is still held on some path out of
 * the function"; nilfs2 segment.c:2530, dlm, btrfs_quota_enable()). */
#include <linux/types.h>
#include <linux/slab.h>
#include <linux/rwsem.h>
#include <linux/fs.h>

struct myfs_nilfs {
	struct rw_semaphore segctor_sem;
	unsigned long flags;
};

static void myfs_transaction_lock(struct super_block *sb, int gc)
{
	struct myfs_nilfs *nilfs = sb->s_fs_info;

	down_write(&nilfs->segctor_sem);
	nilfs->flags = gc;
}

static void myfs_transaction_unlock(struct super_block *sb)
{
	struct myfs_nilfs *nilfs = sb->s_fs_info;

	up_write(&nilfs->segctor_sem);
}

static void myfs_evict_inode(struct inode *inode)
{
	struct myfs_nilfs *nilfs = inode->i_sb->s_fs_info;

	down_read(&nilfs->segctor_sem);
	up_read(&nilfs->segctor_sem);
}

const struct super_operations myfs_sops = {
	.evict_inode = myfs_evict_inode,
};

static int myfs_discard(struct myfs_nilfs *nilfs)
{
	void *a = kmalloc(8, GFP_NOFS);
	void *b = kmalloc(8, GFP_NOFS);

	kfree(a);
	kfree(b);
	return nilfs != NULL;
}

int myfs_clean(struct super_block *sb, int n)
{
	struct myfs_nilfs *nilfs = sb->s_fs_info;
	int err = 0;

	if (!nilfs)
		return -30;
	myfs_transaction_lock(sb, 1);
	if (n > 3) {
		err = -22;
		goto bail_unlock;
	}
	for (;;) {
		err = n--;
		if (!err)
			break;
		if (err == -30)
			goto out_unlock;
	}
	if (n)
		myfs_discard(nilfs);
out_unlock:
	nilfs->flags = 0;
bail_unlock:
	myfs_transaction_unlock(sb);
	return err;
}
