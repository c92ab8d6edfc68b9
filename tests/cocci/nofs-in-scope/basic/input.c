#include <linux/slab.h>
#include <linux/sched/mm.h>

struct foo { int a; };

struct foo *foo_alloc(void)
{
	unsigned int nofs_flag;
	struct foo *f;

	nofs_flag = memalloc_nofs_save();
	f = kmalloc(sizeof(*f), GFP_NOFS | __GFP_ZERO);	/* EXPECT: nofs-in-scope */
	memalloc_nofs_restore(nofs_flag);
	return f;
}
