/* gfp_t values that reach an allocator without a GFP token in the argument:
 * the facts of the Coccinelle front end have nothing at these calls (no gfp,
 * no gfparg); sparse's say which mask arrives. */
#include <linux/types.h>
#include <linux/slab.h>

/* a mask macro: neither front end writes the tokens of a #define body */
#define MYFS_GFP (GFP_NOFS | __GFP_NOFAIL)

struct myfs_ctx {
	gfp_t gfp;
	int n;
};

static gfp_t myfs_gfp(void)
{
	return GFP_NOFS;			/* EXPECT-FACT: gfpret myfs_gfp 0xc40 */
}

static gfp_t myfs_any_gfp(int atomic)
{
	if (atomic)
		return GFP_ATOMIC;
	return GFP_KERNEL;			/* EXPECT-FACT: gfpret myfs_any_gfp 0x820,0xcc0 */
}

void myfs_setup(struct myfs_ctx *ctx)
{
	ctx->gfp = GFP_NOFS;			/* EXPECT-FACT: gfpstore myfs_setup myfs_ctx.gfp 0xc40 */
}

void *myfs_alloc_macro(size_t n)
{
	return kmalloc(n, MYFS_GFP);		/* EXPECT-FACT: gfpflow myfs_alloc_macro 1 const 0x8c40 */ /* COCCI-NO-FACT: gfp */
}

void *myfs_alloc_ret(size_t n)
{
	return kmalloc(n, myfs_gfp());		/* EXPECT-FACT: gfpflow myfs_alloc_ret 1 ret:myfs_gfp 0xc40 */ /* COCCI-NO-FACT: gfp */
}

void *myfs_alloc_member(struct myfs_ctx *ctx)
{
	return kmalloc(ctx->n, ctx->gfp);	/* EXPECT-FACT: gfpflow myfs_alloc_member 1 member:myfs_ctx.gfp 0xc40 */ /* COCCI-NO-FACT: gfp */
}

void *myfs_alloc_var(size_t n, int nofail)
{
	gfp_t gfp = GFP_NOFS;

	if (nofail)
		gfp = GFP_NOFS | __GFP_NOFAIL;
	return kmalloc(n, gfp);			/* EXPECT-FACT: gfpflow myfs_alloc_var 1 var:gfp 0xc40,0x8c40 */
}

void *myfs_alloc_param(size_t n, gfp_t gfp)
{
	return kmalloc(n, gfp);			/* EXPECT-FACT: gfpflow myfs_alloc_param 1 var:gfp - */
}

void *myfs_alloc_written(size_t n)
{
	return kmalloc(n, GFP_NOFS);		/* EXPECT-NO-FACT: gfpflow myfs_alloc_written */
}
