/* nofs-in-scope: GFP_KERNEL is two characters longer; a line that fitted in 80 columns is broken. */
#include <linux/types.h>
#include <linux/slab.h>
#include <linux/sched/mm.h>

struct myfs_inode {
	long pad[4];
};

int myfs_long(void **a, size_t n)
{
	unsigned int flags = memalloc_nofs_save();

	*a = kmalloc_array(n, sizeof(struct myfs_inode), GFP_NOFS | __GFP_ZERO);
	memalloc_nofs_restore(flags);
	return 0;
}
