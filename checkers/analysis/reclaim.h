/* reclaim.h - static fs_reclaim: which lock classes direct reclaim can take.
 *
 * The reclaim entries (model `reclaim` rows: ->evict_inode, every shrinker's
 * ->scan_objects, ->release_folio, the quota release in eviction, ...) are the
 * methods reclaim calls in the allocating task. The functions a filesystem
 * stores into those fields (designated initialisers and assignments) are its
 * entry functions; following the call graph from them (resolved indirect calls
 * included), every sleeping lock class and transaction kind taken on some path
 * is in that filesystem's reclaim lock set, with one shortest chain from the
 * entry as evidence. A lock held at an allocation matters when its class is in
 * some set: reclaim, run by the allocating task, could wait for it. */
#ifndef GFPCHECK_RECLAIM_H
#define GFPCHECK_RECLAIM_H
#include <stdio.h>

#include "analysis/analysis.h"
#include "analysis/evidence.h"

#define RECLAIM_SHORT 6 /* a reclaim chain of more calls than this is a weaker conflict */

struct rclass {
	uint32_t cls;    /* the lock class (lockclass.h) */
	uint32_t dir;    /* the filesystem: directory of the entry's initialiser (fs/ext4) */
	int row;         /* the model reclaim row of the entry */
	int ref;         /* the initialiser (prog.refs) that stores the entry function */
	int acquire;     /* the call that takes the class */
	int *path;       /* calls from the entry function to the acquiring function */
	int npath;
	int kswapd;      /* reached only through kswapd entries */
	int shared;      /* reclaim takes it only as a reader (mode=read rows) */
	int freed_only;  /* every reclaim path of the filesystem takes it on the object reclaim frees
			    (the inode ->evict_inode is given, or a part of it): a task that holds one
			    holds a reference to that object, which reclaim then cannot be freeing, so
			    the class is left out of the set (listed by --explain-locks) */
};

/* Compute a->reclaim (after flow_run: lock classes need the flow's call data). */
void reclaim_run(struct analysis *a);
void reclaim_free(struct analysis *a);
/* The reclaim path that takes class cls (direct entries first), or NULL. */
const struct rclass *reclaim_takes(const struct analysis *a, uint32_t cls);
/* The same for a lock held by code in directory `dir` (fs/ocfs2): a class of
 * one lock per object, superblock or transaction counts only when the same
 * filesystem's reclaim takes it (lockdep keys such locks per filesystem type,
 * and reclaim of another filesystem takes another object); a global lock, or a
 * lock held by generic code (the VFS in fs/, mm/, include/, and the libraries
 * of fs/ that register no filesystem: fs/quota, fs/jbd2, fs/dlm), counts for any. */
/* Were reclaim entries of the code in directory dir walked (its ->evict_inode
 * and the like are in the scan), so that a class missing from its set is one
 * its reclaim does not take, rather than one the scan cannot know? */
int reclaim_walked(const struct analysis *a, const char *dir);
const struct rclass *reclaim_takes_in(const struct analysis *a, uint32_t cls, const char *dir);
/* Is class cls, held by code of directory dir, one that an entry function of
 * that directory's reclaim takes only behind a live= gate (a call of
 * ->evict_inode made only for an unlinked inode, which reclaim never evicts)?
 * 1 with the gated call, the call that takes the lock and the entry's model
 * row; 0 when no such gate is known. */
int reclaim_gated(const struct analysis *a, uint32_t cls, const char *dir, int *gate, int *at, int *row);
/* Is filesystem fs (fs_of(): "fs/erofs") quiet: does none of its reclaim
 * paths take a lock class (its set is empty; classes taken only on the object
 * reclaim frees do not count) and does the model name no lock, transaction or
 * handle of it? Then nothing a task holds in fs's own code is anything its
 * reclaim waits for. *walked gets reclaim_walked() of fs. */
int reclaim_fs_quiet(const struct analysis *a, uint32_t fs, int *walked);
/* Append the reclaim chain of r: the entry, each call, the acquire. */
void reclaim_chain(const struct analysis *a, const struct rclass *r, struct chain *out);
/* --explain-locks: every filesystem's reclaim lock set with its chains, and the
 * model's lock rows that no reclaim path takes. */
void reclaim_explain(const struct analysis *a, FILE *out);
/* Counts for the JSON stats: entry functions, classes (all filesystems). */
void reclaim_counts(const struct analysis *a, size_t *entries, size_t *classes);
#endif
