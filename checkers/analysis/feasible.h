/* feasible.h - calls that cannot happen on a path. A caller passes a constant
 * (0, NULL, false, true, a number) for a parameter; the callee tests that
 * parameter (`if (!clusters_to_add) goto out;`, `if (handle == NULL)`, also in
 * && and || with other tests) and the branch the constant takes never reaches
 * the call in question. Such a hop is pruned from a reported chain. */
#ifndef GFPCHECK_FEASIBLE_H
#define GFPCHECK_FEASIBLE_H
#include "analysis/analysis.h"

/* Can call x (in function g) happen when g is entered through call c (whose
 * target is g), given c's constant arguments? */
int hop_feasible(struct analysis *a, int c, int x);
/* The same for an indirect call c that resolves to x's function (its
 * arguments bind the target's parameters as a direct call's do). */
int icall_hop_feasible(struct analysis *a, int c, int x);

/* Which calls of function g (reach[i] for g's i-th call: 1 or 0) can be reached
 * from its entry when member `member` of the object g's parameter k points to
 * ("inode->i_nlink", also written through a converter's local as
 * `ei->v.i_nlink`, or carried by a local flag `bool delete = !inode->i_nlink`)
 * is not 0? Conditions that test it
 * (`if (!inode->i_nlink)`, `== 0`, `!= 0`, in && and ||) take the branch that
 * value gives. One walk of g's CFG. */
void reached_if_nonzero(struct analysis *a, int g, int k, uint32_t member, unsigned char *reach);

/* Is call x of function g reached from g's entry, in memory reclaim, when
 * member `member` of the object g's parameter k points to is 0? When it is
 * not, g makes the call only after testing that member non-zero
 * (ubifs_write_inode(): `if (inode->i_nlink) err = ubifs_jnl_write_inode(c,
 * inode);`), and the callee runs with it non-zero. One walk of g's CFG. */
int reached_if_zero(struct analysis *a, int g, int k, uint32_t member, int x);

/* Which calls of function g (reach[i] for g's i-th call) can be reached when g
 * runs in memory reclaim, where PF_MEMALLOC is set (direct reclaim and kswapd:
 * memalloc_noreclaim_save()): a condition `current->flags & PF_MEMALLOC`, also
 * under `!`, `unlikely()` and `WARN_ON_ONCE()`, is true. One walk of g's CFG. */
void reached_in_reclaim(struct analysis *a, int g, unsigned char *reach);

/* Is argument text `text` a constant (0, NULL, false, true, a number)? *v gets it. */
int arg_constant(const char *text, long long *v);
/* The same, or a constant written with flag macros (XFS_ILOCK_SHARED,
 * `A | B`) whose `defval` facts give the value. */
int arg_macro_constant(const struct analysis *a, const char *text, long long *v);

/* Which calls of function g (reach[i] for g's i-th call) can be reached when
 * its parameters ks[0..n) hold the constants vs[0..n) and g runs in memory
 * reclaim (PF_MEMALLOC set, as reached_in_reclaim())? One walk of g's CFG. */
void reached_with_consts(struct analysis *a, int g, const int *ks, const long long *vs, int n, unsigned char *reach);

/* A lock context of class PC_LOCK that reaches call x on a feasible path: fills
 * hops[] with the calls from x's caller up to the function that takes the lock
 * (hops[0] calls x's function, ...), *origin with the acquire, and returns the
 * number of hops (0: the lock is taken in x's own function), or -1 when every
 * path that holds a lock at x is infeasible. */
int lock_path(struct analysis *a, int x, int *hops, int maxhops, int *origin);
/* Frees what lock_path() and the hop tests keep between calls. */
void feasible_free(struct analysis *a);
#endif
