/* Report test tree: GFP_NOFS that nothing needs, and one inside a scope. */
#include <linux/slab.h>
#include <linux/sched/mm.h>

struct beta_dir {
	void *buf, *hash;
};

static void *beta_alloc_buf(unsigned long n)
{
	return kmalloc(n, GFP_NOFS);
}

int beta_readdir(struct beta_dir *d)
{
	d->buf = beta_alloc_buf(4096);
	return d->buf ? 0 : -ENOMEM;
}

static void *beta_alloc_hash(void)
{
	return kcalloc(16, sizeof(long), GFP_NOFS);
}

int beta_rehash(struct beta_dir *d)
{
	unsigned int nofs;

	nofs = memalloc_nofs_save();
	d->hash = beta_alloc_hash();
	memalloc_nofs_restore(nofs);
	return d->hash ? 0 : -ENOMEM;
}
