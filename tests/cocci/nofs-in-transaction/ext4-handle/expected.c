#include <linux/slab.h>
#include <linux/err.h>
#include <fs/ext4/ext4_jbd2.h>

int ext4_thing(struct inode *inode)
{
	handle_t *handle;
	void *buf;

	handle = ext4_journal_start(inode, EXT4_HT_MISC, 1);
	if (IS_ERR(handle))
		return PTR_ERR(handle);
	buf = kmalloc(128, GFP_KERNEL | __GFP_NOFAIL);	/* EXPECT: nofs-in-transaction */
	kfree(buf);
	ext4_journal_stop(handle);
	return 0;
}
