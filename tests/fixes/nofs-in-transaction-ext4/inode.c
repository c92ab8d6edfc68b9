/* nofs-in-transaction: GFP_NOFS inside an ext4 journal handle (jbd2 opens a NOFS scope since 4.12). */
#include <linux/types.h>
#include <linux/slab.h>
#include <fs/ext4/ext4_jbd2.h>

static void *myfs_ext4_new_node(void)
{
	return kzalloc(48, GFP_NOFS);
}

int myfs_ext4_write(struct inode *inode, void **p, void **q)
{
	handle_t *handle;

	handle = ext4_journal_start(inode, EXT4_HT_INODE, 2);
	*p = kmalloc(64, GFP_NOFS | __GFP_NOFAIL);
	*q = myfs_ext4_new_node();
	ext4_journal_stop(handle);
	return 0;
}
