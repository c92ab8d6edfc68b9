/* Kernel-like scoped allocation API (memalloc_*_save/restore) for fixtures. */
#ifndef _LINUX_SCHED_MM_H
#define _LINUX_SCHED_MM_H

#include <linux/types.h>
#include <linux/gfp.h>

#define PF_MEMALLOC		0x00000800u
#define PF_MEMALLOC_NOFS	0x00040000u
#define PF_MEMALLOC_NOIO	0x00080000u

unsigned int memalloc_nofs_save(void);
void memalloc_nofs_restore(unsigned int flags);
unsigned int memalloc_noio_save(void);
void memalloc_noio_restore(unsigned int flags);
unsigned int memalloc_flags_save(unsigned int flags);
void memalloc_flags_restore(unsigned int flags);
gfp_t current_gfp_context(gfp_t flags);

#endif /* _LINUX_SCHED_MM_H */
