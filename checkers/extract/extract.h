/* extract.h - run the Coccinelle front end (cocci/gfpfacts.cocci) over files
 * and cache one facts file per source file (docs/FACTS.md).
 *
 * The cache is keyed by a 128-bit hash of the source bytes, the semantic
 * patch bytes and the spatch version; it is path independent and written
 * atomically (temp file + rename).  Nothing is ever written in the scanned
 * tree.  spatch is run on batches of files (one --file-groups group per
 * file), `jobs` processes at a time; its output lines are tagged with the
 * file name and split here.  Parse errors reported by spatch become
 * `skipped` records and `status partial`; a file whose analysis raised an
 * exception or timed out is `failed`. */
#ifndef GFPCHECK_EXTRACT_H
#define GFPCHECK_EXTRACT_H
#include <stddef.h>

struct extract_file {
	char *rel;   /* path relative to tree root */
	char *facts; /* malloc'd path of the facts file (in the cache) or NULL */
	int failed;  /* 1: spatch failed, timed out or produced nothing */
	char *error; /* malloc'd one-line reason or NULL */
	char *abs;   /* malloc'd absolute path of the source file */
	int partial; /* facts say `status partial` (parse errors, skipped functions) */
	int cached;  /* facts came from the cache without running spatch */
};

struct extract_opts {
	const char *root;      /* tree root, absolute */
	const char *spatch;    /* program, default $SPATCH, else "spatch" */
	const char *cocci;     /* path of gfpfacts.cocci (default: extract_default_cocci(NULL)) */
	const char *cache_dir; /* default $GFPCHECK_CACHE, else $XDG_CACHE_HOME/gfpcheck, else $HOME/.cache/gfpcheck */
	int jobs;              /* spatch processes at once; <= 0: number of online CPUs */
	int quiet;
	int progress; /* show files done/total on stderr when stderr is a tty and !quiet */
	int timeout;  /* seconds per file for spatch --timeout; <= 0: $GFPCHECK_TIMEOUT, else 120 */
};

/* Walk paths (files or dirs, absolute or relative to cwd) for .c and .h
 * files, sorted by rel, skipping hidden dirs.  rel is relative to root when
 * the file is under root, else its absolute path.  Returns -1 with a
 * message naming the path for unreadable paths. */
int extract_collect(const char *root, char **paths, int npaths, struct extract_file **out,
		    size_t *nout, char *err, size_t errlen);

/* Fill ->facts for each file, from the cache where possible.  Returns 0
 * (failed files are marked ->failed with ->error), or -1 only for fatal
 * errors (spatch missing, cache not writable, semantic patch unreadable). */
int extract_run(const struct extract_opts *o, struct extract_file *files, size_t n, char *err,
		size_t errlen);

void extract_free(struct extract_file *files, size_t n);

/* The semantic patch to use when none is given: $GFPCHECK_COCCI, else
 * cocci/gfpfacts.cocci next to the program's bin/ directory (argv0 or
 * /proc/self/exe), else ./cocci/gfpfacts.cocci.  Returns a static string. */
const char *extract_default_cocci(const char *argv0);

/* The default cache directory (static string) as documented above. */
const char *extract_default_cache(void);
#endif
