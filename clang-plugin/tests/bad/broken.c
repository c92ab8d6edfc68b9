/* A file with a compile error: the plugin still writes facts, status partial. */
#include <linux/types.h>
#include <linux/slab.h>

void *myfs_ok(size_t n)
{
	return kmalloc(n, GFP_NOFS);
}

int myfs_broken(int n)
{
	return n + undeclared_variable;
}

void *myfs_after(size_t n)
{
	return kzalloc(n, GFP_KERNEL);
}
