/* Indirect calls through ops-table members: icall with the exact struct type. */
struct myfs_aops {
	int (*writepages)(int n);
	int pad;
	int (*readpage)(int n);
};
struct myfs_mapping {
	int x;
	const struct myfs_aops *a_ops;
};
typedef int (*myfs_fn)(int);

int myfs_write(struct myfs_mapping *m, myfs_fn fp)
{
	int r = m->a_ops->readpage(1);			/* EXPECT-FACT: icall myfs_write myfs_aops.readpage */
	r += m->a_ops->writepages(2);			/* EXPECT-FACT: bb myfs_write 15:20:myfs_aops.readpage,16:17:myfs_aops.writepages */
	r += fp(3);					/* EXPECT-NO-FACT: icall myfs_write */
	return r;
}
