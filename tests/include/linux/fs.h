/* Kernel-like minimal VFS structures for gfpcheck fixtures. */
#ifndef _LINUX_FS_H
#define _LINUX_FS_H

#include <linux/types.h>
#include <linux/rwsem.h>
#include <linux/mutex.h>

struct page;

struct super_block {
	struct rw_semaphore s_umount;
	void *s_fs_info;
};

struct address_space;

struct inode {
	struct super_block *i_sb;
	struct address_space *i_mapping;
	struct rw_semaphore i_rwsem;
	unsigned long i_ino;
	unsigned int i_nlink;
	loff_t i_size;
};

struct file {
	struct inode *f_inode;
	void *private_data;
};

struct writeback_control {
	long nr_to_write;
};

struct address_space {
	struct inode *host;
};

struct readahead_control {
	struct file *file;
	struct address_space *mapping;
};

struct address_space_operations {
	int (*writepages)(struct address_space *, struct writeback_control *);
	int (*read_folio)(struct file *, struct page *);
	void (*readahead)(struct readahead_control *);
	int (*writepage)(struct page *, struct writeback_control *);
};

struct shrink_control;

struct super_operations {
	struct inode *(*alloc_inode)(struct super_block *sb);
	void (*destroy_inode)(struct inode *);
	int (*write_inode)(struct inode *, struct writeback_control *wbc);
	void (*evict_inode)(struct inode *);
	int (*drop_inode)(struct inode *);
	int (*sync_fs)(struct super_block *sb, int wait);
	long (*free_cached_objects)(struct super_block *sb, struct shrink_control *sc);
	void (*put_super)(struct super_block *sb);
	int (*remount_fs)(struct super_block *sb, int *flags, char *data);
};

int generic_drop_inode(struct inode *inode);
void inode_lock(struct inode *inode);
void inode_unlock(struct inode *inode);

struct file_operations {
	ssize_t (*write)(struct file *, const char *, size_t, loff_t *);
	long (*unlocked_ioctl)(struct file *, unsigned int, unsigned long);
};

struct file_system_type {
	const char *name;
	int (*init_fs_context)(void *fc);
	void (*kill_sb)(struct super_block *);
};

#endif /* _LINUX_FS_H */
