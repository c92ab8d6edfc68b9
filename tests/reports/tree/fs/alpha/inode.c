/* Report test tree: scoped, locked and helper allocations in one file. */
#include <linux/slab.h>
#include <linux/sched/mm.h>

struct alpha_inode {
	void *ext, *node, *name;
};

void alpha_lock(struct alpha_inode *ai);
void alpha_unlock(struct alpha_inode *ai);

static void *alpha_new_extent(unsigned long n)
{
	return kmalloc(n, GFP_NOFS | __GFP_ZERO);
}

static void *alpha_new_node(void)
{
	return kzalloc(48, GFP_KERNEL);
}

int alpha_grow(struct alpha_inode *ai)
{
	unsigned int flags;

	flags = memalloc_nofs_save();
	ai->ext = alpha_new_extent(64);
	memalloc_nofs_restore(flags);
	return ai->ext ? 0 : -ENOMEM;
}

int alpha_insert(struct alpha_inode *ai)
{
	alpha_lock(ai);
	ai->name = kmalloc(32, GFP_KERNEL);
	ai->node = alpha_new_node();
	alpha_unlock(ai);
	return ai->node && ai->name ? 0 : -ENOMEM;
}
