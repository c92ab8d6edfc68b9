/* flow_int.h - what flow.c (structure records) and flow_cfg.c (Clang's CFG)
 * share: the per-function interpretation context, the state-set operations and
 * the transfer of one call.  Not for use outside the flow analysis. */
#ifndef GFPCHECK_FLOW_INT_H
#define GFPCHECK_FLOW_INT_H
#include "analysis/flow.h"

enum { EV_CALL, EV_ITEM };
struct ev {
	pos_t pos;
	int type, idx;
};

struct label {
	uint32_t name;
	struct stateset s;
};

struct fa {
	struct analysis *a;
	struct program *p;
	int fid;
	struct ev *ev;
	int nev;
	struct label *labs;
	int nlab, caplab;
	int labels_grew;
	struct stateset exits;
	int has_case;
	uint32_t *kills;
	int nkills, capkills;
	int collect; /* record imbalance events */
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
/* Interpret function F->fid over its CFG (func.cfg_n > 0): states at every
 * call it reaches, exit states in F->exits. */
void flow_cfg_run(struct fa *F);
#endif
