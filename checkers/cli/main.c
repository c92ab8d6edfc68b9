/* main.c - the gfpcheck command line: the phases of a run, in order
 * (cli/phases.c), each of which may end it. */
#include <stdlib.h>
#include <string.h>

#include "base/wfile.h"
#include "cli/phases.h"

int main(int argc, char **argv)
{
	static struct run R;
	atexit(wfile_check_stdout); /* a report, diff or listing that cannot be written: exit 2 */
	int rc = args_parse(&R.A, argc, argv);
	if (rc)
		return rc == 1 ? 0 : rc;
	int (*const phases[])(struct run *) = {phase_root,  phase_model, phase_facts, phase_analyse,
					       phase_rules, phase_filter, phase_fix,  phase_report};
	for (size_t i = 0; i < sizeof(phases) / sizeof(phases[0]); i++) {
		rc = phases[i](&R);
		if (rc) {
			run_free(&R);
			return rc < 0 ? 0 : rc; /* -1: done early, successfully (--dump-model) */
		}
	}
	rc = run_status(&R);
	run_free(&R);
	return rc;
}
