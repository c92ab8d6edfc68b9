/* Kernel-like declarations the flag-rule fixtures need beyond tests/include:
 * get_order(), alloc_pages_node(), array allocators, page-table types and the
 * page-cache mask setters (written for this project). Included by relative
 * path, so gfpcheck does not scan it with the case. */
#ifndef _GFPCHECK_FLAGSEXT_H
#define _GFPCHECK_FLAGSEXT_H
#include <linux/types.h>
#include <linux/gfp.h>
#include <linux/fs.h>

/* huge pages (include/linux/huge_mm.h): a size macro the case's facts do not hold */
#define HPAGE_PMD_SHIFT 21
#define HPAGE_PMD_ORDER (HPAGE_PMD_SHIFT - PAGE_SHIFT)

int get_order(unsigned long size);
struct page *alloc_pages_node(int nid, gfp_t gfp_mask, unsigned int order);
void *kmalloc_array(size_t n, size_t size, gfp_t flags);
void *kvmalloc_array(size_t n, size_t size, gfp_t flags);
void *kvcalloc(size_t n, size_t size, gfp_t flags);
void *__vmalloc_node(unsigned long size, unsigned long align, gfp_t gfp_mask, int node, const void *caller);

typedef struct { unsigned long pgd; } pgd_t;
typedef struct { unsigned long pte; } pte_t;
typedef struct { unsigned long pmd; } pmd_t;
struct mm_struct {
	pgd_t *pgd;
};

void mapping_set_gfp_mask(struct address_space *m, gfp_t mask);
gfp_t mapping_gfp_mask(struct address_space *mapping);
gfp_t mapping_gfp_constraint(struct address_space *mapping, gfp_t gfp_mask);
struct page *find_or_create_page(struct address_space *mapping, pgoff_t index, gfp_t gfp_mask);
struct page *grab_cache_page(struct address_space *mapping, pgoff_t index);
#endif
