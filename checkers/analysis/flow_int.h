/* flow_int.h - what flow.c (summaries, transfer, branch rules), engine.c (the
 * interpreter over a CFG) and regions.c (region probes) share: the per-function
 * interpretation context, the state-set operations and the transfer of one call.
 * Not for use outside the flow analysis. */
#ifndef GFPCHECK_FLOW_INT_H
#define GFPCHECK_FLOW_INT_H
#include "analysis/flow.h"

struct fcfg;

/* A region probe (regions.c): per call of the function (index in fn->calls),
 * whether paths arrive inside the probed region (PROBE_IN), outside (PROBE_OUT),
 * and whether the call releases it. */
enum { PROBE_OUT = 1, PROBE_IN = 2 };
struct probe {
	uint8_t *at;        /* PROBE_* per call index */
	const uint8_t *rel; /* 1: the call releases the region */
	int reached;        /* the probe event was reached on some path */
	int twice;          /* ... on a path already inside the region (a loop) */
};

struct fa {
	struct analysis *a;
	struct program *p;
	int fid;
	struct stateset exits;
	uint32_t *kills, *kill_cls; /* (kind << 16 | row + 1) and the lock class, in step */
	int nkills, capkills;
	uint32_t *acq; int nacq, capacq; /* lock classes the function acquires on some path */
	int *kill_ix; int kill_ixcap; /* open-addressing index into kills (1 + i; 0 empty), kill_ixcap a power of two */
	int collect; /* record imbalance events */
	struct probe *probe; /* a region probe: record into it, not into the analysis */
};

/* Returns 1 when the set grew. */
int ss_add(struct stateset *s, const struct astate *x);
int ss_union(struct stateset *d, const struct stateset *s);
void ss_copy(struct stateset *d, const struct stateset *s);
/* Record the states before call c; apply the call to one state. */
void record_state(struct fa *F, int c, const struct stateset *st);
void apply_call(struct fa *F, int c, struct astate *s);
/* Does call c never return (model `noreturn` row)? */
int call_noreturn(const struct fa *F, int c);
/* The states on the then (t) and else (e) branches of `if` item `it`, whose
 * condition holds call cond_call (-1: none). */
void branch_states(struct fa *F, const struct item *it, int cond_call, struct stateset *t, struct stateset *e);
/* Does `if` item `it` guard scope calls or modelled lock acquires, so that its
 * branches are correlated by condition text? */
int branch_correlated(const struct fa *F, const struct item *it);
/* `if (V)`, `if (!V)` or `if (!V && ...)` on a local flag that only earlier
 * correlated branches set true (flagvar.c):
 *
 *	bool suspend = false;
 *	if (A) { suspend = true; noio = memalloc_noio_save(); }
 *	...
 *	if (!suspend && B) { ...; suspend = true; noio = memalloc_noio_save(); }
 *	...
 *	if (suspend) memalloc_noio_restore(noio);
 *
 * V true implies that one of those branches was taken; V false, that none
 * was whose then-branch sets V before anything in it can leave (must), when
 * V is set false nowhere but at its declaration. */
#define FLAG_MAXCONDS 4
struct flagconds {
	int neg, conj;          /* the test is `!V` / `!V && ...` */
	int n;                  /* number of conditions (0: no such flag) */
	uint32_t cond[FLAG_MAXCONDS];
	unsigned char must[FLAG_MAXCONDS];
	int only_init_false;
};
int flag_conds(struct fa *F, const struct item *it, struct flagconds *out);
/* The same for any earlier `if`: the condition text C of the `if` whose
 * then-branch holds every true assignment of the local flag `if (V)` (item it
 * of function fid) tests, so V is false whenever C was false; or 0. */
uint32_t flag_set_only_if(struct analysis *a, int fid, const struct item *it);
/* The initialiser text of local `name` of function fid (`bool delete =
 * !inode->i_nlink && ...;`) when every other use of it only reads it, or 0. */
uint32_t flag_init_expr(struct analysis *a, int fid, uint32_t name);
/* Interpret function F->fid over its CFG g: states at every call it reaches
 * (or the probe's record), exit states in F->exits. */
void engine_run(struct fa *F, const struct fcfg *g);
/* The index of call c in its function's calls, or -1. */
int probe_index(const struct fa *F, int c);
#endif
