/* exint.h - internals shared by the files of checkers/extract/ (not for
 * other layers: they use extract.h). */
#ifndef GFPCHECK_EXINT_H
#define GFPCHECK_EXINT_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "base/util.h"

/* ---- the cache directory (extract_cache.c) ---- */
struct xcache {
	char *dir;       /* absolute */
	char *facts_dir; /* dir/facts: one file per key, dir/facts/KE/KEY.facts */
	char *run_dir;   /* dir/tmp/run-PID-N: this run's temporary files */
	int lock_fd;     /* flock()ed while the run lives (stale runs are removed) */
};
/* Make dir absolute, create it, this run's temporary directory, and remove
 * what dead runs left behind.  0, or -1 with a message in err. */
int xcache_open(struct xcache *c, const char *dir, char *err, size_t errlen);
/* Remove the run's temporary directory. */
void xcache_close(struct xcache *c);
/* Path of the entry of key (malloc'd). */
char *xcache_entry(const struct xcache *c, const char *key);
/* A file that hit the time or memory bound: remembered under its content key
 * and the bounds (a larger bound tries it again), so that a rescan does not
 * spend the bound on it again.  The path of that marker (malloc'd); its reason
 * ("skipped: ...", malloc'd) or NULL; store one (failures only cost a retry). */
char *xcache_bound_path(const struct xcache *c, const char *key, int timeout, long memory_mb);
char *xcache_bound_get(const char *path);
void xcache_bound_put(const char *path, const char *why);
/* A small file of the cache's own (the header selection, extract_hdrsel.c): its
 * path under dir/NAME/, and a best-effort atomic write (a failure only costs
 * the shortcut). */
char *xcache_small_path(const struct xcache *c, const char *name, const char *key);
void xcache_small_put(const char *path, const char *data, size_t len);
/* Is the entry at path a complete facts file?  0 yes (and *partial set), -1 no. */
int xcache_check(const char *path, int *partial);
/* Store data as the entry of key (atomic).  0 and *path (malloc'd), or -1 with err. */
int xcache_put(const struct xcache *c, const char *key, const char *data, size_t len, char **path,
	       char *err, size_t errlen);
/* Remove a directory tree we made (no symbolic links followed). */
void xrm_rf(const char *path);

/* spatch's version string ("1.1.1"), asked once per program (cached). 0 or -1. */
int xspatch_version(const char *spatch, const struct xcache *c, char *version, size_t vlen);

/* ---- the stat index: (dev, ino, size, mtime, ctime) -> content hash ---- */
struct xstatidx;
struct stat;
struct xstatidx *xstatidx_load(const struct xcache *c, const char *root);
/* The content hash recorded for st, or NULL. */
const char *xstatidx_get(struct xstatidx *x, const struct stat *st);
/* Record st -> hash (only when st's times are old enough to be trusted). */
void xstatidx_put(struct xstatidx *x, const struct stat *st, const char *hash, double now);
/* Write it back when it changed (best effort) and free it. */
void xstatidx_save_free(struct xstatidx *x);

/* ---- source files ---- */
/* Read path whole, retrying while it changes under us (size or times differ
 * before and after); st gets the stat of what was read.  NULL with errno. */
char *xread_stable(const char *path, size_t *len, struct stat *st);

/* ---- facts files ---- */
/* The facts file text: header (format, front end, status), the skipped
 * records, the body records, the source bytes' hash where the format has
 * one, and the end marker.  Records are complete lines. */
char *xfacts_build(const char *frontend, const char *src, size_t srclen, const char *skipped,
		   size_t skippedlen, const char *body, size_t bodylen, size_t *len, char *err,
		   size_t errlen);

/* ---- the C scanner for preprocessor-only files (extract_pp.c) ---- */
/* 1 when src holds nothing but preprocessor directives, comments and white
 * space (so spatch would read only #define lines from it). */
int xpp_only(const char *src, size_t n);
/* The records gfpfacts.cocci writes for such a file (defval and define
 * records), one per line, in body (malloc'd). */
char *xpp_records(const char *src, size_t n, size_t *len);
/* For lines 1..*nlines of src: 1 when the line is part of a preprocessor
 * directive, 2 when it is blank, else 0 (malloc'd, *nlines + 2 entries). */
unsigned char *xpp_line_kinds(const char *src, size_t n, size_t *nlines);

/* ---- the C scanner for headers under include/ (extract_pp.c) ---- */
/* The functions a header declares or defines, seen by a scan of its tokens
 * (every branch of #if/#ifdef but those whose condition is the constant 0). */
struct xhdr_fn {
	char *name;
	size_t line, col; /* of the name */
	int def;          /* 1: a definition with a body */
	int is_static;
	char **calls;     /* definitions: the identifiers the body calls, once each */
	size_t ncalls, capcalls;
};
/* A struct definition of a header: its members' folded declarations (the
 * `struct` record, docs/FACTS.md). */
struct xhdr_struct {
	char *name;
	size_t line, col; /* of the name */
	char **members;
	size_t nmembers, capmembers;
};
struct xhdr {
	struct xhdr_fn *v;
	size_t n, cap;
	struct xhdr_struct *sv;
	size_t ns, caps;
};
void xhdr_scan(const char *src, size_t n, struct xhdr *out);
void xhdr_free(struct xhdr *h);
/* Its `proto` records, and with structs its `struct` records (docs/FACTS.md),
 * one per line (malloc'd). */
char *xhdr_records(const struct xhdr *h, int structs, size_t *len);
/* Forget the scanner's definitions of struct NAME (n bytes): another front end
 * wrote its record. */
void xhdr_drop_struct(struct xhdr *h, const char *name, size_t n);

/* ---- which headers of include/ spatch reads (extract_hdrsel.c) ---- */
/* The version of the header scanner's share of the facts (extract_pp.c
 * xhdr_scan): bump it when what the scanner writes changes. */
#define XHDR_VERSION "xhdr-4"
/* What the scanner saw in one header of include/. */
struct hdrscan {
	int read;      /* 1: bytes read and scanned (h) */
	int known;     /* 1: hash known (read, or from the stat index) */
	char hash[33];
	struct xhdr h;
	int full;      /* spatch reads it */
};
struct extract_opts;
struct extract_file;
struct extract_stats;
/* Read and scan one header (hs->read); 0, or -1 when it cannot be read. */
int xhdr_scan_one(struct extract_file *f, struct hdrscan *hs, struct xstatidx *idx, double start,
		  struct extract_stats *stz);
/* Read and scan every header of include/; the context headers whose static
 * definitions call a hot name (or, to a fixpoint, such a definition of
 * another header) get ->full.  One entry per file (malloc'd). */
struct hdrscan *xhdr_select(const struct extract_opts *o, const struct xcache *cache,
			    struct extract_file *files, size_t n, struct xstatidx *idx, double start,
			    struct extract_stats *stz);

/* ---- interruption ---- */
extern volatile int xinterrupted; /* the signal that asked us to stop, 0 none */
#endif
