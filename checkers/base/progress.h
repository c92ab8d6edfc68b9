/* progress.h - a progress line on standard error for extraction: files done out
 * of total, rate and ETA. It draws only when enabled (the caller passes
 * !quiet) and standard error is a terminal; otherwise every call is a no-op.
 * progress_update() may be called from several threads. */
#ifndef GFPCHECK_PROGRESS_H
#define GFPCHECK_PROGRESS_H
#include <stddef.h>

struct progress;

/* NULL when disabled; the other calls accept NULL. */
struct progress *progress_start(size_t total, int enabled);
/* `done` files finished so far (monotonic; smaller values are ignored). */
void progress_update(struct progress *p, size_t done);
/* One more file finished. */
void progress_tick(struct progress *p);
/* Clear the line and free. */
void progress_end(struct progress *p);
/* The text of the line, for tests: "[####    ] 12/40 files  3.0 files/s  ETA 0:09". */
void progress_format(char *buf, size_t len, size_t done, size_t total, double elapsed, int width);
#endif
