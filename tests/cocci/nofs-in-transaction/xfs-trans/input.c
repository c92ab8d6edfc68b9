#include <linux/slab.h>
#include <fs/xfs/xfs_trans.h>

struct xfs_thing {
	int x;
};

int xfs_do_thing(struct xfs_mount *mp, struct xfs_trans_res *res,
		 struct kmem_cache *cache)
{
	struct xfs_trans *tp;
	struct xfs_thing *t;
	int error;

	error = xfs_trans_alloc(mp, res, 0, 0, 0, &tp);
	if (error)
		return error;
	t = kmem_cache_zalloc(cache, GFP_NOFS);	/* EXPECT: nofs-in-transaction */
	if (!t) {
		xfs_trans_cancel(tp);
		return -ENOMEM;
	}
	return xfs_trans_commit(tp);
}
