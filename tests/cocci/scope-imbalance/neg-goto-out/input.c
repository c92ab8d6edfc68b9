#include <linux/slab.h>
#include <linux/sched/mm.h>

int balanced(void **slot, int x)
{
	unsigned int flags;
	int err = 0;

	flags = memalloc_nofs_save();	/* EXPECT-NOT: every path restores */
	if (x) {
		err = -EINVAL;
		goto out;
	}
	*slot = kmalloc(8, GFP_KERNEL);
	if (!*slot)
		err = -ENOMEM;
out:
	memalloc_nofs_restore(flags);
	return err;
}
