/* extract_main.c - gfpcheck-extract: write the facts of C files with the
 * Coccinelle front end, for distributing extraction over machines or jobs.
 *
 *   gfpcheck-extract [options] PATH...
 *
 * Facts go to the cache; with -o they are also copied to DIR/<rel>.facts,
 * rel being the file's path relative to the root (default: the current
 * directory).  With --shard I/N only the files whose content hash falls in
 * share I of N are extracted (and copied): N runs with I = 1..N, anywhere,
 * together cover the tree once, and `gfpcheck --facts DIR1 --facts DIR2 ...`
 * analyses their union.  When the root has an include/ directory, its
 * headers that PATH leaves out are extracted as context (docs/FACTS.md,
 * "Headers under include/"; which of them spatch reads depends on the model's
 * names: --model-dir, --model).  One line per failed file on stderr; exit 0
 * when all files were extracted, 1 when some failed, 2 on usage or input
 * errors.  The phases of a run, in order, are in cli/extract_phases.c, each
 * of which may end it. */
#include "cli/extract_phases.h"

int main(int argc, char **argv)
{
	static struct xmain X;
	int rc = xargs_parse(&X.A, argc, argv);
	if (rc)
		return rc == 1 ? 0 : rc;
	X.argv0 = argv[0];
	int (*const phases[])(struct xmain *) = {xphase_root,   xphase_model, xphase_files,  xphase_extract,
						 xphase_output, xphase_tree,  xphase_summary};
	for (size_t i = 0; i < sizeof(phases) / sizeof(phases[0]); i++) {
		rc = phases[i](&X);
		if (rc) {
			xmain_free(&X);
			return rc;
		}
	}
	rc = xmain_status(&X);
	xmain_free(&X);
	return rc;
}
