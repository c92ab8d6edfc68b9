/* The fix of KM_NOFS inside a transaction: the flag goes, the other KM_ flags stay. */
#include <linux/types.h>
#include "kmem.h"

struct myxfs_ops {
	int (*create)(struct xfs_trans *tp, struct xfs_da_args **out);
	int (*lookup)(struct xfs_trans *tp, struct xfs_da_args **out);
};

static int myxfs_dir_createname(struct xfs_trans *tp, struct xfs_da_args **out)
{
	struct xfs_da_args *args;

	args = kmem_zalloc(sizeof(*args), KM_NOFS);
	if (!args)
		return -12;
	args->trans = tp;
	args->value = kmem_alloc(64, KM_NOFS | KM_MAYFAIL);
	*out = args;
	return 0;
}

static int myxfs_dir_lookup(struct xfs_trans *tp, struct xfs_da_args **out)
{
	struct xfs_da_args *args;

	args = kmem_zalloc(sizeof(*args), KM_NOFS);
	if (!args)
		return -12;
	args->trans = tp ? tp : NULL;
	if (!tp)
		args->value = NULL;
	*out = args;
	return 0;
}

const struct myxfs_ops myxfs_dir_ops = {
	.create = myxfs_dir_createname,
	.lookup = myxfs_dir_lookup,
};
