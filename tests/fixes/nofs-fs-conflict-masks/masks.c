/* nofs-fs-conflict's fix: a restricted mask ORed with a bit it clears is
 * written as the mask it equals, the other flags kept (GFP_NOIO | __GFP_IO is
 * GFP_NOFS, with __GFP_FS as well GFP_KERNEL). Left alone: a mask that puts
 * nothing back. */
#include <linux/types.h>
#include <linux/slab.h>

void myfs_conflicts(void **v, size_t n)
{
	v[0] = kmalloc(n, GFP_NOFS | __GFP_FS);
	v[1] = kzalloc(n, GFP_NOFS | GFP_KERNEL | __GFP_NOWARN);
	v[2] = kmalloc(n, GFP_NOIO | __GFP_IO);
	v[3] = kmalloc(n, GFP_NOFS | __GFP_ZERO);
	v[4] = kmalloc(n, __GFP_FS | GFP_NOIO | __GFP_IO);
	v[5] = kmalloc(n, GFP_NOIO | GFP_USER | __GFP_NOWARN);
}
