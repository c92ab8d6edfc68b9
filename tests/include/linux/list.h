/* Kernel-like doubly linked list helpers for gfpcheck fixtures. */
#ifndef _LINUX_LIST_H
#define _LINUX_LIST_H

#include <linux/types.h>

#define LIST_HEAD_INIT(name) { &(name), &(name) }
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)

void INIT_LIST_HEAD(struct list_head *list);
void list_add(struct list_head *entry, struct list_head *head);
void list_add_tail(struct list_head *entry, struct list_head *head);
void list_del(struct list_head *entry);
int list_empty(const struct list_head *head);

#define list_entry(ptr, type, member) container_of(ptr, type, member)
#define list_first_entry(ptr, type, member) \
	list_entry((ptr)->next, type, member)
#define list_next_entry(pos, member) \
	list_entry((pos)->member.next, __typeof__(*(pos)), member)
#define list_for_each_entry(pos, head, member)				\
	for (pos = list_first_entry(head, __typeof__(*pos), member);	\
	     &pos->member != (head);					\
	     pos = list_next_entry(pos, member))

#endif /* _LINUX_LIST_H */
