/* compdb.h - gfpcheck-sparse -p: run over a compilation database */
#ifndef GFPSPARSE_COMPDB_H
#define GFPSPARSE_COMPDB_H

#include <stdint.h>

/* every entry of DB (a build directory or its compile_commands.json) whose file
 * lies below one of SEL (all when NSEL is 0): one child process per file running
 * check_main() with the entry's flags; entries whose facts already carry the same
 * flags and source hashes are skipped unless FORCE.  Exit status: 0, 1 when a
 * file failed, 2 on usage errors. */
int compdb_run(const char *db, const char *facts_dir, const char *root, char **sel, int nsel, int jobs, int force,
	       int verbose);
int check_main(int argc, char **argv);
/* the options of the CHECK tool (main.c), set by compdb_run() in each child */
extern const char *gfpsparse_facts_dir, *gfpsparse_root;
uint64_t facts_flags_hash(int argc, char **argv);

#endif
