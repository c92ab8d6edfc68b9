/* bind.h - function-pointer arguments bound along one walk of the call graph.
 *
 * icall.c resolves a call through a function-pointer parameter (`ea_call(...)`
 * in gfs2's ea_foreach_i()) to every function any caller passes for it. A walk
 * from given entry functions (the reclaim walks) knows better: only the calls
 * it went through passed anything. Each time the walk enters u through call c,
 * binds_enter() records what c passes for u's parameters that matter
 * (icall_param_mask()): a function name, or what the walk bound to the caller's
 * own parameter it passes on. An argument it cannot follow (an expression, a
 * variable, a parameter of an entry function) binds the parameter to every
 * candidate. binds_targets() then gives the functions a call through such a
 * parameter can reach on this walk. */
#ifndef GFPCHECK_BIND_H
#define GFPCHECK_BIND_H
#include "analysis/analysis.h"

struct binds;

struct binds *binds_new(void);
/* Forget every binding (a new walk). */
void binds_reset(struct binds *B);
/* Function f is where a walk starts: its parameters are bound to anything. */
void binds_start(struct binds *B, const struct analysis *a, int f);
/* Call c, in function f, enters function u: bind u's parameters that matter to
 * what c passes. Returns 1 when a binding of u grew (a walk that already went
 * through u must go through it again). */
int binds_enter(struct binds *B, const struct analysis *a, int c, int u);
/* The functions call c (in function f) reaches through a parameter of f bound
 * on this walk, *n of them; NULL when c is no call through a parameter or the
 * parameter is bound to anything (then icall_targets() holds). */
const int *binds_targets(const struct binds *B, const struct analysis *a, int c, int *n);
void binds_free(struct binds *B);
#endif
