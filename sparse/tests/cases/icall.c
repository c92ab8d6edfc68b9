/* Indirect calls through ops-table members: icall with the exact struct type;
 * through a function-pointer parameter: FIELD =NAME, RECV -, as Clang and
 * Coccinelle write it. */
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
	r += m->a_ops->writepages(2);			/* EXPECT-FACT: bb myfs_write 17:20:myfs_aops.readpage,18:17:myfs_aops.writepages,19:7:=fp */
	r += fp(3);					/* EXPECT-FACT: icall myfs_write =fp - */
	return r;
}
