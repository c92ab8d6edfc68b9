#include <linux/vmalloc.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>

void *masks(size_t n, gfp_t gfp)
{
	void *a, *b, *c;

	a = kvmalloc(n, GFP_KERNEL | GFP_NOFS);	/* EXPECT-NOT: __GFP_FS is set */
	b = kvmalloc(n, gfp);	/* EXPECT-NOT: unknown mask */
	c = __vmalloc(n, GFP_KERNEL);	/* EXPECT-NOT: GFP_KERNEL */
	kvfree(a);
	kvfree(b);
	return c;
}
