#include <linux/slab.h>
#include <linux/err.h>
#include <fs/ext4/ext4_jbd2.h>

void *ext4_after(struct inode *inode)
{
	handle_t *handle;

	handle = ext4_journal_start(inode, EXT4_HT_MISC, 1);
	if (IS_ERR(handle))
		return NULL;
	ext4_journal_stop(handle);
	return kmalloc(64, GFP_NOFS);	/* EXPECT-NOT: after the stop */
}
