/*
 * fixture-runner: runs gfpcheck on every fixture case and compares its
 * findings with the EXPECT comments written in the case's sources.
 *
 *   fixture-runner [--gfpcheck PATH] [--filter SUBSTR] [-v]
 *                  [--include DIR] [--cc CC] [--timeout SEC] FIXTURE_ROOT
 *
 * A case is a directory <root>/<rule>/<case>/ holding .c files directly, or an
 * fs/ or drivers/ directory (a kernel-like tree: fs/<name>/ for filesystems).
 * For each case the runner
 *   1. collects the expectations from every .c/.h file of the case:
 *        / * EXPECT: rule-a, rule-b * /            findings required on this line
 *        / * EXPECT: rule-a [low] "some words" * /  ... with that confidence, and
 *                                                  a message holding the words
 *        / * EXPECT-NOT: rule-a: reason * /        findings forbidden (reason needed)
 *      every rule named must be a known rule id (`gfpcheck --list-rules`);
 *   2. compiles every .c file of the case with
 *        CC -fsyntax-only -nostdinc -I INCLUDE -I <case> FILE
 *      (INCLUDE defaults to <root>/../include);
 *   3. runs  GFPCHECK [ARGS] --format json [--model <case>/model.txt] <case>
 *      where ARGS is the one-line file <case>/args, if present;
 *   4. reads the findings of the JSON report (json_findings.c) and compares
 *      the set of (file, line, rule) with the expected set, exactly; an
 *      expectation with a confidence or words also checks the finding's
 *      confidence and message.
 * gfpcheck's exit status must be 0 (no findings) or 1 (findings) and agree
 * with what it printed.  One line per case is printed, PASS or FAIL with the
 * reasons, then the totals "N passed, N failed".  Exit status 0 only if no
 * case failed, 2 on a usage error.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "json_findings.h"

/* The rule ids gfpcheck knows: the first word of every line of
 * `gfpcheck --list-rules` (its rule table, checkers/rules/rules.def). */
static char **known_rules;
static size_t nknown_rules;

/* ---------------------------------------------------------------- utils */

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p) {
		fprintf(stderr, "fixture-runner: out of memory\n");
		exit(2);
	}
	return p;
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p) {
		fprintf(stderr, "fixture-runner: out of memory\n");
		exit(2);
	}
	return p;
}

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = xmalloc(n);
	memcpy(p, s, n);
	return p;
}

static char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* A growable string. */
struct buf {
	char *s;
	size_t len, cap;
};

static void buf_addn(struct buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		while (cap < b->len + n + 1)
			cap *= 2;
		b->s = xrealloc(b->s, cap);
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void buf_add(struct buf *b, const char *s)
{
	buf_addn(b, s, strlen(s));
}

static void buf_printf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void buf_printf(struct buf *b, const char *fmt, ...)
{
	char tmp[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof(tmp)) {
		buf_addn(b, tmp, (size_t)n);
		return;
	}
	{
		char *big = xmalloc((size_t)n + 1);
		va_start(ap, fmt);
		vsnprintf(big, (size_t)n + 1, fmt, ap);
		va_end(ap);
		buf_addn(b, big, (size_t)n);
		free(big);
	}
}

static void buf_free(struct buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

static const char *buf_str(const struct buf *b)
{
	return b->s ? b->s : "";
}

/* Read a whole file; returns 0 on success. */
static int read_file(const char *path, struct buf *out)
{
	FILE *f = fopen(path, "rb");
	char tmp[8192];
	size_t n;

	if (!f)
		return -1;
	while ((n = fread(tmp, 1, sizeof(tmp), f)) > 0)
		buf_addn(out, tmp, n);
	if (ferror(f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	if (!out->s)
		buf_addn(out, "", 0);
	return 0;
}

static int is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && strcmp(s + a - b, suffix) == 0;
}

static char *path_join(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	char *p = xmalloc(la + lb + 2);
	memcpy(p, a, la);
	p[la] = '/';
	memcpy(p + la + 1, b, lb + 1);
	return p;
}

/* Collapse "//" and "/./", drop a leading "./" and a trailing "/". */
static void path_clean(char *p)
{
	char *r = p, *w = p;

	while (r[0] == '.' && r[1] == '/') {
		r += 2;
		while (*r == '/')
			r++;
	}
	while (*r) {
		if (r[0] == '/' && r[1] == '/') {
			r++;
			continue;
		}
		if (r[0] == '/' && r[1] == '.' && (r[2] == '/' || r[2] == '\0')) {
			r += 2;
			continue;
		}
		*w++ = *r++;
	}
	*w = '\0';
	while (w > p + 1 && w[-1] == '/')
		*--w = '\0';
}

/* A list of strings. */
struct strv {
	char **v;
	size_t n, cap;
};

static void strv_push(struct strv *sv, char *s)
{
	if (sv->n + 1 >= sv->cap) {
		sv->cap = sv->cap ? sv->cap * 2 : 8;
		sv->v = xrealloc(sv->v, sv->cap * sizeof(*sv->v));
	}
	sv->v[sv->n++] = s;
	sv->v[sv->n] = NULL;
}

static void strv_free(struct strv *sv)
{
	for (size_t i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	sv->v = NULL;
	sv->n = sv->cap = 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void strv_sort(struct strv *sv)
{
	if (sv->n > 1)
		qsort(sv->v, sv->n, sizeof(*sv->v), cmp_str);
}

/* Sorted names of the entries of DIR (without . and ..). */
static int list_dir(const char *dir, struct strv *out)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return -1;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		strv_push(out, xstrdup(e->d_name));
	}
	closedir(d);
	strv_sort(out);
	return 0;
}

/* ------------------------------------------------------ running commands */

static int verbose;
static int timeout_sec = 120;

struct run_result {
	int started;		/* 0: could not create the process */
	int timed_out;
	int exited;		/* 1: exited normally, code in status */
	int status;		/* exit code or signal number */
	struct buf out, err;
};

static void run_result_free(struct run_result *r)
{
	buf_free(&r->out);
	buf_free(&r->err);
}

static int make_temp(char *tmpl_out, size_t size)
{
	const char *tmpdir = getenv("TMPDIR");
	int fd;

	if (!tmpdir || !*tmpdir)
		tmpdir = "/tmp";
	snprintf(tmpl_out, size, "%s/fixture-runner.XXXXXX", tmpdir);
	fd = mkstemp(tmpl_out);
	if (fd >= 0)
		unlink(tmpl_out);
	return fd;
}

static void slurp_fd(int fd, struct buf *b)
{
	char tmp[8192];
	ssize_t n;

	lseek(fd, 0, SEEK_SET);
	while ((n = read(fd, tmp, sizeof(tmp))) > 0)
		buf_addn(b, tmp, (size_t)n);
	if (!b->s)
		buf_addn(b, "", 0);
}

/*
 * Run argv[0] (searched in PATH if it has no slash) with stdout and stderr
 * captured, stdin from /dev/null, in its own process group so that a
 * timeout kills its children as well.
 */
static void run_cmd(char *const argv[], struct run_result *r)
{
	char tout[4096], terr[4096];
	int fo, fe;
	pid_t pid;
	struct timespec start, now;

	memset(r, 0, sizeof(*r));
	fo = make_temp(tout, sizeof(tout));
	fe = make_temp(terr, sizeof(terr));
	if (fo < 0 || fe < 0) {
		buf_printf(&r->err, "cannot create temporary file: %s\n",
			   strerror(errno));
		if (fo >= 0)
			close(fo);
		if (fe >= 0)
			close(fe);
		return;
	}
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		buf_printf(&r->err, "fork: %s\n", strerror(errno));
		close(fo);
		close(fe);
		return;
	}
	if (pid == 0) {
		int devnull = open("/dev/null", O_RDONLY);
		setpgid(0, 0);
		if (devnull >= 0) {
			dup2(devnull, 0);
			close(devnull);
		}
		dup2(fo, 1);
		dup2(fe, 2);
		close(fo);
		close(fe);
		execvp(argv[0], argv);
		fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	setpgid(pid, pid);
	r->started = 1;
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		int st;
		pid_t w = waitpid(pid, &st, WNOHANG);

		if (w == pid) {
			if (WIFEXITED(st)) {
				r->exited = 1;
				r->status = WEXITSTATUS(st);
			} else if (WIFSIGNALED(st)) {
				r->status = WTERMSIG(st);
			}
			break;
		}
		if (w < 0 && errno != EINTR) {
			buf_printf(&r->err, "waitpid: %s\n", strerror(errno));
			break;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (timeout_sec > 0 && now.tv_sec - start.tv_sec >= timeout_sec) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			waitpid(pid, &st, 0);
			r->timed_out = 1;
			break;
		}
		{
			struct timespec ts = { 0, 5 * 1000 * 1000 };
			nanosleep(&ts, NULL);
		}
	}
	slurp_fd(fo, &r->out);
	slurp_fd(fe, &r->err);
	close(fo);
	close(fe);
}

static void print_cmd(char *const argv[])
{
	printf("  $");
	for (size_t i = 0; argv[i]; i++)
		printf(" %s", argv[i]);
	printf("\n");
}

/* Print TEXT with every line indented, to stdout. */
static void print_indented(const char *prefix, const char *text)
{
	const char *p = text;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		printf("%s%.*s\n", prefix, (int)n, p);
		p += n;
		if (*p == '\n')
			p++;
	}
}

/* ---------------------------------------------------------- expectations */

static int known_rule(const char *id)
{
	for (size_t i = 0; i < nknown_rules; i++)
		if (strcmp(known_rules[i], id) == 0)
			return 1;
	return 0;
}

/* Read the rule ids from `GFPCHECK --list-rules`; 0, or -1 with a message. */
static int load_known_rules(const char *gfpcheck)
{
	char *const argv[] = {(char *)gfpcheck, "--list-rules", NULL};
	struct run_result r;
	run_cmd(argv, &r);
	const char *p = buf_str(&r.out);
	while (*p) {
		size_t n = strcspn(p, " \t\n");
		if (n) {
			known_rules = realloc(known_rules, (nknown_rules + 1) * sizeof(*known_rules));
			if (!known_rules)
				exit(2);
			known_rules[nknown_rules++] = xstrndup(p, n);
		}
		p += strcspn(p, "\n");
		if (*p)
			p++;
	}
	int ok = r.exited && r.status == 0 && nknown_rules > 0;
	if (!ok)
		fprintf(stderr, "fixture-runner: '%s --list-rules' gave no rule list (exit status %d)\n", gfpcheck,
			r.status);
	run_result_free(&r);
	return ok ? 0 : -1;
}

/* A (file, line, rule) triple, with a note (EXPECT-NOT reason, message), and
 * a confidence and words (an EXPECT's wanted ones, a finding's own). */
struct item {
	char *file;
	long line;
	char *rule;
	char *note;
	char *conf;  /* NULL: any */
	char *words; /* NULL: any */
	int matched;
};

struct items {
	struct item *v;
	size_t n, cap;
};

static struct item *items_add(struct items *it, const char *file, long line,
			       const char *rule, const char *note)
{
	for (size_t i = 0; i < it->n; i++)	/* a set: no duplicates */
		if (it->v[i].line == line && strcmp(it->v[i].file, file) == 0 &&
		    strcmp(it->v[i].rule, rule) == 0)
			return &it->v[i];
	if (it->n == it->cap) {
		it->cap = it->cap ? it->cap * 2 : 16;
		it->v = xrealloc(it->v, it->cap * sizeof(*it->v));
	}
	it->v[it->n].file = xstrdup(file);
	it->v[it->n].line = line;
	it->v[it->n].rule = xstrdup(rule);
	it->v[it->n].note = xstrdup(note ? note : "");
	it->v[it->n].conf = NULL;
	it->v[it->n].words = NULL;
	it->v[it->n].matched = 0;
	return &it->v[it->n++];
}

static struct item *items_find(struct items *it, const char *file, long line,
			       const char *rule)
{
	for (size_t i = 0; i < it->n; i++)
		if (it->v[i].line == line && strcmp(it->v[i].file, file) == 0 &&
		    strcmp(it->v[i].rule, rule) == 0)
			return &it->v[i];
	return NULL;
}

static void items_free(struct items *it)
{
	for (size_t i = 0; i < it->n; i++) {
		free(it->v[i].file);
		free(it->v[i].rule);
		free(it->v[i].note);
		free(it->v[i].conf);
		free(it->v[i].words);
	}
	free(it->v);
	it->v = NULL;
	it->n = it->cap = 0;
}

static int cmp_item(const void *a, const void *b)
{
	const struct item *x = a, *y = b;
	int c = strcmp(x->file, y->file);
	if (c)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return strcmp(x->rule, y->rule);
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' ||
			 e[-1] == '\r'))
		*--e = '\0';
	return s;
}

static int valid_rule_token(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		      *s == '-' || *s == '_'))
			return 0;
	return 1;
}

/*
 * Parse a comma-separated rule list into the set; problems go to PROB.
 * Returns the number of rules added.
 */
static int known_conf(const char *c)
{
	return strcmp(c, "high") == 0 || strcmp(c, "medium") == 0 || strcmp(c, "low") == 0;
}

static int parse_rule_list(char *list, const char *file, long line,
			   const char *what, const char *note,
			   struct items *set, struct buf *prob)
{
	int count = 0;
	char *tok = list;

	while (tok) {
		/* the next comma outside double quotes ends this entry */
		char *end = tok;
		int inq = 0;
		while (*end && (inq || *end != ',')) {
			if (*end == '"')
				inq = !inq;
			end++;
		}
		char *next = *end ? end + 1 : NULL;
		*end = '\0';
		char *r = trim(tok);
		tok = next;
		/* EXPECT only: "rule [conf] \"words\"" */
		char *conf = NULL, *words = NULL;
		char *sp = strpbrk(r, " \t[\"");
		char tmp[512];
		if (sp && strcmp(what, "EXPECT") == 0) {
			snprintf(tmp, sizeof(tmp), "%s", sp);
			*sp = '\0';
			char *rest = trim(tmp);
			if (*rest == '[') {
				char *close = strchr(rest, ']');
				if (!close) {
					buf_printf(prob, "; %s:%ld: %s '[' without ']'", file, line, what);
					continue;
				}
				*close = '\0';
				conf = trim(rest + 1);
				rest = trim(close + 1);
				if (!known_conf(conf)) {
					buf_printf(prob, "; %s:%ld: %s confidence '%s' is not high, medium or low",
						   file, line, what, conf);
					continue;
				}
			}
			if (*rest == '"') {
				char *q = strchr(rest + 1, '"');
				if (!q || q == rest + 1 || *trim(q + 1)) {
					buf_printf(prob, "; %s:%ld: %s words must be one non-empty \"...\" at the end",
						   file, line, what);
					continue;
				}
				*q = '\0';
				words = rest + 1;
			} else if (*rest) {
				buf_printf(prob, "; %s:%ld: %s: unexpected '%s' after the rule (write 'rule [low] \"words\"')",
					   file, line, what, rest);
				continue;
			}
		}
		if (!valid_rule_token(r)) {
			buf_printf(prob, "; %s:%ld: malformed %s rule '%s'",
				   file, line, what, r);
			continue;
		}
		if (!known_rule(r)) {
			buf_printf(prob, "; %s:%ld: %s names unknown rule '%s'",
				   file, line, what, r);
			continue;
		}
		struct item *it = items_add(set, file, line, r, note);
		if (conf) {
			free(it->conf);
			it->conf = xstrdup(conf);
		}
		if (words) {
			free(it->words);
			it->words = xstrdup(words);
		}
		count++;
	}
	return count;
}

/* Handle the text of one comment that starts on LINE. */
static void handle_comment(const char *text, size_t len, const char *file,
			   long line, struct items *expect, struct items *forbid,
			   struct buf *prob)
{
	char *c = xstrndup(text, len);
	char *s = trim(c);

	if (strncmp(s, "EXPECT-NOT:", 11) == 0) {
		char *rest = s + 11;
		char *colon = strchr(rest, ':');
		char *reason;

		if (!colon || !*(reason = trim(colon + 1))) {
			buf_printf(prob, "; %s:%ld: EXPECT-NOT without a reason "
				   "(write 'EXPECT-NOT: rule: reason')", file, line);
		} else {
			*colon = '\0';
			if (!*trim(rest))
				buf_printf(prob, "; %s:%ld: EXPECT-NOT names no rule",
					   file, line);
			else
				parse_rule_list(rest, file, line, "EXPECT-NOT",
						reason, forbid, prob);
		}
	} else if (strncmp(s, "EXPECT:", 7) == 0) {
		char *rest = s + 7;
		char *note = strstr(rest, " -- ");

		if (note)
			*note = '\0';
		if (!*trim(rest))
			buf_printf(prob, "; %s:%ld: EXPECT names no rule", file, line);
		else
			parse_rule_list(rest, file, line, "EXPECT", NULL, expect, prob);
	} else if (strncmp(s, "EXPECT", 6) == 0) {
		buf_printf(prob, "; %s:%ld: malformed expectation '%.40s' "
			   "(write 'EXPECT: rule' or 'EXPECT-NOT: rule: reason')",
			   file, line, s);
	}
	free(c);
}

/*
 * Scan the C source TEXT for comments and collect the expectations.
 * String and character literals are skipped so that a "/ *" inside them
 * does not start a comment.
 */
static void scan_expectations(const char *text, const char *file,
			      struct items *expect, struct items *forbid,
			      struct buf *prob)
{
	const char *p = text;
	long line = 1;

	while (*p) {
		if (p[0] == '/' && p[1] == '*') {
			long start = line;
			const char *b = p + 2, *e = strstr(b, "*/");
			if (!e) {
				buf_printf(prob, "; %s:%ld: unterminated comment",
					   file, line);
				return;
			}
			for (const char *q = p; q < e; q++)
				if (*q == '\n')
					line++;
			handle_comment(b, (size_t)(e - b), file, start, expect,
				       forbid, prob);
			p = e + 2;
		} else if (p[0] == '/' && p[1] == '/') {
			const char *b = p + 2, *e = strchr(b, '\n');
			if (!e)
				e = b + strlen(b);
			handle_comment(b, (size_t)(e - b), file, line, expect,
				       forbid, prob);
			p = e;
		} else if (*p == '"' || *p == '\'') {
			char q = *p++;
			while (*p && *p != q) {
				if (*p == '\\' && p[1]) {
					if (p[1] == '\n')
						line++;
					p += 2;
					continue;
				}
				if (*p == '\n') {	/* unterminated: stop here */
					break;
				}
				p++;
			}
			if (*p == q)
				p++;
		} else {
			if (*p == '\n')
				line++;
			p++;
		}
	}
}

/* Every .c/.h file of DIR (recursively), as paths relative to the case. */
static void collect_sources(const char *casedir, const char *rel,
			    struct strv *out, int depth)
{
	char *dir = rel ? path_join(casedir, rel) : xstrdup(casedir);
	struct strv names = { 0 };

	if (depth > 8 || list_dir(dir, &names) != 0) {
		free(dir);
		return;
	}
	for (size_t i = 0; i < names.n; i++) {
		char *relp = rel ? path_join(rel, names.v[i]) : xstrdup(names.v[i]);
		char *full = path_join(casedir, relp);
		if (is_dir(full))
			collect_sources(casedir, relp, out, depth + 1);
		else if (is_file(full) &&
			 (ends_with(names.v[i], ".c") || ends_with(names.v[i], ".h")))
			strv_push(out, xstrdup(relp));
		free(full);
		free(relp);
	}
	strv_free(&names);
	free(dir);
}

/* ------------------------------------------------------------- findings */

/* Make a path printed by gfpcheck relative to the case directory. */
static char *relative_to_case(const char *path, const char *casedir,
			      const char *casereal)
{
	char *p = xstrdup(path);
	size_t n;

	path_clean(p);
	n = strlen(casedir);
	if (strncmp(p, casedir, n) == 0 && p[n] == '/') {
		char *q = xstrdup(p + n + 1);
		free(p);
		p = q;
	} else if (casereal && (n = strlen(casereal)) &&
		   strncmp(p, casereal, n) == 0 && p[n] == '/') {
		char *q = xstrdup(p + n + 1);
		free(p);
		p = q;
	}
	path_clean(p);
	return p;
}

/* ------------------------------------------------------------ one case */

/* Split the contents of an args file into words; quotes group words. */
static void split_args(const char *s, struct strv *out)
{
	while (*s) {
		struct buf w = { 0 };
		while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
			s++;
		if (!*s)
			break;
		while (*s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r') {
			if (*s == '"' || *s == '\'') {
				char q = *s++;
				while (*s && *s != q)
					buf_addn(&w, s++, 1);
				if (*s == q)
					s++;
			} else {
				buf_addn(&w, s++, 1);
			}
		}
		buf_addn(&w, "", 0);
		strv_push(out, w.s);
	}
}

struct options {
	const char *gfpcheck;
	const char *filter;
	const char *include;
	const char *cc;
};

static int run_case(const struct options *o, const char *root,
		    const char *rule, const char *cname)
{
	char *rdir = path_join(root, rule);
	char *cdir = path_join(rdir, cname);
	char *creal = realpath(cdir, NULL);
	struct strv srcs = { 0 };
	struct items expect = { 0 }, forbid = { 0 }, found = { 0 };
	struct buf prob = { 0 };	/* "; reason" pieces */
	struct buf tail = { 0 };	/* multi-line details after FAIL */
	int ok;

	path_clean(cdir);
	if (!known_rule(rule))
		buf_printf(&prob, "; fixture folder '%s' is not a known rule id",
			   rule);

	/* 1. expectations */
	collect_sources(cdir, NULL, &srcs, 0);
	for (size_t i = 0; i < srcs.n; i++) {
		char *full = path_join(cdir, srcs.v[i]);
		struct buf text = { 0 };
		if (read_file(full, &text) != 0)
			buf_printf(&prob, "; cannot read %s", full);
		else
			scan_expectations(text.s, srcs.v[i], &expect, &forbid, &prob);
		buf_free(&text);
		free(full);
	}
	for (size_t i = 0; i < expect.n; i++)
		if (items_find(&forbid, expect.v[i].file, expect.v[i].line,
			       expect.v[i].rule))
			buf_printf(&prob, "; %s:%ld: both EXPECT and EXPECT-NOT [%s]",
				   expect.v[i].file, expect.v[i].line,
				   expect.v[i].rule);
	if (expect.n == 0 && forbid.n == 0)
		buf_printf(&prob, "; no EXPECT or EXPECT-NOT comment in the case");

	/* 2. compile every .c file */
	if (!is_dir(o->include))
		buf_printf(&prob, "; include directory %s not found", o->include);
	for (size_t i = 0; i < srcs.n; i++) {
		char *full;
		struct run_result r;
		char *argv[16];
		size_t a = 0;

		if (!ends_with(srcs.v[i], ".c"))
			continue;
		full = path_join(cdir, srcs.v[i]);
		argv[a++] = (char *)o->cc;
		argv[a++] = "-fsyntax-only";
		argv[a++] = "-nostdinc";
		argv[a++] = "-Werror=implicit-function-declaration";
		argv[a++] = "-Werror=implicit-int";
		argv[a++] = "-I";
		argv[a++] = (char *)o->include;
		argv[a++] = "-I";
		argv[a++] = cdir;
		argv[a++] = full;
		argv[a] = NULL;
		if (verbose)
			print_cmd(argv);
		run_cmd(argv, &r);
		if (!r.started || r.timed_out || !r.exited || r.status != 0) {
			buf_printf(&prob, "; %s does not compile", srcs.v[i]);
			buf_printf(&tail, "    compile %s:\n", srcs.v[i]);
			{
				struct buf ind = { 0 };
				const char *e = buf_str(&r.err);
				while (*e) {
					const char *nl = strchr(e, '\n');
					size_t n = nl ? (size_t)(nl - e) + 1 : strlen(e);
					buf_add(&ind, "      ");
					buf_addn(&ind, e, n);
					e += n;
				}
				buf_add(&tail, buf_str(&ind));
				buf_free(&ind);
			}
		}
		run_result_free(&r);
		free(full);
	}

	/* 3. run gfpcheck */
	{
		struct strv argv = { 0 };
		char *argsf = path_join(cdir, "args");
		char *model = path_join(cdir, "model.txt");
		struct run_result r;

		strv_push(&argv, xstrdup(o->gfpcheck));
		strv_push(&argv, xstrdup("--rules")); /* the opt-in rules have fixtures too; */
		strv_push(&argv, xstrdup("all"));     /* a case's args may name others */
		if (is_file(argsf)) {
			struct buf t = { 0 };
			if (read_file(argsf, &t) == 0)
				split_args(t.s, &argv);
			else
				buf_printf(&prob, "; cannot read %s", argsf);
			buf_free(&t);
		}
		strv_push(&argv, xstrdup("--format"));
		strv_push(&argv, xstrdup("json"));
		if (is_file(model)) {
			strv_push(&argv, xstrdup("--model"));
			strv_push(&argv, xstrdup(model));
		}
		/* `scan`: the paths to scan, relative to the case (a case
		 * with Makefile and Kbuild is then the tree root); else the
		 * case itself */
		char *scanf_ = path_join(cdir, "scan");
		if (is_file(scanf_)) {
			struct buf t = { 0 };
			struct strv sp = { 0 };
			if (read_file(scanf_, &t) == 0)
				split_args(t.s, &sp);
			else
				buf_printf(&prob, "; cannot read %s", scanf_);
			if (!sp.n)
				buf_printf(&prob, "; %s names no path", scanf_);
			for (size_t k = 0; k < sp.n; k++)
				strv_push(&argv, path_join(cdir, sp.v[k]));
			strv_free(&sp);
			buf_free(&t);
		} else {
			strv_push(&argv, xstrdup(cdir));
		}
		free(scanf_);
		if (verbose)
			print_cmd(argv.v);
		run_cmd(argv.v, &r);
		if (verbose && r.out.len) {
			printf("  gfpcheck output:\n");
			print_indented("    | ", r.out.s);
		}

		if (!r.started) {
			buf_printf(&prob, "; cannot run %s", o->gfpcheck);
		} else if (r.timed_out) {
			buf_printf(&prob, "; gfpcheck timed out after %d s", timeout_sec);
		} else if (!r.exited) {
			buf_printf(&prob, "; gfpcheck killed by signal %d", r.status);
		} else if (r.status != 0 && r.status != 1) {
			buf_printf(&prob, "; gfpcheck exited with status %d", r.status);
		} else {
			/* 4. the findings of the JSON report */
			struct jfinding *jf = NULL;
			char jerr[256];
			long nj = json_findings(buf_str(&r.out), &jf, jerr, sizeof(jerr));
			size_t nfind = nj > 0 ? (size_t)nj : 0;

			if (nj < 0)
				buf_printf(&prob, "; %s", jerr);
			for (long k = 0; k < nj; k++) {
				char *rel = relative_to_case(jf[k].file, cdir, creal);
				struct item *it = items_add(&found, rel, jf[k].line, jf[k].rule, NULL);
				if (!it->conf) {
					it->conf = xstrdup(jf[k].confidence);
					it->words = xstrdup(jf[k].message);
				}
				free(rel);
			}
			json_findings_free(jf, nj);
			if (r.status == 0 && nfind > 0)
				buf_printf(&prob, "; gfpcheck exited 0 but printed %zu "
					   "finding(s)", nfind);
			if (r.status == 1 && nfind == 0)
				buf_printf(&prob, "; gfpcheck exited 1 but printed no "
					   "finding line");
		}
		if (!r.started || r.timed_out || !r.exited ||
		    (r.status != 0 && r.status != 1) || verbose) {
			if (r.err.len) {
				buf_add(&tail, "    gfpcheck stderr:\n");
				{
					const char *e = r.err.s;
					while (*e) {
						const char *nl = strchr(e, '\n');
						size_t n = nl ? (size_t)(nl - e) + 1 : strlen(e);
						buf_add(&tail, "      ");
						buf_addn(&tail, e, n);
						e += n;
					}
				}
				if (tail.len && tail.s[tail.len - 1] != '\n')
					buf_add(&tail, "\n");
			}
		}
		run_result_free(&r);
		strv_free(&argv);
		free(argsf);
		free(model);
	}

	/* 5. compare the sets */
	if (expect.n > 1)
		qsort(expect.v, expect.n, sizeof(*expect.v), cmp_item);
	if (found.n > 1)
		qsort(found.v, found.n, sizeof(*found.v), cmp_item);
	for (size_t i = 0; i < expect.n; i++) {
		struct item *f = items_find(&found, expect.v[i].file,
					    expect.v[i].line, expect.v[i].rule);
		if (f) {
			f->matched = expect.v[i].matched = 1;
			if (expect.v[i].conf && strcmp(expect.v[i].conf, f->conf ? f->conf : "") != 0)
				buf_printf(&prob, "; %s:%ld [%s] is %s, expected %s", f->file, f->line, f->rule,
					   f->conf && *f->conf ? f->conf : "without confidence", expect.v[i].conf);
			if (expect.v[i].words && !strstr(f->words ? f->words : "", expect.v[i].words))
				buf_printf(&prob, "; %s:%ld [%s] message lacks \"%s\": %s", f->file, f->line, f->rule,
					   expect.v[i].words, f->words ? f->words : "");
		} else
			buf_printf(&prob, "; missing %s:%ld [%s]", expect.v[i].file,
				   expect.v[i].line, expect.v[i].rule);
	}
	for (size_t i = 0; i < found.n; i++) {
		struct item *fb;
		if (found.v[i].matched)
			continue;
		fb = items_find(&forbid, found.v[i].file, found.v[i].line,
				found.v[i].rule);
		if (fb)
			buf_printf(&prob, "; extra %s:%ld [%s] (EXPECT-NOT: %s)",
				   found.v[i].file, found.v[i].line, found.v[i].rule,
				   fb->note);
		else
			buf_printf(&prob, "; extra %s:%ld [%s]", found.v[i].file,
				   found.v[i].line, found.v[i].rule);
	}

	ok = prob.len == 0;
	if (ok)
		printf("PASS %s/%s\n", rule, cname);
	else
		printf("FAIL %s/%s: %s\n", rule, cname, buf_str(&prob) + 2);
	if (tail.len)
		fputs(tail.s, stdout);
	fflush(stdout);

	buf_free(&prob);
	buf_free(&tail);
	items_free(&expect);
	items_free(&forbid);
	items_free(&found);
	strv_free(&srcs);
	free(creal);
	free(cdir);
	free(rdir);
	return ok;
}

/* A case directory holds at least one .c file directly, or a kernel-like
 * fs/ or drivers/ directory (cases about filesystems, drivers and the code
 * around them). */
static int is_case_dir(const char *dir)
{
	struct strv names = { 0 };
	int yes = 0;

	if (!is_dir(dir) || list_dir(dir, &names) != 0)
		return 0;
	for (size_t i = 0; i < names.n && !yes; i++) {
		if (strcmp(names.v[i], "fs") == 0 || strcmp(names.v[i], "drivers") == 0) {
			char *full = path_join(dir, names.v[i]);
			yes = is_dir(full);
			free(full);
		} else if (ends_with(names.v[i], ".c")) {
			char *full = path_join(dir, names.v[i]);
			yes = is_file(full);
			free(full);
		}
	}
	strv_free(&names);
	return yes;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: fixture-runner [--gfpcheck PATH] [--filter SUBSTR] [-v]\n"
		"                      [--include DIR] [--cc CC] [--timeout SEC]\n"
		"                      FIXTURE_ROOT\n"
		"  --gfpcheck PATH  the analyser to run (default bin/gfpcheck)\n"
		"  --filter SUBSTR  only the cases whose rule/case contains SUBSTR\n"
		"  -v               print commands, gfpcheck output and stderr\n"
		"  --include DIR    fixture headers (default FIXTURE_ROOT/../include)\n"
		"  --cc CC          compiler for the syntax check (default gcc)\n"
		"  --timeout SEC    per command, 0 for none (default 120)\n");
}

int main(int argc, char **argv)
{
	struct options o = { "bin/gfpcheck", NULL, NULL, "gcc" };
	char *root = NULL, *incdef = NULL;
	struct strv rules = { 0 };
	int passed = 0, failed = 0;

	/* gfpcheck reads make's ARCH from the environment (--arch); a case that
	 * needs another architecture says so in its args file. */
	unsetenv("ARCH");
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--gfpcheck") == 0 && i + 1 < argc) {
			o.gfpcheck = argv[++i];
		} else if (strcmp(a, "--filter") == 0 && i + 1 < argc) {
			o.filter = argv[++i];
		} else if (strcmp(a, "--include") == 0 && i + 1 < argc) {
			o.include = argv[++i];
		} else if (strcmp(a, "--cc") == 0 && i + 1 < argc) {
			o.cc = argv[++i];
		} else if (strcmp(a, "--timeout") == 0 && i + 1 < argc) {
			timeout_sec = atoi(argv[++i]);
		} else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) {
			verbose = 1;
		} else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			usage(stdout);
			return 0;
		} else if (a[0] == '-' && a[1] != '\0') {
			fprintf(stderr, "fixture-runner: unknown option %s\n", a);
			usage(stderr);
			return 2;
		} else if (!root) {
			root = xstrdup(a);
		} else {
			fprintf(stderr, "fixture-runner: more than one FIXTURE_ROOT\n");
			usage(stderr);
			return 2;
		}
	}
	if (!root) {
		usage(stderr);
		return 2;
	}
	path_clean(root);
	if (load_known_rules(o.gfpcheck))
		return 2;
	if (!is_dir(root)) {
		fprintf(stderr, "fixture-runner: %s: not a directory\n", root);
		return 2;
	}
	if (!o.include) {
		incdef = path_join(root, "../include");
		path_clean(incdef);
		o.include = incdef;
	}

	list_dir(root, &rules);
	for (size_t i = 0; i < rules.n; i++) {
		char *rdir = path_join(root, rules.v[i]);
		struct strv cases = { 0 };

		if (is_dir(rdir))
			list_dir(rdir, &cases);
		for (size_t j = 0; j < cases.n; j++) {
			char *cdir = path_join(rdir, cases.v[j]);
			char *name = path_join(rules.v[i], cases.v[j]);

			if (is_case_dir(cdir) &&
			    (!o.filter || strstr(name, o.filter))) {
				if (run_case(&o, root, rules.v[i], cases.v[j]))
					passed++;
				else
					failed++;
			}
			free(name);
			free(cdir);
		}
		strv_free(&cases);
		free(rdir);
	}
	strv_free(&rules);
	printf("%d passed, %d failed\n", passed, failed);
	free(incdef);
	free(root);
	return failed ? 1 : 0;
}
