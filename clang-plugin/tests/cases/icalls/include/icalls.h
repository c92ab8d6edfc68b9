/* Types of the icalls case defined outside the compiled file (like the
 * kernel's include/linux/quota.h): Clang knows them, Coccinelle does not. */
struct dquot;
struct quota_format_ops {
	int (*write_file_info)(struct super_block *sb, int type);
	int (*read_dqblk)(struct dquot *dquot);
};
struct dquot_operations {
	int (*write_dquot)(struct dquot *);
	int (*release_dquot)(struct dquot *);
};
struct quota_info {
	const struct quota_format_ops *ops[3];
};
struct myfs_sb {
	struct super_block *sb;
	const struct dquot_operations *dq_op;
	const struct super_operations *s_op;
};
struct myfs_inode {
	struct myfs_sb *i_sb;
	struct inode vfs_inode;
};
struct dquot {
	struct myfs_sb *dq_sb;
	int type;
};
typedef int (*myfs_actor_t)(void *priv, int n);
typedef unsigned int myfs_blk_t;
struct quota_info *sb_dqopt(struct myfs_sb *s);
#define max(a, b) ((a) > (b) ? (a) : (b))
