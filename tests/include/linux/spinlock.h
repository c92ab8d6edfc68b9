/* Kernel-like spinlock declarations for gfpcheck fixtures. */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H

#include <linux/types.h>

typedef struct spinlock {
	atomic_t rlock;
} spinlock_t;

void spin_lock_init(spinlock_t *lock);
void spin_lock(spinlock_t *lock);
void spin_unlock(spinlock_t *lock);
int spin_trylock(spinlock_t *lock);
unsigned long _raw_spin_lock_irqsave(spinlock_t *lock);
#define spin_lock_irqsave(lock, flags) \
	((flags) = _raw_spin_lock_irqsave(lock))
void spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags);

#endif /* _LINUX_SPINLOCK_H */
