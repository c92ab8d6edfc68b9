/* baseline.c - stable finding fingerprints, --write-baseline and --baseline. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report/baseline.h"
#include "rules/finding_filter.h"
#include "facts/srclines.h"
#include "base/util.h"
#include "base/wfile.h"

static int is_stop(char ch)
{
	return ch == ',' || ch == ';' || ch == '=' || ch == '{' || ch == '}' || ch == '?' || ch == ':';
}

static char *squeeze(const char *s, size_t n)
{
	struct strbuf b = {0};
	for (size_t i = 0; i < n && s[i]; i++)
		if (!isspace((unsigned char)s[i]))
			sb_addc(&b, s[i]);
	return b.s ? b.s : xstrdup("");
}

/* The argument (or statement part) around the finding's span on its line: widen
 * to the left and right up to a separator outside parentheses. */
char *finding_site_expr(const struct finding *f, const char *line)
{
	if (!line)
		return f->fix ? squeeze(f->fix, strlen(f->fix)) : xstrdup("");
	size_t n = strlen(line);
	size_t s = f->col > 1 ? (size_t)f->col - 1 : 0;
	size_t e = f->col_end > f->col ? (size_t)f->col_end - 1 : s;
	if (s > n)
		s = n;
	if (e > n || e < s)
		e = s;
	int depth = 0;
	while (s > 0) {
		char ch = line[s - 1];
		if (ch == ')' || ch == ']')
			depth++;
		else if (ch == '(' || ch == '[') {
			if (!depth)
				break;
			depth--;
		} else if (!depth && is_stop(ch))
			break;
		s--;
	}
	depth = 0;
	while (e < n) {
		char ch = line[e];
		if (ch == '(' || ch == '[')
			depth++;
		else if (ch == ')' || ch == ']') {
			if (!depth)
				break;
			depth--;
		} else if (!depth && is_stop(ch))
			break;
		else if (ch == '/' && (line[e + 1] == '*' || line[e + 1] == '/'))
			break;
		e++;
	}
	return squeeze(line + s, e - s);
}

/* FNV-1a, 64 bits: fixed here, because baselines on disk depend on it. */
static unsigned long long fp_hash(const char *s)
{
	unsigned long long h = 14695981039346656037ULL;
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return h;
}

struct key {
	const char *rule, *file, *function;
	char *expr;
	size_t i;
	int occ;
	unsigned long long hash;
};

static int cmp_key(const void *a, const void *b)
{
	const struct key *x = a, *y = b;
	int r = strcmp(x->rule, y->rule);
	if (!r)
		r = strcmp(x->file, y->file);
	if (!r)
		r = strcmp(x->function, y->function);
	if (!r)
		r = strcmp(x->expr, y->expr);
	return r;
}

static int cmp_key_pos(const void *a, const void *b)
{
	const struct key *x = a, *y = b;
	int r = cmp_key(a, b);
	return r ? r : (x->i < y->i ? -1 : x->i > y->i);
}

/* One key per finding, sorted by key, occurrence indices in source order (fs is
 * sorted by position). */
static struct key *compute_keys(const struct findings *fs, const struct program *prog)
{
	struct srccache sc;
	srccache_init(&sc, prog);
	struct key *k = xmalloc((fs->n ? fs->n : 1) * sizeof(*k));
	for (size_t i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->v[i];
		k[i].rule = f->rule;
		k[i].file = f->file;
		k[i].function = f->function ? f->function : "";
		k[i].expr = finding_site_expr(f, src_line(&sc, f->file, f->line));
		k[i].i = i;
	}
	srccache_free(&sc);
	qsort(k, fs->n, sizeof(*k), cmp_key_pos);
	for (size_t j = 0; j < fs->n; j++) {
		k[j].occ = j && cmp_key(&k[j], &k[j - 1]) == 0 ? k[j - 1].occ + 1 : 0;
		char *s = xasprintf("%s\x1f%s\x1f%s\x1f%s\x1f%d", k[j].rule, k[j].file, k[j].function, k[j].expr,
				    k[j].occ);
		k[j].hash = fp_hash(s);
		free(s);
	}
	return k;
}

static void free_keys(struct key *k, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(k[i].expr);
	free(k);
}

void findings_fingerprint(struct findings *fs, const struct program *prog)
{
	struct key *k = compute_keys(fs, prog);
	for (size_t j = 0; j < fs->n; j++) {
		struct finding *f = &fs->v[k[j].i];
		free(f->fingerprint);
		f->fingerprint = xasprintf("%016llx", k[j].hash);
	}
	free_keys(k, fs->n);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A baseline field: control characters (TAB, newline) become '?'. */
static char *field(const char *s)
{
	char *d = xstrdup(s);
	for (char *q = d; *q; q++)
		if ((unsigned char)*q < 0x20)
			*q = '?';
	return d;
}

int baseline_write(const struct findings *fs, const struct program *prog, const char *path, char *err, size_t errlen)
{
	struct key *k = compute_keys(fs, prog);
	char **lines = xmalloc((fs->n ? fs->n : 1) * sizeof(*lines));
	size_t n = 0;
	for (size_t j = 0; j < fs->n; j++) {
		if (fs->v[k[j].i].suppressed)
			continue;
		/* a TAB or newline in a path (any byte but NUL may be in one) must not add a
		 * field or a line: the fingerprint alone is matched, the rest is for people */
		char *file = field(k[j].file), *fn = field(k[j].function[0] ? k[j].function : "-");
		lines[n++] = xasprintf("%s\t%s\t%s\t%s\t%d\t%016llx\n", file, fn, k[j].rule,
				       k[j].expr[0] ? k[j].expr : "-", k[j].occ, k[j].hash);
		free(file);
		free(fn);
	}
	qsort(lines, n, sizeof(*lines), cmp_str);
	int rc = 0;
	struct wfile w;
	char werr[1024];
	FILE *out = wfile_open(&w, path, werr, sizeof(werr));
	if (!out) {
		snprintf(err, errlen, "cannot write baseline: %s", werr);
		rc = -1;
	} else {
		fputs("# gfpcheck baseline 1: file, function, rule, flag expression, occurrence, fingerprint\n", out);
		for (size_t i = 0; i < n; i++)
			fputs(lines[i], out);
		if (wfile_commit(&w, werr, sizeof(werr))) {
			snprintf(err, errlen, "cannot write baseline: %s", werr);
			rc = -1;
		}
	}
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
	free_keys(k, fs->n);
	return rc;
}

struct bl {
	char **fp;
	size_t n;
};

static int keep_new(struct finding *f, void *ctx)
{
	const struct bl *b = ctx;
	if (f->suppressed || !f->fingerprint)
		return 1;
	const char *key = f->fingerprint;
	return bsearch(&key, b->fp, b->n, sizeof(*b->fp), cmp_str) == NULL;
}

int baseline_parse(const char *path, const char *text, size_t len, char ***fps, size_t *nfps, char *err, size_t errlen)
{
	*fps = NULL;
	*nfps = 0;
	const char *nul = memchr(text, 0, len);
	int lineno = 0;
	if (nul) {
		lineno = 1;
		for (const char *q = text; q < nul; q++)
			lineno += *q == '\n';
		snprintf(err, errlen, "%s:%d: error: NUL byte in a baseline file (a text file is expected)", path, lineno);
		return -1;
	}
	size_t cap = 0;
	const char *p = text, *end = text + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (lineno == INT_MAX - 1) {
			snprintf(err, errlen, "%s:%d: error: too many lines", path, lineno);
			goto bad;
		}
		lineno++;
		if (l && p[l - 1] == '\r')
			l--;
		if (l && p[0] != '#') {
			/* FILE FUNCTION RULE EXPR OCCURRENCE FINGERPRINT */
			const char *f[6];
			size_t fl[6];
			int nf = 0;
			const char *q = p, *le = p + l;
			while (nf < 6) {
				const char *t = memchr(q, '\t', (size_t)(le - q));
				f[nf] = q;
				fl[nf++] = t ? (size_t)(t - q) : (size_t)(le - q);
				if (!t)
					break;
				q = t + 1;
			}
			int ok = nf == 6 && !memchr(f[5], '\t', (size_t)(le - f[5])) && fl[5] == 16;
			for (size_t k = 0; ok && k < 16; k++)
				ok = (f[5][k] >= '0' && f[5][k] <= '9') || (f[5][k] >= 'a' && f[5][k] <= 'f');
			long occ = 0;
			for (size_t k = 0; ok && k < fl[4]; k++) {
				ok = f[4][k] >= '0' && f[4][k] <= '9' && fl[4] <= 9;
				occ = occ * 10 + (f[4][k] - '0');
			}
			ok = ok && fl[4] > 0 && fl[0] > 0 && fl[2] > 0;
			if (!ok) {
				snprintf(err, errlen,
					 "%s:%d: error: expected FILE, FUNCTION, RULE, EXPR, an OCCURRENCE index (0 to "
					 "999999999) and a 16-digit lowercase hex fingerprint separated by tabs (write one "
					 "with --write-baseline)",
					 path, lineno);
				goto bad;
			}
			(void)occ;
			VEC_PUSH(*fps, *nfps, cap, xstrndup(f[5], 16));
		}
		p = nl ? nl + 1 : end;
	}
	return 0;
bad:
	for (size_t i = 0; i < *nfps; i++)
		free((*fps)[i]);
	free(*fps);
	*fps = NULL;
	*nfps = 0;
	return -1;
}

int baseline_filter(struct findings *fs, const char *path, size_t *dropped, char *err, size_t errlen)
{
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		snprintf(err, errlen,
			 "gfpcheck: --baseline '%s' is a directory; give the file that --write-baseline wrote", path);
		return -1;
	}
	size_t len = 0;
	char *text = read_file_max(path, &len, (size_t)64 << 20);
	if (!text) {
		snprintf(err, errlen, "gfpcheck: cannot read baseline '%s': %s", path,
			 errno == EFBIG ? "larger than 64 MiB" : strerror(errno));
		return -1;
	}
	struct bl b = {0};
	int rc = baseline_parse(path, text, len, &b.fp, &b.n, err, errlen);
	free(text);
	if (rc)
		return -1;
	if (b.n)
		qsort(b.fp, b.n, sizeof(*b.fp), cmp_str);
	*dropped = findings_filter(fs, keep_new, &b);
	for (size_t i = 0; i < b.n; i++)
		free(b.fp[i]);
	free(b.fp);
	return 0;
}
