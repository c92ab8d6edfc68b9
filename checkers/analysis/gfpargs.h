/* gfpargs.h - the call arguments that hold gfp tokens (the flag rules' sites). */
#ifndef GFPCHECK_GFPARGS_H
#define GFPCHECK_GFPARGS_H
#include "analysis/analysis.h"

/* Calls fn for every call argument that holds gfp tokens (innermost call), with
 * its first token. */
void gfp_args(const struct analysis *a, void (*fn)(void *ctx, int call, int arg, int tok), void *ctx);
#endif
