/* options.h - the command-line parser both programs (gfpcheck, gfpcheck-extract)
 * use: a table of options, each with its help text, so that parsing and the
 * usage text come from one place. */
#ifndef GFPCHECK_OPTIONS_H
#define GFPCHECK_OPTIONS_H
#include <stdio.h>

struct cli_opt {
	const char *name;  /* long name without "--" */
	char short_name;   /* 0 for none */
	const char *arg;   /* metavariable of the argument ("FILE"), NULL for a flag */
	int key;           /* passed to the handler */
	const char *help;  /* one line; "\n" starts a continuation line */
};

/* Parse argv against the table (terminated by a row with a NULL name). For each
 * option the handler is called with its key and argument (NULL for flags); it
 * returns 0, or -1 after writing "PROG: what is wrong" to stderr. Operands are
 * left in argv[*first .. argc-1]. Returns 0, 1 when a handler asked to stop with
 * success (--help, --version), or -1 on a usage error (message written). */
int cli_parse(const char *prog, int argc, char **argv, const struct cli_opt *table,
	      int (*handle)(void *ctx, int key, const char *arg), void *ctx, int *first);
/* The option list of the usage text, from the table. */
void cli_usage(FILE *out, const struct cli_opt *table);
/* A number from min to max, or -1 after "PROG: OPTION takes ..." on stderr. */
int cli_int(const char *prog, const char *option, const char *arg, long min, long max, long *out);
#endif
