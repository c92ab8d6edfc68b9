#include <linux/slab.h>
#include <linux/sched/mm.h>

void fill_all(void **slots, int n)
{
	unsigned int flags;
	int i;

	for (i = 0; i < n; i++) {
		slots[i] = kmalloc(16, GFP_NOFS);	/* EXPECT-NOT: the second turn comes after the restore */
		flags = memalloc_nofs_save();
		slots[i + n] = kmalloc(16, GFP_KERNEL);	/* EXPECT: nofs-in-scope */
		memalloc_nofs_restore(flags);
	}
}
