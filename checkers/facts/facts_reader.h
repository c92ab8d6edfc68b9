/* facts_reader.h - facts files read ahead on a second thread.
 *
 * Loading a whole kernel's facts (55,000 files) spends a fifth of its time in
 * read(): the copy out of the page cache. A reader thread reads the next
 * files into a ring of buffers, and splits and checks their records
 * (facts_pre.h), while the loader stores the current one, so the two overlap
 * on a machine with two cores. The loader takes the files in
 * order, one at a time (freader_get(), then freader_done()). */
#ifndef GFPCHECK_FACTS_READER_H
#define GFPCHECK_FACTS_READER_H
#include <stddef.h>

struct freader;

/* Read a whole file into *buf (grown as needed, *cap its size) with a NUL
 * after its *len bytes, and *stamp its identity (NULL: not wanted); 0, or -1
 * when it cannot be read. */
struct fstamp;
int facts_read_file(const char *path, char **buf, size_t *cap, size_t *len, struct fstamp *stamp);
/* The identity of the open file fd; 0, or -1. */
int fstamp_of(int fd, struct fstamp *stamp);

/* Start reading paths[0..n) in order; a NULL path is skipped (its get fails
 * without an error message). */
struct freader *freader_start(const char *const *paths, size_t n);
/* Wait for file i (the next one not yet done) and give its NUL-terminated
 * text, and its records split and checked by the reader thread (*pre with no
 * lines when there is no such thread); 0, or -1 when it could not be read (or
 * its path was NULL). */
struct facts_pre;
int freader_get(struct freader *r, size_t i, const char **text, size_t *len, const struct facts_pre **pre);
/* File i's buffer may be reused. */
void freader_done(struct freader *r, size_t i);
/* File i (a NULL path, or one the loader leaves out) is passed over: get, then done. */
void freader_skip(struct freader *r, size_t i);
/* Stop the thread (also early) and free everything. */
void freader_stop(struct freader *r);

#endif
