/* since.c - keep the findings on lines a git range touched. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rules/finding_filter.h"
#include "report/since.h"
#include "base/util.h"

/* Run argv in `dir`, capture standard output (standard error goes to *errtext);
 * returns the exit status, or -1 when it could not run. */
static int run_capture(const char *dir, char *const argv[], struct strbuf *out, struct strbuf *errtext)
{
	int po[2], pe[2];
	if (pipe(po) != 0)
		return -1;
	if (pipe(pe) != 0) {
		close(po[0]);
		close(po[1]);
		return -1;
	}
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		dup2(po[1], 1);
		dup2(pe[1], 2);
		close(po[0]);
		close(pe[0]);
		close(po[1]);
		close(pe[1]);
		if (chdir(dir) != 0)
			_exit(126);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(po[1]);
	close(pe[1]);
	/* Read both pipes without deadlock: stderr is small, read it after stdout
	 * but make it non-blocking in between. */
	fcntl(pe[0], F_SETFL, fcntl(pe[0], F_GETFL) | O_NONBLOCK);
	char buf[65536];
	for (;;) {
		ssize_t n = read(po[0], buf, sizeof(buf));
		if (n > 0) {
			sb_addn(out, buf, (size_t)n);
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		break;
	}
	fcntl(pe[0], F_SETFL, fcntl(pe[0], F_GETFL) & ~O_NONBLOCK);
	for (;;) {
		ssize_t n = read(pe[0], buf, sizeof(buf));
		if (n > 0) {
			sb_addn(errtext, buf, (size_t)n);
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		break;
	}
	close(po[0]);
	close(pe[0]);
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (!WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

struct range {
	char *file;
	int lo, hi; /* inclusive; hi = 0x7fffffff for a whole file */
};

struct changes {
	struct range *v;
	size_t n, cap;
};

static void add_range(struct changes *c, const char *file, int lo, int hi)
{
	struct range r = {xstrdup(file), lo, hi};
	VEC_PUSH(c->v, c->n, c->cap, r);
}

static int changed(const struct changes *c, const char *file, int line)
{
	for (size_t i = 0; i < c->n; i++)
		if (line >= c->v[i].lo && line <= c->v[i].hi && strcmp(c->v[i].file, file) == 0)
			return 1;
	return 0;
}

static int keep(struct finding *f, void *arg)
{
	const struct changes *c = arg;
	if (changed(c, f->file, f->line))
		return 1;
	for (int k = 0; k < f->nev; k++)
		if (changed(c, f->ev[k].file, f->ev[k].line))
			return 1;
	return 0;
}

/* "b/path" or "\"b/pa\\th\"" (git quotes unusual names) to "path". */
static char *diff_path(const char *s)
{
	struct strbuf b = {0};
	if (*s == '"') {
		for (s++; *s && *s != '"'; s++) {
			if (*s == '\\' && s[1]) {
				s++;
				if (*s >= '0' && *s <= '7') {
					int v = 0;
					for (int i = 0; i < 3 && *s >= '0' && *s <= '7'; i++, s++)
						v = v * 8 + (*s - '0');
					s--;
					sb_addc(&b, (char)v);
				} else
					sb_addc(&b, *s == 'n' ? '\n' : *s == 't' ? '\t' : *s);
			} else
				sb_addc(&b, *s);
		}
	} else
		sb_add(&b, s);
	char *r = b.s ? b.s : xstrdup("");
	if (strncmp(r, "b/", 2) == 0)
		memmove(r, r + 2, strlen(r + 2) + 1);
	return r;
}

static void parse_diff(struct changes *c, char *text)
{
	char *file = NULL;
	for (char *line = text; line && *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = 0;
		if (strncmp(line, "+++ ", 4) == 0) {
			free(file);
			file = strcmp(line + 4, "/dev/null") == 0 ? NULL : diff_path(line + 4);
		} else if (strncmp(line, "@@ ", 3) == 0 && file) {
			/* @@ -a[,b] +c[,d] @@ */
			char *plus = strstr(line, " +");
			if (plus) {
				char *e;
				long start = strtol(plus + 2, &e, 10), count = 1;
				if (*e == ',')
					count = strtol(e + 1, &e, 10);
				if (count > 0)
					add_range(c, file, (int)start, (int)(start + count - 1));
				else /* pure deletion after line `start`: both neighbours count */
					add_range(c, file, (int)start, (int)start + 1);
			}
		}
		line = nl ? nl + 1 : NULL;
	}
	free(file);
}

int since_filter(struct findings *fs, const char *root, const char *rev, size_t *dropped, char *err, size_t errlen)
{
	if (!rev[0] || rev[0] == '-') {
		snprintf(err, errlen, "--since takes a git revision, not '%s'", rev);
		return -1;
	}
	struct strbuf out = {0}, etext = {0};
	char *verify = xasprintf("%s^{commit}", rev);
	char *const rp[] = {"git", "rev-parse", "--verify", "--quiet", verify, NULL};
	int st = run_capture(root, rp, &out, &etext);
	free(verify);
	if (st != 0) {
		/* git's own reason when it gives one (dubious ownership, not a repository) */
		while (etext.len && (etext.s[etext.len - 1] == '\n' || etext.s[etext.len - 1] == ' '))
			etext.s[--etext.len] = 0;
		struct strbuf why = {0};
		for (char *l = etext.s; l && *l;) {
			char *nl = strchr(l, '\n');
			sb_addf(&why, "\n  git: %.*s", nl ? (int)(nl - l) : (int)strlen(l), l);
			l = nl ? nl + 1 : NULL;
		}
		if (st < 0 || st == 127)
			snprintf(err, errlen, "--since needs git, which could not be run");
		else if (why.len)
			snprintf(err, errlen, "--since %s: git failed in '%s':%s", rev, root, why.s);
		else
			snprintf(err, errlen, "--since %s: not a revision of a git repository at '%s'", rev, root);
		sb_free(&why);
		sb_free(&out);
		sb_free(&etext);
		return -1;
	}
	sb_free(&out);
	sb_free(&etext);
	struct changes c = {0};
	char *const dp[] = {"git", "-c", "core.quotePath=true", "diff", "-U0", "--no-color", "--no-ext-diff",
			    "--no-renames", "--relative", "--src-prefix=a/", "--dst-prefix=b/", (char *)rev, "--",
			    NULL};
	st = run_capture(root, dp, &out, &etext);
	if (st != 0) {
		snprintf(err, errlen, "git diff %s failed in '%s': %s", rev, root, etext.s ? etext.s : "");
		size_t l = strlen(err);
		while (l && err[l - 1] == '\n')
			err[--l] = 0;
		sb_free(&out);
		sb_free(&etext);
		return -1;
	}
	if (out.s)
		parse_diff(&c, out.s);
	sb_free(&out);
	char *const up[] = {"git", "ls-files", "--others", "--exclude-standard", "-z", NULL};
	if (run_capture(root, up, &out, &etext) == 0 && out.s)
		for (char *p = out.s; p < out.s + out.len; p += strlen(p) + 1)
			if (*p)
				add_range(&c, p, 1, 0x7fffffff);
	sb_free(&out);
	sb_free(&etext);
	*dropped = findings_filter(fs, keep, &c);
	for (size_t i = 0; i < c.n; i++)
		free(c.v[i].file);
	free(c.v);
	return 0;
}
