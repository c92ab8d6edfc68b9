/* Tiny XFS transaction header for gfpcheck fixtures. */
#ifndef _FS_XFS_XFS_TRANS_H
#define _FS_XFS_XFS_TRANS_H

#include <linux/types.h>

struct xfs_mount;
struct xfs_trans;
struct xfs_trans_res {
	uint tr_logres;
};

int xfs_trans_alloc(struct xfs_mount *mp, struct xfs_trans_res *resp,
		    uint blocks, uint rtextents, uint flags,
		    struct xfs_trans **tpp);
int xfs_trans_commit(struct xfs_trans *tp);
void xfs_trans_cancel(struct xfs_trans *tp);

#endif /* _FS_XFS_XFS_TRANS_H */
