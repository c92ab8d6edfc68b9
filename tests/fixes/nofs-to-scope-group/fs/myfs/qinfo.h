/* myfs's quota-file state: one io_sem per superblock. */
#ifndef MYFS_QINFO_H
#define MYFS_QINFO_H
#include <linux/rwsem.h>

struct myfs_qinfo {
	struct rw_semaphore io_sem;
	int nr;
};

struct myfs_sb_info {
	struct myfs_qinfo q;
};
#endif
