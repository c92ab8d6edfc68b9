// SPDX-License-Identifier: GPL-2.0
/* demofs: a transaction held across a GFP_KERNEL allocation (a real deadlock risk). */
#include <linux/slab.h>
#include "demofs.h"

struct btrfs_trans_handle;
struct btrfs_root;
struct btrfs_trans_handle *btrfs_start_transaction(struct btrfs_root *root, unsigned int n);
int btrfs_end_transaction(struct btrfs_trans_handle *trans);

int demofs_fill(struct demofs_inode *di, gfp_t gfp)
{
	di->buf = kmalloc(128, gfp);
	return di->buf ? 0 : -12;
}

int demofs_commit(struct btrfs_root *root, struct demofs_inode *di)
{
	struct btrfs_trans_handle *trans = btrfs_start_transaction(root, 1);
	int err = demofs_fill(di, GFP_KERNEL);

	btrfs_end_transaction(trans);
	return err;
}

int demofs_public_lookup(void *dir, const char *name)
{
	void *p = kmalloc(32, GFP_NOFS); /* callers unknown: kept */
	(void)dir;
	(void)name;
	kfree(p);
	return 0;
}
