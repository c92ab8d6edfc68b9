/* extract_spatch.c - spatch over batches of files, bounded per file.
 *
 * A batch is a directory of private copies of its files (b<N>/<K>.c or .h in
 * the run's temporary directory), so spatch parses exactly the bytes whose
 * hash keys the facts, under names that hold no TAB, newline or other byte
 * that could confuse its output.  One spatch process per batch (one
 * --file-groups group per file) in its own process group, with its address
 * space limited (setrlimit) and HOME set when the caller has none (spatch
 * fails with Not_found without it).  While it runs its stderr is read: the
 * HANDLING lines say which file it is on and since when; a file that takes
 * longer than the time bound gets the process group killed, is named as
 * skipped, and the files after it go to a new batch.  gfpfacts.cocci ends
 * every file with `end N` (N records): a file's facts are kept only when its
 * end marker came with N records. */
#include "extract/extract.h"
#include "extract/exint.h"
#include "extract/exspatch.h"
#include "base/hash.h"
#include "base/progress.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Process groups of the running spatch processes, for the signal handler.
 * Global on purpose: extract.c's SIGINT/SIGTERM/SIGHUP handler is called
 * asynchronously, with nothing but the signal number, and must kill them
 * (xspatch_kill_all(), async-signal-safe: kill() over a fixed array). */
static volatile pid_t running_groups[256];

void xspatch_kill_all(void)
{
	for (size_t i = 0; i < sizeof(running_groups) / sizeof(running_groups[0]); i++)
		if (running_groups[i] > 0)
			kill(-running_groups[i], SIGKILL);
}

static void track(pid_t pid, int on)
{
	for (size_t i = 0; i < sizeof(running_groups) / sizeof(running_groups[0]); i++)
		if (on ? running_groups[i] == 0 : running_groups[i] == pid) {
			running_groups[i] = on ? pid : 0;
			return;
		}
}

struct bfile {
	size_t job;      /* index into the job list */
	char *snap;      /* path of the private copy */
	int handled;     /* spatch said HANDLING */
	int ended;       /* the end marker came */
	long want;       /* records the end marker announced */
	long got;        /* records received */
	struct strbuf body, skipped;
	char *exn;       /* spatch's exception for this file */
	unsigned char *kinds; /* xpp_line_kinds of the copy, when asked */
	size_t nlines;
	int done;        /* settled (facts, failure or requeued) */
};

struct batch {
	int id;
	struct bfile *f;
	size_t n;
	pid_t pid;
	char *dir, *groups, *outp, *errp;
	long err_off;      /* stderr bytes already read while it runs */
	struct strbuf err_part;
	long cur;          /* file spatch is on (index into f), -1 none */
	double cur_since;
	int killed_time;   /* we killed it: f[cur] took too long */
	double started;
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static long snap_index(const struct batch *b, const char *path, size_t len)
{
	/* snapshots are DIR/K.c or DIR/K.h */
	size_t dl = strlen(b->dir);
	if (len <= dl + 3 || memcmp(path, b->dir, dl) != 0 || path[dl] != '/')
		return -1;
	const char *p = path + dl + 1;
	size_t rest = len - dl - 1;
	long k = 0;
	size_t i = 0;
	for (; i < rest && p[i] >= '0' && p[i] <= '9'; i++)
		k = k * 10 + (p[i] - '0');
	if (i == 0 || rest - i != 2 || p[i] != '.' || (p[i + 1] != 'c' && p[i + 1] != 'h') || k >= (long)b->n)
		return -1;
	return k;
}

static void fail_file(struct xspatch *S, size_t job, int skipped, char *why)
{
	struct extract_file *f = &S->files[S->jobs[job].fi];
	f->failed = 1;
	f->skipped = skipped;
	free(f->error);
	f->error = why;
	for (char *p = why; *p; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
	if (skipped) { /* remembered, so that a rescan does not wait for the bound again */
		char *bp = xcache_bound_path(S->cache, S->jobs[job].key, S->timeout, S->memory_mb);
		xcache_bound_put(bp, why);
		free(bp);
	}
}

/* ---- starting a batch ---- */

/* Its directory in the run's, and the paths of its files there. */
static int batch_dir(struct xspatch *S, struct batch *b, char *err, size_t errlen)
{
	b->dir = xasprintf("%s/b%d", S->cache->run_dir, b->id);
	if (mkdir(b->dir, 0700) && errno != EEXIST) {
		snprintf(err, errlen, "cannot create '%s': %s", b->dir, strerror(errno));
		return -1;
	}
	b->groups = xasprintf("%s/groups", b->dir);
	b->outp = xasprintf("%s/out", b->dir);
	b->errp = xasprintf("%s/err", b->dir);
	b->cur = -1;
	return 0;
}

/* A file settled before spatch runs. */
static void settle_early(struct xspatch *S, struct bfile *bf)
{
	bf->done = 1;
	S->done++;
}

/* A file that changed since it was hashed: the facts will be those of the
 * bytes read now (hash h), under their own key; 1 when the cache has them. */
static int changed_cached(struct xspatch *S, struct bfile *bf, const char *h)
{
	struct xjob *j = &S->jobs[bf->job];
	struct extract_file *f = &S->files[j->fi];
	memcpy(j->hash, h, 33);
	S->key_of(S, h, j->hdr, j->key);
	char *cp = xcache_entry(S->cache, j->key);
	int partial = 0;
	if (xcache_check(cp, &partial) != 0) {
		free(cp);
		return 0;
	}
	f->facts = cp;
	f->partial = partial;
	f->cached = 1;
	f->how = EX_CACHE;
	memcpy(f->hash, h, 33);
	return 1;
}

static int write_whole(const char *path, const char *data, size_t len)
{
	FILE *o = fopen(path, "wb");
	int bad = !o;
	if (o) {
		bad = fwrite(data, 1, len, o) != len;
		bad |= fclose(o) != 0;
	}
	return bad ? -1 : 0;
}

/* The private copy of file i of the batch (bf->snap): the bytes spatch will
 * parse, read now and hashed.  1 when it is given to spatch, 0 when the file
 * is settled without it, -1 with err when the copy cannot be written. */
static int snapshot(struct xspatch *S, struct batch *b, size_t i, char *err, size_t errlen)
{
	struct bfile *bf = &b->f[i];
	struct xjob *j = &S->jobs[bf->job];
	struct extract_file *f = &S->files[j->fi];
	size_t len = 0;
	struct stat st;
	char *src = xread_stable(f->abs, &len, &st);
	if (!src) {
		fail_file(S, bf->job, 0, xasprintf("cannot read: %s", strerror(errno)));
		settle_early(S, bf);
		return 0;
	}
	char h[33];
	content_hash(src, len, h);
	const char *nul = NULL;
	if (strcmp(h, j->hash) != 0 && changed_cached(S, bf, h)) {
		settle_early(S, bf);
	} else if ((nul = memchr(src, 0, len))) {
		fail_file(S, bf->job, 0, xasprintf("not C source: a NUL byte at offset %zu", (size_t)(nul - src)));
		settle_early(S, bf);
	} else {
		size_t rl = strlen(f->rel);
		bf->snap = xasprintf("%s/%zu.%c", b->dir, i, rl && f->rel[rl - 1] == 'h' ? 'h' : 'c');
		if (write_whole(bf->snap, src, len)) {
			snprintf(err, errlen, "cannot write '%s': %s", bf->snap, strerror(errno));
			free(src);
			return -1;
		}
	}
	free(src);
	return !bf->done;
}

/* The copies of the batch's files and the --file-groups file that names
 * them.  The number of files given to spatch, or -1 with err. */
static long write_snapshots(struct xspatch *S, struct batch *b, char *err, size_t errlen)
{
	struct strbuf g = {0};
	long given = 0;
	for (size_t i = 0; i < b->n; i++) {
		int r = snapshot(S, b, i, err, errlen);
		if (r < 0) {
			sb_free(&g);
			return -1;
		}
		if (r)
			sb_addf(&g, "%s%s\n", given++ ? "\n" : "", b->f[i].snap);
	}
	int bad = given && write_whole(b->groups, g.s, g.len);
	sb_free(&g);
	if (bad) {
		snprintf(err, errlen, "cannot write '%s': %s", b->groups, strerror(errno));
		return -1;
	}
	return given;
}

/* In the child: spatch over the batch, in the batch's directory, with its
 * output in the batch's files and its address space bounded. */
static _Noreturn void exec_spatch(const struct xspatch *S, const struct batch *b, const char *const *argv, int need_home)
{
	setpgid(0, 0);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	int fo = open(b->outp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	int fe = open(b->errp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	int fi = open("/dev/null", O_RDONLY);
	if (fo < 0 || fe < 0)
		_exit(126);
	dup2(fo, 1);
	dup2(fe, 2);
	if (fi >= 0)
		dup2(fi, 0);
	if (S->memory_mb > 0) {
		struct rlimit rl;
		rl.rlim_cur = rl.rlim_max = (rlim_t)S->memory_mb << 20;
		setrlimit(RLIMIT_AS, &rl);
	}
	/* spatch dies with Not_found when HOME is not set */
	if (need_home)
		setenv("HOME", S->cache->run_dir, 1);
	/* never let spatch write next to the sources or in cwd */
	if (chdir(b->dir))
		_exit(126);
	execvp(argv[0], (char *const *)argv);
	_exit(127);
}

/* Start spatch over the batch's --file-groups file. */
static int spawn_spatch(struct xspatch *S, struct batch *b, char *err, size_t errlen)
{
	char tbuf[32];
	snprintf(tbuf, sizeof(tbuf), "%d", S->timeout);
	const char *argv[24];
	int a = 0;
	argv[a++] = S->spatch;
	argv[a++] = "--sp-file";
	argv[a++] = S->cocci;
	if (S->macros && *S->macros) {
		argv[a++] = "--macro-file";
		argv[a++] = S->macros;
	}
	argv[a++] = "--no-includes";
	argv[a++] = "--parse-error-msg";
	argv[a++] = "--verbose-parsing";
	argv[a++] = "--timeout";
	argv[a++] = tbuf;
	argv[a++] = "--file-groups";
	argv[a++] = b->groups;
	argv[a] = NULL;
	const char *home = getenv("HOME");
	int need_home = !home || !*home;
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, "cannot fork: %s", strerror(errno));
		return -1;
	}
	if (pid == 0)
		exec_spatch(S, b, argv, need_home);
	setpgid(pid, pid); /* also here: no race with the kill below */
	b->pid = pid;
	b->started = now();
	track(pid, 1);
	S->nstarted++;
	return 0;
}

/* The batch's copies, and spatch over them (b->pid 0 when every file was
 * settled without it).  0, or -1 with err. */
static int start_batch(struct xspatch *S, struct batch *b, char *err, size_t errlen)
{
	if (batch_dir(S, b, err, errlen))
		return -1;
	long given = write_snapshots(S, b, err, errlen);
	if (given < 0)
		return -1;
	if (!given) {
		b->pid = 0;
		return 0;
	}
	return spawn_spatch(S, b, err, errlen);
}

/* ---- reading what spatch wrote ---- */

/* The lines of text[0..len), NUL bytes and all. */
#define FOR_LINES(text, len, p, n)                                                                  \
	for (const char *p = (text), *p##_e; p < (text) + (len); p = p##_e + 1)                      \
		for (size_t n = (size_t)(((p##_e = memchr(p, '\n', (size_t)((text) + (len) - p)))    \
						  ? p##_e : (p##_e = (text) + (len))) - p),          \
			    p##_once = 1;                                                            \
		     p##_once; p##_once = 0)

static int starts(const char *p, size_t n, const char *w)
{
	size_t l = strlen(w);
	return n >= l && memcmp(p, w, l) == 0;
}

/* While it runs: HANDLING lines of new stderr bytes say which file spatch
 * is on (and so since when). */
static void poll_err(struct batch *b)
{
	int fd = open(b->errp, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	char buf[65536];
	ssize_t r;
	while ((r = pread(fd, buf, sizeof(buf), b->err_off)) > 0) {
		b->err_off += r;
		sb_addn(&b->err_part, buf, (size_t)r);
	}
	close(fd);
	/* complete lines only; keep the rest */
	char *s = b->err_part.s;
	size_t len = b->err_part.len, used = 0;
	while (s && used < len) {
		char *e = memchr(s + used, '\n', len - used);
		if (!e)
			break;
		size_t n = (size_t)(e - (s + used));
		if (starts(s + used, n, "HANDLING: ")) {
			long k = snap_index(b, s + used + 10, n - 10);
			if (k >= 0) {
				b->cur = k;
				b->cur_since = now();
				b->f[k].handled = 1;
			}
		}
		used += n + 1;
	}
	if (used) {
		memmove(s, s + used, len - used);
		b->err_part.len = len - used;
	}
}

/* What is at line:col (col 0-based) of the copy, for a parse error that
 * spatch reports near '': "'TOKEN'", or "the end of line N" (the last line
 * before it that is not blank), or NULL. */
static char *token_at(const char *path, long line, long col)
{
	size_t len = 0;
	char *t = read_file(path, &len);
	if (!t)
		return NULL;
	size_t i = 0;
	for (long l = 1; l < line && i < len; i++)
		if (t[i] == '\n')
			l++;
	size_t ls = i;
	for (long c = 0; c < col && i < len && t[i] != '\n'; c++)
		i++;
	while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r'))
		i++;
	size_t s = i;
#define IDC(c) (((c) >= 'A' && (c) <= 'Z') || ((c) >= 'a' && (c) <= 'z') || (c) == '_' || ((c) >= '0' && (c) <= '9'))
	if (i < len && IDC(t[i])) {
		while (i < len && IDC(t[i]))
			i++;
	} else if (i < len && t[i] != '\n') {
		i++;
	}
#undef IDC
	char *r = NULL;
	if (i > s && i - s < 64) {
		r = xasprintf("'%.*s'", (int)(i - s), t + s);
	} else if (i == s) {
		/* a blank line or the end: the last line before that is not blank */
		long l = line;
		size_t e = ls;
		while (e > 0) {
			size_t b = e - 1; /* the newline ending the line before */
			size_t st = b;
			while (st > 0 && t[st - 1] != '\n')
				st--;
			l--;
			int blank = 1;
			for (size_t k = st; k < b && blank; k++)
				blank = t[k] == ' ' || t[k] == '\t' || t[k] == '\r';
			if (!blank)
				break;
			e = st;
		}
		r = l >= 1 ? xasprintf("the end of line %ld", l) : NULL;
	}
	free(t);
	if (r)
		for (char *p = r; *p; p++)
			if ((unsigned char)*p < 0x20)
				*p = ' ';
	return r;
}

/* Lines line - cnt + 1 .. line of the copy are all preprocessor directives
 * or blank. */
static int in_defines(struct bfile *bf, long line, long cnt)
{
	if (!bf->kinds) {
		size_t len = 0;
		char *t = read_file(bf->snap, &len);
		if (!t)
			return 0;
		bf->kinds = xpp_line_kinds(t, len, &bf->nlines);
		free(t);
	}
	long first = line - cnt + 1;
	if (first < 1 || line > (long)bf->nlines || cnt < 1)
		return 0;
	int directive = 0;
	for (long l = first; l <= line; l++) {
		if (!bf->kinds[l])
			return 0;
		directive |= bf->kinds[l] == 1;
	}
	return directive;
}

/* The parse error spatch's stderr is on (parse_err()). */
struct perr {
	long file;       /* index in the batch, -1 none */
	long line, col;
	char around[128]; /* the text spatch shows around it */
	int define;      /* its whole content is a preprocessor line */
};

/* ` = File "PATH", line N, column C, ...`: a parse error starts. */
static void perr_start(const struct batch *b, struct perr *pe, const char *p, size_t n)
{
	const char *q = p + 9;
	const char *qe = memchr(q, '"', n - 9);
	pe->file = qe ? snap_index(b, q, (size_t)(qe - q)) : -1;
	pe->line = pe->col = 0;
	if (qe) {
		char tmp[96];
		size_t m = (size_t)(p + n - qe) < sizeof(tmp) ? (size_t)(p + n - qe) : sizeof(tmp) - 1;
		memcpy(tmp, qe, m);
		tmp[m] = 0;
		const char *ln = strstr(tmp, ", line ");
		const char *cl = strstr(tmp, ", column ");
		pe->line = ln ? strtol(ln + 7, NULL, 10) : 0;
		pe->col = cl ? strtol(cl + 9, NULL, 10) : 0;
	}
	pe->around[0] = 0;
	pe->define = 0;
}

/* `  around = TEXT,` */
static void perr_around(struct perr *pe, const char *p, size_t n)
{
	size_t m = n - 11;
	if (m >= sizeof(pe->around))
		m = sizeof(pe->around) - 1;
	memcpy(pe->around, p + 11, m);
	pe->around[m] = 0;
	if (m && pe->around[m - 1] == ',')
		pe->around[--m] = 0;
	for (char *c = pe->around; *c; c++)
		if ((unsigned char)*c < 0x20)
			*c = ' ';
}

/* `badcount: N`: the parse error ends, N lines not analysed: a `skipped`
 * record, unless they lie in #define lines, which are harmless (macro
 * bodies are not analysed anyway: their calls come from the `define`
 * records). */
static void perr_end(struct batch *b, struct perr *pe, const char *p, size_t n)
{
	char num[32];
	size_t m = n - 10 < sizeof(num) - 1 ? n - 10 : sizeof(num) - 1;
	memcpy(num, p + 10, m);
	num[m] = 0;
	long cnt = strtol(num, NULL, 10);
	struct bfile *bf = &b->f[pe->file];
	pe->file = -1;
	if ((pe->define && cnt <= 1) || in_defines(bf, pe->line, cnt))
		return;
	int shown = pe->around[0] && strcmp(pe->around, "''");
	char *tok = shown ? NULL : token_at(bf->snap, pe->line, pe->col);
	sb_addf(&bf->skipped, "skipped\t%ld\tspatch parse error near %s, %ld lines not analysed\n", pe->line,
		tok ? tok : shown ? pe->around : "the end of the file", cnt);
	free(tok);
}

/* `EXN: EXCEPTION in PATH`: the exception of that file (or of the one spatch
 * is on, cur). */
static void exn_line(struct batch *b, long cur, const char *p, size_t n)
{
	char *line = xstrndup(p, n);
	for (size_t c = 0; c < n; c++)
		if (!line[c])
			line[c] = ' ';
	char *in = strstr(line, " in /");
	long fi = cur;
	if (in) {
		*in = 0;
		fi = snap_index(b, in + 4, strlen(in + 4));
	}
	if (fi >= 0 && !b->f[fi].exn)
		b->f[fi].exn = xstrdup(line + 5);
	free(line);
}

/* spatch's stderr of a finished batch: parse errors become `skipped`
 * records, EXN lines the file's exception. */
static void parse_err(struct batch *b, const char *text, size_t tlen, char **fatal)
{
	long cur = -1;
	struct perr pe = {.file = -1};
	FOR_LINES(text, tlen, p, n)
	{
		if (starts(p, n, "HANDLING: ")) {
			cur = snap_index(b, p + 10, n - 10);
			if (cur >= 0)
				b->f[cur].handled = 1;
		} else if (starts(p, n, " = File \"")) {
			perr_start(b, &pe, p, n);
		} else if (starts(p, n, "  around = ")) {
			perr_around(&pe, p, n);
		} else if (starts(p, n, "  whole content = ")) {
			const char *q = p + 18, *e = p + n;
			while (q < e && (*q == ' ' || *q == '\t'))
				q++;
			pe.define = q < e && *q == '#';
		} else if (starts(p, n, "badcount: ") && pe.file >= 0) {
			perr_end(b, &pe, p, n);
		} else if (starts(p, n, "EXN: ")) {
			exn_line(b, cur, p, n);
		} else if (starts(p, n, "Fatal error: ")) {
			free(*fatal);
			*fatal = xstrndup(p, n);
		}
	}
}

/* spatch's stdout: "SNAPSHOT TAB RECORD" lines. */
static void parse_out(struct batch *b, const char *text, size_t tlen)
{
	FOR_LINES(text, tlen, p, n)
	{
		const char *tab = memchr(p, '\t', n);
		if (!tab)
			continue;
		long k = snap_index(b, p, (size_t)(tab - p));
		if (k < 0)
			continue;
		struct bfile *bf = &b->f[k];
		const char *rec = tab + 1;
		size_t rl = n - (size_t)(rec - p);
		if (starts(rec, rl, "end\t")) {
			char num[32];
			size_t m = rl - 4 < sizeof(num) - 1 ? rl - 4 : sizeof(num) - 1;
			memcpy(num, rec + 4, m);
			num[m] = 0;
			bf->ended = 1;
			bf->want = strtol(num, NULL, 10);
			continue;
		}
		bf->got++;
		if (memchr(rec, 0, rl))
			continue; /* a record with a NUL byte: the count will not match */
		struct strbuf *dst = starts(rec, rl, "skipped\t") ? &bf->skipped : &bf->body;
		sb_addn(dst, rec, rl);
		sb_addc(dst, '\n');
	}
}

static char *tail_reason(const char *fatal, const char *errt, size_t elen)
{
	if (fatal)
		return xstrdup(fatal);
	/* the last line that is not spatch's chatter */
	const char *best = NULL;
	size_t bl = 0;
	FOR_LINES(errt, elen, p, n)
	{
		if (n && !starts(p, n, "HANDLING:") && !starts(p, n, "Warning:") && !starts(p, n, "init_defs"))
			best = p, bl = n;
	}
	return best ? xstrndup(best, bl < 200 ? bl : 200) : NULL;
}

/* A header of include/: its `proto` records are the C scanner's, from the
 * bytes spatch parsed (every declaration, in every branch), not spatch's. */
static void hdr_protos(struct strbuf *body, const char *src, size_t len)
{
	struct strbuf out = {0};
	struct xhdr h;
	memset(&h, 0, sizeof(h));
	xhdr_scan(src, len, &h);
	FOR_LINES(body->s ? body->s : "", body->len, p, n)
	{
		if (!starts(p, n, "proto\t")) {
			sb_addn(&out, p, n);
			sb_addc(&out, '\n');
		}
		if (starts(p, n, "struct\t")) /* spatch's own: the scanner's record of it is not added */
			xhdr_drop_struct(&h, p + 7, strcspn(p + 7, "\t\n"));
	}
	size_t rl = 0;
	/* the scanner's protos, and its structs spatch did not write (a definition
	 * spatch cannot parse: struct address_space of include/linux/fs.h, ending
	 * in `__attribute__((aligned(sizeof(long)))) __randomize_layout;`) */
	char *recs = xhdr_records(&h, 1, &rl);
	sb_addn(&out, recs, rl);
	free(recs);
	xhdr_free(&h);
	sb_free(body);
	*body = out;
}

/* How the spatch process of a finished batch ended. */
struct ending {
	int crashed;  /* it did not exit with status 0 */
	int oom;      /* out of memory */
	char *why;    /* why it stopped early (malloc'd), or NULL */
	long last;    /* the file it died on: the last one it announced without an end, -1 none */
};

static void batch_ending(const struct xspatch *S, const struct batch *b, int status, const char *reason,
			 struct ending *e)
{
	e->crashed = !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	e->oom = reason && (strstr(reason, "out of memory") || strstr(reason, "Out of memory") ||
			    strstr(reason, "Out_of_memory"));
	if (b->killed_time)
		e->why = xasprintf("skipped: spatch took more than %d s on this file (GFPCHECK_TIMEOUT)", S->timeout);
	else if (e->oom)
		e->why = xasprintf("skipped: spatch needed more than %ld MiB on this file (GFPCHECK_MEMORY)", S->memory_mb);
	else if (WIFSIGNALED(status))
		e->why = xasprintf("spatch killed by signal %d%s%s", WTERMSIG(status), reason ? ": " : "",
				   reason ? reason : "");
	else if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
		e->why = xasprintf("cannot run %s", S->spatch);
	else if (e->crashed)
		e->why = xasprintf("spatch exited with status %d%s%s", WEXITSTATUS(status), reason ? ": " : "",
				   reason ? reason : "");
	else
		e->why = NULL;
	e->last = -1;
	for (size_t i = 0; i < b->n; i++)
		if (b->f[i].handled && !b->f[i].ended)
			e->last = (long)i;
	if (b->killed_time && b->cur >= 0)
		e->last = b->cur;
}

static void requeue(struct xspatch *S, size_t job, size_t **rq, size_t *nrq)
{
	VEC_PUSH(*rq, *nrq, S->caprq, job);
}

/* A file spatch raised an exception on.  1 when it goes to *rq to run again. */
static int settle_exn(struct xspatch *S, const struct batch *b, const struct bfile *bf, size_t **rq, size_t *nrq)
{
	struct xjob *j = &S->jobs[bf->job];
	int tmo = strstr(bf->exn, "Timeout") != NULL;
	int mem = strstr(bf->exn, "Out_of_memory") != NULL || strstr(bf->exn, "Out of memory") != NULL;
	if (mem && b->n > 1 && j->attempt < 2) {
		/* out of memory among other files: the heap the earlier
		 * files left may be the cause; again on its own */
		j->attempt = 2;
		requeue(S, bf->job, rq, nrq);
		return 1;
	}
	fail_file(S, bf->job, tmo || mem,
		  tmo ? xasprintf("skipped: spatch took more than %d s on this file (GFPCHECK_TIMEOUT)", S->timeout)
		  : mem ? xasprintf("skipped: spatch needed more than %ld MiB on this file (GFPCHECK_MEMORY)", S->memory_mb)
			: xasprintf("spatch: %s", bf->exn));
	return 0;
}

/* A file whose end marker came with all its records: its facts, into the
 * cache.  0, or -1 with err when the cache cannot be written. */
static int settle_facts(struct xspatch *S, struct bfile *bf, char *err, size_t errlen)
{
	struct xjob *j = &S->jobs[bf->job];
	struct extract_file *f = &S->files[j->fi];
	memcpy(f->hash, j->hash, 33);
	char fe[96];
	snprintf(fe, sizeof(fe), "coccinelle %s", S->version);
	size_t srclen = 0;
	char *src = read_file(bf->snap, &srclen);
	size_t flen = 0;
	char ferr[512] = "";
	if (src && j->hdr)
		hdr_protos(&bf->body, src, srclen);
	char *facts = src ? xfacts_build(fe, src, srclen, bf->skipped.s, bf->skipped.len, bf->body.s, bf->body.len,
					 &flen, ferr, sizeof(ferr))
			  : NULL;
	int rc = 0;
	if (!facts) {
		fail_file(S, bf->job, 0,
			  src ? xasprintf("bad facts from spatch: %s", ferr)
			      : xasprintf("cannot read the copy '%s': %s", bf->snap, strerror(errno)));
	} else {
		char *path = NULL;
		if (xcache_put(S->cache, j->key, facts, flen, &path, err, errlen)) {
			rc = -1;
		} else {
			free(f->facts);
			f->facts = path;
			f->partial = bf->skipped.len != 0;
			f->how = EX_SPATCH;
		}
	}
	free(facts);
	free(src);
	return rc;
}

/* A file without an exception or its facts: spatch stopped before or on it,
 * or its output is incomplete.  1 when it goes to *rq to run again. */
static int settle_stopped(struct xspatch *S, const struct batch *b, size_t i, const struct ending *e, size_t **rq,
			  size_t *nrq)
{
	const struct bfile *bf = &b->f[i];
	struct xjob *j = &S->jobs[bf->job];
	const char *why = e->why;
	if ((long)i == e->last && why) {
		if (e->oom && !b->killed_time && b->n > 1 && j->attempt < 2) {
			/* the process ran out of memory while on this file, among
			 * others: which file needs the memory is known only when it
			 * runs alone */
			j->attempt = 2;
			requeue(S, bf->job, rq, nrq);
			return 1;
		}
		fail_file(S, bf->job, b->killed_time || (e->oom && b->n == 1), xstrdup(why));
	} else if (!bf->handled && (e->crashed || b->killed_time)) {
		if (b->killed_time || j->attempt < 2) {
			/* not reached: again, with the other leftovers of this batch
			 * (attempt 1), then on its own (attempt 2), where a bound it
			 * hits is its own and is remembered */
			if (!b->killed_time)
				j->attempt++;
			requeue(S, bf->job, rq, nrq);
			return 1; /* not done yet */
		}
		fail_file(S, bf->job, b->n == 1 && e->oom, xstrdup(why ? why : "spatch stopped before this file"));
	} else if (bf->ended) {
		fail_file(S, bf->job, 0,
			  xasprintf("spatch output for this file is incomplete (%ld of %ld records)", bf->got, bf->want));
	} else if (bf->handled) {
		fail_file(S, bf->job, 0, xstrdup(why ? why : "spatch gave no end marker for this file"));
	} else {
		fail_file(S, bf->job, 0, xstrdup(why ? why : "spatch did not process this file"));
	}
	return 0;
}

/* Settle every file of a finished batch; files to run again go to *rq. */
static int finish_batch(struct xspatch *S, struct batch *b, int status, size_t **rq, size_t *nrq, char *err,
			size_t errlen)
{
	track(b->pid, 0);
	size_t olen = 0, elen = 0;
	char *out = read_file(b->outp, &olen);
	char *errt = read_file(b->errp, &elen);
	char *fatal = NULL;
	if (errt)
		parse_err(b, errt, elen, &fatal);
	if (out)
		parse_out(b, out, olen);
	char *reason = tail_reason(fatal, errt ? errt : "", errt ? elen : 0);
	struct ending e;
	batch_ending(S, b, status, reason, &e);
	int rc = 0;
	for (size_t i = 0; i < b->n; i++) {
		struct bfile *bf = &b->f[i];
		if (bf->done)
			continue;
		bf->done = 1;
		int again = 0;
		if (bf->exn)
			again = settle_exn(S, b, bf, rq, nrq);
		else if (bf->ended && bf->got == bf->want)
			rc |= settle_facts(S, bf, err, errlen);
		else
			again = settle_stopped(S, b, i, &e, rq, nrq);
		if (!again)
			S->done++;
	}
	free(e.why);
	free(reason);
	free(fatal);
	free(out);
	free(errt);
	xrm_rf(b->dir);
	return rc;
}

static void free_batch(struct batch *b)
{
	for (size_t i = 0; i < b->n; i++) {
		free(b->f[i].snap);
		sb_free(&b->f[i].body);
		sb_free(&b->f[i].skipped);
		free(b->f[i].exn);
		free(b->f[i].kinds);
	}
	free(b->f);
	free(b->dir);
	free(b->groups);
	free(b->outp);
	free(b->errp);
	sb_free(&b->err_part);
	memset(b, 0, sizeof(*b));
}

/* ---- scheduling ---- */

/* A job and its size, sorted largest first (then in job order). */
struct by_size {
	off_t size;
	size_t job;
};

static int cmp_size_desc(const void *a, const void *b)
{
	const struct by_size *x = a, *y = b;
	if (x->size != y->size)
		return x->size < y->size ? 1 : -1;
	return x->job < y->job ? -1 : x->job > y->job;
}

static void sort_largest_first(const struct xjob *jobs, size_t *order, size_t n)
{
	struct by_size *v = xmalloc((n ? n : 1) * sizeof(*v));
	for (size_t i = 0; i < n; i++) {
		v[i].size = jobs[order[i]].size;
		v[i].job = order[i];
	}
	qsort(v, n, sizeof(*v), cmp_size_desc);
	for (size_t i = 0; i < n; i++)
		order[i] = v[i].job;
	free(v);
}

/* Cost estimate of a file: its bytes plus spatch's start-up share. */
static off_t cost(const struct xjob *j)
{
	return j->size + 4096;
}

/* The state of one xspatch_run. */
struct sched {
	struct xspatch *S;
	int jobs;            /* spatch processes at once */
	size_t *queue;       /* jobs not yet in a batch, in order */
	size_t qn, qi;
	size_t *rq, nrq;     /* to run again */
	off_t left;          /* cost not handed out yet */
	off_t least, most;   /* bounds of a batch's cost */
	int few;             /* few files: one batch per job */
	int *few_of;         /* few: the batch of each queued job */
	struct batch *run;   /* the batches running */
	int nrun, serial;
};

/* Largest files first.  Batches are handed out one at a time (guided
 * self-scheduling): each takes 1/(2*jobs) of the work still to hand out, at
 * least `least` bytes (one spatch start-up costs about as much as 300 KB of
 * source) and at most 1/(4*jobs) of the whole, so the batches shrink towards
 * the end and no job idles long while another finishes a big one.  Few
 * files: one batch per job, filled largest first into the emptiest. */
static void sched_init(struct sched *T, struct xspatch *S, size_t *order, size_t norder)
{
	memset(T, 0, sizeof(*T));
	T->S = S;
	sort_largest_first(S->jobs, order, norder);
	off_t total = 0;
	for (size_t i = 0; i < norder; i++)
		total += cost(&S->jobs[order[i]]);
	T->jobs = S->njobs > 0 ? S->njobs : 1;
	T->least = 300 * 1024;
	T->most = total / (4 * T->jobs) + 1;
	if (T->least > T->most)
		T->least = T->most;
	T->queue = order;
	T->qn = norder;
	S->caprq = 0;
	T->left = total;
	T->run = xcalloc((size_t)T->jobs, sizeof(*T->run));
	T->few = norder < 64 * (size_t)T->jobs;
	if (!T->few)
		return;
	T->few_of = xcalloc(norder ? norder : 1, sizeof(*T->few_of));
	off_t *load = xcalloc((size_t)T->jobs, sizeof(*load));
	for (size_t i = 0; i < norder; i++) {
		int best = 0;
		for (int k = 1; k < T->jobs; k++)
			if (load[k] < load[best])
				best = k;
		T->few_of[i] = best;
		load[best] += cost(&S->jobs[order[i]]);
	}
	free(load);
}

static void add_job(struct batch *b, size_t *cap, size_t job)
{
	struct bfile bf;
	memset(&bf, 0, sizeof(bf));
	bf.job = job;
	VEC_PUSH(b->f, b->n, *cap, bf);
}

/* Leftovers of a batch that stopped: together on a first retry, each alone
 * on a second. */
static void fill_retry(struct sched *T, struct batch *b)
{
	size_t cap = 0, keep = 0;
	int solo = 0;
	for (size_t k = 0; k < T->nrq; k++) {
		int alone = T->S->jobs[T->rq[k]].attempt >= 2;
		if ((alone && (solo || b->n)) || (!alone && solo)) {
			T->rq[keep++] = T->rq[k]; /* for a later batch */
			continue;
		}
		solo = alone;
		add_job(b, &cap, T->rq[k]);
	}
	T->nrq = keep;
}

/* The next share of the queue. */
static void fill_fresh(struct sched *T, struct batch *b)
{
	off_t want = T->left / (2 * T->jobs);
	if (want < T->least)
		want = T->least;
	if (want > T->most)
		want = T->most;
	off_t got = 0;
	size_t cap = 0;
	if (T->few) {
		for (size_t i = 0; i < T->qn; i++)
			if (T->few_of[i] == b->id)
				add_job(b, &cap, T->queue[i]);
		T->qi = b->id + 1 >= T->jobs ? T->qn : T->qi;
	}
	while (!T->few && T->qi < T->qn && (got < want || b->n == 0)) {
		size_t job = T->queue[T->qi++];
		got += cost(&T->S->jobs[job]);
		add_job(b, &cap, job);
	}
	T->left -= got;
}

/* Start batches while there is room and work.  0, or -1 with err. */
static int start_batches(struct sched *T, char *err, size_t errlen)
{
	while (T->nrun < T->jobs && (T->qi < T->qn || T->nrq)) {
		struct batch *b = &T->run[T->nrun];
		memset(b, 0, sizeof(*b));
		b->id = T->serial++;
		if (T->nrq)
			fill_retry(T, b);
		else
			fill_fresh(T, b);
		if (start_batch(T->S, b, err, errlen)) {
			free_batch(b);
			return -1;
		}
		if (!b->pid) { /* every file settled without spatch */
			size_t *none = NULL, nn = 0;
			int bad = finish_batch(T->S, b, 0, &none, &nn, err, errlen);
			free(none);
			free_batch(b);
			if (bad)
				return -1;
			continue;
		}
		T->nrun++;
	}
	return 0;
}

/* Settle the batches that finished; kill the one whose file is over the
 * time bound (spatch's own --timeout did not stop it).  1 when one finished. */
static int reap_batches(struct sched *T, int *rc, char *err, size_t errlen)
{
	int reaped = 0;
	for (int k = 0; k < T->nrun; k++) {
		struct batch *b = &T->run[k];
		int st;
		pid_t w = waitpid(b->pid, &st, WNOHANG);
		if (w == 0) {
			poll_err(b);
			if (b->cur >= 0 && !b->killed_time && now() - b->cur_since > T->S->timeout + 2) {
				b->killed_time = 1;
				kill(-b->pid, SIGKILL);
			}
			continue;
		}
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			st = 1 << 8;
		if (finish_batch(T->S, b, st, &T->rq, &T->nrq, err, errlen))
			*rc = -1;
		free_batch(b);
		T->run[k] = T->run[T->nrun - 1];
		memset(&T->run[T->nrun - 1], 0, sizeof(T->run[T->nrun - 1]));
		T->nrun--;
		k--;
		reaped = 1;
	}
	return reaped;
}

static void show_progress(const struct sched *T)
{
	if (!T->S->progress)
		return;
	size_t extra = 0;
	for (int k = 0; k < T->nrun; k++)
		for (size_t i = 0; i < T->run[k].n; i++)
			extra += T->run[k].f[i].handled && !T->run[k].f[i].done;
	progress_update(T->S->progress, T->S->done + extra);
}

/* Interrupted or fatal: stop what still runs. */
static void sched_end(struct sched *T)
{
	for (int k = 0; k < T->nrun; k++) {
		kill(-T->run[k].pid, SIGKILL);
		waitpid(T->run[k].pid, NULL, 0);
		track(T->run[k].pid, 0);
		if (T->run[k].dir)
			xrm_rf(T->run[k].dir);
		free_batch(&T->run[k]);
	}
	free(T->run);
	free(T->rq);
	free(T->few_of);
}

int xspatch_run(struct xspatch *S, size_t *order, size_t norder, char *err, size_t errlen)
{
	struct sched T;
	sched_init(&T, S, order, norder);
	int rc = 0;
	while (rc == 0 && !xinterrupted) {
		rc = start_batches(&T, err, errlen);
		if (T.nrun == 0)
			break;
		int reaped = reap_batches(&T, &rc, err, errlen);
		show_progress(&T);
		if (!reaped) {
			struct timespec ts = {0, 100 * 1000 * 1000};
			nanosleep(&ts, NULL);
		}
	}
	sched_end(&T);
	if (xinterrupted && rc == 0) {
		snprintf(err, errlen, "interrupted");
		rc = -1;
	}
	return rc;
}
