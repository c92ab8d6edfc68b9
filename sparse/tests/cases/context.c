/* Context annotations and statements, as the kernel writes them for sparse
 * (include/linux/compiler_types.h under __CHECKER__). */
#define __acquires(x)	__attribute__((context(x, 0, 1)))
#define __releases(x)	__attribute__((context(x, 1, 0)))
#define __must_hold(x)	__attribute__((context(x, 1, 1)))
#define __acquire(x)	__context__(x, 1)
#define __release(x)	__context__(x, -1)
#define __cond_lock(x, c)	((c) ? ({ __acquire(x); 1; }) : 0)

typedef struct { int v; } spinlock_t;
struct myfs_sb_info {
	spinlock_t s_lock;
	int count;
};
struct myfs_inode {
	spinlock_t i_lock;
	struct myfs_sb_info *sbi;
};

void _raw_spin_lock(spinlock_t *lock) __acquires(lock);	/* EXPECT-FACT: ctxfn _raw_spin_lock 0 1 lock - */
void _raw_spin_unlock(spinlock_t *lock) __releases(lock);
int _raw_spin_trylock(spinlock_t *lock);
static inline void spin_lock(spinlock_t *lock) { _raw_spin_lock(lock); }
static inline void spin_unlock(spinlock_t *lock) { _raw_spin_unlock(lock); }
#define spin_trylock(lock) __cond_lock(lock, _raw_spin_trylock(lock))

void myfs_lock_sb(struct myfs_sb_info *sbi) __acquires(&sbi->s_lock);	/* EXPECT-FACT: ctxfn myfs_lock_sb 0 1 &sbi->s_lock myfs_sb_info.s_lock */
void myfs_unlock_sb(struct myfs_sb_info *sbi) __releases(&sbi->s_lock);	/* EXPECT-FACT: ctxfn myfs_unlock_sb 1 0 &sbi->s_lock myfs_sb_info.s_lock */

/* __must_hold: what the callers hold */
static void myfs_count(struct myfs_sb_info *sbi) __must_hold(&sbi->s_lock)	/* EXPECT-FACT: ctxfn myfs_count 1 1 &sbi->s_lock myfs_sb_info.s_lock */
{
	sbi->count++;
}

int myfs_update(struct myfs_inode *mi)
{
	myfs_lock_sb(mi->sbi);		/* EXPECT-FACT: ctx myfs_update acquire &mi->sbi->s_lock myfs_sb_info.s_lock */
	myfs_count(mi->sbi);
	myfs_unlock_sb(mi->sbi);	/* EXPECT-FACT: ctx myfs_update release &mi->sbi->s_lock myfs_sb_info.s_lock */
	spin_lock(&mi->i_lock);		/* EXPECT-FACT: ctx myfs_update acquire myfs_inode.i_lock */
	mi->sbi = 0;
	spin_unlock(&mi->i_lock);	/* EXPECT-FACT: ctx myfs_update release myfs_inode.i_lock */
	return 0;
}

int myfs_try(struct myfs_inode *mi)
{
	if (spin_trylock(&mi->i_lock)) {	/* EXPECT-FACT: ctx myfs_try acquire myfs_inode.i_lock */
		spin_unlock(&mi->i_lock);	/* EXPECT-FACT: ctx myfs_try release myfs_inode.i_lock */
		return 1;
	}
	return 0;
}

static int myfs_global_count;
static spinlock_t myfs_global_lock;

void myfs_bump(void)
{
	__acquire(&myfs_global_lock);	/* EXPECT-FACT: ctx myfs_bump acquire &myfs_global_lock myfs_global_lock */
	myfs_global_count++;
	__release(&myfs_global_lock);	/* EXPECT-FACT: ctx myfs_bump release &myfs_global_lock myfs_global_lock */
}

/* __cond_acquires(x) is context(x, 0, -1) (6.1 refcount_dec_and_mutex_lock()):
 * no ctxfn row describes it, and the file's facts must still be written */
#define __cond_acquires(x)	__attribute__((context(x, 0, -1)))
int myfs_dec_and_lock(int *r, struct myfs_sb_info *sbi) __cond_acquires(&sbi->s_lock);	/* EXPECT-NO-FACT: ctxfn myfs_dec_and_lock */

void myfs_put(int *r, struct myfs_sb_info *sbi)
{
	if (myfs_dec_and_lock(r, sbi))
		myfs_unlock_sb(sbi);
}
