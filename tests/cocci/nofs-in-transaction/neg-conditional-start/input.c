#include <linux/slab.h>
#include <fs/xfs/xfs_trans.h>

int xfs_maybe(struct xfs_mount *mp, struct xfs_trans_res *res, bool journal,
	      void **out)
{
	struct xfs_trans *tp = NULL;
	int error;

	if (journal) {
		error = xfs_trans_alloc(mp, res, 0, 0, 0, &tp);
		if (error)
			return error;
	}
	*out = kmalloc(64, GFP_NOFS);	/* EXPECT-NOT: not in a transaction when !journal */
	if (tp)
		return xfs_trans_commit(tp);
	return 0;
}
