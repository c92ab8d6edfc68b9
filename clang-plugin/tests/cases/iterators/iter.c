/* Iterator macros are loops (kind iter), not calls; loops of every kind. */
#include <linux/types.h>
#include <linux/list.h>
#include <linux/slab.h>

struct myfs_item {
	struct list_head list;
	int n;
};

int myfs_walk(struct list_head *head, void **p)
{
	struct myfs_item *it;
	int i = 0;

	list_for_each_entry(it, head, list) {
		if (it->n < 0)
			continue;
		if (it->n == 0)
			break;
		*p = kmalloc(it->n, GFP_NOFS);
	}
	while (i < 3)
		i++;
	do {
		i--;
	} while (i > 0);
	for (;;) {
		switch (i) {
		case 0:
			return 0;
		default:
			break;
		}
		i++;
	}
}
