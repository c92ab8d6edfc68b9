/* nofs-to-scope group: two GFP_NOFS, each reached only under io_sem taken in a
 * function of its own; the fix opens a scope at both acquisitions, in one patch,
 * and only then flips the two sites. */
#include <linux/types.h>
#include <linux/slab.h>
#include <linux/rwsem.h>
#include "qinfo.h"

static char *myfs_getblk(void)
{
	return kmalloc(1024, GFP_NOFS);
}

static char *myfs_getentry(void)
{
	return kmalloc(64, GFP_NOFS);
}

int myfs_read_info(struct myfs_sb_info *sbi)
{
	char *b;

	down_read(&sbi->q.io_sem);
	b = myfs_getblk();
	up_read(&sbi->q.io_sem);
	kfree(b);
	return 0;
}

int myfs_next_id(struct myfs_sb_info *sbi)
{
	char *b;
	int ret = 0;

	down_read(&sbi->q.io_sem);
	b = myfs_getentry();
	if (!b) {
		ret = -ENOMEM;
		goto out;
	}
	sbi->q.nr++;
	kfree(b);
out:
	up_read(&sbi->q.io_sem);
	return ret;
}
