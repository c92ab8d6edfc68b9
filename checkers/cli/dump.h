/* dump.h - --dump-state. */
#ifndef GFPCHECK_DUMP_H
#define GFPCHECK_DUMP_H
#include <stdio.h>

#include "analysis/analysis.h"

/* Which functions had a front-end CFG, and the states before every call. */
void dump_state(const struct analysis *a, FILE *out);
#endif
