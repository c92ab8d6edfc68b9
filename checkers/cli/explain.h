/* explain.h - --explain-site FILE:LINE: why the allocations on one line get the
 * findings they get (or none): their masks, the path classes that reach them
 * and one chain of hops for each class. */
#ifndef GFPCHECK_EXPLAIN_H
#define GFPCHECK_EXPLAIN_H
#include <stdio.h>

#include "analysis/analysis.h"
#include "analysis/sites.h"
#include "rules/finding.h"

/* Parse "FILE:LINE" (FILE relative to the tree root, or a path whose tail is
 * such a file). Returns 0, or -1 with a message in err. */
int explain_parse(const char *arg, char **file, int *line, char *err, size_t errsz);
/* Print the explanation; returns the number of allocation sites found on the line. */
int explain_site(const struct analysis *a, const struct sites *s, const struct findings *out, const char *file,
		 int line, FILE *fo);
#endif
