/* Kernel-like GFP flags and page allocator for gfpcheck fixtures. */
#ifndef _LINUX_GFP_H
#define _LINUX_GFP_H

#include <linux/types.h>

#define ___GFP_DMA		0x01u
#define ___GFP_HIGHMEM		0x02u
#define ___GFP_DMA32		0x04u
#define ___GFP_MOVABLE		0x08u
#define ___GFP_RECLAIMABLE	0x10u
#define ___GFP_HIGH		0x20u
#define ___GFP_IO		0x40u
#define ___GFP_FS		0x80u
#define ___GFP_ZERO		0x100u
#define ___GFP_DIRECT_RECLAIM	0x400u
#define ___GFP_KSWAPD_RECLAIM	0x800u
#define ___GFP_WRITE		0x1000u
#define ___GFP_NOWARN		0x2000u
#define ___GFP_RETRY_MAYFAIL	0x4000u
#define ___GFP_NOFAIL		0x8000u
#define ___GFP_NORETRY		0x10000u
#define ___GFP_MEMALLOC		0x20000u
#define ___GFP_COMP		0x40000u
#define ___GFP_NOMEMALLOC	0x80000u
#define ___GFP_HARDWALL		0x100000u
#define ___GFP_THISNODE		0x200000u
#define ___GFP_ACCOUNT		0x400000u
#define ___GFP_REPEAT		0x800000u

#define __GFP_DMA		((__force gfp_t)___GFP_DMA)
#define __GFP_HIGHMEM		((__force gfp_t)___GFP_HIGHMEM)
#define __GFP_DMA32		((__force gfp_t)___GFP_DMA32)
#define __GFP_MOVABLE		((__force gfp_t)___GFP_MOVABLE)
#define __GFP_RECLAIMABLE	((__force gfp_t)___GFP_RECLAIMABLE)
#define __GFP_HIGH		((__force gfp_t)___GFP_HIGH)
#define __GFP_IO		((__force gfp_t)___GFP_IO)
#define __GFP_FS		((__force gfp_t)___GFP_FS)
#define __GFP_ZERO		((__force gfp_t)___GFP_ZERO)
#define __GFP_DIRECT_RECLAIM	((__force gfp_t)___GFP_DIRECT_RECLAIM)
#define __GFP_KSWAPD_RECLAIM	((__force gfp_t)___GFP_KSWAPD_RECLAIM)
#define __GFP_RECLAIM		((__force gfp_t)(___GFP_DIRECT_RECLAIM | ___GFP_KSWAPD_RECLAIM))
#define __GFP_WRITE		((__force gfp_t)___GFP_WRITE)
#define __GFP_NOWARN		((__force gfp_t)___GFP_NOWARN)
#define __GFP_RETRY_MAYFAIL	((__force gfp_t)___GFP_RETRY_MAYFAIL)
#define __GFP_NOFAIL		((__force gfp_t)___GFP_NOFAIL)
#define __GFP_NORETRY		((__force gfp_t)___GFP_NORETRY)
#define __GFP_MEMALLOC		((__force gfp_t)___GFP_MEMALLOC)
#define __GFP_COMP		((__force gfp_t)___GFP_COMP)
#define __GFP_NOMEMALLOC	((__force gfp_t)___GFP_NOMEMALLOC)
#define __GFP_HARDWALL		((__force gfp_t)___GFP_HARDWALL)
#define __GFP_THISNODE		((__force gfp_t)___GFP_THISNODE)
#define __GFP_ACCOUNT		((__force gfp_t)___GFP_ACCOUNT)
#define __GFP_REPEAT		((__force gfp_t)___GFP_REPEAT)

#define GFP_ATOMIC	(__GFP_HIGH | __GFP_KSWAPD_RECLAIM)
#define GFP_KERNEL	(__GFP_RECLAIM | __GFP_IO | __GFP_FS)
#define GFP_KERNEL_ACCOUNT (GFP_KERNEL | __GFP_ACCOUNT)
#define GFP_NOWAIT	(__GFP_KSWAPD_RECLAIM)
#define GFP_NOIO	(__GFP_RECLAIM)
#define GFP_NOFS	(__GFP_RECLAIM | __GFP_IO)
#define GFP_USER	(__GFP_RECLAIM | __GFP_IO | __GFP_FS | __GFP_HARDWALL)
#define GFP_DMA		__GFP_DMA
#define GFP_DMA32	__GFP_DMA32
#define GFP_HIGHUSER	(GFP_USER | __GFP_HIGHMEM)
#define GFP_HIGHUSER_MOVABLE (GFP_HIGHUSER | __GFP_MOVABLE)

#define PAGE_SHIFT 12
#define PAGE_SIZE (1UL << PAGE_SHIFT)
#define PAGE_ALLOC_COSTLY_ORDER 3

struct page;

struct page *alloc_pages(gfp_t gfp_mask, unsigned int order);
#define alloc_page(gfp_mask) alloc_pages(gfp_mask, 0)
unsigned long __get_free_pages(gfp_t gfp_mask, unsigned int order);
#define __get_free_page(gfp_mask) __get_free_pages((gfp_mask), 0)
unsigned long get_zeroed_page(gfp_t gfp_mask);
void __free_pages(struct page *page, unsigned int order);
void free_pages(unsigned long addr, unsigned int order);
#define __free_page(page) __free_pages((page), 0)
#define free_page(addr) free_pages((addr), 0)

#endif /* _LINUX_GFP_H */
