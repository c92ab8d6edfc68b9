#include <linux/slab.h>
#include <linux/sched/mm.h>

struct my_trans {
	unsigned int pflags;
};

void my_trans_begin(struct my_trans *t)
{
	t->pflags = memalloc_nofs_save();	/* EXPECT-NOT: kept in a structure on purpose */
}

unsigned int my_nofs_begin(void)
{
	unsigned int flags = memalloc_nofs_save();	/* EXPECT-NOT: the cookie is returned */

	return flags;
}
