/* Kernel-like per-CPU read-write semaphore declarations for gfpcheck fixtures. */
#ifndef _LINUX_PERCPU_RWSEM_H
#define _LINUX_PERCPU_RWSEM_H

#include <linux/types.h>

struct percpu_rw_semaphore {
	atomic_t block;
};

void percpu_down_read(struct percpu_rw_semaphore *sem);
void percpu_up_read(struct percpu_rw_semaphore *sem);
void percpu_down_write(struct percpu_rw_semaphore *sem);
void percpu_up_write(struct percpu_rw_semaphore *sem);

#endif /* _LINUX_PERCPU_RWSEM_H */
