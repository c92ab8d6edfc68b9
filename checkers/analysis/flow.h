/* flow.h - lock and scope state along control-flow paths inside one function,
 * computed over the structure records of the facts, and per-function summaries
 * (what a function leaves open or closes for its callers). */
#ifndef GFPCHECK_FLOW_H
#define GFPCHECK_FLOW_H
#include "analysis/analysis.h"

#define MAXHELD 8
#define MAXSTATES 24

enum held_kind { HK_LOCK = 1, HK_SETTER = 2, HK_SCOPE = 3, HK_REGION = 4 /* region probes only */ };
/* held.row of a lock taken by a function annotated __acquires() that has no
 * model row and no body in the facts (sparse's ctx records): it counts when
 * reclaim takes its class, like a lock primitive's */
#define ROW_CTX (-3)

struct held {
	uint8_t kind;   /* HK_* */
	uint8_t scope;  /* SK_NOFS / SK_NOIO for HK_SCOPE */
	int16_t row;    /* model row, -1 when unknown */
	uint32_t key;   /* identity: argument or variable text */
	int call;       /* call that opened it (evidence) */
	uint32_t cls;   /* lock class (lockclass.c), 0 when unknown or not a lock */
};

#define MAXASSUME 4

struct astate {
	uint8_t n;
	uint8_t na;                    /* branch assumptions on this path */
	struct held h[MAXHELD];
	uint32_t acond[MAXASSUME];     /* condition text */
	uint8_t aval[MAXASSUME];       /* 1: the then-branch was taken */
};

struct stateset {
	int n, cap;
	struct astate *s;
};

void ss_free(struct stateset *s);
/* Run the flow analysis of every function to a fixpoint of the summaries. */
void flow_run(struct analysis *a);
/* The model lock row call c acquires with (a trylock row when want_try), the
 * row whose arg= pattern matches its first argument first; NULL when none. */
const struct mrow *flow_lock_row(const struct analysis *a, int c, int want_try);
/* The states before call `c`; a NULL or empty set means "nothing held". */
const struct stateset *flow_states(const struct analysis *a, int c);
#endif
