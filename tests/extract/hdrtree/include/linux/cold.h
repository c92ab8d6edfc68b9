/* No inline here calls a model name: prototypes only. */
#ifndef _LINUX_COLD_H
#define _LINUX_COLD_H
int cold_public(int a);
struct cold_ops;
/* A struct definition: the scanner writes its `struct` record (members split at
 * the ';' of depth 1, comments dropped, white space folded, dead branches left
 * out) as spatch would, so that a fs/ scan can type `c->ops->f()`. */
struct cold_obj {
	unsigned long start; /* a comment */
	const struct cold_ops *ops;
#if 0
	int dead;
#endif
	union {
		int u1;
		long u2;
	} shared;
	int (*fn)(int a,
		  int b);
} __randomize_layout;
static inline int cold_twice(int a)
{
	return cold_public(a) * 2;
}
#endif
