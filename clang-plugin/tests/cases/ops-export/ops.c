/* Ops tables, calls through them, exported and address-taken functions. */
#include <linux/types.h>
#include <linux/fs.h>
#include <linux/export.h>
#include <linux/slab.h>

static int myfs_writepages(struct address_space *mapping, struct writeback_control *wbc);
static int myfs_writepages(struct address_space *mapping, struct writeback_control *wbc)
{
	return kmalloc(8, GFP_NOFS) != NULL;
}

static const struct address_space_operations myfs_aops = {
	.writepages = myfs_writepages,
};

int myfs_flush(struct address_space *mapping)
{
	const struct address_space_operations *a_ops = &myfs_aops;

	return a_ops->writepages(mapping, NULL);
}
EXPORT_SYMBOL(myfs_flush);

int myfs_register(int (*fn)(struct address_space *));

int myfs_init(void)
{
	int (*f)(struct address_space *) = myfs_flush;

	return myfs_register(myfs_flush) + (f != NULL);
}
EXPORT_SYMBOL_GPL(myfs_init);
