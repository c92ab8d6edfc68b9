/* lockgroups.h - GFP_NOFS tokens that one lock region alone does not cover,
 * but that every path reaches inside a NOFS scope, a transaction, or while a
 * lock that reclaim takes is held: NOFS scopes opened where those locks are
 * taken would cover them all (upstream's quota conversion: a scope at every
 * dqio_sem and dq_lock acquisition, GFP_KERNEL in quota_tree.c). A group joins
 * the tokens of one filesystem that need the same set of lock classes; the
 * nofs-to-scope rule reports a group of two or more tokens, a fix that needs a
 * hand (more than one region). */
#ifndef GFPCHECK_LOCKGROUPS_H
#define GFPCHECK_LOCKGROUPS_H
#include "analysis/regions.h"

/* Groups of GFP_NOFS tokens not already in a region of two or more tokens
 * (regions r), each with two or more tokens. */
void lockgroups_build(struct analysis *a, const struct sites *s, const struct regions *r,
		      struct lockgroups *out);
void lockgroups_free(struct lockgroups *g);
#endif
