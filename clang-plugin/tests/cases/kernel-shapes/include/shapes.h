/* Shapes found in fs/btrfs and fs/xfs of Linux 6.1 (written for this project). */
#ifndef _MYFS_SHAPES_H
#define _MYFS_SHAPES_H
#include <linux/types.h>

/* library functions that Clang also knows as builtins */
void *memcpy(void *to, const void *from, size_t len);
int memcmp(const void *a, const void *b, size_t len);
size_t strlen(const char *s);

struct myfs_buf {
	char data[64];
	int len;
};

/* a statement macro whose expansion holds a loop (like wait_event()) */
void myfs_schedule(void);
#define myfs_wait_event(cond)                \
	do {                                 \
		for (;;) {                   \
			if (cond)            \
				break;       \
			myfs_schedule();     \
		}                            \
	} while (0)

/* one argument as written, two after expansion (like XFS_DA_LOGRANGE()) */
#define MYFS_RANGE(b, n) (int)sizeof(*(b)), (int)(n)
void myfs_log_range(struct myfs_buf *b, int first, int last, gfp_t gfp);

/* an iterator whose header calls a function with `&` from the macro body
 * (like bio_for_each_segment_all()) */
struct myfs_iter {
	int at;
};
int myfs_iter_init(struct myfs_iter *it);
#define myfs_for_each_seg(pos, iter) for (pos = myfs_iter_init(&iter); pos < 4; pos++)

#endif
