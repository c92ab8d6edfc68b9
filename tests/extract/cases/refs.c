/* Functions stored into ops members: designated initialisers (init:), with
 * the struct type of the initialised object, also for arrays of structs
 * and nested lists; assignments (assign:); positional values (other). */
#include <linux/fs.h>

struct myfs_ops {
	int (*read)(struct inode *);
	int (*write)(struct inode *);
};
struct myfs_table {
	const struct address_space_operations *a_ops;
	struct myfs_ops ops;
	int (*hooks[2])(void);
};

static struct inode *myfs_alloc_inode(struct super_block *sb);
static void myfs_evict_inode(struct inode *inode);
static int myfs_read(struct inode *inode);
static int myfs_write(struct inode *inode);
static int myfs_hook(void);

static const struct super_operations myfs_sops = {
	.alloc_inode	= myfs_alloc_inode,
	.evict_inode	= myfs_evict_inode,
	.statfs		= simple_statfs,
};
static const struct address_space_operations myfs_aops = {
	.writepage	= myfs_writepage,
};
static struct myfs_table myfs_table = {
	.a_ops = &myfs_aops,
	.ops = { .read = myfs_read, .write = &myfs_write },
	.hooks = { myfs_hook, NULL },
};
static const struct myfs_ops myfs_ops_array[] = {
	{ .read = myfs_read },
	[1] = { .write = myfs_write },
};
typedef struct myfs_ops myfs_ops_t;
static myfs_ops_t myfs_typedef_ops = { .read = myfs_read };	/* a typedef: type unknown */
static int (*myfs_hooks[])(void) = { myfs_hook, myfs_hook };

static int myfs_setup(struct super_block *sb, struct myfs_table *t)
{
	struct myfs_ops local = { .write = myfs_write };
	int (*fp)(struct inode *);

	sb->s_op = &myfs_sops;
	t->ops.read = myfs_read;
	t->a_ops = &myfs_aops;
	local.read = myfs_read;
	fp = myfs_write;
	sb->s_fs_info->ops->read = myfs_read;
	return fp(sb->s_root->d_inode) + local.read(NULL);
}
