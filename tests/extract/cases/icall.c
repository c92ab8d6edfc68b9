/* Indirect calls (icall records): through a struct member, typed when the
 * receiver is a parameter or local declared `struct X *` (or a member of a
 * struct defined in this file), `.member` otherwise; through a parameter or
 * local function pointer (`=NAME`).  None of them is a `call` record. */
#include <linux/fs.h>

struct dquot_operations {
	int (*write_dquot)(struct dquot *);
	int (*release_dquot)(struct dquot *);
};
struct quota_format_ops {
	int (*write_file_info)(struct super_block *sb, int type);
};
struct qf_holder {
	const struct dquot_operations *dq_op;
	struct dquot_operations ops;
};
typedef int (*myfs_actor_t)(void *priv, int n);
typedef unsigned int myfs_blk_t;

int myfs_write_dquot(struct dquot *dquot, struct qf_holder *h, myfs_actor_t actor,
		     int (*cb)(struct dquot *), myfs_blk_t max)
{
	const struct dquot_operations *ops = h->dq_op;
	struct quota_info *dqopt = sb_dqopt(dquot->dq_sb);
	int (*fn)(struct dquot *) = cb;
	int ret;

	ret = dquot->dq_sb->dq_op->write_dquot(dquot);
	ret = ops->write_dquot(dquot);
	ret = h->dq_op->release_dquot(dquot);
	ret = h->ops.release_dquot(dquot);
	ret = (*ops->release_dquot)(dquot);
	ret = (h->dq_op->write_dquot)(dquot);
	dqopt->ops[dquot->dq_id.type]->write_file_info(dquot->dq_sb,
						       dquot->dq_id.type);
	sb_dqopt(dquot->dq_sb)->ops[0]->write_file_info(dquot->dq_sb, 0);
	ret = actor(dquot, 1);
	ret = cb(dquot);
	ret = (*fn)(dquot);
	ret = fn(dquot);
	ret = max(ret, 2);		/* a macro: `max` is a myfs_blk_t, no function */
	if (dquot->dq_sb->s_op->alloc_inode(dquot->dq_sb) == NULL)
		ret = -ENOMEM;
	return ret;
}
