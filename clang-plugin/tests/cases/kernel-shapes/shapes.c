/* Library builtins, statement macros with loops, macros that expand to two
 * arguments, and iterators whose header calls a function: what the Clang front
 * end did wrong on Linux 6.1 (kernel-clang-check) and the Coccinelle front end
 * had right. */
#include <linux/types.h>
#include <linux/slab.h>
#include "include/shapes.h"

int myfs_copy(struct myfs_buf *b, const char *s)
{
	struct myfs_iter it;
	void *p;
	int i;

	memcpy(b->data, s, strlen(s));
	if (memcmp(b->data, s, 2))
		return -1;
	myfs_wait_event(b->len > 0);
	myfs_log_range(b, MYFS_RANGE(b, 4), GFP_NOFS);
	myfs_for_each_seg(i, it)
		b->len += i;
	p = kmalloc(b->len, GFP_NOFS);
	kfree(p);
	return 0;
}

struct myfs_times {
	long mtime, ctime;
};
long myfs_now(void);

void myfs_touch(struct myfs_times *t)
{
	t->mtime = t->ctime = myfs_now();
}

/* A call that is only the first operand of the right side assigns nothing; a
 * brace-less else is no part of the assigned variable. */
int myfs_test_opt(struct myfs_buf *b);
int myfs_is_zoned(struct myfs_buf *b);
int myfs_pick(struct myfs_buf *b, int x)
{
	int trimming, extra;

	trimming = myfs_test_opt(b) || myfs_is_zoned(b);
	extra = myfs_test_opt(b) + 1;
	if (x)
		b->len = myfs_test_opt(b);
	else
		b->len = myfs_is_zoned(b);
	return trimming + extra;
}
