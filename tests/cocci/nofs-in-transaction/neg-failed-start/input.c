#include <linux/slab.h>
#include <linux/err.h>
#include <fs/ext4/ext4_jbd2.h>

int ext4_log_failure(struct inode *inode, char **msg)
{
	handle_t *handle;

	handle = ext4_journal_start(inode, EXT4_HT_MISC, 1);
	if (IS_ERR(handle)) {
		*msg = kmalloc(64, GFP_NOFS);	/* EXPECT-NOT: the start failed: no scope */
		return PTR_ERR(handle);
	}
	return ext4_journal_stop(handle);
}
