/* Sizes and orders as sparse evaluates them: the integer arguments of calls that
 * take a gfp_t, exact or bounded by their types (argval), and the configured
 * pointer size and PAGE_SHIFT (target). */
#include <linux/types.h>
#include <linux/slab.h>			/* EXPECT-FACT: target 8 12 */

#define MYDRV_TABLE_SIZE (64 * 1024)

struct mydrv_ent {
	u64 a[32];
	struct mydrv_ent *next;
};

struct mydrv_state {
	struct mydrv_ent ents[128];
	u32 n;
};

static inline unsigned int mydrv_order(void)
{
	return 9;
}

void *mydrv_alloc(struct mydrv_state *vs, u8 n, size_t len, int sn)
{
	void *p = kzalloc(sizeof(*vs), GFP_KERNEL);		/* EXPECT-FACT: argval mydrv_alloc kzalloc 0 33800 33800 */
	p = kmalloc(MYDRV_TABLE_SIZE, GFP_KERNEL);		/* EXPECT-FACT: argval mydrv_alloc kmalloc 0 65536 65536 */
	p = kmalloc(n * sizeof(u32), GFP_KERNEL);		/* EXPECT-FACT: argval mydrv_alloc kmalloc 0 0 1020 */
	p = kmalloc(sizeof(*vs) + len, GFP_KERNEL);		/* EXPECT-FACT: argval mydrv_alloc kmalloc 0 33800 */
	p = alloc_pages(GFP_KERNEL, mydrv_order());		/* EXPECT-FACT: argval mydrv_alloc alloc_pages 1 9 9 */
	p = kmalloc(len, GFP_KERNEL);				/* EXPECT-NO-FACT: argval */
	p = kmalloc(sn * 4, GFP_KERNEL);			/* EXPECT-NO-FACT: argval */
	p = kmalloc(64, GFP_KERNEL);				/* EXPECT-NO-FACT: argval */
	return p;
}
