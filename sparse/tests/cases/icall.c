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

/* A function stored by assignment: into a member (of an array element too),
 * assign:TYPE.MEMBER; into a local, assign:=VAR (what the other front ends
 * write; a bare `assign` would read as an escaping address). */
struct myfs_handler {
	int (*fn)(int n);
	int dev;
};
static int myfs_datadev(int n) { return n; }
static int myfs_logdev(int n) { return n + 1; }

int myfs_handlers(int i)
{
	struct myfs_handler h[2];
	myfs_fn f;

	h[0].fn = myfs_datadev;				/* EXPECT-FACT: ref myfs_handlers myfs_datadev assign:myfs_handler.fn */
	f = myfs_logdev;				/* EXPECT-FACT: ref myfs_handlers myfs_logdev assign:=f */
	h[1].fn = f;
	return h[i].fn(i);
}
