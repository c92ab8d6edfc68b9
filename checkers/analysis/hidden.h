/* hidden.h - which functions a file the front end could not read completely
 * may call: the identifiers in the lines it left out (the `skipped` records'
 * line ranges, read in the facts' text). A function with no visible caller is
 * called from hidden code only if its name is among them. */
#ifndef GFPCHECK_HIDDEN_H
#define GFPCHECK_HIDDEN_H
#include "analysis/analysis.h"

struct hidden;
/* Built from every failed or partial file of the program. */
struct hidden *hidden_build(struct analysis *a);
/* May code the front end left out in function f's directory call f? */
int hidden_may_call(const struct hidden *h, const struct analysis *a, int f);
void hidden_free(struct hidden *h);
#endif
