/* exspatch.h - the spatch batch runner (extract_spatch.c), for extract.c. */
#ifndef GFPCHECK_EXSPATCH_H
#define GFPCHECK_EXSPATCH_H
#include <stddef.h>
#include <sys/types.h>

struct extract_file;
struct xcache;
struct progress;

/* One file for spatch. */
struct xjob {
	size_t fi;      /* index into the files */
	off_t size;
	char hash[33];  /* content hash of the bytes last read */
	char key[33];   /* cache key of those bytes */
	int attempt;    /* runs it was in that stopped before reaching it */
	int hdr;        /* a header of include/: the facts get the C scanner's protos (instead of spatch's) */
};

struct xspatch {
	struct extract_file *files;
	struct xjob *jobs;
	const char *spatch, *cocci, *macros, *version;
	const struct xcache *cache;
	/* the cache key of content hash h */
	void (*key_of)(const struct xspatch *S, const char *h, int hdr, char key[33]);
	const char *config; /* what besides the content goes into the key */
	const char *config_hdr; /* the same for headers of include/ (scanner protos added) */
	int timeout;        /* seconds per file */
	long memory_mb;     /* address space per spatch process */
	int njobs;          /* spatch processes at once */
	struct progress *progress;
	size_t done;        /* files settled */
	size_t nstarted;    /* spatch processes started */
	size_t caprq;
};

/* Run the jobs order[0..norder) through spatch.  Every file gets facts or
 * ->failed.  0, or -1 with err (cache not writable, interrupted). */
int xspatch_run(struct xspatch *S, size_t *order, size_t norder, char *err, size_t errlen);

/* SIGKILL every running spatch process group (async-signal-safe). */
void xspatch_kill_all(void);
#endif
