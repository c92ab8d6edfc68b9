/* Tiny myfs transaction API for the fix fixtures. */
#ifndef MYFS_H
#define MYFS_H
#include <linux/types.h>

struct myfs_root;
struct myfs_trans {
	int id;
};

struct myfs_trans *myfs_start_trans(struct myfs_root *root, int items);
int myfs_end_trans(struct myfs_trans *trans);

static inline int IS_ERR(const void *p)
{
	return (unsigned long)p >= (unsigned long)-4095;
}

static inline long PTR_ERR(const void *p)
{
	return (long)p;
}
#endif
