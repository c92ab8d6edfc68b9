/* Kernel-like mm.h for gfpcheck fixtures: page allocation, kvmalloc. */
#ifndef _LINUX_MM_H
#define _LINUX_MM_H

#include <linux/types.h>
#include <linux/gfp.h>

void *kvmalloc(size_t size, gfp_t flags);
void *kvzalloc(size_t size, gfp_t flags);
void kvfree(const void *addr);
void *page_address(const struct page *page);

#endif /* _LINUX_MM_H */
