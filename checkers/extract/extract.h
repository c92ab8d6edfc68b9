/* extract.h - run the Coccinelle front end (cocci/gfpfacts.cocci) over files
 * and cache one facts file per source file (docs/FACTS.md).
 *
 * The cache (extract_cache.c) is keyed by a 128-bit hash of the source bytes
 * and of everything that shapes the facts (spatch's version, the semantic
 * patch, the macro file, the options); it is path independent, written
 * atomically, and every entry is checked before use.  A file whose (device,
 * inode, size, mtime, ctime) are those recorded when it was last hashed is not
 * read again.  Nothing is ever written in the scanned tree.
 *
 * Files that hold nothing but preprocessor lines get their facts from a C
 * scanner (extract_pp.c) that writes what gfpfacts.cocci would; the others go
 * to spatch (extract_spatch.c), `jobs` processes at a time, in batches of
 * private copies of the files (so that the facts describe exactly the bytes
 * spatch parsed, whatever the file's name).  Every spatch process is bounded
 * in time per file and in memory; a file that hits a bound is failed and
 * named as skipped.  Parse errors become `skipped` records and `status
 * partial`. */
#ifndef GFPCHECK_EXTRACT_H
#define GFPCHECK_EXTRACT_H
#include <stddef.h>
#include <sys/types.h>

/* How a file's facts were obtained (EX_PROTOS: a header of include/ read as
 * context, whose facts are the C scanner's `proto` records alone). */
enum extract_how { EX_NONE, EX_CACHE, EX_SPATCH, EX_PREPROC, EX_PROTOS };

struct extract_file {
	char *rel;     /* path relative to tree root (any bytes but NUL) */
	char *facts;   /* malloc'd path of the facts file (in the cache) or NULL */
	int failed;    /* 1: no facts (spatch failed, timed out, over the bounds, unreadable) */
	char *error;   /* malloc'd one-line reason or NULL */
	char *abs;     /* malloc'd absolute path of the source file */
	int partial;   /* facts say `status partial` (parse errors, skipped functions) */
	int cached;    /* facts came from the cache without running spatch */
	int skipped;   /* failed because it hit the time or memory bound */
	int in_shard;  /* 1 unless --shard left it out (then no facts) */
	enum extract_how how;
	char hash[33]; /* content hash of the source bytes the facts describe, "" unknown */
	dev_t dev;     /* identity of the file (extract_collect) */
	ino_t ino;
	int via_link;  /* found below a symbolic link to a directory */
	int context;   /* a header of <root>/include/ the paths did not cover (extract_add_context) */
	int hdr_full;  /* a header of include/ whose facts come from spatch (with the scanner's protos) */
};

struct extract_opts {
	const char *root;      /* tree root, absolute */
	const char *spatch;    /* program, default $SPATCH, else "spatch" */
	const char *cocci;     /* path of gfpfacts.cocci (default: extract_default_cocci(NULL)) */
	const char *macros;    /* macro file for spatch (default: gfpcheck-macros.h next to cocci; "" none) */
	const char *cache_dir; /* default $GFPCHECK_CACHE, else $XDG_CACHE_HOME/gfpcheck, else $HOME/.cache/gfpcheck */
	int jobs;              /* spatch processes at once; <= 0: number of online CPUs */
	int quiet;
	int progress; /* show files done/total on stderr when stderr is a tty and !quiet */
	int timeout;  /* seconds one file may take in spatch; <= 0: $GFPCHECK_TIMEOUT, else 120 */
	long memory_mb; /* address space of one spatch process, MiB; <= 0: $GFPCHECK_MEMORY, else 4096 */
	int shard, nshards; /* nshards > 1: only files whose content hash % nshards == shard - 1 */
	int no_preproc;     /* 1: every file goes to spatch (no C scanner for preprocessor-only files) */
	/* Headers under <root>/include/: the names (allocators, lock, scope and
	 * setter functions of the model) whose call in the body of a static
	 * definition of a context header makes spatch read that header; the
	 * others get the C scanner's `proto` records only (docs/FACTS.md). */
	const char *const *hot;
	size_t nhot;
};

/* What one extract_run did (for stats and benchmarks). */
struct extract_stats {
	size_t files, cached, spatch, preproc, failed, skipped, partial, out_of_shard;
	size_t hashed;    /* files read and hashed (the others came from the stat index) */
	size_t hdr_context, hdr_full; /* context headers of include/; those given to spatch */
	size_t protos;    /* context headers whose facts the header scanner wrote now (EX_PROTOS) */
	size_t batches;   /* spatch processes started */
	double t_hash, t_spatch;
};

/* Walk paths (files or dirs, absolute or relative to cwd) for .c and .h
 * files, sorted by rel, skipping hidden dirs.  rel is relative to root when
 * the file is under root, else its absolute path.  A directory or file reached
 * twice (symbolic links, hard links, loops) is taken once, by the first path
 * in sorted order.  Returns -1 with a message naming the path for unreadable
 * paths. */
int extract_collect(const char *root, char **paths, int npaths, struct extract_file **out,
		    size_t *nout, char *err, size_t errlen);

/* When root has an include/ directory: add every .h under it that files
 * does not hold yet, marked ->context, and sort files by rel again.  Returns
 * the number added, or -1 with a message. */
long extract_add_context(const char *root, struct extract_file **files, size_t *n, char *err, size_t errlen);

/* Is rel a header of the tree's include/ directory? */
int extract_is_include_header(const char *rel);

/* Fill ->facts for each file, from the cache where possible.  Returns 0
 * (failed files are marked ->failed with ->error), or -1 only for fatal
 * errors (spatch missing, cache not writable, semantic patch unreadable,
 * interrupted).  stats may be NULL. */
int extract_run(const struct extract_opts *o, struct extract_file *files, size_t n, char *err,
		size_t errlen);
int extract_run_stats(const struct extract_opts *o, struct extract_file *files, size_t n,
		      struct extract_stats *stats, char *err, size_t errlen);

/* A facts file of the cache that the loader rejected: remove it, so that the
 * next extract_run extracts that file again. */
void extract_forget(struct extract_file *f);

void extract_free(struct extract_file *files, size_t n);

/* The semantic patch to use when none is given: $GFPCHECK_COCCI, else
 * cocci/gfpfacts.cocci next to the program's bin/ directory (argv0 or
 * /proc/self/exe), else ./cocci/gfpfacts.cocci.  Returns a malloc'd string. */
char *extract_default_cocci(const char *argv0);

/* The default cache directory (absolute, malloc'd) as documented above. */
char *extract_default_cache(void);
#endif
