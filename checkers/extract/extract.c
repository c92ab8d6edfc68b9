/* extract.c - the runner of the Coccinelle front end; see extract.h. */
#include "extract/extract.h"
#include "base/hash.h"
#include "base/progress.h"
#include "facts/facts_write.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <stdint.h>
#include <unistd.h>

/* ---- small local helpers (this file stays independent of util.c) ---- */

static void *ex_alloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p) {
		fprintf(stderr, "gfpcheck: out of memory\n");
		exit(2);
	}
	return p;
}

static void *ex_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p) {
		fprintf(stderr, "gfpcheck: out of memory\n");
		exit(2);
	}
	return p;
}

static char *ex_strdup(const char *s)
{
	size_t n = strlen(s);
	char *d = ex_alloc(n + 1);
	memcpy(d, s, n + 1);
	return d;
}

static char *ex_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *ex_printf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = ex_alloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

struct buf {
	char *s;
	size_t len, cap;
};

static void buf_addn(struct buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = ex_realloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

static void buf_add(struct buf *b, const char *s)
{
	buf_addn(b, s, strlen(s));
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	struct buf b = {0};
	char tmp[65536];
	size_t n;
	while ((n = fread(tmp, 1, sizeof(tmp), f)) > 0)
		buf_addn(&b, tmp, n);
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		free(b.s);
		return NULL;
	}
	if (!b.s)
		b.s = ex_strdup("");
	if (len)
		*len = b.len;
	return b.s;
}

static int mkdir_p(const char *path)
{
	char tmp[PATH_MAX];
	if (strlen(path) >= sizeof(tmp))
		return -1;
	strcpy(tmp, path);
	for (char *p = tmp + 1; *p; p++) {
		if (*p == '/') {
			*p = 0;
			if (mkdir(tmp, 0777) && errno != EEXIST)
				return -1;
			*p = '/';
		}
	}
	if (mkdir(tmp, 0777) && errno != EEXIST)
		return -1;
	return 0;
}

static int is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_reg(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* ---- collection ---- */

struct flist {
	struct extract_file *v;
	size_t n, cap;
};

static int has_ch_ext(const char *name)
{
	size_t n = strlen(name);
	return n > 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h');
}

static void flist_add(struct flist *l, const char *root, const char *abs)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 256;
		l->v = ex_realloc(l->v, l->cap * sizeof(*l->v));
	}
	struct extract_file *f = &l->v[l->n++];
	memset(f, 0, sizeof(*f));
	f->abs = ex_strdup(abs);
	size_t rl = strlen(root);
	while (rl > 1 && root[rl - 1] == '/')
		rl--;
	if (strncmp(abs, root, rl) == 0 && abs[rl] == '/')
		f->rel = ex_strdup(abs + rl + 1);
	else if (rl == 1 && root[0] == '/')
		f->rel = ex_strdup(abs + 1);
	else
		f->rel = ex_strdup(abs);
}

static int walk(struct flist *l, const char *root, const char *dir, char *err, size_t errlen)
{
	DIR *d = opendir(dir);
	if (!d) {
		snprintf(err, errlen, "cannot read directory '%s': %s", dir, strerror(errno));
		return -1;
	}
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue; /* ., .., hidden files and dirs (.git, .tmp_versions) */
		char *p = ex_printf("%s/%s", dir, e->d_name);
		struct stat st;
		if (stat(p, &st) != 0) {
			free(p); /* dangling symlink: not a source file */
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			if (walk(l, root, p, err, errlen)) {
				free(p);
				closedir(d);
				return -1;
			}
		} else if (S_ISREG(st.st_mode) && has_ch_ext(e->d_name)) {
			flist_add(l, root, p);
		}
		free(p);
	}
	closedir(d);
	return 0;
}

static void free_fields(struct extract_file *f)
{
	free(f->rel);
	free(f->facts);
	free(f->error);
	free(f->abs);
	f->rel = f->facts = f->error = f->abs = NULL;
}

static int cmp_rel(const void *a, const void *b)
{
	const struct extract_file *x = a, *y = b;
	return strcmp(x->rel, y->rel);
}

int extract_collect(const char *root, char **paths, int npaths, struct extract_file **out,
		    size_t *nout, char *err, size_t errlen)
{
	struct flist l = {0};
	char rroot[PATH_MAX];
	if (!realpath(root, rroot)) {
		snprintf(err, errlen, "cannot read tree root '%s': %s", root, strerror(errno));
		return -1;
	}
	for (int i = 0; i < npaths; i++) {
		char abs[PATH_MAX];
		if (!realpath(paths[i], abs)) {
			snprintf(err, errlen, "cannot read '%s': %s", paths[i], strerror(errno));
			extract_free(l.v, l.n);
			return -1;
		}
		if (is_dir(abs)) {
			if (walk(&l, rroot, abs, err, errlen)) {
				extract_free(l.v, l.n);
				return -1;
			}
		} else if (is_reg(abs)) {
			if (access(abs, R_OK)) {
				snprintf(err, errlen, "cannot read '%s': %s", paths[i], strerror(errno));
				extract_free(l.v, l.n);
				return -1;
			}
			flist_add(&l, rroot, abs);
		} else {
			snprintf(err, errlen, "'%s' is neither a file nor a directory", paths[i]);
			extract_free(l.v, l.n);
			return -1;
		}
	}
	if (l.n)
		qsort(l.v, l.n, sizeof(*l.v), cmp_rel);
	/* drop duplicates (a file named twice, or a file inside a named dir) */
	size_t w = 0;
	for (size_t i = 0; i < l.n; i++) {
		if (w && strcmp(l.v[w - 1].rel, l.v[i].rel) == 0) {
			free_fields(&l.v[i]);
			continue;
		}
		l.v[w++] = l.v[i];
	}
	*out = l.v;
	*nout = w;
	return 0;
}

void extract_free(struct extract_file *files, size_t n)
{
	if (!files)
		return;
	for (size_t i = 0; i < n; i++)
		free_fields(&files[i]);
	free(files);
}

/* ---- defaults ---- */

const char *extract_default_cache(void)
{
	static char buf[PATH_MAX];
	const char *e = getenv("GFPCHECK_CACHE");
	if (e && *e)
		return e;
	e = getenv("XDG_CACHE_HOME");
	if (e && *e) {
		snprintf(buf, sizeof(buf), "%s/gfpcheck", e);
		return buf;
	}
	e = getenv("HOME");
	snprintf(buf, sizeof(buf), "%s/.cache/gfpcheck", e && *e ? e : "/tmp");
	return buf;
}

const char *extract_default_cocci(const char *argv0)
{
	static char buf[PATH_MAX + 64];
	const char *e = getenv("GFPCHECK_COCCI");
	if (e && *e)
		return e;
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0)
		exe[n] = 0;
	else if (argv0 && realpath(argv0, exe))
		;
	else
		exe[0] = 0;
	if (exe[0]) {
		char *s = strrchr(exe, '/');
		if (s) {
			*s = 0; /* .../bin */
			s = strrchr(exe, '/');
			if (s) {
				*s = 0;
				snprintf(buf, sizeof(buf), "%s/cocci/gfpfacts.cocci", exe);
				if (is_reg(buf))
					return buf;
			}
		}
	}
	return "cocci/gfpfacts.cocci";
}

/* ---- running spatch ---- */

/* Run argv, capture stdout (first 4 KiB).  Returns exit status, -1 when it
 * could not be run. */
static int capture(char *const argv[], char *out, size_t outlen)
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
		int dn = open("/dev/null", O_WRONLY);
		if (dn >= 0)
			dup2(dn, 2);
		close(pfd[0]);
		close(pfd[1]);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(pfd[1]);
	size_t got = 0;
	ssize_t r;
	char sink[4096];
	while ((r = read(pfd[0], got + 1 < outlen ? out + got : sink,
			 got + 1 < outlen ? outlen - 1 - got : sizeof(sink))) > 0) {
		if (got + 1 < outlen)
			got += (size_t)r;
	}
	out[got] = 0;
	close(pfd[0]);
	int st;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

static int write_atomic(const char *path, const char *dir, const char *data, size_t len)
{
	char *tmp = ex_printf("%s/.tmp-%ld-%ld", dir, (long)getpid(), (long)random());
	FILE *f = fopen(tmp, "wb");
	if (!f) {
		free(tmp);
		return -1;
	}
	int bad = fwrite(data, 1, len, f) != len;
	bad |= fclose(f) != 0;
	if (bad || rename(tmp, path)) {
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

/* The program argv0 would run: itself when it names a path, else the first
 * executable of that name on PATH.  Returns 0 and fills out. */
static int resolve_program(const char *prog, char *out, size_t outlen)
{
	if (strchr(prog, '/')) {
		if (!realpath(prog, out) || access(out, X_OK))
			return -1;
		return 0;
	}
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

/* spatch's version ("1.1.1"), part of the cache key.  `spatch --version`
 * costs a tenth of a second, paid by every run of gfpcheck: the answer is
 * kept in CACHE/spatch-version under the program's path and its (device,
 * inode, size, mtime, ctime), so it is asked again only when the program
 * changes.  Returns -1 when spatch cannot be run. */
static int spatch_version(const char *spatch, const char *cache, char *version, size_t vlen)
{
	char prog[PATH_MAX];
	struct stat st;
	if (resolve_program(spatch, prog, sizeof(prog)) || stat(prog, &st))
		return -1;
	char *key = ex_printf("%s\t%ju\t%ju\t%jd\t%lld.%09ld\t%lld.%09ld", prog, (uintmax_t)st.st_dev,
			      (uintmax_t)st.st_ino, (intmax_t)st.st_size, (long long)st.st_mtim.tv_sec,
			      st.st_mtim.tv_nsec, (long long)st.st_ctim.tv_sec, st.st_ctim.tv_nsec);
	char *file = ex_printf("%s/spatch-version", cache);
	size_t klen = strlen(key);
	char *known = slurp(file, NULL);
	/* lines "KEY TAB VERSION" */
	size_t nlines = 0;
	for (char *l = known; l && *l;) {
		char *e = strchr(l, '\n');
		if (!e)
			break;
		nlines++;
		size_t vl = (size_t)(e - l);
		if (vl > klen + 1 && strncmp(l, key, klen) == 0 && l[klen] == '\t' &&
		    vl - klen - 1 < vlen && !memchr(l + klen + 1, '\t', vl - klen - 1)) {
			memcpy(version, l + klen + 1, vl - klen - 1);
			version[vl - klen - 1] = 0;
			free(known);
			free(key);
			free(file);
			return 0;
		}
		l = e + 1;
	}
	char vout[4096];
	char *vargv[] = {(char *)spatch, "--version", NULL};
	if (capture(vargv, vout, sizeof(vout)) != 0) {
		free(known);
		free(key);
		free(file);
		return -1;
	}
	const char *v = strstr(vout, "version ");
	if (v) {
		v += 8;
		size_t k = 0;
		while (v[k] && v[k] != ' ' && v[k] != '\n' && v[k] != '\t' && k + 1 < vlen)
			k++;
		memcpy(version, v, k);
		version[k] = 0;
	}
	/* remember it (a few lines: one per spatch program seen); best effort */
	if (mkdir_p(cache) == 0) {
		struct buf b = {0};
		/* keep the last 15 entries of other programs */
		for (char *l = known; l && *l;) {
			char *e = strchr(l, '\n');
			if (!e)
				break;
			if (nlines-- <= 15 && !(strncmp(l, key, klen) == 0 && l[klen] == '\t'))
				buf_addn(&b, l, (size_t)(e - l) + 1);
			l = e + 1;
		}
		buf_add(&b, key);
		buf_add(&b, "\t");
		buf_add(&b, version);
		buf_add(&b, "\n");
		write_atomic(file, cache, b.s, b.len);
		free(b.s);
	}
	free(known);
	free(key);
	free(file);
	return 0;
}

struct batch {
	size_t *idx; /* indices into files */
	size_t n;
	pid_t pid;
	char *groups, *outp, *errp;
	long err_off;  /* progress: bytes of errp already counted */
	size_t handled; /* progress: HANDLING lines seen */
	int attempt;
};

struct run {
	const struct extract_opts *o;
	struct extract_file *files;
	const char *spatch, *cocci, *version, *facts_dir, *tmp_dir;
	int timeout;
	char (*keys)[33];
	size_t done, total;
	int show;
	struct progress *pg; /* the progress line (progress.c), NULL when not shown */
	unsigned serial;
};

static void progress(struct run *r, size_t extra)
{
	if (!r->show)
		return;
	size_t d = r->done + extra;
	if (d > r->total)
		d = r->total;
	progress_update(r->pg, d);
}

static int start_batch(struct run *r, struct batch *b, char *err, size_t errlen)
{
	unsigned id = r->serial++;
	b->groups = ex_printf("%s/%ld-%u.groups", r->tmp_dir, (long)getpid(), id);
	b->outp = ex_printf("%s/%ld-%u.out", r->tmp_dir, (long)getpid(), id);
	b->errp = ex_printf("%s/%ld-%u.err", r->tmp_dir, (long)getpid(), id);
	b->err_off = 0;
	b->handled = 0;
	FILE *g = fopen(b->groups, "w");
	if (!g) {
		snprintf(err, errlen, "cannot write '%s': %s", b->groups, strerror(errno));
		return -1;
	}
	for (size_t i = 0; i < b->n; i++)
		fprintf(g, "%s%s\n", i ? "\n" : "", r->files[b->idx[i]].abs);
	fclose(g);
	char tbuf[32];
	snprintf(tbuf, sizeof(tbuf), "%d", r->timeout);
	char *argv[] = {(char *)r->spatch,
			"--sp-file",
			(char *)r->cocci,
			"--no-includes",
			"--parse-error-msg",
			"--verbose-parsing",
			"--timeout",
			tbuf,
			"--file-groups",
			b->groups,
			NULL};
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, "cannot fork: %s", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		int fo = open(b->outp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
		int fe = open(b->errp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
		int fi = open("/dev/null", O_RDONLY);
		if (fo < 0 || fe < 0)
			_exit(126);
		dup2(fo, 1);
		dup2(fe, 2);
		if (fi >= 0)
			dup2(fi, 0);
		/* never let spatch write next to the sources or in cwd */
		if (chdir(r->tmp_dir))
			_exit(126);
		execvp(argv[0], argv);
		_exit(127);
	}
	b->pid = pid;
	return 0;
}

/* Per-file results parsed from one batch. */
struct fres {
	struct buf body;
	struct buf skipped;
	int handled;
	char *exn;
};

static size_t find_file(struct run *r, struct batch *b, const char *path, size_t len, size_t hint)
{
	if (hint < b->n) {
		const char *a = r->files[b->idx[hint]].abs;
		if (strlen(a) == len && memcmp(a, path, len) == 0)
			return hint;
	}
	for (size_t i = 0; i < b->n; i++) {
		const char *a = r->files[b->idx[i]].abs;
		if (strlen(a) == len && memcmp(a, path, len) == 0)
			return i;
	}
	return (size_t)-1;
}

static void one_line(char *s)
{
	for (char *p = s; *p; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
}

/* Parse the stderr of a batch: HANDLING, parse errors, EXN lines. */
static void parse_err(struct run *r, struct batch *b, struct fres *res, const char *text)
{
	size_t cur = (size_t)-1;
	const char *p = text;
	/* pending parse error */
	long pe_line = 0;
	char pe_file[PATH_MAX] = "";
	char pe_around[128] = "";
	int pe_define = 0;
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (n > 10 && strncmp(p, "HANDLING: ", 10) == 0) {
			cur = find_file(r, b, p + 10, n - 10, cur + 1);
			if (cur != (size_t)-1)
				res[cur].handled = 1;
		} else if (n > 10 && strncmp(p, " = File \"", 9) == 0) {
			const char *q = p + 9;
			const char *qe = memchr(q, '"', n - 9);
			if (qe && (size_t)(qe - q) < sizeof(pe_file)) {
				memcpy(pe_file, q, (size_t)(qe - q));
				pe_file[qe - q] = 0;
				const char *ln = strstr(qe, ", line ");
				pe_line = ln && ln < p + n ? strtol(ln + 7, NULL, 10) : 0;
			}
			pe_around[0] = 0;
			pe_define = 0;
		} else if (n > 11 && strncmp(p, "  around = ", 11) == 0) {
			size_t m = n - 11;
			if (m >= sizeof(pe_around))
				m = sizeof(pe_around) - 1;
			memcpy(pe_around, p + 11, m);
			pe_around[m] = 0;
			if (m && pe_around[m - 1] == ',')
				pe_around[m - 1] = 0;
		} else if (n > 18 && strncmp(p, "  whole content = ", 18) == 0) {
			const char *q = p + 18;
			while (*q == ' ' || *q == '\t')
				q++;
			pe_define = *q == '#';
		} else if (n > 10 && strncmp(p, "badcount: ", 10) == 0 && pe_file[0]) {
			long cnt = strtol(p + 10, NULL, 10);
			/* A bad macro definition is harmless: macro bodies are not
			 * analysed anyway.  Anything else is a region not analysed. */
			if (!(pe_define && cnt <= 1)) {
				size_t fi = find_file(r, b, pe_file, strlen(pe_file), cur);
				if (fi != (size_t)-1) {
					char *s = ex_printf("skipped\t%ld\tspatch parse error near %s, %ld lines not analysed\n",
							    pe_line, pe_around[0] ? pe_around : "?", cnt);
					buf_add(&res[fi].skipped, s);
					free(s);
				}
			}
			pe_file[0] = 0;
		} else if (n > 5 && strncmp(p, "EXN: ", 5) == 0) {
			char *line = ex_alloc(n + 1);
			memcpy(line, p, n);
			line[n] = 0;
			char *in = strstr(line, " in /");
			size_t fi = cur;
			if (in) {
				*in = 0;
				fi = find_file(r, b, in + 4, strlen(in + 4), cur);
			}
			if (fi != (size_t)-1 && !res[fi].exn) {
				const char *what = line + 5;
				if (strstr(what, "Timeout"))
					res[fi].exn = ex_printf("spatch timed out after %d s", r->timeout);
				else
					res[fi].exn = ex_printf("spatch: %s", what);
				one_line(res[fi].exn);
			}
			free(line);
		}
		p = e ? e + 1 : p + n;
	}
}

static char *cache_path(struct run *r, size_t fi)
{
	return ex_printf("%s/%.2s/%s.facts", r->facts_dir, r->keys[fi], r->keys[fi]);
}

/* Handle a finished batch.  Files not reached by a crashed spatch go to
 * *requeue. */
static int finish_batch(struct run *r, struct batch *b, int status, size_t **requeue, size_t *nrq,
			char *err, size_t errlen)
{
	struct fres *res = ex_alloc(b->n * sizeof(*res));
	memset(res, 0, b->n * sizeof(*res));
	size_t olen = 0;
	char *out = slurp(b->outp, &olen);
	char *errt = slurp(b->errp, NULL);
	if (errt)
		parse_err(r, b, res, errt);
	if (out) {
		size_t hint = 0;
		char *p = out;
		while (*p) {
			char *e = strchr(p, '\n');
			size_t n = e ? (size_t)(e - p) : strlen(p);
			char *tab = memchr(p, '\t', n);
			if (tab) {
				size_t fi = find_file(r, b, p, (size_t)(tab - p), hint);
				if (fi != (size_t)-1) {
					hint = fi;
					const char *rec = tab + 1;
					size_t rl = n - (size_t)(tab + 1 - p);
					if (rl > 8 && strncmp(rec, "skipped\t", 8) == 0)
						buf_addn(&res[fi].skipped, rec, rl), buf_add(&res[fi].skipped, "\n");
					else
						buf_addn(&res[fi].body, rec, rl), buf_add(&res[fi].body, "\n");
				}
			}
			p = e ? e + 1 : p + n;
		}
	}
	int crashed = !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	char *why = NULL;
	if (WIFSIGNALED(status))
		why = ex_printf("spatch killed by signal %d", WTERMSIG(status));
	else if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
		why = ex_printf("cannot run %s", r->spatch);
	else if (crashed)
		why = ex_printf("spatch exited with status %d", WEXITSTATUS(status));
	/* the last file spatch announced is the one it died on */
	size_t last = (size_t)-1;
	for (size_t i = 0; i < b->n; i++)
		if (res[i].handled)
			last = i;
	int rc = 0;
	for (size_t i = 0; i < b->n; i++) {
		struct extract_file *f = &r->files[b->idx[i]];
		if (res[i].exn || (crashed && i == last)) {
			f->failed = 1;
			free(f->error);
			f->error = ex_strdup(res[i].exn ? res[i].exn : why);
		} else if (!res[i].handled && crashed) {
			if (b->attempt < 1) {
				*requeue = ex_realloc(*requeue, (*nrq + 1) * sizeof(**requeue));
				(*requeue)[(*nrq)++] = b->idx[i];
				continue;
			}
			f->failed = 1;
			free(f->error);
			f->error = ex_strdup(why);
		} else if (!res[i].handled && !res[i].body.len) {
			f->failed = 1;
			free(f->error);
			f->error = ex_strdup("spatch produced nothing for this file");
		} else {
			/* The facts file (facts_write.h): header, spatch's records, and
			 * from the source bytes its hash, `suppress` records and text. */
			struct facts_writer fw;
			char *fe = ex_printf("coccinelle %s", r->version);
			fw_init(&fw, fe);
			free(fe);
			size_t srclen = 0;
			char *src = slurp(f->abs, &srclen);
			if (src)
				fw_source(&fw, src, srclen);
			if (res[i].skipped.len)
				fw_partial(&fw);
			fw_raw(&fw, res[i].skipped.s, res[i].skipped.len);
			fw_raw(&fw, res[i].body.s, res[i].body.len);
			if (!src || fw_finish(&fw)) {
				f->failed = 1;
				free(f->error);
				f->error = src ? ex_printf("bad facts from spatch: %s", fw.err)
					       : ex_printf("cannot read: %s", strerror(errno));
				one_line(f->error);
				fw_free(&fw);
				free(src);
				r->done++;
				continue;
			}
			char *cp = cache_path(r, b->idx[i]);
			char *dir = ex_strdup(cp);
			*strrchr(dir, '/') = 0;
			if (mkdir_p(dir) || write_atomic(cp, dir, fw.data, fw.len)) {
				snprintf(err, errlen, "cannot write the facts cache '%s': %s", cp, strerror(errno));
				rc = -1;
				free(cp);
			} else {
				free(f->facts);
				f->facts = cp;
				f->partial = res[i].skipped.len != 0;
			}
			free(dir);
			fw_free(&fw);
			free(src);
		}
		r->done++;
	}
	for (size_t i = 0; i < b->n; i++) {
		free(res[i].body.s);
		free(res[i].skipped.s);
		free(res[i].exn);
	}
	free(res);
	free(out);
	free(errt);
	free(why);
	unlink(b->groups);
	unlink(b->outp);
	unlink(b->errp);
	free(b->groups);
	free(b->outp);
	free(b->errp);
	b->groups = b->outp = b->errp = NULL;
	return rc;
}

/* progress: count HANDLING lines appended to a running batch's stderr */
static void poll_handled(struct batch *b)
{
	FILE *f = fopen(b->errp, "rb");
	if (!f)
		return;
	if (fseek(f, b->err_off, SEEK_SET) == 0) {
		char line[4096];
		while (fgets(line, sizeof(line), f)) {
			size_t l = strlen(line);
			if (!l || line[l - 1] != '\n')
				break; /* partial line: read it next time */
			b->err_off += (long)l;
			if (strncmp(line, "HANDLING: ", 10) == 0)
				b->handled++;
		}
	}
	fclose(f);
}

struct szidx {
	off_t size;
	size_t idx;
};

static int cmp_size_desc(const void *a, const void *b)
{
	const struct szidx *x = a, *y = b;
	return x->size < y->size ? 1 : x->size > y->size ? -1 : 0;
}

int extract_run(const struct extract_opts *o, struct extract_file *files, size_t n, char *err,
		size_t errlen)
{
	struct run r;
	memset(&r, 0, sizeof(r));
	r.o = o;
	r.files = files;
	r.spatch = o->spatch && *o->spatch ? o->spatch : getenv("SPATCH");
	if (!r.spatch || !*r.spatch)
		r.spatch = "spatch";
	r.cocci = o->cocci ? o->cocci : extract_default_cocci(NULL);
	const char *cache = o->cache_dir && *o->cache_dir ? o->cache_dir : extract_default_cache();
	r.timeout = o->timeout;
	if (r.timeout <= 0) {
		const char *t = getenv("GFPCHECK_TIMEOUT");
		r.timeout = t && atoi(t) > 0 ? atoi(t) : 120;
	}
	int jobs = o->jobs > 0 ? o->jobs : (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (jobs < 1)
		jobs = 1;

	/* spatch version: part of the cache key and of the header */
	char version[64] = "unknown";
	if (spatch_version(r.spatch, cache, version, sizeof(version))) {
		snprintf(err, errlen,
			 "cannot run spatch ('%s --version' failed): run `make deps` or install coccinelle (or set SPATCH)",
			 r.spatch);
		return -1;
	}
	r.version = version;

	size_t clen = 0;
	char *cocci = slurp(r.cocci, &clen);
	if (!cocci) {
		snprintf(err, errlen, "cannot read the semantic patch '%s': %s", r.cocci, strerror(errno));
		return -1;
	}
	char *facts_dir = ex_printf("%s/facts", cache);
	char *tmp_dir = ex_printf("%s/tmp", cache);
	if (mkdir_p(facts_dir) || mkdir_p(tmp_dir)) {
		snprintf(err, errlen, "cannot create the facts cache '%s': %s", facts_dir, strerror(errno));
		free(cocci);
		free(facts_dir);
		free(tmp_dir);
		return -1;
	}
	r.facts_dir = facts_dir;
	r.tmp_dir = tmp_dir;
	srandom((unsigned)time(NULL) ^ (unsigned)getpid());

	/* keys and cache hits */
	r.keys = ex_alloc((n ? n : 1) * sizeof(*r.keys));
	struct szidx *pending = ex_alloc((n ? n : 1) * sizeof(*pending));
	size_t npending = 0;
	for (size_t i = 0; i < n; i++) {
		struct extract_file *f = &files[i];
		f->failed = 0;
		f->partial = 0;
		f->cached = 0;
		free(f->facts);
		f->facts = NULL;
		free(f->error);
		f->error = NULL;
		if (!f->abs)
			f->abs = f->rel[0] == '/' ? ex_strdup(f->rel) : ex_printf("%s/%s", o->root, f->rel);
		size_t len = 0;
		char *src = slurp(f->abs, &len);
		if (!src) {
			f->failed = 1;
			f->error = ex_printf("cannot read: %s", strerror(errno));
			r.keys[i][0] = 0;
			continue;
		}
		struct hash128 h;
		hash128_init(&h);
		hash128_update(&h, "gfpfacts-cache-2\n", 17);
		hash128_update(&h, version, strlen(version) + 1);
		hash128_update(&h, cocci, clen);
		hash128_update(&h, "\n--\n", 4);
		hash128_update(&h, src, len);
		hash128_hex(&h, r.keys[i]);
		free(src);
		char *cp = cache_path(&r, i);
		if (is_reg(cp)) {
			f->facts = cp;
			f->cached = 1;
			/* partial? the status line (third or fourth) says */
			FILE *cf = fopen(cp, "r");
			if (cf) {
				char line[128];
				for (int k = 0; k < 4 && fgets(line, sizeof(line), cf); k++)
					if (strncmp(line, "status\tpartial", 14) == 0)
						f->partial = 1;
				fclose(cf);
			}
			continue;
		}
		free(cp);
		pending[npending].idx = i;
		pending[npending].size = (off_t)len;
		npending++;
	}
	free(cocci);

	int rc = 0;
	r.total = npending;
	r.show = o->progress && !o->quiet && isatty(2) && npending > 0;
	r.pg = progress_start(npending, r.show);
	if (npending) {
		/* Batches, largest files first.  Few files: one batch per job
		 * (spatch start-up dominates).  Otherwise guided self-scheduling:
		 * each batch takes 1/(2*jobs) of the work still to hand out, but
		 * at least 1/(16*jobs) of the whole, so that the batches shrink
		 * towards the end and no job idles long while another finishes a
		 * big one. */
		qsort(pending, npending, sizeof(*pending), cmp_size_desc);
		off_t total = 0;
		for (size_t i = 0; i < npending; i++)
			total += pending[i].size + 4096;
		size_t nb = 0, capb = 8;
		struct batch *bs = ex_alloc(capb * sizeof(*bs));
		if (npending < 64 * (size_t)jobs) {
			nb = (size_t)jobs < npending ? (size_t)jobs : npending;
			if (nb > capb) {
				capb = nb;
				bs = ex_realloc(bs, capb * sizeof(*bs));
			}
			memset(bs, 0, nb * sizeof(*bs));
			off_t *load = ex_alloc(nb * sizeof(*load));
			memset(load, 0, nb * sizeof(*load));
			for (size_t i = 0; i < npending; i++) {
				size_t best = 0;
				for (size_t k = 1; k < nb; k++)
					if (load[k] < load[best])
						best = k;
				struct batch *bt = &bs[best];
				bt->idx = ex_realloc(bt->idx, (bt->n + 1) * sizeof(*bt->idx));
				bt->idx[bt->n++] = pending[i].idx;
				load[best] += pending[i].size + 4096;
			}
			free(load);
		} else {
			off_t left = total, least = total / (16 * jobs);
			size_t i = 0;
			while (i < npending) {
				off_t want = left / (2 * jobs);
				if (want < least)
					want = least;
				if (nb == capb) {
					capb *= 2;
					bs = ex_realloc(bs, capb * sizeof(*bs));
				}
				struct batch *bt = &bs[nb++];
				memset(bt, 0, sizeof(*bt));
				off_t got = 0;
				while (i < npending && (got < want || bt->n == 0)) {
					bt->idx = ex_realloc(bt->idx, (bt->n + 1) * sizeof(*bt->idx));
					bt->idx[bt->n++] = pending[i].idx;
					got += pending[i].size + 4096;
					i++;
				}
				left -= got;
			}
		}
		/* queue of batches; requeued crash leftovers are appended */
		size_t qn = nb, qcap = nb, next = 0;
		struct batch *q = bs;
		size_t *runpos = ex_alloc((size_t)jobs * sizeof(*runpos));
		int nrun = 0;
		while ((next < qn || nrun > 0) && rc == 0) {
			while (nrun < jobs && next < qn) {
				if (start_batch(&r, &q[next], err, errlen)) {
					rc = -1;
					break;
				}
				runpos[nrun++] = next;
				next++;
			}
			if (rc)
				break;
			int reaped = 0;
			for (int k = 0; k < nrun; k++) {
				int st;
				pid_t w = waitpid(q[runpos[k]].pid, &st, WNOHANG);
				if (w == 0)
					continue;
				if (w < 0 && errno == EINTR)
					continue;
				if (w < 0)
					st = 1 << 8;
				size_t *rq = NULL, nrq = 0;
				size_t pos = runpos[k];
				int attempt = q[pos].attempt;
				if (finish_batch(&r, &q[pos], st, &rq, &nrq, err, errlen))
					rc = -1;
				runpos[k] = runpos[nrun - 1];
				nrun--;
				k--;
				reaped = 1;
				free(q[pos].idx);
				q[pos].idx = NULL;
				if (nrq) {
					if (qn == qcap) {
						qcap *= 2;
						q = ex_realloc(q, qcap * sizeof(*q));
					}
					memset(&q[qn], 0, sizeof(q[qn]));
					q[qn].idx = rq;
					q[qn].n = nrq;
					q[qn].attempt = attempt + 1;
					qn++;
				}
			}
			if (!reaped) {
				size_t extra = 0;
				if (r.show)
					for (int k = 0; k < nrun; k++) {
						poll_handled(&q[runpos[k]]);
						extra += q[runpos[k]].handled;
					}
				progress(&r, extra);
				struct timespec ts = {0, 100 * 1000 * 1000};
				nanosleep(&ts, NULL);
			} else {
				progress(&r, 0);
			}
		}
		if (rc) {
			/* fatal: stop what still runs */
			for (int k = 0; k < nrun; k++) {
				struct batch *b = &q[runpos[k]];
				kill(b->pid, SIGTERM);
				waitpid(b->pid, NULL, 0);
				unlink(b->groups);
				unlink(b->outp);
				unlink(b->errp);
			}
		}
		for (size_t i = 0; i < qn; i++) {
			free(q[i].idx);
			free(q[i].groups);
			free(q[i].outp);
			free(q[i].errp);
		}
		free(q);
		free(runpos);
		progress_end(r.pg);
	}
	free(pending);
	free(r.keys);
	free(facts_dir);
	free(tmp_dir);
	return rc;
}
