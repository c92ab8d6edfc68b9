/* args.h - gfpcheck's options: the table (usage text included) and what they set. */
#ifndef GFPCHECK_ARGS_H
#define GFPCHECK_ARGS_H
#include <stddef.h>

#include "base/util.h"

struct args {
	const char *format, *outpath, *kver, *cocci, *model_dir;
	const char *arch; /* --arch or $ARCH as a directory under arch/, NULL: x86 */
	const char **models; size_t nmodels, capmodels;
	const char **factdirs; size_t nfactdirs, capfactdirs;
	int jobs, quiet, dump_model, dump_state, explain_locks, explain_orders, show_suppressed;
	const char **explain; size_t nexplain, capexplain; /* --explain-site FILE:LINE */
	unsigned rules;           /* rule bits (1 << R_*) */
	const char *baseline, *write_baseline, *since;
	int min_conf, min_conf_set; /* --min-confidence: enum conf */
	int fixing, apply, fixrules_set;
	const char *patch_dir;
	const char *from;         /* --from: the series' author */
	unsigned fix_rules;
	struct strbuf scope_locks; /* model rows from --scope-lock */
	char **paths; int npaths; /* operands */
};

/* Parse the command line. Returns 0, 1 when the program is done (help, version,
 * list of rules printed: exit 0), or 2 on a usage error (message written). */
int args_parse(struct args *A, int argc, char **argv);
void args_free(struct args *A);
#endif
