/* Kernel-like basic types for gfpcheck fixtures (written for this project). */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

#ifdef __CHECKER__	/* sparse: gfp_t is a restricted type, as in the kernel */
#define __bitwise __attribute__((bitwise))
#define __force __attribute__((force))
#else
#define __bitwise
#define __force
#endif

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef signed char s8;
typedef short s16;
typedef int s32;
typedef long long s64;

typedef unsigned long size_t;
typedef long ssize_t;
typedef long long loff_t;
typedef unsigned long pgoff_t;
typedef unsigned short umode_t;
typedef unsigned int uint;

typedef _Bool bool;
#define true 1
#define false 0

#define NULL ((void *)0)

typedef unsigned int __bitwise gfp_t;

typedef struct {
	int counter;
} atomic_t;

struct list_head {
	struct list_head *next, *prev;
};

#define ENOMEM 12
#define EAGAIN 11
#define EINVAL 22
#define EIO 5

#define offsetof(TYPE, MEMBER) __builtin_offsetof(TYPE, MEMBER)
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#endif /* _LINUX_TYPES_H */
