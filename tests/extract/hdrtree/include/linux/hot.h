/* Declarations the header scanner must see (and the shapes it must not take for one). */
#ifndef _LINUX_HOT_H
#define _LINUX_HOT_H
#include <linux/types.h>

struct page;
typedef void (*hot_cb_t)(int);
typedef int hot_fn(int a);
extern void (*hot_hook)(void);
extern int hot_count;
extern __printf(2, 3) int hot_log(int level, const char *fmt, ...);
int hot_lock(void *x) __acquires(x);
struct page *hot_alloc_page(gfp_t gfp, unsigned int order) __attribute__((__malloc__));
void hot_vars(int a, char buf[16]), hot_second(void);
DECLARE_HOT_THING(hot_thing, 16);
struct hot_ops {
	int (*op)(int);
};
/* spatch cannot parse this definition (include/linux/fs.h's struct
 * address_space ends so): the scanner's record of it is added, once */
struct hot_space {
	void *host;
	const struct hot_ops *a_ops;
} __attribute__((aligned(sizeof(long)))) __randomize_layout;
static const struct hot_ops hot_default_ops = {
	.op = 0,
};
static int hot_forward(int a);

#if 0
void hot_dead(void);
#endif

#ifdef CONFIG_HOT
void hot_cfg(int a);
#else
static inline void hot_cfg(int a)
{
}
#endif

/* calls an allocator of the model: the header goes through spatch */
static inline void *hot_buf(unsigned long n)
{
	return kmalloc(n, GFP_KERNEL);
}

/* calls hot_buf(): selected too (to a fixpoint) */
static __always_inline void *hot_buf_zeroed(unsigned long n)
{
	void *p = hot_buf(n);

	if (p)
		memset(p, 0, n);
	return p;
}

inline int hot_extern_inline(int a)
{
	return a + hot_forward(a);
}
#endif
