/* noio.h - calls that run inside a NOIO scope on every path (rule noio-in-scope,
 * vmalloc-nofs with GFP_NOIO). */
#ifndef GFPCHECK_NOIO_H
#define GFPCHECK_NOIO_H
#include "analysis/analysis.h"

/* Compute a->noio_entry: functions entered inside a NOIO scope from every caller. */
void noio_run(struct analysis *a);
/* Every path to call c runs inside a NOIO scope (here or in all callers); *origin
 * is the call that opens it, or -1. */
int call_always_noio(const struct analysis *a, int c, int *origin);
#endif
