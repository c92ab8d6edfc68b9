#include <linux/slab.h>
#include <linux/sched/mm.h>

int my_write_begin(void **page);

int my_symlink(bool nofs, void **page)
{
	unsigned int flags;
	int err;

	if (nofs)
		flags = memalloc_nofs_save();	/* EXPECT-NOT: restored under the same test */
	err = my_write_begin(page);
	if (nofs)
		memalloc_nofs_restore(flags);	/* EXPECT-NOT: saved under the same test */
	return err;
}
