/* extract_phases.h - one gfpcheck-extract run as a list of phases, each a
 * small function over the run's state; main() calls them in order. */
#ifndef GFPCHECK_EXTRACT_PHASES_H
#define GFPCHECK_EXTRACT_PHASES_H
#include <limits.h>
#include <stddef.h>

#include "cli/extract_args.h"
#include "extract/extract.h"
#include "model/model.h"

struct xmain {
	struct xargs A;
	const char *argv0;
	char rootabs[PATH_MAX]; /* the root, absolute (A.o.root) */
	char *cocci;            /* the default semantic patch, when --cocci is not given */
	struct model model;
	const char **hot;       /* the model's names for the headers of include/ (A.o.hot) */
	struct extract_file *files;
	size_t n;
	struct extract_stats st;
	size_t failed;          /* files without facts */
};

/* Each returns 0 to go on, or the exit status to stop with (messages written). */
int xphase_root(struct xmain *X);    /* the root and the semantic patch */
int xphase_model(struct xmain *X);   /* the model's names for the headers of include/ */
int xphase_files(struct xmain *X);   /* the files under the paths, the headers of include/ */
int xphase_extract(struct xmain *X); /* their facts, in the cache */
int xphase_output(struct xmain *X);  /* the failures; the facts copied to -o DIR, or listed */
int xphase_tree(struct xmain *X);    /* -o DIR: the tree file, DIR/gfpfacts.tree */
int xphase_summary(struct xmain *X); /* the counts line */
/* The exit status of a run that got to the end. */
int xmain_status(const struct xmain *X);
void xmain_free(struct xmain *X);
#endif
