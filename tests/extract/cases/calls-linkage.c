/* Calls as the token pass of each function body finds them, and linkage. */
#include <linux/slab.h>

struct ops { int (*run)(int); };
static int helper(int x);
static int (*hook)(int);

/* static by its prototype above, though written without `static` */
int helper(int x)
{
	return x + 1;
}

int calls(struct ops *o, struct list_head *head)
{
	int (*fp)(int) = helper;   /* a declarator, no call */
	int arr[sizeof(struct ops)] __attribute__((unused));
	struct ops *pos;

	o->run(helper(2));          /* indirect: an icall record; helper(2) is a call */
	(*fp)(3);                   /* through a local pointer: an icall =fp */
	list_for_each_entry(pos, head, list) {   /* an iterator: a loop */
		pr_info("a, (b) %d\n", min(helper(4), 5));
	}
#if IS_ENABLED(CONFIG_FOO)
	hook(6);
#endif
	return kmalloc(sizeof(*pos), GFP_NOFS) != NULL;
}

/* `#if 0` code is never compiled: no records from it; its #else branch is */
int ifzero(void)
{
#if 0
	dead_call(GFP_NOFS);
#ifdef CONFIG_FOO
	{ dead_too(); }
#endif
#else
	live_call(8);
#endif
	return 0;
}
