/* nofs-to-scope group: two GFP_NOFS, each reached only under the quota lock
 * taken in a function of its own; the fix opens a scope at both acquisitions,
 * in one patch, and only then flips the two sites. */
#include <linux/types.h>
#include <linux/slab.h>

struct myfs_sb_info {
	int nr;
};

void myfs_qlock(struct myfs_sb_info *sbi);
void myfs_qunlock(struct myfs_sb_info *sbi);

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

	myfs_qlock(sbi);
	b = myfs_getblk();
	myfs_qunlock(sbi);
	kfree(b);
	return 0;
}

int myfs_next_id(struct myfs_sb_info *sbi)
{
	char *b;
	int ret = 0;

	myfs_qlock(sbi);
	b = myfs_getentry();
	if (!b) {
		ret = -ENOMEM;
		goto out;
	}
	sbi->nr++;
	kfree(b);
out:
	myfs_qunlock(sbi);
	return ret;
}
