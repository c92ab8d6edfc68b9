/* missing-nofs with --fix-rules missing-nofs under a trylock: no lock region is
 * built, so nothing is written, and stderr names each allocation and why. */
#include <linux/types.h>
#include <linux/slab.h>
#include <linux/rwsem.h>

struct myfs_inode {
	struct rw_semaphore i_sem;
	void *buf;
};

int myfs_try_fill(struct myfs_inode *mi)
{
	if (down_write_trylock(&mi->i_sem)) {
		mi->buf = kmalloc(64, GFP_KERNEL);
		up_write(&mi->i_sem);
	} else {
		mi->buf = kmalloc(64, GFP_KERNEL);
	}
	return 0;
}

int myfs_try_write(struct myfs_inode *mi)
{
	if (!down_write_trylock(&mi->i_sem))
		return -EAGAIN;
	mi->buf = kmalloc(64, GFP_KERNEL);
	up_write(&mi->i_sem);
	return 0;
}
