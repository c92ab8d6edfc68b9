/* vmalloc-nofs on a 4.14 tree: the call goes inside a scope, its mask becomes GFP_KERNEL. */
#include <linux/types.h>
#include <linux/vmalloc.h>
#include <linux/mm.h>

struct myfs_dir {
	void *hash;
	void *names;
};

int myfs_dir_init(struct myfs_dir *d, unsigned long n)
{
	int err = 0;

	d->hash = __vmalloc(n * 8, GFP_NOFS | __GFP_HIGHMEM);
	if (!d->hash)
		err = -12;
	return err;
}

void *myblk_map(unsigned long size)
{
	void *p;

	p = kvmalloc(size, GFP_NOIO);
	return p;
}

void *myfs_direct(unsigned long size)
{
	return __vmalloc(size, GFP_NOFS);
}
