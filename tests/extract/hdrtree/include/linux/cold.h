/* No inline here calls a model name: prototypes only. */
#ifndef _LINUX_COLD_H
#define _LINUX_COLD_H
int cold_public(int a);
static inline int cold_twice(int a)
{
	return cold_public(a) * 2;
}
#endif
