/* Tiny ext4 journalling header for gfpcheck fixtures: as in the kernel,
 * ext4_journal_start/ext4_journal_stop are macros over functions. */
#ifndef _FS_EXT4_EXT4_JBD2_H
#define _FS_EXT4_EXT4_JBD2_H

#include <linux/types.h>
#include <linux/fs.h>
#include <linux/jbd2.h>

#define EXT4_HT_MISC 0
#define EXT4_HT_WRITE_PAGE 1
#define EXT4_HT_INODE 2

struct ext4_inode_info {
	struct rw_semaphore i_data_sem;
	struct inode vfs_inode;
};

static inline struct ext4_inode_info *EXT4_I(struct inode *inode)
{
	return container_of(inode, struct ext4_inode_info, vfs_inode);
}

handle_t *__ext4_journal_start(struct inode *inode, unsigned int line,
			       int type, int blocks, int rsv_blocks,
			       int revoke_creds);
int __ext4_journal_stop(const char *where, unsigned int line, handle_t *handle);

#define ext4_journal_start(inode, type, nblocks) \
	__ext4_journal_start((inode), __LINE__, (type), (nblocks), 0, 0)
#define ext4_journal_stop(handle) \
	__ext4_journal_stop(__func__, __LINE__, (handle))

#endif /* _FS_EXT4_EXT4_JBD2_H */
