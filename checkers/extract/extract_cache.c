/* extract_cache.c - the facts cache: its directory, entries and their checks,
 * this run's temporary files, the stat index and spatch's version. */
#include "extract/exint.h"
#include "base/hash.h"
#include "facts/facts_write.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- directories ---- */

void xrm_rf(const char *path)
{
	struct stat st;
	if (lstat(path, &st))
		return;
	if (S_ISDIR(st.st_mode)) {
		DIR *d = opendir(path);
		if (d) {
			struct dirent *e;
			while ((e = readdir(d))) {
				if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
					continue;
				char *p = xasprintf("%s/%s", path, e->d_name);
				xrm_rf(p);
				free(p);
			}
			closedir(d);
		}
		rmdir(path);
	} else {
		unlink(path);
	}
}

/* Remove what runs that died (killed, crashed, power cut) left in dir/tmp:
 * their run directories (nobody holds their lock any more), files of older
 * versions of this program and temporary facts files (older than an hour). */
static void clean_stale(const struct xcache *c)
{
	char *tmp = xasprintf("%s/tmp", c->dir);
	DIR *d = opendir(tmp);
	time_t now = time(NULL);
	int dead = 0;
	if (d) {
		struct dirent *e;
		while ((e = readdir(d))) {
			if (e->d_name[0] == '.')
				continue;
			char *p = xasprintf("%s/%s", tmp, e->d_name);
			struct stat st;
			if (strncmp(e->d_name, "run-", 4) == 0 && strcmp(p, c->run_dir) != 0) {
				char *lk = xasprintf("%s/lock", p);
				int fd = open(lk, O_RDWR | O_CLOEXEC);
				int stale;
				if (fd >= 0) {
					stale = flock(fd, LOCK_EX | LOCK_NB) == 0;
					close(fd);
				} else {
					/* no lock file: a run that died while starting */
					stale = lstat(p, &st) == 0 && now - st.st_mtime > 3600;
				}
				if (stale) {
					xrm_rf(p);
					dead = 1;
				}
				free(lk);
			} else if (strncmp(e->d_name, "mk-", 3) == 0) {
				/* a run that died between mkdir and rename */
				if (lstat(p, &st) == 0 && now - st.st_mtime > 3600) {
					xrm_rf(p);
					dead = 1;
				}
			} else if (strncmp(e->d_name, "run-", 4) != 0 && lstat(p, &st) == 0 && S_ISREG(st.st_mode) &&
				   now - st.st_mtime > 3600) {
				unlink(p); /* PID-N.groups/.out/.err of an older version */
				dead = 1;
			}
			free(p);
		}
		closedir(d);
	}
	free(tmp);
	if (!dead)
		return;
	/* A run that died may have left a temporary entry (.tmp-*) behind. */
	DIR *fd = opendir(c->facts_dir);
	if (!fd)
		return;
	struct dirent *e;
	while ((e = readdir(fd))) {
		if (e->d_name[0] == '.')
			continue;
		char *sub = xasprintf("%s/%s", c->facts_dir, e->d_name);
		DIR *sd = opendir(sub);
		if (sd) {
			struct dirent *f;
			while ((f = readdir(sd))) {
				if (strncmp(f->d_name, ".tmp-", 5) != 0)
					continue;
				char *p = xasprintf("%s/%s", sub, f->d_name);
				struct stat st;
				if (lstat(p, &st) == 0 && now - st.st_mtime > 3600)
					unlink(p);
				free(p);
			}
			closedir(sd);
		}
		free(sub);
	}
	closedir(fd);
}

int xcache_open(struct xcache *c, const char *dir, char *err, size_t errlen)
{
	memset(c, 0, sizeof(*c));
	c->lock_fd = -1;
	if (dir[0] != '/') {
		/* a relative GFPCHECK_CACHE: relative to where we started */
		char cwd[PATH_MAX];
		if (!getcwd(cwd, sizeof(cwd))) {
			snprintf(err, errlen, "cannot make the cache directory '%s' absolute: %s", dir, strerror(errno));
			return -1;
		}
		c->dir = xasprintf("%s/%s", cwd, dir);
	} else {
		c->dir = xstrdup(dir);
	}
	c->facts_dir = xasprintf("%s/facts", c->dir);
	char *tmp = xasprintf("%s/tmp", c->dir);
	if (mkdir_p(c->facts_dir, 1) || mkdir_p(tmp, 1)) {
		snprintf(err, errlen, "cannot create the facts cache '%s': %s", c->dir, strerror(errno));
		free(tmp);
		return -1;
	}
	/* The run directory is made and locked under a name clean_stale() leaves
	 * alone (mk-*), and only then renamed to run-*: a run directory whose lock
	 * nobody holds is one whose run died, never one still starting. */
	char *mk = NULL;
	for (int i = 0; i < 100 && !mk; i++) {
		char *p = xasprintf("%s/mk-%ld-%d", tmp, (long)getpid(), i);
		if (mkdir(p, 0700) == 0)
			mk = p;
		else
			free(p);
	}
	if (!mk) {
		snprintf(err, errlen, "cannot create a temporary directory in '%s': %s", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	char *lk = xasprintf("%s/lock", mk);
	c->lock_fd = open(lk, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	free(lk);
	/* GFPCHECK_TEST_START_DELAY_MS widens the window between creating the lock
	 * file and locking it (robustness x-concurrent-starts): another run's
	 * clean_stale() finds the lock free all that time and must still leave the
	 * directory alone. */
	const char *dl = getenv("GFPCHECK_TEST_START_DELAY_MS");
	if (dl && *dl) {
		struct timespec ts = {atoi(dl) / 1000, (long)(atoi(dl) % 1000) * 1000000L};
		nanosleep(&ts, NULL);
	}
	if (c->lock_fd < 0 || flock(c->lock_fd, LOCK_EX)) {
		snprintf(err, errlen, "cannot lock '%s': %s", mk, strerror(errno));
		xrm_rf(mk);
		free(mk);
		free(tmp);
		return -1;
	}
	for (int i = 0; i < 100 && !c->run_dir; i++) {
		char *p = xasprintf("%s/run-%ld-%d", tmp, (long)getpid(), i);
		if (rename(mk, p) == 0)
			c->run_dir = p;
		else
			free(p);
	}
	if (!c->run_dir) {
		snprintf(err, errlen, "cannot create a temporary directory in '%s': %s", tmp, strerror(errno));
		xrm_rf(mk);
		free(mk);
		free(tmp);
		return -1;
	}
	free(mk);
	free(tmp);
	clean_stale(c);
	return 0;
}

void xcache_close(struct xcache *c)
{
	if (c->run_dir)
		xrm_rf(c->run_dir);
	if (c->lock_fd >= 0)
		close(c->lock_fd);
	free(c->dir);
	free(c->facts_dir);
	free(c->run_dir);
	memset(c, 0, sizeof(*c));
	c->lock_fd = -1;
}

/* ---- entries ---- */

char *xcache_entry(const struct xcache *c, const char *key)
{
	return xasprintf("%s/%.2s/%s.facts", c->facts_dir, key, key);
}

/* The facts format this program writes and reads (docs/FACTS.md), and the
 * last line of a complete facts file: a truncated entry has none. */
#define FACTS_FORMAT GFPFACTS_VERSION
#define FACTS_TRAILER "\nend\n"

int xcache_check(const char *path, int *partial)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	char head[512];
	ssize_t n = read(fd, head, sizeof(head) - 1);
	int ok = 0;
	if (n > 0) {
		head[n] = 0;
		char want[32];
		int wl = snprintf(want, sizeof(want), "gfpfacts\t%d\n", FACTS_FORMAT);
		ok = n >= wl && memcmp(head, want, (size_t)wl) == 0 && !memchr(head, 0, (size_t)n);
		*partial = ok && strstr(head, "\nstatus\tpartial\n") != NULL;
		if (ok && !strstr(head, "\nstatus\t"))
			ok = 0;
	}
	/* the end marker: a truncated entry has none */
	if (ok) {
		struct stat st;
		char tail[16];
		size_t tl = strlen(FACTS_TRAILER);
		ok = fstat(fd, &st) == 0 && st.st_size >= (off_t)tl && pread(fd, tail, tl, st.st_size - (off_t)tl) == (ssize_t)tl &&
		     memcmp(tail, FACTS_TRAILER, tl) == 0;
	}
	close(fd);
	return ok ? 0 : -1;
}

/* ---- files at a bound ---- */

char *xcache_bound_path(const struct xcache *c, const char *key, int timeout, long memory_mb)
{
	return xasprintf("%s/bound/%.2s/%s-t%d-m%ld", c->dir, key, key, timeout, memory_mb);
}

char *xcache_bound_get(const char *path)
{
	size_t len = 0;
	char *why = read_file(path, &len);
	if (!why)
		return NULL;
	if (!len || memchr(why, 0, len) || strncmp(why, "skipped: ", 9) != 0) {
		free(why); /* not one of ours: ignored, written again */
		return NULL;
	}
	if (why[len - 1] == '\n')
		why[len - 1] = 0;
	return why;
}

void xcache_bound_put(const char *path, const char *why)
{
	char *dir = xstrdup(path);
	*strrchr(dir, '/') = 0;
	char *tmp = xasprintf("%s.tmp-%ld", path, (long)getpid());
	if (mkdir_p(dir, 1) == 0) {
		FILE *f = fopen(tmp, "w");
		int bad = !f;
		if (f) {
			bad = fprintf(f, "%s\n", why) < 0;
			bad |= fclose(f) != 0;
		}
		if (bad || rename(tmp, path))
			unlink(tmp); /* only a missed shortcut: the file is tried again next time */
	}
	free(tmp);
	free(dir);
}

char *xcache_small_path(const struct xcache *c, const char *name, const char *key)
{
	return xasprintf("%s/%s/%.2s/%s", c->dir, name, key, key);
}

void xcache_small_put(const char *path, const char *data, size_t len)
{
	char *dir = xstrdup(path);
	*strrchr(dir, '/') = 0;
	char *tmp = xasprintf("%s.tmp-%ld", path, (long)getpid());
	if (mkdir_p(dir, 1) == 0) {
		FILE *f = fopen(tmp, "wb");
		int bad = !f;
		if (f) {
			bad = fwrite(data, 1, len, f) != len;
			bad |= fclose(f) != 0;
		}
		if (bad || rename(tmp, path))
			unlink(tmp);
	}
	free(tmp);
	free(dir);
}

int xcache_put(const struct xcache *c, const char *key, const char *data, size_t len, char **path,
	       char *err, size_t errlen)
{
	char *p = xcache_entry(c, key);
	char *dir = xstrdup(p);
	*strrchr(dir, '/') = 0;
	char *tmp = xasprintf("%s/.tmp-%ld-%s", dir, (long)getpid(), key);
	int bad = mkdir_p(dir, 1);
	if (!bad) {
		int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
		bad = fd < 0;
		if (!bad) {
			size_t off = 0;
			while (off < len && !bad) {
				ssize_t w = write(fd, data + off, len - off);
				if (w < 0 && errno == EINTR)
					continue;
				if (w <= 0)
					bad = 1;
				else
					off += (size_t)w;
			}
			bad |= close(fd) != 0;
			if (!bad)
				bad = rename(tmp, p) != 0;
			if (bad) {
				int e = errno;
				unlink(tmp);
				errno = e;
			}
		}
	}
	if (bad) {
		snprintf(err, errlen, "cannot write the facts cache '%s': %s", p, strerror(errno));
		free(p);
		p = NULL;
	}
	free(dir);
	free(tmp);
	*path = p;
	return bad ? -1 : 0;
}

/* ---- source files ---- */

static int same_stat(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec &&
	       a->st_ctim.tv_sec == b->st_ctim.tv_sec && a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

char *xread_stable(const char *path, size_t *len, struct stat *st)
{
	for (int attempt = 0; attempt < 5; attempt++) {
		struct stat a, b;
		int fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return NULL;
		if (fstat(fd, &a)) {
			int e = errno;
			close(fd);
			errno = e;
			return NULL;
		}
		/* one buffer of the size fstat() gives (a growing one, freed after
		 * hashing, left the heap of a whole-tree scan that hashes 55,000
		 * files with 74 MB of holes, and its peak 66 MiB higher) */
		struct strbuf sb = {0};
		sb.cap = (size_t)(a.st_size > 0 ? a.st_size : 0) + 1;
		sb.s = xmalloc(sb.cap);
		sb.s[0] = 0;
		char buf[65536];
		ssize_t r;
		for (;;) {
			char *to = sb.len + 1 < sb.cap ? sb.s + sb.len : buf;
			size_t room = sb.len + 1 < sb.cap ? sb.cap - 1 - sb.len : sizeof(buf);
			r = read(fd, to, room);
			if (r == 0)
				break;
			if (r < 0 && errno == EINTR)
				continue;
			if (r < 0) {
				int e = errno;
				close(fd);
				sb_free(&sb);
				errno = e;
				return NULL;
			}
			if (to == buf) /* it grew since fstat() */
				sb_addn(&sb, buf, (size_t)r);
			else
				sb.len += (size_t)r;
			sb.s[sb.len] = 0;
		}
		int same = fstat(fd, &b) == 0 && same_stat(&a, &b) && (off_t)sb.len == b.st_size;
		close(fd);
		if (same || attempt == 4) {
			if (!sb.s)
				sb.s = xstrdup("");
			*len = sb.len;
			*st = b;
			if (!same)
				st->st_mtim.tv_sec = st->st_ctim.tv_sec = time(NULL); /* never trusted */
			return sb.s;
		}
		sb_free(&sb); /* it changed while we read it: again */
	}
	return NULL;
}

/* ---- the stat index ---- */

struct xsent {
	uint64_t dev, ino, size;
	int64_t mtime, ctime; /* nanoseconds */
	char hash[33];
	int used;
};

struct xstatidx {
	char *path;
	struct xsent *v;
	size_t n, cap;
	size_t *tab; /* open addressing: index + 1, 0 empty */
	size_t tabn;
	int dirty;
};

static int64_t ns(const struct timespec *t)
{
	return (int64_t)t->tv_sec * 1000000000 + t->tv_nsec;
}

static size_t slot_of(const struct xstatidx *x, uint64_t dev, uint64_t ino)
{
	uint64_t h = (dev * 0x9E3779B97F4A7C15ull) ^ (ino * 0xC2B2AE3D27D4EB4Full);
	h ^= h >> 29;
	size_t i = (size_t)h & (x->tabn - 1);
	while (x->tab[i] && !(x->v[x->tab[i] - 1].dev == dev && x->v[x->tab[i] - 1].ino == ino))
		i = (i + 1) & (x->tabn - 1);
	return i;
}

static void rehash(struct xstatidx *x)
{
	free(x->tab);
	x->tabn = 1024;
	while (x->tabn < 2 * x->n + 16)
		x->tabn *= 2;
	x->tab = xcalloc(x->tabn, sizeof(*x->tab));
	for (size_t k = 0; k < x->n; k++)
		x->tab[slot_of(x, x->v[k].dev, x->v[k].ino)] = k + 1;
}

struct xstatidx *xstatidx_load(const struct xcache *c, const char *root)
{
	struct xstatidx *x = xcalloc(1, sizeof(*x));
	char rk[33];
	content_hash(root, strlen(root), rk);
	char *dir = xasprintf("%s/index", c->dir);
	mkdir(dir, 0777);
	x->path = xasprintf("%s/%s", dir, rk);
	free(dir);
	size_t len = 0;
	char *t = read_file(x->path, &len);
	const char *magic = "gfpcheck-statidx 1\n";
	if (t && len > strlen(magic) && memcmp(t, magic, strlen(magic)) == 0 && t[len - 1] == '\n') {
		char *p = t + strlen(magic);
		while (*p) {
			struct xsent e;
			memset(&e, 0, sizeof(e));
			char *end;
			e.dev = strtoull(p, &end, 10);
			e.ino = strtoull(end, &end, 10);
			e.size = strtoull(end, &end, 10);
			e.mtime = strtoll(end, &end, 10);
			e.ctime = strtoll(end, &end, 10);
			if (*end != ' ' || strspn(end + 1, "0123456789abcdef") != 32 || end[33] != '\n')
				break; /* damaged: keep what came before */
			memcpy(e.hash, end + 1, 32);
			e.hash[32] = 0;
			VEC_PUSH(x->v, x->n, x->cap, e);
			p = end + 34;
		}
	}
	free(t);
	rehash(x);
	return x;
}

const char *xstatidx_get(struct xstatidx *x, const struct stat *st)
{
	size_t i = slot_of(x, (uint64_t)st->st_dev, (uint64_t)st->st_ino);
	if (!x->tab[i])
		return NULL;
	struct xsent *e = &x->v[x->tab[i] - 1];
	if (e->size != (uint64_t)st->st_size || e->mtime != ns(&st->st_mtim) || e->ctime != ns(&st->st_ctim))
		return NULL;
	e->used = 1;
	return e->hash;
}

void xstatidx_put(struct xstatidx *x, const struct stat *st, const char *hash, double now)
{
	/* A file changed within the clock granularity of its file system after
	 * we read it could keep the same times: trust only times older than a
	 * few seconds (as git does for "racily clean" entries). */
	double newest = (double)(ns(&st->st_mtim) > ns(&st->st_ctim) ? ns(&st->st_mtim) : ns(&st->st_ctim)) / 1e9;
	if (newest > now - 3)
		return;
	size_t i = slot_of(x, (uint64_t)st->st_dev, (uint64_t)st->st_ino);
	struct xsent *e;
	if (x->tab[i]) {
		e = &x->v[x->tab[i] - 1];
	} else {
		struct xsent z;
		memset(&z, 0, sizeof(z));
		VEC_PUSH(x->v, x->n, x->cap, z);
		e = &x->v[x->n - 1];
		if (2 * x->n + 16 > x->tabn)
			rehash(x);
		else
			x->tab[i] = x->n;
	}
	e->dev = (uint64_t)st->st_dev;
	e->ino = (uint64_t)st->st_ino;
	e->size = (uint64_t)st->st_size;
	e->mtime = ns(&st->st_mtim);
	e->ctime = ns(&st->st_ctim);
	memcpy(e->hash, hash, 33);
	e->used = 1;
	x->dirty = 1;
}

void xstatidx_save_free(struct xstatidx *x)
{
	if (!x)
		return;
	if (x->dirty) {
		struct strbuf b = {0};
		sb_add(&b, "gfpcheck-statidx 1\n");
		for (size_t k = 0; k < x->n; k++) {
			const struct xsent *e = &x->v[k];
			sb_addf(&b, "%" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRId64 " %" PRId64 " %s\n", e->dev, e->ino,
				e->size, e->mtime, e->ctime, e->hash);
		}
		char *tmp = xasprintf("%s.tmp-%ld", x->path, (long)getpid());
		FILE *f = fopen(tmp, "wb");
		int bad = !f;
		if (f) {
			bad = fwrite(b.s, 1, b.len, f) != b.len;
			bad |= fclose(f) != 0;
		}
		if (bad || rename(tmp, x->path))
			unlink(tmp);
		free(tmp);
		sb_free(&b);
	}
	free(x->path);
	free(x->v);
	free(x->tab);
	free(x);
}

/* ---- spatch's version ---- */

static int is_reg(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* The program prog would run: itself when it names a path, else the first
 * executable of that name on PATH (resolved).  0 and out, or -1. */
static int resolve_program(const char *prog, char *out, size_t outlen)
{
	if (strchr(prog, '/'))
		return realpath(prog, out) && strlen(out) < outlen && access(out, X_OK) == 0 ? 0 : -1;
	const char *path = getenv("PATH");
	if (!path || !*path)
		path = "/usr/local/bin:/usr/bin:/bin";
	while (*path) {
		const char *c = strchr(path, ':');
		size_t n = c ? (size_t)(c - path) : strlen(path);
		char cand[PATH_MAX];
		if (n && n + strlen(prog) + 2 < sizeof(cand)) {
			memcpy(cand, path, n);
			snprintf(cand + n, sizeof(cand) - n, "/%s", prog);
			if (is_reg(cand) && access(cand, X_OK) == 0 && realpath(cand, out) && strlen(out) < outlen)
				return 0;
		}
		path = c ? c + 1 : path + n;
	}
	return -1;
}

/* Run argv with stdout to out (first outlen - 1 bytes), stderr dropped.
 * Exit status, or -1. */
static int capture(char *const argv[], const char *home, char *out, size_t outlen)
{
	int pfd[2];
	if (pipe(pfd))
		return -1;
	pid_t pid = fork();
	if (pid < 0) {
		close(pfd[0]);
		close(pfd[1]);
		return -1;
	}
	if (pid == 0) {
		dup2(pfd[1], 1);
		int dn = open("/dev/null", O_RDWR);
		if (dn >= 0) {
			dup2(dn, 2);
			dup2(dn, 0);
		}
		close(pfd[0]);
		close(pfd[1]);
		if (home)
			setenv("HOME", home, 1);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(pfd[1]);
	size_t got = 0;
	ssize_t r;
	char sink[4096];
	while ((r = read(pfd[0], got + 1 < outlen ? out + got : sink,
			 got + 1 < outlen ? outlen - 1 - got : sizeof(sink))) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			break;
		if (got + 1 < outlen)
			got += (size_t)r;
	}
	out[got] = 0;
	close(pfd[0]);
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* `spatch --version` costs a tenth of a second, paid by every run: the
 * answer is kept in CACHE/spatch-version under the program's path and its
 * (device, inode, size, mtime, ctime), so it is asked again only when the
 * program changes. */
int xspatch_version(const char *spatch, const struct xcache *c, char *version, size_t vlen)
{
	char prog[PATH_MAX];
	struct stat st;
	if (resolve_program(spatch, prog, sizeof(prog)) || stat(prog, &st))
		return -1;
	char *key = xasprintf("%s\t%ju\t%ju\t%jd\t%lld.%09ld\t%lld.%09ld", prog, (uintmax_t)st.st_dev,
			      (uintmax_t)st.st_ino, (intmax_t)st.st_size, (long long)st.st_mtim.tv_sec,
			      st.st_mtim.tv_nsec, (long long)st.st_ctim.tv_sec, st.st_ctim.tv_nsec);
	char *file = xasprintf("%s/spatch-version", c->dir);
	size_t klen = strlen(key);
	char *known = read_file(file, NULL);
	size_t nlines = 0;
	int found = 0;
	for (char *l = known; l && *l && !found;) {
		char *e = strchr(l, '\n');
		if (!e)
			break;
		nlines++;
		size_t ll = (size_t)(e - l);
		if (ll > klen + 1 && strncmp(l, key, klen) == 0 && l[klen] == '\t' && ll - klen - 1 < vlen &&
		    !memchr(l + klen + 1, '\t', ll - klen - 1)) {
			memcpy(version, l + klen + 1, ll - klen - 1);
			version[ll - klen - 1] = 0;
			found = 1;
		}
		l = e + 1;
	}
	if (!found) {
		char vout[4096];
		char *vargv[] = {(char *)spatch, "--version", NULL};
		const char *home = getenv("HOME");
		if (capture(vargv, home && *home ? NULL : c->run_dir, vout, sizeof(vout)) != 0) {
			free(known);
			free(key);
			free(file);
			return -1;
		}
		snprintf(version, vlen, "unknown");
		const char *v = strstr(vout, "version ");
		if (v) {
			v += 8;
			size_t k = 0;
			while (v[k] && v[k] != ' ' && v[k] != '\n' && v[k] != '\t' && k + 1 < vlen)
				k++;
			memcpy(version, v, k);
			version[k] = 0;
		}
		/* remember it, with the last 15 entries of other programs */
		struct strbuf b = {0};
		for (char *l = known; l && *l;) {
			char *e = strchr(l, '\n');
			if (!e)
				break;
			if (nlines-- <= 15 && !(strncmp(l, key, klen) == 0 && l[klen] == '\t'))
				sb_addn(&b, l, (size_t)(e - l) + 1);
			l = e + 1;
		}
		sb_addf(&b, "%s\t%s\n", key, version);
		char *tmp = xasprintf("%s.tmp-%ld", file, (long)getpid());
		FILE *f = fopen(tmp, "wb");
		int bad = !f;
		if (f) {
			bad = fwrite(b.s, 1, b.len, f) != b.len;
			bad |= fclose(f) != 0;
		}
		if (bad || rename(tmp, file))
			unlink(tmp);
		free(tmp);
		sb_free(&b);
	}
	free(known);
	free(key);
	free(file);
	return 0;
}

/* ---- facts files ---- */

char *xfacts_build(const char *frontend, const char *src, size_t srclen, const char *skipped,
		   size_t skippedlen, const char *body, size_t bodylen, size_t *len, char *err,
		   size_t errlen)
{
	/* facts_write.h: the header, the front end's records checked against the
	 * schema, and from the source bytes their hash, `suppress` records and
	 * the text the reports quote. */
	struct facts_writer w;
	fw_init(&w, frontend);
	if (src)
		fw_source(&w, src, srclen);
	if (skippedlen)
		fw_partial(&w);
	fw_raw(&w, skipped ? skipped : "", skippedlen);
	fw_raw(&w, body ? body : "", bodylen);
	if (fw_finish(&w)) {
		snprintf(err, errlen, "bad facts from the front end: %s", w.err);
		fw_free(&w);
		return NULL;
	}
	char *out = w.data;
	*len = w.len;
	w.data = NULL;
	fw_free(&w);
	return out;
}
