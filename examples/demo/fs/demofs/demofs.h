/* demofs private header: functions declared only here are called only from fs/demofs. */
struct demofs_inode {
	void *i_data_sem;
	void *buf;
};
int demofs_fill(struct demofs_inode *di, gfp_t gfp);
