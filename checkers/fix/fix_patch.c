/* fix_patch.c - unified diffs from edits, and the git format-patch series (one
 * patch per subsystem directory and rule, `git am`-ready). */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/hash.h"
#include "base/wfile.h"
#include "fix/fix.h"
#include "rules/rules.h"

char *fix_apply_text(const char *old, size_t oldlen, const struct fedit *e, size_t ne, size_t *newlen)
{
	struct strbuf b = {0};
	size_t at = 0;
	for (size_t i = 0; i < ne; i++) {
		sb_addn(&b, old + at, e[i].off - at);
		sb_add(&b, e[i].ins);
		at = e[i].off + e[i].len;
	}
	sb_addn(&b, old + at, oldlen - at);
	if (!b.s)
		sb_add(&b, "");
	*newlen = b.len;
	return b.s;
}

struct lines {
	const char *t;
	size_t len;
	size_t *ls;
	int n; /* number of lines; the last may lack its newline */
};

static void lines_init(struct lines *L, const char *t, size_t len)
{
	L->t = t;
	L->len = len;
	size_t cap = 64;
	L->ls = xmalloc(sizeof(size_t) * (cap + 1));
	L->n = 0;
	size_t s = 0;
	for (size_t i = 0; i <= len; i++) {
		if (i == len || t[i] == '\n') {
			if (i == len && s == len)
				break;
			if ((size_t)L->n == cap) {
				cap *= 2;
				L->ls = xrealloc(L->ls, sizeof(size_t) * (cap + 1));
			}
			L->ls[L->n++] = s;
			s = i + 1;
		}
	}
	L->ls[L->n] = len;
}

static size_t lstart(const struct lines *L, int i)
{
	return i >= L->n ? L->len : L->ls[i];
}

static int lfind(const struct lines *L, size_t off)
{
	if (off >= L->len)
		return L->n;
	int lo = 0, hi = L->n - 1;
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (L->ls[mid] <= off)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* Emit line i of L with prefix c; the marker when it has no newline. */
static void emit(struct strbuf *sb, char c, const struct lines *L, int i)
{
	size_t s = lstart(L, i), e = lstart(L, i + 1);
	sb_addc(sb, c);
	sb_addn(sb, L->t + s, e - s);
	if (e == s || L->t[e - 1] != '\n')
		sb_add(sb, "\n\\ No newline at end of file\n");
}

struct blk {
	int a, b;      /* old lines [a, b) */
	size_t e0, e1; /* edits [e0, e1) */
	char *nt;      /* new text of the block */
	size_t nlen;
	struct lines nl;
};

/* A file name in a diff header as git writes it, so that git apply and patch
 * read it back: in double quotes with C escapes (octal for bytes outside
 * printable ASCII) when it holds a control character, a quote, a backslash or a
 * byte >= 0x80; on the ---/+++ lines a name with a space ends with a TAB. */
static void diff_name(struct strbuf *sb, const char *prefix, const char *path, int hdr)
{
	int quote = 0, space = 0;
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		quote |= *p < 0x20 || *p == '"' || *p == '\\' || *p >= 0x7f;
		space |= *p == ' ';
	}
	if (!quote) {
		sb_addf(sb, "%s%s%s", prefix, path, hdr && space ? "\t" : "");
		return;
	}
	sb_addc(sb, '"');
	sb_add(sb, prefix);
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		const char *e = *p == '\t' ? "\\t" : *p == '\n' ? "\\n" : *p == '"' ? "\\\"" : *p == '\\' ? "\\\\" : NULL;
		if (e)
			sb_add(sb, e);
		else if (*p < 0x20 || *p >= 0x7f)
			sb_addf(sb, "\\%03o", *p);
		else
			sb_addc(sb, (char)*p);
	}
	sb_addc(sb, '"');
}

void fix_udiff(struct strbuf *sb, const char *path, const char *old, size_t oldlen, const struct fedit *e,
	       size_t ne, int *adds, int *dels)
{
	if (!ne)
		return;
	struct lines L;
	lines_init(&L, old, oldlen);
	struct blk *B = NULL;
	size_t nb = 0, capb = 0;
	for (size_t i = 0; i < ne; i++) {
		int a = lfind(&L, e[i].off), b;
		size_t il = strlen(e[i].ins);
		int pure = e[i].len == 0 && (e[i].off == oldlen || e[i].off == lstart(&L, a)) && il &&
			   e[i].ins[il - 1] == '\n' && (e[i].off < oldlen || oldlen == 0 || old[oldlen - 1] == '\n');
		if (pure) {
			b = a;
		} else {
			if (a >= L.n)
				a = L.n - 1;
			size_t last = e[i].len ? e[i].off + e[i].len - 1 : e[i].off;
			b = lfind(&L, last);
			if (b >= L.n)
				b = L.n - 1;
			b++;
		}
		if (nb && a <= B[nb - 1].b) {
			if (b > B[nb - 1].b)
				B[nb - 1].b = b;
			B[nb - 1].e1 = i + 1;
			continue;
		}
		struct blk k = {a, b, i, i + 1, NULL, 0, {0}};
		VEC_PUSH(B, nb, capb, k);
	}
	for (size_t k = 0; k < nb; k++) {
		size_t s0 = lstart(&L, B[k].a), s1 = lstart(&L, B[k].b);
		struct fedit *loc = xmalloc(sizeof(*loc) * (B[k].e1 - B[k].e0));
		for (size_t i = B[k].e0; i < B[k].e1; i++) {
			loc[i - B[k].e0] = e[i];
			loc[i - B[k].e0].off -= s0;
		}
		B[k].nt = fix_apply_text(old + s0, s1 - s0, loc, B[k].e1 - B[k].e0, &B[k].nlen);
		free(loc);
		lines_init(&B[k].nl, B[k].nt, B[k].nlen);
	}
	sb_add(sb, "diff --git ");
	diff_name(sb, "a/", path, 0);
	sb_addc(sb, ' ');
	diff_name(sb, "b/", path, 0);
	sb_add(sb, "\n--- ");
	diff_name(sb, "a/", path, 1);
	sb_add(sb, "\n+++ ");
	diff_name(sb, "b/", path, 1);
	sb_addc(sb, '\n');
	const int C = 3;
	long delta = 0;
	for (size_t k = 0; k < nb;) {
		size_t j = k + 1;
		while (j < nb && B[j].a - C <= B[j - 1].b + C)
			j++;
		int hs = B[k].a - C < 0 ? 0 : B[k].a - C;
		int he = B[j - 1].b + C > L.n ? L.n : B[j - 1].b + C;
		int oc = he - hs, nc = oc;
		for (size_t m = k; m < j; m++)
			nc += B[m].nl.n - (B[m].b - B[m].a);
		long ns = hs + delta + 1;
		sb_addf(sb, "@@ -%d,%d +%ld,%d @@\n", oc ? hs + 1 : hs, oc, nc ? ns : ns - 1, nc);
		int at = hs;
		for (size_t m = k; m < j; m++) {
			for (; at < B[m].a; at++)
				emit(sb, ' ', &L, at);
			for (int i = B[m].a; i < B[m].b; i++) {
				emit(sb, '-', &L, i);
				(*dels)++;
			}
			for (int i = 0; i < B[m].nl.n; i++) {
				emit(sb, '+', &B[m].nl, i);
				(*adds)++;
			}
			at = B[m].b;
			delta += B[m].nl.n - (B[m].b - B[m].a);
		}
		for (; at < he; at++)
			emit(sb, ' ', &L, at);
		k = j;
	}
	for (size_t k = 0; k < nb; k++) {
		free(B[k].nt);
		free(B[k].nl.ls);
	}
	free(B);
	free(L.ls);
}

/* ---- the series ---- */

/* Word-wrap text at width; continuation lines start with `hang` spaces. Ends the
 * paragraph with a blank line when `para` is set, else with one newline. */
static void wrap_hang(struct strbuf *sb, const char *text, int width, int hang, int para)
{
	const char *p = text;
	int col = 0;
	while (*p) {
		while (*p == ' ')
			p++;
		const char *w = p;
		while (*p && *p != ' ')
			p++;
		int n = (int)(p - w);
		if (!n)
			break;
		if (col && col + 1 + n > width) {
			sb_addc(sb, '\n');
			for (col = 0; col < hang; col++)
				sb_addc(sb, ' ');
		} else if (col) {
			sb_addc(sb, ' ');
			col++;
		}
		sb_addn(sb, w, (size_t)n);
		col += n;
	}
	sb_add(sb, para ? "\n\n" : "\n");
}

static void wrap(struct strbuf *sb, const char *text, int width)
{
	wrap_hang(sb, text, width, 0, 1);
}

/* Fill a rule table template: {prefix}, {kind}, {lock}; "A|B" picks A when the
 * group has one lock name, else B. */
static char *fill(const char *tmpl, const struct fgroup *g)
{
	const char *bar = strchr(tmpl, '|');
	int one_lock = g->lock && *g->lock;
	size_t n = bar ? (one_lock ? (size_t)(bar - tmpl) : strlen(bar + 1)) : strlen(tmpl);
	const char *t = bar && !one_lock ? bar + 1 : tmpl;
	struct strbuf b = {0};
	for (size_t i = 0; i < n;) {
		if (strncmp(t + i, "{kind}", 6) == 0) {
			sb_add(&b, g->kind_pri ? g->kind : "transactions");
			i += 6;
		} else if (strncmp(t + i, "{lock}", 6) == 0) {
			sb_add(&b, one_lock ? g->lock : "");
			i += 6;
		} else if (strncmp(t + i, "{prefix}", 8) == 0) {
			sb_add(&b, g->prefix);
			i += 8;
		} else {
			sb_addc(&b, t[i++]);
		}
	}
	return b.s ? b.s : xstrdup("");
}

static char *subject_of(const struct fgroup *g)
{
	char *s = fill(rule_table[g->rule].subject, g);
	char *r = xasprintf("%s: %s", g->prefix, s);
	free(s);
	return r;
}

/* The scopes the group's allocations run in, from the setter and handle rows:
 * one line each with the row's own reason. */
static void scope_rows(struct strbuf *sb, const struct fixer *F, const struct fgroup *g)
{
	if (!g->nrows)
		return;
	sb_add(sb, "The scopes, from gfpcheck's model (model/setters.txt):\n");
	for (int i = 0; i < g->nrows; i++) {
		const struct mrow *r = &F->a->model->rows[g->rows[i]];
		char *t = xasprintf("- %s%s: %s", istr(r->name), r->kind == ROW_SETTER ? "()" : " parameters",
				    r->reason ? r->reason : "");
		wrap_hang(sb, t, 72, 2, 0);
		free(t);
	}
	sb_addc(sb, '\n');
}

static void body_of(struct strbuf *sb, const struct fixer *F, const struct fgroup *g)
{
	const struct rule_def *rd = &rule_table[g->rule];
	char *t = fill(rd->body, g);
	wrap(sb, t, 72);
	free(t);
	scope_rows(sb, F, g);
	if (g->dummy_dir) {
		char *d = xasprintf("Except where these %s are dummies that open no scope (in %s, as the rows above "
				    "say): there the allocations become GFP_KERNEL. No transaction of this task is "
				    "open then for reclaim to wait on.",
				    g->kind[0] ? g->kind : "handles", istr(g->dummy_dir));
		wrap(sb, d, 72);
		free(d);
	}
	if (g->why.len) {
		sb_add(sb, g->why.s);
		sb_addc(sb, '\n');
	}
	sb_add(sb, "Changed:\n");
	sb_add(sb, g->sites.s ? g->sites.s : "");
	sb_addc(sb, '\n');
	if (g->nfc)
		sb_add(sb, "No functional change intended.\n\n");
	sb_addf(sb, "Found with gfpcheck %s (rule %s).\n", GFPCHECK_VERSION, rd->id);
}

/* `git -C root config KEY`, first line, or "" (run without a shell: the root may
 * hold any byte). */
static void git_config(const char *root, const char *key, char *out, size_t n)
{
	out[0] = 0;
	int pfd[2];
	if (pipe(pfd) != 0)
		return;
	pid_t pid = fork();
	if (pid < 0) {
		close(pfd[0]);
		close(pfd[1]);
		return;
	}
	if (pid == 0) {
		dup2(pfd[1], 1);
		close(pfd[0]);
		close(pfd[1]);
		int dn = open("/dev/null", O_WRONLY);
		if (dn >= 0)
			dup2(dn, 2);
		execlp("git", "git", "-C", root, "config", key, (char *)NULL);
		_exit(127);
	}
	close(pfd[1]);
	size_t got = 0;
	for (;;) {
		char buf[256];
		ssize_t r = read(pfd[0], buf, sizeof(buf));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		size_t k = (size_t)r < n - 1 - got ? (size_t)r : n - 1 - got;
		memcpy(out + got, buf, k);
		got += k;
	}
	close(pfd[0]);
	out[got] = 0;
	int st;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
		out[0] = 0;
	out[strcspn(out, "\n")] = 0;
}

/* No control characters (a newline would start a new mail header). */
static int clean_header(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 0;
	return 1;
}

int fix_check_from(const char *from)
{
	const char *lt = strchr(from, '<'), *gt = lt ? strchr(lt, '>') : NULL;
	if (!clean_header(from) || !lt || !gt || gt[1] || strchr(lt + 1, '<') || !memchr(lt, '@', (size_t)(gt - lt)))
		return -1;
	for (const char *p = from; p < lt; p++)
		if (*p != ' ')
			return 0;
	return -1; /* no name */
}

/* The placeholder when no identity is set: `git am` refuses it ("empty ident
 * name"), so a series cannot be applied under a name nobody has. */
#define NO_IDENT "SET-YOUR-NAME-AND-EMAIL (see gfpcheck --from)"

static char *git_ident(const char *root, const char *from, int quiet)
{
	if (from)
		return xstrdup(from);
	const char *n = getenv("GIT_AUTHOR_NAME"), *m = getenv("GIT_AUTHOR_EMAIL");
	if (n && *n && m && *m && clean_header(n) && clean_header(m) && !strpbrk(m, "<>"))
		return xasprintf("%s <%s>", n, m);
	char name[256], mail[256];
	git_config(root, "user.name", name, sizeof(name));
	git_config(root, "user.email", mail, sizeof(mail));
	if (*name && *mail && clean_header(name) && clean_header(mail) && !strpbrk(mail, "<>"))
		return xasprintf("%s <%s>", name, mail);
	if (!quiet)
		fprintf(stderr,
			"gfpcheck: no author identity for the patches: neither --from, nor GIT_AUTHOR_NAME and "
			"GIT_AUTHOR_EMAIL, nor git config user.name and user.email (in %s) is set; they say \"From: "
			"%s\", which git am refuses: rerun with --from 'Your Name <you@example.org>'\n",
			root, NO_IDENT);
	return xstrdup(NO_IDENT);
}

static char *file_slug(const char *subject)
{
	struct strbuf b = {0};
	int dash = 0;
	for (const char *p = subject; *p && b.len < 52; p++) {
		if (isalnum((unsigned char)*p) || *p == '_' || *p == '.') {
			if (dash && b.len)
				sb_addc(&b, '-');
			dash = 0;
			sb_addc(&b, *p);
		} else {
			dash = 1;
		}
	}
	while (b.len && (b.s[b.len - 1] == '.' || b.s[b.len - 1] == '-'))
		b.s[--b.len] = 0;
	if (!b.s)
		sb_add(&b, "patch");
	return b.s;
}

struct order {
	int g;
	const struct fgroup *G;
};

static int cmp_order(const void *x, const void *y)
{
	const struct order *a = x, *b = y;
	int r = strcmp(a->G->dir, b->G->dir);
	return r ? r : a->G->rule - b->G->rule;
}

static int cmp_edit_seq(const void *x, const void *y)
{
	const struct fedit *a = x, *b = y;
	if (a->off != b->off)
		return a->off < b->off ? -1 : 1;
	return a->seq - b->seq;
}

/* ---- the series directory ----
 * gfpcheck writes into DIR only what it can account for: DIR/.gfpcheck-series
 * lists every file of the series it wrote there, with the hash of its content.
 * A directory holding anything else (a file of the user's, a patch edited since)
 * is refused, so that nothing gfpcheck did not write is ever replaced or deleted. */
#define MANIFEST ".gfpcheck-series"
#define MANIFEST_HEAD "# gfpcheck patch series: files written here, with their content hash\n"

struct owned {
	char *name;
	char hash[33];
};

/* The manifest's entries; 0, or -1 when it is there but not one gfpcheck wrote. */
static int read_manifest(const char *dir, struct owned **v, size_t *n)
{
	*v = NULL;
	*n = 0;
	char *mp = xasprintf("%s/" MANIFEST, dir);
	size_t len = 0;
	char *text = read_file(mp, &len);
	free(mp);
	if (!text)
		return 0;
	size_t cap = 0;
	int rc = strncmp(text, MANIFEST_HEAD, strlen(MANIFEST_HEAD)) == 0 && !memchr(text, 0, len) ? 0 : -1;
	for (char *line = text + (rc ? len : strlen(MANIFEST_HEAD)); !rc && *line;) {
		char *nl = strchr(line, '\n');
		if (!nl) {
			rc = -1;
			break;
		}
		*nl = 0;
		char *tab = strchr(line, '\t');
		if (!tab || tab - line != 32 || !tab[1] || strchr(tab + 1, '/') || tab[1] == '.') {
			rc = -1;
			break;
		}
		struct owned o;
		memcpy(o.hash, line, 32);
		o.hash[32] = 0;
		o.name = xstrdup(tab + 1);
		VEC_PUSH(*v, *n, cap, o);
		line = nl + 1;
	}
	free(text);
	return rc;
}

static void free_owned(struct owned *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].name);
	free(v);
}

int fix_patch_dir_check(const char *dir, char *err, size_t errlen)
{
	struct stat st;
	if (!*dir) {
		snprintf(err, errlen, "--patch-dir '': an empty directory name");
		return -1;
	}
	if (lstat(dir, &st) != 0) {
		if (errno == ENOENT)
			return 0; /* created when the series is written */
		snprintf(err, errlen, "--patch-dir '%s': %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode) && !(S_ISLNK(st.st_mode) && stat(dir, &st) == 0 && S_ISDIR(st.st_mode))) {
		snprintf(err, errlen, "--patch-dir '%s' is not a directory", dir);
		return -1;
	}
	struct owned *own;
	size_t nown;
	if (read_manifest(dir, &own, &nown)) {
		snprintf(err, errlen,
			 "--patch-dir '%s': %s/" MANIFEST " is not one gfpcheck wrote; give a new or empty "
			 "directory",
			 dir, dir);
		return -1;
	}
	DIR *d = opendir(dir);
	if (!d) {
		snprintf(err, errlen, "--patch-dir '%s': %s", dir, strerror(errno));
		free_owned(own, nown);
		return -1;
	}
	int rc = 0;
	struct dirent *de;
	while (!rc && (de = readdir(d))) {
		const char *n = de->d_name;
		if (strcmp(n, ".") == 0 || strcmp(n, "..") == 0 || strcmp(n, MANIFEST) == 0)
			continue;
		size_t i;
		for (i = 0; i < nown && strcmp(own[i].name, n) != 0; i++)
			;
		char *p = xasprintf("%s/%s", dir, n);
		size_t len = 0;
		char *text = NULL;
		if (i < nown && lstat(p, &st) == 0 && S_ISREG(st.st_mode))
			text = read_file(p, &len);
		char h[33] = "";
		if (text)
			content_hash(text, len, h);
		if (i == nown) {
			snprintf(err, errlen,
				 "--patch-dir '%s' holds files gfpcheck did not write (%s); give a new or empty "
				 "directory (nothing was written or deleted)",
				 dir, n);
			rc = -1;
		} else if (strcmp(h, own[i].hash) != 0) {
			snprintf(err, errlen,
				 "--patch-dir '%s': %s changed since gfpcheck wrote it; move it away or give "
				 "another directory (nothing was written or deleted)",
				 dir, n);
			rc = -1;
		}
		free(text);
		free(p);
	}
	closedir(d);
	free_owned(own, nown);
	return rc;
}

static int write_manifest(const char *dir, char **names, char (*hashes)[33], size_t n, char *err, size_t errlen)
{
	struct strbuf b = {0};
	sb_add(&b, MANIFEST_HEAD);
	for (size_t i = 0; i < n; i++)
		sb_addf(&b, "%s\t%s\n", hashes[i], names[i]);
	char *mp = xasprintf("%s/" MANIFEST, dir);
	mode_t mask = umask(0);
	umask(mask);
	int rc = wfile_replace(mp, b.s, b.len, 0666 & ~mask, err, errlen);
	free(mp);
	sb_free(&b);
	return rc;
}

/* The directory is (still) one gfpcheck may write the series to, and exists:
 * 0, else 2 after saying why. */
static int series_dir_ready(const char *dir)
{
	char err[1024];
	if (fix_patch_dir_check(dir, err, sizeof(err))) { /* again: the directory may have changed during the scan */
		fprintf(stderr, "gfpcheck: %s\n", err);
		return 2;
	}
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "gfpcheck: cannot create %s: %s\n", dir, strerror(errno));
		return 2;
	}
	return 0;
}

/* The patch groups that have edits, in series order (directory, then rule). */
static struct order *series_order(const struct fixer *F, size_t *n)
{
	struct order *ord = xmalloc(sizeof(*ord) * (F->ng ? F->ng : 1));
	*n = 0;
	for (size_t i = 0; i < F->ng; i++) {
		int any = 0;
		for (size_t k = 0; k < F->nf && !any; k++)
			for (size_t j = 0; j < F->f[k].ne && !any; j++)
				any = F->f[k].e[j].group == (int)i;
		if (any) {
			ord[*n].g = (int)i;
			ord[(*n)++].G = &F->g[i];
		}
	}
	qsort(ord, *n, sizeof(*ord), cmp_order);
	return ord;
}

/* The files as the patches so far leave them: the text of each, and which of
 * its edits are in. */
struct series_tree {
	char **cur;
	size_t *curlen;
	char **applied; /* per file, per edit: applied? */
};

static void tree_init(struct series_tree *T, const struct fixer *F)
{
	T->cur = xcalloc(F->nf ? F->nf : 1, sizeof(char *));
	T->curlen = xcalloc(F->nf ? F->nf : 1, sizeof(size_t));
	T->applied = xcalloc(F->nf ? F->nf : 1, sizeof(char *));
	for (size_t k = 0; k < F->nf; k++) {
		T->cur[k] = F->f[k].text ? xstrndup(F->f[k].text, F->f[k].len) : NULL;
		T->curlen[k] = F->f[k].len;
		T->applied[k] = xcalloc(F->f[k].ne + 1, 1);
	}
}

static void tree_free(struct series_tree *T, const struct fixer *F)
{
	for (size_t k = 0; k < F->nf; k++) {
		free(T->cur[k]);
		free(T->applied[k]);
	}
	free(T->cur);
	free(T->curlen);
	free(T->applied);
}

/* The edits of patch group g in file k, their offsets moved by the edits already
 * applied before them, in order; *nm of them. */
static struct fedit *file_edits(const struct fixer *F, const struct series_tree *T, size_t k, int g, size_t *nm)
{
	const struct ffile *f = &F->f[k];
	struct fedit *mine = NULL;
	size_t capm = 0;
	*nm = 0;
	for (size_t j = 0; j < f->ne; j++) {
		if (f->e[j].group != g)
			continue;
		struct fedit e = f->e[j];
		long shift = 0;
		for (size_t q = 0; q < f->ne; q++)
			if (T->applied[k][q] && (f->e[q].off < e.off || (f->e[q].off == e.off && f->e[q].seq < e.seq)))
				shift += (long)strlen(f->e[q].ins) - (long)f->e[q].len;
		e.off = (size_t)((long)e.off + shift);
		VEC_PUSH(mine, *nm, capm, e);
	}
	if (*nm)
		qsort(mine, *nm, sizeof(*mine), cmp_edit_seq);
	return mine;
}

/* One patch's diff and diffstat, the tree moved on by it. */
struct patch_diff {
	struct strbuf diff, stat;
	int tadd, tdel, nfiles;
};

static void stat_line(struct patch_diff *P, const char *path, size_t maxw, int ad, int de)
{
	int tot = ad + de;
	int plus = ad, minus = de;
	if (tot > 50) {
		plus = (ad * 50 + tot - 1) / tot;
		minus = 50 - plus;
	}
	sb_addf(&P->stat, " %-*s | %d ", (int)maxw, path, tot);
	for (int q = 0; q < plus; q++)
		sb_addc(&P->stat, '+');
	for (int q = 0; q < minus; q++)
		sb_addc(&P->stat, '-');
	sb_addc(&P->stat, '\n');
	P->tadd += ad;
	P->tdel += de;
	P->nfiles++;
}

static void patch_diff(const struct fixer *F, struct series_tree *T, int g, struct patch_diff *P)
{
	memset(P, 0, sizeof(*P));
	size_t maxw = 0;
	for (size_t k = 0; k < F->nf; k++)
		for (size_t j = 0; j < F->f[k].ne; j++)
			if (F->f[k].e[j].group == g && strlen(F->f[k].path) > maxw)
				maxw = strlen(F->f[k].path);
	for (size_t k = 0; k < F->nf; k++) {
		const struct ffile *f = &F->f[k];
		size_t nm;
		struct fedit *mine = file_edits(F, T, k, g, &nm);
		if (!nm)
			continue;
		int ad = 0, de = 0;
		fix_udiff(&P->diff, f->path, T->cur[k], T->curlen[k], mine, nm, &ad, &de);
		size_t nl = 0;
		char *nt = fix_apply_text(T->cur[k], T->curlen[k], mine, nm, &nl);
		free(T->cur[k]);
		T->cur[k] = nt;
		T->curlen[k] = nl;
		for (size_t j = 0; j < f->ne; j++)
			if (f->e[j].group == g)
				T->applied[k][j] = 1;
		free(mine);
		stat_line(P, f->path, maxw, ad, de);
	}
}

/* Patch i of n (group G): mail headers, body, diffstat, diff. */
static void patch_text(struct strbuf *out, const struct fixer *F, const struct fgroup *G, size_t i, size_t n,
		       const char *from, const char *date, const struct patch_diff *P, const char *subj)
{
	sb_addf(out, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n");
	sb_addf(out, "From: %s\nDate: %s\n", from, date);
	if (n > 1)
		sb_addf(out, "Subject: [PATCH %zu/%zu] %s\n\n", i + 1, n, subj);
	else
		sb_addf(out, "Subject: [PATCH] %s\n\n", subj);
	body_of(out, F, G);
	sb_add(out, "---\n");
	sb_add(out, P->stat.s ? P->stat.s : "");
	sb_addf(out, " %d file%s changed", P->nfiles, P->nfiles == 1 ? "" : "s");
	if (P->tadd)
		sb_addf(out, ", %d insertion%s(+)", P->tadd, P->tadd == 1 ? "" : "s");
	if (P->tdel)
		sb_addf(out, ", %d deletion%s(-)", P->tdel, P->tdel == 1 ? "" : "s");
	sb_add(out, "\n\n");
	sb_add(out, P->diff.s ? P->diff.s : "");
	sb_addf(out, "-- \ngfpcheck %s\n\n", GFPCHECK_VERSION);
}

/* The series in memory: file names, texts and their content hashes. */
struct series {
	size_t n;
	char **names;
	struct strbuf *texts;
	char (*hashes)[33];
};

static void series_build(struct series *S, struct fixer *F, const struct order *ord, size_t n)
{
	struct series_tree T;
	tree_init(&T, F);
	char *from = git_ident(F->o->root, F->o->from, F->o->quiet);
	char date[64];
	time_t now = time(NULL);
	strftime(date, sizeof(date), "%a, %d %b %Y %H:%M:%S %z", localtime(&now));
	S->n = n;
	S->names = xcalloc(n + 1, sizeof(char *));
	S->texts = xcalloc(n + 1, sizeof(*S->texts));
	S->hashes = xcalloc(n + 1, sizeof(*S->hashes));
	for (size_t i = 0; i < n; i++) {
		struct patch_diff P;
		patch_diff(F, &T, ord[i].g, &P);
		char *subj = subject_of(ord[i].G);
		char *slug = file_slug(subj);
		patch_text(&S->texts[i], F, ord[i].G, i, n, from, date, &P, subj);
		S->names[i] = xasprintf("%04zu-%s.patch", i + 1, slug);
		content_hash(S->texts[i].s, S->texts[i].len, S->hashes[i]);
		free(slug);
		free(subj);
		sb_free(&P.diff);
		sb_free(&P.stat);
	}
	free(from);
	tree_free(&T, F);
}

static void series_free(struct series *S)
{
	for (size_t i = 0; i < S->n; i++) {
		free(S->names[i]);
		sb_free(&S->texts[i]);
	}
	free(S->names);
	free(S->texts);
	free(S->hashes);
}

/* The manifest first lists the old and the new files, then the old ones go, the
 * new ones are written (each atomically) and the manifest lists only them: an
 * interruption never leaves a file in DIR that the manifest does not name. */
static int manifest_both(const char *dir, const struct series *S, const struct owned *old, size_t nold)
{
	char err[1024];
	char **allnames = xmalloc(sizeof(char *) * (S->n + nold + 1));
	char(*allhashes)[33] = xmalloc(sizeof(*allhashes) * (S->n + nold + 1));
	for (size_t i = 0; i < S->n; i++) {
		allnames[i] = S->names[i];
		memcpy(allhashes[i], S->hashes[i], 33);
	}
	size_t nall = S->n;
	for (size_t i = 0; i < nold; i++) {
		allnames[nall] = old[i].name;
		memcpy(allhashes[nall++], old[i].hash, 33);
	}
	int rc = 0;
	if (write_manifest(dir, allnames, allhashes, nall, err, sizeof(err))) {
		fprintf(stderr, "gfpcheck: %s\n", err);
		rc = 2;
	}
	free(allnames);
	free(allhashes);
	return rc;
}

/* Remove the old files the new series does not replace. */
static int remove_old(const char *dir, const struct series *S, const struct owned *old, size_t nold)
{
	int rc = 0;
	for (size_t i = 0; i < nold && !rc; i++) {
		size_t k;
		for (k = 0; k < S->n && strcmp(S->names[k], old[i].name) != 0; k++)
			;
		if (k < S->n)
			continue; /* replaced below */
		char *p = xasprintf("%s/%s", dir, old[i].name);
		if (unlink(p) != 0 && errno != ENOENT) {
			fprintf(stderr, "gfpcheck: cannot remove %s: %s\n", p, strerror(errno));
			rc = 2;
		}
		free(p);
	}
	return rc;
}

/* Write the new files, then the manifest naming only them. */
static int write_patches(const char *dir, const struct series *S, mode_t mask, int quiet)
{
	char err[1024];
	int rc = 0;
	size_t nwritten = 0;
	for (size_t i = 0; i < S->n && !rc; i++) {
		char *path = xasprintf("%s/%s", dir, S->names[i]);
		if (wfile_replace(path, S->texts[i].s, S->texts[i].len, 0666 & ~mask, err, sizeof(err))) {
			fprintf(stderr, "gfpcheck: %s\n", err);
			rc = 2;
		} else {
			nwritten++;
			if (!quiet)
				fprintf(stderr, "%s\n", path);
		}
		free(path);
	}
	if (!rc && write_manifest(dir, S->names, S->hashes, S->n, err, sizeof(err))) {
		fprintf(stderr, "gfpcheck: %s\n", err);
		rc = 2;
	}
	if (rc)
		fprintf(stderr, "gfpcheck: the series in %s is incomplete: %zu of %zu patches written\n", dir, nwritten,
			S->n);
	return rc;
}

int fix_write_series(struct fixer *F, const char *dir)
{
	if (series_dir_ready(dir))
		return 2;
	mode_t mask = umask(0);
	umask(mask);
	struct owned *old;
	size_t nold, n;
	read_manifest(dir, &old, &nold);
	struct order *ord = series_order(F, &n);
	struct series S;
	series_build(&S, F, ord, n);
	int rc = manifest_both(dir, &S, old, nold);
	if (!rc)
		rc = remove_old(dir, &S, old, nold);
	if (!rc)
		rc = write_patches(dir, &S, mask, F->o->quiet);
	else
		fprintf(stderr, "gfpcheck: the series in %s is incomplete: 0 of %zu patches written\n", dir, n);
	series_free(&S);
	free_owned(old, nold);
	free(ord);
	return rc;
}
