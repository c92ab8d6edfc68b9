/* phases.h - one gfpcheck run as a list of phases, each a small function over
 * the run's state; main() calls them in order. */
#ifndef GFPCHECK_PHASES_H
#define GFPCHECK_PHASES_H
#include "analysis/analysis.h"
#include "analysis/regions.h"
#include "analysis/sites.h"
#include "cli/args.h"
#include "report/report.h"

struct run {
	struct args A;
	char *root, *version, *model_dir;
	struct model model;
	struct program prog;
	struct analysis a;
	struct sites sites;
	struct regions regions;
	struct findings out;
	struct run_stats st;
	int fixrc;
	int explain_missing; /* an --explain-site line had no allocation site */
};

/* Each returns 0 to go on, or the exit status to stop with (messages written). */
int phase_root(struct run *R);      /* tree root and kernel version */
int phase_model(struct run *R);     /* model/ plus --model and --scope-lock rows */
int phase_facts(struct run *R);     /* --facts directories, or extraction with spatch */
int phase_analyse(struct run *R);   /* graph, flow, context, sites, regions */
int phase_rules(struct run *R);     /* every selected rule */
int phase_filter(struct run *R);    /* fingerprints, suppressions, baselines, --since */
int phase_fix(struct run *R);       /* --fix, --patch-dir, --apply */
int phase_report(struct run *R);    /* stats and the report */
/* The exit status of a run that got to the end. */
int run_status(const struct run *R);
void run_free(struct run *R);
#endif
