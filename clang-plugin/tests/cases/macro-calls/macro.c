/* Calls through macros: a function-like macro over a function, a macro over a
 * macro, a call written inside a macro argument, a statement macro, likely(). */
#include <linux/types.h>
#include <linux/slab.h>
#include <linux/gfp.h>
#include <fs/ext4/ext4_jbd2.h>

int myfs_check(int x);
void myfs_log(const char *s, int n);

#define myfs_warn_on(c) myfs_check(!!(c))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define myfs_zalloc(n) kzalloc(n, GFP_NOFS)
#define myfs_trace(n) do { myfs_log("trace", (n)); } while (0)
#define myfs_page(g) alloc_page(g)

int myfs_macro_calls(struct inode *inode, void **p)
{
	handle_t *handle;
	struct page *pg;

	handle = ext4_journal_start(inode, EXT4_HT_MISC, 1);
	if (unlikely(!handle))
		return -ENOMEM;
	if (myfs_warn_on(myfs_check(3)))
		goto out;
	*p = myfs_zalloc(16);
	myfs_trace(4);
	pg = myfs_page(GFP_NOFS | __GFP_ZERO);
	if (likely(myfs_check(5)))
		myfs_trace(6);
	else if (!myfs_check(7))
		return 1;
out:
	ext4_journal_stop(handle);
	return pg != NULL;
}
