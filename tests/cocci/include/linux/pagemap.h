/* Kernel-like page cache mask helpers for the cocci fixtures (tests/cocci/). */
#ifndef _LINUX_PAGEMAP_H
#define _LINUX_PAGEMAP_H

#include <linux/types.h>
#include <linux/fs.h>

void mapping_set_gfp_mask(struct address_space *m, gfp_t mask);
gfp_t mapping_gfp_mask(struct address_space *mapping);

#endif /* _LINUX_PAGEMAP_H */
