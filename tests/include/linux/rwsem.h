/* Kernel-like read-write semaphore declarations for gfpcheck fixtures. */
#ifndef _LINUX_RWSEM_H
#define _LINUX_RWSEM_H

#include <linux/types.h>

struct rw_semaphore {
	atomic_t count;
};

void init_rwsem(struct rw_semaphore *sem);
void down_read(struct rw_semaphore *sem);
int down_read_trylock(struct rw_semaphore *sem);
void up_read(struct rw_semaphore *sem);
void down_write(struct rw_semaphore *sem);
int down_write_trylock(struct rw_semaphore *sem);
void up_write(struct rw_semaphore *sem);
void downgrade_write(struct rw_semaphore *sem);

#endif /* _LINUX_RWSEM_H */
