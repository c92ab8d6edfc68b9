/* wfile.c - checked and atomic writes (see wfile.h). */
#include "base/wfile.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"

/* The signal mask before the outermost wfile_hold_signals(1), and how deep
 * the holds nest.  Global on purpose: the mask is the process's own, so is
 * what restores it; the holds nest across unrelated callers. */
static sigset_t held_old;
static int held_depth;

void wfile_hold_signals(int hold)
{
	if (hold) {
		if (held_depth++ == 0) {
			sigset_t s;
			sigemptyset(&s);
			sigaddset(&s, SIGINT);
			sigaddset(&s, SIGTERM);
			sigaddset(&s, SIGHUP);
			sigaddset(&s, SIGXFSZ); /* a file size limit: the write fails with EFBIG instead */
			sigprocmask(SIG_BLOCK, &s, &held_old);
		}
	} else if (held_depth > 0 && --held_depth == 0) {
		sigprocmask(SIG_SETMASK, &held_old, NULL);
	}
}

int wfile_write_all(int fd, const void *data, size_t len)
{
	const char *p = data;
	while (len) {
		ssize_t w = write(fd, p, len);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (w == 0) {
			errno = ENOSPC;
			return -1;
		}
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

int wfile_rewrite_fd(int fd, const void *data, size_t len)
{
	if (lseek(fd, 0, SEEK_SET) < 0 || wfile_write_all(fd, data, len) != 0 || ftruncate(fd, (off_t)len) != 0 ||
	    fsync(fd) != 0)
		return -1;
	return 0;
}

static int replace(const char *path, const void *data, size_t len, mode_t mode, const struct stat *like, char *err,
		   size_t errlen)
{
	char *tmp = xasprintf("%s.gfpcheck-XXXXXX", path);
	wfile_hold_signals(1);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		wfile_hold_signals(0);
		free(tmp);
		return -1;
	}
	int e = 0;
	if (like && fchown(fd, like->st_uid, like->st_gid) != 0 && fchown(fd, (uid_t)-1, like->st_gid) != 0) {
		/* not allowed to give the file away: it keeps our owner */
	}
	if (wfile_write_all(fd, data, len) != 0 || fchmod(fd, mode & 07777) != 0 || fsync(fd) != 0)
		e = errno;
	if (close(fd) != 0 && !e)
		e = errno;
	if (!e && rename(tmp, path) != 0)
		e = errno;
	if (e) {
		unlink(tmp);
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(e));
	}
	wfile_hold_signals(0);
	free(tmp);
	return e ? -1 : 0;
}

int wfile_replace(const char *path, const void *data, size_t len, mode_t mode, char *err, size_t errlen)
{
	return replace(path, data, len, mode, NULL, err, errlen);
}

int wfile_replace_like(const char *path, const void *data, size_t len, const struct stat *like, char *err,
		       size_t errlen)
{
	return replace(path, data, len, like->st_mode, like, err, errlen);
}

int wfile_fclose(FILE *f)
{
	int bad = ferror(f);
	int e = errno;
	if (fclose(f) != 0)
		return -1;
	if (bad) {
		errno = e ? e : EIO;
		return -1;
	}
	return 0;
}

/* The temporary file of the open wfile, removed on SIGINT/SIGTERM/SIGHUP,
 * and the handlers before ours.  Global on purpose: on_signal() is an
 * asynchronous signal handler that gets nothing but the signal number. */
static char *volatile pending_tmp;
static struct sigaction old_int, old_term, old_hup, old_xfsz;

static void on_signal(int sig)
{
	char *t = pending_tmp;
	if (t)
		unlink(t);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void catch_signals(int on)
{
	if (on) {
		struct sigaction sa;
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGINT, &sa, &old_int);
		sigaction(SIGTERM, &sa, &old_term);
		sigaction(SIGHUP, &sa, &old_hup);
		sigaction(SIGXFSZ, &sa, &old_xfsz);
		/* a signal the caller ignores (nohup, trap '' XFSZ) stays ignored */
		if (old_int.sa_handler == SIG_IGN)
			sigaction(SIGINT, &old_int, NULL);
		if (old_term.sa_handler == SIG_IGN)
			sigaction(SIGTERM, &old_term, NULL);
		if (old_hup.sa_handler == SIG_IGN)
			sigaction(SIGHUP, &old_hup, NULL);
		if (old_xfsz.sa_handler == SIG_IGN)
			sigaction(SIGXFSZ, &old_xfsz, NULL);
	} else {
		sigaction(SIGINT, &old_int, NULL);
		sigaction(SIGTERM, &old_term, NULL);
		sigaction(SIGHUP, &old_hup, NULL);
		sigaction(SIGXFSZ, &old_xfsz, NULL);
	}
}

FILE *wfile_open(struct wfile *w, const char *path, char *err, size_t errlen)
{
	memset(w, 0, sizeof(*w));
	struct stat st;
	/* a symbolic link to an existing file: that file is replaced, the link stays */
	char *real = lstat(path, &st) == 0 && S_ISLNK(st.st_mode) ? realpath(path, NULL) : NULL;
	w->path = real ? real : xstrdup(path);
	path = w->path;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		w->f = fopen(path, "w"); /* a device or a FIFO: written as it is */
		if (!w->f) {
			snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
			free(w->path);
			w->path = NULL;
		}
		return w->f;
	}
	if (stat(path, &st) == 0) {
		w->have_mode = 1;
		w->mode = st.st_mode & 07777;
	}
	char *tmp = xasprintf("%s.gfpcheck-XXXXXX", path);
	wfile_hold_signals(1);
	int fd = mkstemp(tmp);
	if (fd >= 0) {
		w->tmp = tmp;
		pending_tmp = tmp;
		catch_signals(1);
	}
	wfile_hold_signals(0);
	if (fd < 0 && w->have_mode && access(path, W_OK) == 0) {
		free(tmp); /* a writable file in a directory we may not write: written in place */
		w->have_mode = 0;
		w->f = fopen(path, "w");
		if (!w->f) {
			snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
			free(w->path);
			w->path = NULL;
		}
		return w->f;
	}
	if (fd < 0) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		free(tmp);
		free(w->path);
		w->path = NULL;
		return NULL;
	}
	w->f = fdopen(fd, "w");
	if (!w->f) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		close(fd);
		wfile_abort(w);
	}
	return w->f;
}

static void forget(struct wfile *w)
{
	if (w->tmp) {
		wfile_hold_signals(1);
		pending_tmp = NULL;
		catch_signals(0);
		wfile_hold_signals(0);
	}
	free(w->tmp);
	free(w->path);
	w->tmp = w->path = NULL;
	w->f = NULL;
}

void wfile_abort(struct wfile *w)
{
	if (w->f)
		fclose(w->f);
	w->f = NULL;
	if (w->tmp)
		unlink(w->tmp);
	forget(w);
}

int wfile_commit(struct wfile *w, char *err, size_t errlen)
{
	int e = 0;
	errno = 0;
	if (fflush(w->f) != 0 || ferror(w->f))
		e = errno ? errno : EIO;
	if (!e && w->tmp) {
		mode_t mask = umask(0);
		umask(mask);
		if (fchmod(fileno(w->f), w->have_mode ? (mode_t)w->mode : 0666 & ~mask) != 0 || fsync(fileno(w->f)) != 0)
			e = errno;
	}
	if (fclose(w->f) != 0 && !e)
		e = errno;
	w->f = NULL;
	if (!e && w->tmp && rename(w->tmp, w->path) != 0)
		e = errno;
	if (e) {
		snprintf(err, errlen, "cannot write %s: %s", w->path, strerror(e));
		if (w->tmp)
			unlink(w->tmp);
	}
	forget(w);
	return e ? -1 : 0;
}

int wfile_can_create(const char *path, char *err, size_t errlen)
{
	struct stat st;
	if (!*path) {
		snprintf(err, errlen, "cannot write '': an empty file name");
		return -1;
	}
	if (stat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			snprintf(err, errlen, "cannot write %s: it is a directory", path);
			return -1;
		}
		if (access(path, W_OK) != 0) {
			snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
			return -1;
		}
		return 0;
	}
	const char *sl = strrchr(path, '/');
	char *dir = sl ? (sl == path ? xstrdup("/") : xstrndup(path, (size_t)(sl - path))) : xstrdup(".");
	int rc = 0;
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "cannot write %s: %s", path,
			 stat(dir, &st) != 0 ? strerror(errno) : "its directory is not a directory");
		rc = -1;
	} else if (access(dir, W_OK | X_OK) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		rc = -1;
	}
	free(dir);
	return rc;
}

void wfile_check_stdout(void)
{
	int earlier = ferror(stdout);
	errno = 0;
	if (fflush(stdout) != 0 || fclose(stdout) != 0) {
		fprintf(stderr, "gfpcheck: cannot write standard output: %s\n", strerror(errno ? errno : EIO));
		_exit(2);
	}
	if (earlier) {
		fputs("gfpcheck: cannot write standard output: a write failed (full disk, closed pipe?)\n", stderr);
		_exit(2);
	}
}
