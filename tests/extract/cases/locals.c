/* Local variables (local records): every declarator of a declaration at
 * the start of a statement, in inner blocks and for headers too; types as
 * written, without the name, storage class and attributes. */
#include <linux/fs.h>

static int myfs_locals(struct super_block *sb, int n)
{
	struct inode *inode = sb->s_root->d_inode, *dir, tmp;
	struct ext4_inode_info *ei = EXT4_I(inode);
	handle_t *handle;
	const char *const names[4] = { "a", "b" };
	unsigned long flags __maybe_unused = 0;
	static int calls;
	int (*fp)(struct inode *) = NULL;
	u8 buf[16] __aligned(8);
	struct myfs_sb_info *sbi __free(kfree) = NULL;
	register int r;

	for (int i = 0; i < n; i++) {
		struct buffer_head *bh = NULL;
		unsigned int len;

		len = i;
		bh = sb_bread(sb, len);
		brelse(bh);
	}
	DEFINE_WAIT(wait);		/* a macro: no local record */
	mutex_lock(&ei->i_lock);	/* a call statement, no declaration */
	n = n * 2;			/* an expression */
	ei->i_flags = n;
	tmp = *inode;
	handle = NULL;
	calls++;
	return handle != NULL || fp || dir || r || flags || buf[0] || names[0] || sbi;
}
