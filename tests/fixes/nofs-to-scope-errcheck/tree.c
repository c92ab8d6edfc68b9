/* nofs-to-scope: a handle checked with IS_ERR right after it is taken; the save goes after the check. */
#include <linux/types.h>
#include <linux/slab.h>
#include "myfs.h"

static void *myfs_new_item(int n)
{
	return kcalloc(n, sizeof(long), GFP_NOFS);
}

int myfs_update_tree(struct myfs_root *root, void **a, void **b)
{
	struct myfs_trans *trans;
	int ret;

	trans = myfs_start_trans(root, 2);
	if (IS_ERR(trans))
		return PTR_ERR(trans);
	*a = kmalloc(64, GFP_NOFS);
	if (!*a) {
		ret = -ENOMEM;
		goto out;
	}
	*b = myfs_new_item(4);
	ret = *b ? 0 : -ENOMEM;
out:
	myfs_end_trans(trans);
	return ret;
}

int myfs_touch(struct myfs_root *root, void **a, void **b)
{
	struct myfs_trans *trans;

	trans = myfs_start_trans(root, 1);
	if (IS_ERR(trans))
		return PTR_ERR(trans);
	*a = kmalloc(16, GFP_NOFS);
	*b = kmalloc(16, GFP_NOFS | __GFP_ZERO);
	return myfs_end_trans(trans);
}
