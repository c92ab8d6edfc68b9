/* Paths only Clang's CFG shows: a statement macro that unlocks and returns on
 * its error branch (the lock stays held on the fall-through path), and a
 * noreturn call that ends a path. */
#include <linux/types.h>
#include <linux/slab.h>
#include <linux/sched/mm.h>
struct myfs_sb_info;
void myfs_lock(struct myfs_sb_info *sbi);
void myfs_unlock(struct myfs_sb_info *sbi);
void myfs_panic(const char *why) __attribute__((__noreturn__));

#define MYFS_BAIL_UNLOCKED(sbi, err) \
	do { if (err) { myfs_unlock(sbi); return err; } } while (0)

int myfs_hidden_return(struct myfs_sb_info *sbi, int err, void **p)
{
	myfs_lock(sbi);
	MYFS_BAIL_UNLOCKED(sbi, err);
	*p = kmalloc(64, GFP_KERNEL); /* both: missing-nofs (the lock is held on the fall-through path) */
	myfs_unlock(sbi);
	return 0;
}

int myfs_noreturn(struct myfs_sb_info *sbi, int bad, void **p)
{
	if (bad) {
		myfs_lock(sbi);
		myfs_panic("bad");
	}
	*p = kmalloc(64, GFP_KERNEL); /* neither: the locked path ends in myfs_panic (Clang: the attribute; Coccinelle: the model row) */
	return 0;
}

/* Clang links a noreturn call's block to the exit block: that path must not
 * count as a return with the scope open (no scope-imbalance here). */
int myfs_scope_noreturn(int bad, void **p)
{
	unsigned int flags = memalloc_nofs_save();

	if (bad)
		myfs_panic("bad");
	*p = kmalloc(64, GFP_KERNEL);
	memalloc_nofs_restore(flags);
	return 0;
}
