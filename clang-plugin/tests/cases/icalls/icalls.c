/* Indirect calls, locals, return types and where functions are stored:
 * the icall, local, fn and ref records of both front ends. */
#include <linux/types.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include "include/icalls.h"
#include <include/icalls_types.h>

struct myfs_ops {
	int (*read)(struct inode *);
	int (*write)(struct inode *);
};
struct myfs_table {
	const struct address_space_operations *a_ops;
	struct myfs_ops ops;
};

static int myfs_read(struct inode *inode);
static int myfs_write(struct inode *inode);
static struct inode *myfs_alloc_inode(struct super_block *sb);

static const struct super_operations myfs_sops = {
	.alloc_inode = myfs_alloc_inode,
};
static struct myfs_table myfs_table = {
	.ops = { .read = myfs_read, .write = &myfs_write },
};
static const struct myfs_ops myfs_ops_array[] = {
	{ .read = myfs_read },
	[1] = { .write = myfs_write },
};

static struct inode *myfs_alloc_inode(struct super_block *sb)
{
	return kmalloc(sizeof(struct inode), GFP_KERNEL);
}

static int myfs_sync(struct myfs_inode *mi)
{
	return mi->i_sb->s_op->sync_fs(mi->i_sb->sb, 1);
}

static int myfs_read(struct inode *inode)
{
	return inode != NULL;
}

static int myfs_write(struct inode *inode)
{
	struct myfs_inode *mi = (struct myfs_inode *)inode;
	struct myfs_sb *msb = mi->i_sb;
	const struct super_operations *sop = msb->s_op;
	struct inode *tmp;

	tmp = sop->alloc_inode(msb->sb);
	sop->destroy_inode(tmp);
	(*sop->evict_inode)(inode);
	return (msb->s_op->sync_fs)(msb->sb, 0) + myfs_sync(mi);
}

static struct myfs_table *myfs_get(struct myfs_table *t)
{
	return t;
}

/* D19: the typedef is in a header Coccinelle does not read: a call for
 * Coccinelle, an icall for Clang */
int myfs_fill(myfs_filler_t filler, void *buf)
{
	return filler(buf, 1);
}

int myfs_quota(struct dquot *dquot, struct myfs_table *t, myfs_actor_t actor,
	       int (*cb)(struct dquot *), myfs_blk_t lim)
{
	struct quota_info *dqopt = sb_dqopt(dquot->dq_sb);
	int (*fn)(struct dquot *) = cb;
	struct myfs_ops local = { .write = myfs_write };
	int ret, i;

	ret = dquot->dq_sb->dq_op->write_dquot(dquot);
	ret = dqopt->ops[dquot->type]->write_file_info(dquot->dq_sb->sb, dquot->type);
	ret = sb_dqopt(dquot->dq_sb)->ops[0]->read_dqblk(dquot);
	ret = t->ops.read(NULL);
	ret = myfs_get(t)->ops.write(NULL);
	ret = local.write(NULL);
	ret = actor(dquot, 1);
	ret = cb(dquot);
	ret = (*fn)(dquot);
	ret = fn(dquot);
	ret = max(ret, (int)lim);
	for (i = 0; i < 2; i++) {
		struct myfs_table *tt = &myfs_table;

		ret += tt->ops.read(NULL);
	}
	t->ops.read = myfs_read;
	t->a_ops = NULL;
	fn = cb;
	local.read = myfs_read;
	myfs_sops.alloc_inode(NULL);
	return ret + myfs_ops_array[0].read(NULL);
}
