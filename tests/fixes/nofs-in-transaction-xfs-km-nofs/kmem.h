#ifndef MYXFS_KMEM_H
#define MYXFS_KMEM_H
/* The shape of fs/xfs/kmem.h before 6.9 (written for this project). */
typedef unsigned int xfs_km_flags_t;
#define KM_NOFS		((xfs_km_flags_t)0x0004u)
#define KM_MAYFAIL	((xfs_km_flags_t)0x0008u)
#define KM_ZERO		((xfs_km_flags_t)0x0010u)
void *kmem_alloc(size_t size, xfs_km_flags_t flags);
void *kmem_zalloc(size_t size, xfs_km_flags_t flags);
struct xfs_trans {
	unsigned int t_flags;
};
struct xfs_da_args {
	struct xfs_trans *trans;
	void *value;
};
#endif
