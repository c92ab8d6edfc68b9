#include <linux/slab.h>
#include <linux/sched/mm.h>

struct my_ctx {
	int mode;
};

int my_work(struct my_ctx *c);

int unsaved(struct my_ctx *c)
{
	unsigned int nofs_flags, noio_flags = 0;

	nofs_flags = memalloc_nofs_save();
	my_work(c);
	memalloc_nofs_restore(nofs_flags);
	if (c->mode)
		memalloc_noio_restore(noio_flags);	/* EXPECT: scope-imbalance */
	return 0;
}

void my_end(unsigned int cookie)
{
	memalloc_nofs_restore(cookie);	/* EXPECT-NOT: the caller saved it */
}
