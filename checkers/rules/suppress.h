/* suppress.h - in-source suppressions:
 *   / * gfpcheck: ignore RULE -- REASON * /   (or after //)
 * on the line of a finding or on the line above suppresses that one finding.
 * A directive without a reason, or naming no known rule, suppresses nothing and
 * is reported by the bad-suppression rule. */
#ifndef GFPCHECK_SUPPRESS_H
#define GFPCHECK_SUPPRESS_H
#include <stddef.h>

#include "rules/finding.h"

struct suppression {
	int col, col_end;  /* 1-based span of "gfpcheck:" ... end of the directive */
	char rule[64];     /* "" when missing */
	char reason[512];  /* "" when missing */
	const char *problem; /* NULL when valid, else why it is not */
};

/* Parse a `gfpcheck: ignore` directive in a comment on this source line. Returns 1
 * and fills *s when the line holds one, 0 otherwise. */
int suppression_parse(const char *line, struct suppression *s);

/* Mark (show != 0) or drop the findings a valid directive suppresses; returns how
 * many were suppressed. Reads the sources from the tree root. */
size_t suppress_apply(struct findings *fs, const char *root, int show);
/* The findings not marked suppressed (they decide the exit status). */
size_t findings_active(const struct findings *fs);
#endif
