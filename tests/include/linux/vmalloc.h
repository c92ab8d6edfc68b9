/* Kernel-like vmalloc declarations for gfpcheck fixtures. */
#ifndef _LINUX_VMALLOC_H
#define _LINUX_VMALLOC_H

#include <linux/types.h>
#include <linux/gfp.h>
#include <linux/mm.h>

void *vmalloc(unsigned long size);
void *vzalloc(unsigned long size);
void *__vmalloc(unsigned long size, gfp_t gfp_mask);
void vfree(const void *addr);

#endif /* _LINUX_VMALLOC_H */
