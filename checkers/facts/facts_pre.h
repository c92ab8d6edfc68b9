/* facts_pre.h - a facts file's records split and checked ahead of loading.
 *
 * Loading (facts.c) splits each record into fields, checks them against the
 * schema and interns the names. The first two need nothing but the text, so
 * the reader thread (facts_reader.c) does them for the next files while the
 * loader stores the current one: per line its kind, its checked fields and
 * the interning hash of each name. The loader takes a line from here when
 * the offsets agree, and reads it again itself otherwise (a line whose check
 * failed is read again for its message). */
#ifndef GFPCHECK_FACTS_PRE_H
#define GFPCHECK_FACTS_PRE_H
#include <stddef.h>

#include "facts/program.h"
#include "facts/schema.h"

struct facts_pre {
	struct fstamp stamp;    /* of the facts file these lines are from */
	size_t nlines, caplines;
	size_t *off;            /* per line: its offset in the text */
	int *kind;              /* its record kind, -1: read it again */
	int *nf;                /* its fields after the keyword */
	size_t *v0;             /* its first value in vals */
	struct fact_val *vals;
	size_t nvals, capvals;
};

/* The line at s: its length without the newline (and a CR before it); *next
 * is where the line after it starts (or end). */
size_t facts_next_line(const char *s, const char *end, const char **next);
/* Is the line s[0..n) the `text` record (the source bytes follow it)? */
int facts_is_text(const char *s, size_t n);
/* Where the lines after that record go on (next: the line after it): past the
 * source bytes it announces, when that many follow. */
const char *facts_after_text(const char *s, size_t n, const char *next, const char *end);
/* Split and check every record line of text[0..len) (the lines the loader
 * reads: the source bytes after a `text` record are skipped). */
void facts_preparse(const char *text, size_t len, struct facts_pre *pp);
/* Release what a large file made pp hold (kept for the next file otherwise). */
void facts_pre_trim(struct facts_pre *pp);
void facts_pre_free(struct facts_pre *pp);
#endif
