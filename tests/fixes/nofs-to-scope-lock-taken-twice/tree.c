/* The same lock taken in a loop and again after it (jbd2_journal_flush()):
 * a scope in each region, each closed before its own releases. */
#include <linux/types.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/fs.h>

struct myfs_journal {
	struct mutex ckpt_mutex;
	int nr_ckpt;
	void *buf;
};

struct myfs_sb_info {
	struct myfs_journal *j;
};

static void myfs_checkpoint(struct myfs_journal *j)
{
	j->buf = kmalloc(64, GFP_NOFS);
	j->nr_ckpt--;
}

static int myfs_erase(struct myfs_journal *j)
{
	void *p = kmalloc(512, GFP_NOFS);
	kfree(p);
	return 0;
}

int myfs_flush(struct myfs_journal *j, int erase)
{
	int err = 0;

	while (j->nr_ckpt) {
		mutex_lock(&j->ckpt_mutex);
		myfs_checkpoint(j);
		mutex_unlock(&j->ckpt_mutex);
	}
	mutex_lock(&j->ckpt_mutex);
	if (erase) {
		err = myfs_erase(j);
		if (err) {
			mutex_unlock(&j->ckpt_mutex);
			return err;
		}
	}
	mutex_unlock(&j->ckpt_mutex);
	return err;
}

static void myfs_evict_inode(struct inode *inode)
{
	struct myfs_sb_info *sbi = inode->i_sb->s_fs_info;
	myfs_flush(sbi->j, 0);
}

const struct super_operations myfs_sops = {
	.evict_inode = myfs_evict_inode,
};
