/* suppress.h - in-source suppressions:
 *   / * gfpcheck: ignore RULE[,RULE...] -- REASON * /   (or after //)
 * on the line of a finding or on the line above suppresses one finding of each
 * rule named.  A directive without a reason, or naming no known rule, suppresses
 * nothing and is reported by the bad-suppression rule.  The directives come from
 * the facts' `suppress` records (every front end finds them in real comments with
 * facts/srcscan.c); this file is their only parser. */
#ifndef GFPCHECK_SUPPRESS_H
#define GFPCHECK_SUPPRESS_H
#include <stddef.h>

#include "rules/finding.h"

struct program;

#define SUPPRESS_MAXRULES 16
struct suppression {
	int nrules;
	char rules[SUPPRESS_MAXRULES][64];
	char subject[256];   /* the rules as written, or the rule a problem is about; "" when none */
	char reason[512];    /* "" when missing */
	const char *problem; /* NULL when valid, else why it is not */
};

/* Parse a directive's text (a `suppress` record's DIRECTIVE: "gfpcheck: ignore
 * ..."). Returns 1 and fills *s when it is an `ignore` directive, 0 otherwise. */
int suppression_parse(const char *directive, struct suppression *s);

/* Mark (show != 0) or drop the findings a valid directive suppresses; returns how
 * many were suppressed. */
size_t suppress_apply(struct findings *fs, const struct program *p, int show);
/* The findings not marked suppressed (they decide the exit status). */
size_t findings_active(const struct findings *fs);
#endif
