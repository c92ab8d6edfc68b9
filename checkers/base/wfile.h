/* wfile.h - writing files so that a failure is never silent and never leaves a
 * half-written file behind: every write and close is checked, files are replaced
 * atomically (temporary file in the same directory, fsync, rename), and SIGINT,
 * SIGTERM and SIGHUP are held while a temporary file exists, so an interruption
 * takes effect only once the file is complete or the temporary is gone. */
#ifndef GFPCHECK_WFILE_H
#define GFPCHECK_WFILE_H
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* Replace path by len bytes of data: a temporary file next to it, fsync, rename.
 * mode: the new file's permission bits. Returns 0, or -1 with "cannot write PATH:
 * REASON" in err (the temporary file is removed, path is untouched). */
int wfile_replace(const char *path, const void *data, size_t len, mode_t mode, char *err, size_t errlen);

/* wfile_replace for an existing file: the new file gets like's mode and, where
 * allowed, its owner and group. */
struct stat;
int wfile_replace_like(const char *path, const void *data, size_t len, const struct stat *like, char *err,
		       size_t errlen);

/* Rewrite the file open as fd in place (same inode: hard links stay links):
 * write, truncate to len, fsync. Not atomic; used only where a rename would break
 * hard links. Returns 0 or -1 with errno set. */
int wfile_rewrite_fd(int fd, const void *data, size_t len);

/* Write all of data to fd (retrying short writes and EINTR). 0 or -1 (errno). */
int wfile_write_all(int fd, const void *data, size_t len);

/* fclose() that also reports earlier write errors (ferror). 0 or -1 (errno set;
 * EIO when the error flag was set without an errno). */
int wfile_fclose(FILE *f);

/* Block (1) or restore (0) SIGINT, SIGTERM, SIGHUP and SIGXFSZ around a critical
 * section. */
void wfile_hold_signals(int hold);

/* An output file written whole or not at all: wfile_open() opens a temporary
 * file next to path (or path itself when it exists and is not a regular file:
 * /dev/stdout, a FIFO), wfile_commit() checks every write, fsyncs and renames it
 * over path. If the program is interrupted (SIGINT, SIGTERM, SIGHUP, or SIGXFSZ
 * from a file size limit) in between,
 * the temporary file is removed and path is untouched. */
struct wfile {
	FILE *f;
	char *path, *tmp;
	int have_mode;
	unsigned mode;
};
FILE *wfile_open(struct wfile *w, const char *path, char *err, size_t errlen);
/* 0, or -1 with "cannot write PATH: REASON" in err (path untouched). */
int wfile_commit(struct wfile *w, char *err, size_t errlen);
/* Discard what was written (the temporary file goes). */
void wfile_abort(struct wfile *w);

/* A file can be created at path: its directory exists and is writable. 0, or -1
 * with "cannot write PATH: REASON" in err (checked before a long scan). */
int wfile_can_create(const char *path, char *err, size_t errlen);

/* An atexit() handler: flush and close standard output, and exit with status 2
 * and "gfpcheck: cannot write standard output: REASON" when that fails (a full
 * disk, a closed pipe). */
void wfile_check_stdout(void);
#endif
