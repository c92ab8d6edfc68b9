/* Kernel-like mutex declarations for gfpcheck fixtures. */
#ifndef _LINUX_MUTEX_H
#define _LINUX_MUTEX_H

#include <linux/types.h>

struct mutex {
	atomic_t owner;
};

void mutex_init(struct mutex *lock);
void mutex_lock(struct mutex *lock);
void mutex_lock_nested(struct mutex *lock, unsigned int subclass);
int mutex_lock_interruptible(struct mutex *lock);
int mutex_trylock(struct mutex *lock);
void mutex_unlock(struct mutex *lock);

#endif /* _LINUX_MUTEX_H */
