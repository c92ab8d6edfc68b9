/* missing-nofs with --fix-rules missing-nofs: a suppressed allocation in the
 * region would become NOFS under the scope, so the region is left alone and
 * stderr says which allocation holds it back. */
#include <linux/types.h>
#include <linux/slab.h>
struct myfs_sb_info;
void myfs_lock(struct myfs_sb_info *sbi);
void myfs_unlock(struct myfs_sb_info *sbi);

int myfs_add(struct myfs_sb_info *sbi, void **a, void **e)
{
	myfs_lock(sbi);
	*a = kmalloc(64, GFP_KERNEL);
	*e = kmalloc(64, GFP_KERNEL); /* gfpcheck: ignore missing-nofs -- a mempool refill, never blocks */
	myfs_unlock(sbi);
	return 0;
}
