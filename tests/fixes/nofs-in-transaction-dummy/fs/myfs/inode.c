/* A journal start whose handle is a dummy without a journal (ext4's
 * ext4_journal_start(), model dummy=): the fix to GFP_KERNEL changes the mask
 * on such mounts, so the patch says where, and not "No functional change". */
#include <linux/types.h>
#include <linux/slab.h>

struct myfs_handle;
struct myfs_handle *myfs_journal_start(int credits);
int myfs_journal_stop(struct myfs_handle *handle);

int myfs_update(void **p)
{
	struct myfs_handle *handle = myfs_journal_start(1);

	*p = kmalloc(100, GFP_NOFS);
	return myfs_journal_stop(handle);
}
