/* gfp-spelled-out: the whole mask is rewritten, grouping parentheses and all,
 * and the result is left alone by a second --fix. */
#include <linux/types.h>
#include <linux/slab.h>

void myfs_grouped(void **v)
{
	v[0] = kmalloc(8, (GFP_KERNEL | __GFP_ZERO) & ~__GFP_FS);
	v[1] = kmalloc(8, __GFP_NOWARN | (GFP_KERNEL & ~__GFP_FS));
	v[2] = kmalloc(8, ((GFP_KERNEL | __GFP_ZERO)) & ~(__GFP_FS | __GFP_IO));
	v[3] = kzalloc(8, GFP_KERNEL & ~__GFP_FS);
}
