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
