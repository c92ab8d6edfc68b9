/* extract_args.h - gfpcheck-extract's options: the table (usage text included)
 * and what they set. */
#ifndef GFPCHECK_EXTRACT_ARGS_H
#define GFPCHECK_EXTRACT_ARGS_H
#include <stddef.h>

#include "extract/extract.h"

struct xargs {
	struct extract_opts o;
	const char *outdir, *root, *model_dir;
	int context_headers;
	const char **models; /* --model */
	size_t nmodels, capmodels;
	char **paths; int npaths; /* operands */
};

/* Parse the command line. Returns 0, 1 when the program is done (--help:
 * exit 0), or 2 on a usage error (message written). */
int xargs_parse(struct xargs *A, int argc, char **argv);
void xargs_free(struct xargs *A);
#endif
