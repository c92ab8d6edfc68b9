/* Tiny btrfs transaction header for gfpcheck fixtures. */
#ifndef _FS_BTRFS_TRANSACTION_H
#define _FS_BTRFS_TRANSACTION_H

#include <linux/types.h>

struct btrfs_root;
struct btrfs_trans_handle {
	u64 transid;
};

struct btrfs_trans_handle *btrfs_start_transaction(struct btrfs_root *root,
						   unsigned int num_items);
int btrfs_end_transaction(struct btrfs_trans_handle *trans);

#endif /* _FS_BTRFS_TRANSACTION_H */
