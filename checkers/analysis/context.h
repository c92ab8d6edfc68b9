/* context.h - what holds at each function's entry over all known callers, and the
 * path classes at a call site (scope, transaction, lock, unknown callers, none). */
#ifndef GFPCHECK_CONTEXT_H
#define GFPCHECK_CONTEXT_H
#include "analysis/analysis.h"
#include "analysis/evidence.h"

struct classev {
	unsigned cls;
	int origin[PC_NKINDS];    /* call that opened the lock/scope, or -1 */
	int inherited[PC_NKINDS]; /* 1: the class comes from the function's callers */
};

int pc_index(unsigned bit);
struct held;
/* Does holding h matter for an allocation: a model filesystem lock context, or
 * a lock whose class some reclaim path takes (reclaim.c)? */
int held_counts(const struct analysis *a, const struct held *h);
/* The lock class the call that opened a lock context takes (an acquire, or a
 * wrapper returning with a lock held that counts), or 0. */
uint32_t held_class(const struct analysis *a, int call);
/* What one lock/scope state holds that decides its path class (classes_at()):
 * the first scope, setter, blocker (a lock that keeps reclaim out of the
 * superblock: s_umount for write), the first lock that counts (held_counts();
 * under a blocker only a global one), and else the first counting lock the
 * blocker makes harmless (blocked). NULL where there is none. */
struct astate;
struct state_parts {
	const struct held *scope, *setter, *blocker, *lock, *blocked;
};
void state_parts(const struct analysis *a, const struct astate *s, struct state_parts *o);
void classes_at(const struct analysis *a, int call, struct classev *out);
/* classes_at() with E as the classes at the entry of the call's function (a
 * call through a parameter bound by one caller: context.c compute_bound()). */
void classes_at_entry(const struct analysis *a, int call, unsigned E, struct classev *out);
void context_run(struct analysis *a);
/* Do the callers gfpcheck cannot see reach function g, on every path that
 * brings them (back over the callers whose entry has PC_UNKNOWN, up to 4096
 * functions), only as callers of functions of filesystem fs whose address is
 * taken there (its ops methods, its work and thread functions), never through
 * a public interface (exported, declared under include/, a model root) or
 * generic code? Such callers work on fs's own objects: the VFS, its workers.
 * *root gets one of those functions. */
int unknown_callers_own(const struct analysis *a, int g, uint32_t fs, int *root);
/* Does the context of function g flow into t through an indirect call? 0 no,
 * 1 yes, 2 only t's own filesystem's scopes and transactions (an entry method
 * called from generic code). */
int icall_carries_context(const struct analysis *a, int g, int t);
/* Append the hops of a path of calls: hops[0] calls the function of the site,
 * hops[n-1] lies in the function that took the lock at `origin` (origin_text). */
void chain_of_calls(const struct analysis *a, struct chain *out, int site, const int *hops, int n, int origin,
		    unsigned bit);
/* Append the evidence chain for class `bit` at call `c` (origin site and callers). */
void chain_evidence(const struct analysis *a, struct chain *out, int c, unsigned bit, const struct classev *cv);
/* Does some path that brings a transaction (PC_TRANS) to function f's entry
 * start at a transaction handle parameter (model handle row), whichever path
 * its evidence shows? 2: one that some call may pass NULL for through
 * parameters of its callers (fctx.handle_null), 1: only others, 0: none. */
int trans_from_handle(struct analysis *a, int f);
/* Append the hop that says function f is annotated __must_hold() (its callers
 * hold a lock: struct fctx must_hold). */
void must_hold_hop(const struct analysis *a, struct chain *out, int f);
/* Does path class `bit` reach call c on some path whose every hop is
 * feasible (feasible.c: no caller's constant arguments keep its callee from
 * the next call toward c)? The class analysis passes classes along every
 * call; this prunes a class that only infeasible paths bring. Cheap when the
 * evidence's own path is feasible; else a search back over the callers,
 * bounded (it answers yes when the bound is hit). */
int class_feasible(struct analysis *a, int c, unsigned bit);
/* Text of an origin: "memalloc_nofs_save() opens a NOFS scope" etc. */
char *origin_text(const struct analysis *a, int call, unsigned bit);
#endif
