/* dummy.h - the locks a path holds where a journal handle may be a dummy.
 *
 * ext4's journal start returns a dummy handle that opens no NOFS scope on a
 * mount without a journal (model setter/handle rows with dummy=DIR). A
 * GFP_NOFS that every path reaches inside such a handle is redundant only on
 * journalled mounts; without a journal it is needed when the path holds a lock
 * that reclaim takes. The context classes cannot tell: the handle's scope
 * hides the lock, and a function receiving the handle as a parameter is
 * "inside a transaction" whatever its callers hold. */
#ifndef GFPCHECK_DUMMY_H
#define GFPCHECK_DUMMY_H
#include "analysis/analysis.h"

/* Does a setter or handle row say that in file (a path of the tree) its
 * transaction may be a dummy that opens no scope (dummy=DIR: ext4 without a
 * journal)? */
int dummy_in_file(const struct analysis *a, const char *file);

/* Does the lock taken at call o count (a conflict the caller would report)?
 * ctx is the caller's. */
typedef int (*dummy_counts_fn)(struct analysis *a, int o, const void *ctx);

/* A lock that `counts` accepts, held on some path to call c where no scope is
 * open once every setter that may be a dummy in its file opens none: in c's
 * function before c, or in a caller before its call (breadth-first over the
 * direct and indirect callers in c's filesystem, up to 4096 functions; the
 * calls of generic code into them are looked at, not generic code's own
 * callers). A scope-API scope or another setter on the way covers the path
 * above it; callers in another filesystem than c's are left out (they reach
 * it through generic dispatch of their own objects). Returns the call that
 * took the lock, or -1. */
int dummy_lock_above(struct analysis *a, int c, dummy_counts_fn counts, const void *ctx);
#endif
