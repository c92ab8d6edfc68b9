/* gfp expressions: flag combinations, masks, a mask in a variable, a macro of
 * the file's own, compound assignment, a ternary. */
#include <linux/types.h>
#include <linux/gfp.h>
#include <linux/slab.h>

#define MYFS_GFP (GFP_NOFS | __GFP_NOFAIL)

struct myfs_req {
	gfp_t gfp_mask;
};

void *myfs_alloc_flags(size_t n, gfp_t gfp, int nofail, struct myfs_req *req)
{
	gfp_t mask = GFP_KERNEL & ~__GFP_FS;
	void *p;

	if (nofail)
		gfp |= __GFP_NOFAIL;
	req->gfp_mask = GFP_NOIO;
	p = kmalloc(n, GFP_NOFS | __GFP_NOFAIL);
	kfree(p);
	p = kmalloc(n, mask);
	kfree(p);
	p = kmalloc(n, MYFS_GFP);
	kfree(p);
	p = kmalloc(n, nofail ? GFP_NOFS : GFP_KERNEL);
	kfree(p);
	return kmalloc(n, gfp & ~__GFP_FS);
}
