/* lockclass.h - lock classes: which lock an acquire call takes, as lockdep
 * would key it: a global lock by its name ("g:hpfs_lock"), a lock inside a
 * struct by the struct type and member ("ext4_inode_info.i_data_sem"), and,
 * where the front end gives no type for the object, by the directory of the
 * code and the member ("fs/ext4:.i_data_sem"). Transactions and cluster locks
 * of model rows are keyed by their filesystem ("trans:btrfs").
 *
 * Types come from the facts: parameter and local types, function return
 * types, casts, and struct member declarations (`struct` records), followed
 * through member chains (`EXT4_SB(sb)->s_es->...`). */
#ifndef GFPCHECK_LOCKCLASS_H
#define GFPCHECK_LOCKCLASS_H
#include "analysis/analysis.h"

/* The class of the lock call c (of model row `row`) takes, interned, or 0 when
 * it cannot be told (a lock passed in as a plain pointer). */
uint32_t lock_class(const struct analysis *a, int c, const struct mrow *row);
/* A class as the caller of a lock wrapper holds it: a class "@K|..." that a
 * wrapper takes through its parameter K (`&sem->internal_rwsem`) becomes the
 * class of the object call c passes for K (`&F2FS_I(inode)->i_gc_rwsem`). */
uint32_t lock_class_at(const struct analysis *a, int c, uint32_t cls);
/* Is the class keyed by a parameter of the function that takes it: "@K|..."
 * (the lock object) or "...[@K=...]" (the offset into an array of locks,
 * `sb->s_writers.rw_sem + level - 1`)? Such a class is made concrete at each
 * call site by lock_class_at(). */
int lock_class_keyed(uint32_t cls);
/* The class without its parameter keys: "@1|X" -> "X", "X[@1=level-1]" -> "X"
 * (what a keyed class is inside the function that takes it). */
uint32_t lock_class_unkeyed(uint32_t cls);
/* The class a release of any subclass of it matches: unkeyed, and without a
 * lockdep subclass ("T.m#SUB" -> "T.m": mutex_unlock() names none). */
uint32_t lock_class_base(uint32_t cls);
/* The struct (or typedef) name a type text names: "const struct inode *" ->
 * "inode", "handle_t *" -> "handle_t"; 0 when none. */
uint32_t ctype_name(const char *type);
/* How far a class reaches: LC_GLOBAL one lock, LC_SB one per superblock (the
 * struct points back to a super_block, or is one), LC_TRANS a filesystem's
 * transactions, LC_OBJECT one per object (inode, page, ...), LC_UNKNOWN. */
enum { LC_UNKNOWN, LC_OBJECT, LC_SB, LC_TRANS, LC_GLOBAL };
int lock_class_level(const struct analysis *a, uint32_t cls);
/* Is the class a member of a struct whose objects reclaim frees one by one, or
 * of one that embeds such a struct (ntfs_inode holds its struct inode)
 * (an inode's i_rwsem: LC_OBJECT of the kind an evicted inode is)? */
int lock_class_freed(const struct analysis *a, uint32_t cls);
/* The directory form of a typed class ("ext4_inode_info.i_data_sem" ->
 * "fs/ext4:.i_data_sem", from where the struct is defined), or 0. */
uint32_t lock_class_dirform(const struct analysis *a, uint32_t cls);
/* The class as a reader would name it: "the btrfs transaction", "hpfs_lock",
 * "ext4_inode_info.i_data_sem", "->i_data_sem (fs/ext4)"; malloc'ed. */
char *lock_class_text(uint32_t cls);
/* The class as evidence names it: without a wrapper's parameter key ("@1|X" -> "X"). */
const char *lock_class_name(uint32_t cls);
/* Does expression `text` of function fn denote the object fn's parameter k
 * points to, or a part of it: `&f->sem` with f that parameter, `inode`,
 * `&EXT4_I(inode)->i_data_sem`, a local only ever set to such a converter
 * (`f = JFFS2_INODE_INFO(inode)`)? A pointer member leads to another object
 * (`inode->i_sb`), and so does anything the facts cannot tell: 0. */
int lock_on_object(const struct analysis *a, int fn, const char *text, int k);
/* The declared type of identifier `name` in function fn: a parameter or a
 * local (`local` records), or 0. */
uint32_t var_type(const struct analysis *a, int fn, uint32_t name);
/* The struct name of the type of expression `text` in function fn (a
 * parameter or local, a call of a function whose return type the facts give,
 * a cast, then member accesses through the `struct` facts: `vma->vm_ops` is a
 * vm_operations_struct), or 0 when some step is unknown. */
uint32_t expr_struct_type(const struct analysis *a, int fn, const char *text);
/* Free the indexes built on the way (struct names). */
void lockclass_free(struct analysis *a);
#endif
