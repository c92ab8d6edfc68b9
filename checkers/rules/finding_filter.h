/* finding_filter.h - drop findings from a list in place, keeping the order. */
#ifndef GFPCHECK_FINDING_FILTER_H
#define GFPCHECK_FINDING_FILTER_H
#include "rules/finding.h"

/* Keeps the findings for which keep() returns non-zero and frees the others;
 * returns how many were dropped. */
size_t findings_filter(struct findings *fs, int (*keep)(struct finding *f, void *ctx), void *ctx);
#endif
