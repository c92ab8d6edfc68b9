/* facts_write.c - write a facts file record by record, checked against the
 * schema; see facts_write.h. */
#include "facts/facts_write.h"
#include "facts/srcscan.h"
#include "base/hash.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* base/util.c's helpers; not xstrdup() or xasprintf(): the sparse front end
 * links libsparse, whose own functions of those names this object would call. */

static void seterr(struct facts_writer *w, const char *fmt, const char *a, const char *b)
{
	if (!w->err[0])
		snprintf(w->err, sizeof(w->err), fmt, a, b);
}

void fw_init(struct facts_writer *w, const char *frontend)
{
	memset(w, 0, sizeof(*w));
	w->kind = -1;
	size_t n = strlen(frontend ? frontend : "");
	w->frontend = xmalloc(n + 1);
	fact_fold(frontend ? frontend : "", n, w->frontend, n + 1);
}

void fw_free(struct facts_writer *w)
{
	free(w->head.s);
	free(w->body.s);
	free(w->frontend);
	free(w->foff);
	free(w->flen);
	free(w->data);
	memset(w, 0, sizeof(*w));
	w->kind = -1;
}

void fw_partial(struct facts_writer *w)
{
	w->partial = 1;
}

static void directive(void *arg, const struct src_directive *d)
{
	struct facts_writer *w = arg;
	fw_begin(w, FACT_SUPPRESS);
	fw_pos(w, d->line, d->col);
	fw_pos(w, d->line, d->end_col);
	fw_strn(w, d->text, d->n);
	fw_end(w);
}

void fw_source(struct facts_writer *w, const void *src, size_t len)
{
	if (w->have_src) {
		seterr(w, "fw_source() called twice%s%s", "", "");
		return;
	}
	w->src = src;
	w->srclen = len;
	w->have_src = 1;
	src_directives(src, len, directive, w);
}

void fw_begin(struct facts_writer *w, enum fact_kind k)
{
	if (w->kind >= 0)
		seterr(w, "record '%s' begun before '%s' ended", fact_keyword(k), fact_keyword((enum fact_kind)w->kind));
	w->kind = (int)k;
	w->rec_start = w->body.len;
	w->nf = 0;
	sb_add(&w->body, fact_keyword(k));
}

void fw_strn(struct facts_writer *w, const char *s, size_t n)
{
	if (w->kind < 0) {
		seterr(w, "field '%.60s' outside a record%s", s, "");
		return;
	}
	if (w->nf == w->capf) {
		w->capf = w->capf ? w->capf * 2 : 16;
		w->foff = xrealloc(w->foff, sizeof(*w->foff) * (size_t)w->capf);
		w->flen = xrealloc(w->flen, sizeof(*w->flen) * (size_t)w->capf);
	}
	sb_addn(&w->body, "\t", 1);
	size_t off = w->body.len;
	const struct fact_field *fd = fact_field_at((enum fact_kind)w->kind, w->nf);
	if (fd && fd->type == FT_TEXT) {
		/* fold into the buffer: reserve n bytes (folding never grows) */
		sb_addn(&w->body, s, n);
		size_t m = fact_fold(s, n, w->body.s + off, n + 1);
		w->body.len = off + m;
		w->body.s[w->body.len] = 0;
	} else {
		sb_addn(&w->body, s, n);
	}
	w->foff[w->nf] = off;
	w->flen[w->nf++] = w->body.len - off;
}

void fw_str(struct facts_writer *w, const char *s)
{
	fw_strn(w, s, strlen(s));
}

void fw_pos(struct facts_writer *w, int line, int col)
{
	char b[32];
	snprintf(b, sizeof(b), "%d:%d", line, col);
	fw_str(w, b);
}

void fw_nopos(struct facts_writer *w)
{
	fw_str(w, "-");
}

void fw_uint(struct facts_writer *w, long long v)
{
	char b[32];
	snprintf(b, sizeof(b), "%lld", v);
	fw_str(w, b);
}

int fw_end(struct facts_writer *w)
{
	if (w->kind < 0) {
		seterr(w, "fw_end() without fw_begin()%s%s", "", "");
		return -1;
	}
	enum fact_kind k = (enum fact_kind)w->kind;
	w->kind = -1;
	const struct fact_schema *sc = fact_schema(k);
	char msg[512] = "";
	int ok = 1;
	if (w->tree ? sc->place != FP_TREE : sc->place != FP_BODY) {
		snprintf(msg, sizeof(msg), "a '%s' record is not written with fw_begin() here", sc->keyword);
		ok = 0;
	}
	if (ok) {
		const char **fs = xmalloc(sizeof(*fs) * (size_t)(w->nf + 1));
		struct fact_val *v = xmalloc(sizeof(*v) * (size_t)(w->nf + 1));
		for (int i = 0; i < w->nf; i++)
			fs[i] = w->body.s + w->foff[i];
		if (memchr(w->body.s + w->rec_start, 0, w->body.len - w->rec_start) ||
		    memchr(w->body.s + w->rec_start, '\n', w->body.len - w->rec_start)) {
			snprintf(msg, sizeof(msg), "a NUL or newline in a field of a '%s' record", sc->keyword);
			ok = 0;
		} else if (fact_record_check(k, fs, w->flen, w->nf, v, msg, sizeof(msg))) {
			ok = 0;
		}
		free(fs);
		free(v);
	}
	if (!ok) {
		if (!w->err[0]) {
			size_t n = w->body.len - w->rec_start;
			snprintf(w->err, sizeof(w->err), "%s (record '%.*s')", msg, (int)(n > 200 ? 200 : n),
				 w->body.s + w->rec_start);
			for (char *p = w->err; *p; p++)
				if (*p == '\t')
					*p = ' ';
		}
		w->body.len = w->rec_start;
		if (w->body.s)
			w->body.s[w->body.len] = 0;
		return -1;
	}
	sb_addn(&w->body, "\n", 1);
	if (k == FACT_SKIPPED)
		w->partial = 1;
	w->records++;
	return 0;
}

void fw_comment(struct facts_writer *w, const char *text)
{
	size_t n = strlen(text);
	char *t = xmalloc(n + 1);
	fact_fold(text, n, t, n + 1);
	sb_add(&w->body, "# ");
	sb_add(&w->body, t);
	sb_add(&w->body, "\n");
	free(t);
}

int fw_raw(struct facts_writer *w, const char *text, size_t len)
{
	const char *s = text, *end = text + len;
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = (size_t)((nl ? nl : end) - s);
		if (n && s[n - 1] == '\r')
			n--;
		if (n && s[0] != '#') {
			const char *t = memchr(s, '\t', n);
			size_t kl = t ? (size_t)(t - s) : n;
			int k = fact_kind_find(s, kl);
			if (k < 0) {
				char kw[48];
				snprintf(kw, sizeof(kw), "%.*s", (int)(kl > 40 ? 40 : kl), s);
				seterr(w, "unknown record '%s'%s", kw, "");
				return -1;
			}
			w->kind = -1;
			fw_begin(w, (enum fact_kind)k);
			/* the fields as they are: no folding, the check decides */
			const char *f = t ? t + 1 : NULL;
			while (f) {
				const char *ft = memchr(f, '\t', (size_t)(s + n - f));
				size_t fl = (size_t)((ft ? ft : s + n) - f);
				if (w->nf == w->capf) {
					w->capf = w->capf ? w->capf * 2 : 16;
					w->foff = xrealloc(w->foff, sizeof(*w->foff) * (size_t)w->capf);
					w->flen = xrealloc(w->flen, sizeof(*w->flen) * (size_t)w->capf);
				}
				sb_addn(&w->body, "\t", 1);
				w->foff[w->nf] = w->body.len;
				w->flen[w->nf++] = fl;
				sb_addn(&w->body, f, fl);
				f = ft ? ft + 1 : NULL;
			}
			if (fw_end(w))
				return -1;
		}
		s = nl ? nl + 1 : end;
	}
	return 0;
}

int fw_finish(struct facts_writer *w)
{
	if (w->kind >= 0)
		seterr(w, "record '%s' not ended%s", fact_keyword((enum fact_kind)w->kind), "");
	if (w->err[0])
		return -1;
	struct strbuf out = {0};
	char line[160];
	snprintf(line, sizeof(line), "gfpfacts\t%d\n", GFPFACTS_VERSION);
	sb_add(&out, line);
	sb_add(&out, "frontend\t");
	sb_add(&out, w->frontend);
	sb_add(&out, "\n");
	if (!w->tree) {
		if (w->have_src) {
			struct hash128 h;
			char hex[33];
			hash128_init(&h);
			hash128_update(&h, w->src, w->srclen);
			hash128_hex(&h, hex);
			snprintf(line, sizeof(line), "source\t%s\t%zu\n", hex, w->srclen);
			sb_add(&out, line);
		}
		sb_add(&out, w->partial ? "status\tpartial\n" : "status\tok\n");
	}
	sb_addn(&out, w->body.s ? w->body.s : "", w->body.len);
	if (w->have_src) {
		snprintf(line, sizeof(line), "text\t%zu\n", w->srclen);
		sb_add(&out, line);
		sb_addn(&out, w->src, w->srclen);
		sb_add(&out, "\n");
	}
	sb_add(&out, "end\n");
	free(w->data);
	w->data = out.s;
	w->len = out.len;
	return 0;
}

int fw_write_file(const struct facts_writer *w, const char *path, char *err, size_t errlen)
{
	if (!w->data) {
		snprintf(err, errlen, "%s: fw_write_file() before fw_finish()", path);
		return -1;
	}
	size_t n = strlen(path);
	char *tmp = xmalloc(n + 64);
	snprintf(tmp, n + 64, "%s.tmp.%ld", path, (long)getpid());
	FILE *f = NULL;
	if (mkdir_p(path, 0) == 0)
		f = fopen(tmp, "wb");
	if (!f) {
		snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
		free(tmp);
		return -1;
	}
	int bad = fwrite(w->data, 1, w->len, f) != w->len;
	int e = errno;
	if (fclose(f) != 0 && !bad) {
		bad = 1;
		e = errno;
	}
	if (!bad && rename(tmp, path) != 0) {
		bad = 1;
		e = errno;
	}
	if (bad) {
		unlink(tmp);
		snprintf(err, errlen, "cannot write '%s': %s", path, strerror(e));
	}
	free(tmp);
	return bad ? -1 : 0;
}

int facts_tree_write(const char *dir, const char *frontend, const char *root, const char *kernel, char *err,
		     size_t errlen)
{
	return facts_tree_write_scanned(dir, frontend, root, kernel, NULL, 0, err, errlen);
}

int facts_tree_write_scanned(const char *dir, const char *frontend, const char *root, const char *kernel,
			     const char *const *scanned, size_t nscanned, char *err, size_t errlen)
{
	struct facts_writer w;
	fw_init(&w, frontend);
	w.tree = 1;
	fw_begin(&w, FACT_TREE);
	fw_str(&w, root);
	fw_end(&w);
	fw_begin(&w, FACT_KERNEL);
	fw_str(&w, kernel && *kernel ? kernel : "-");
	fw_end(&w);
	for (size_t i = 0; i < nscanned; i++) {
		fw_begin(&w, FACT_SCANNED);
		fw_str(&w, scanned[i]);
		fw_end(&w);
	}
	size_t n = strlen(dir) + sizeof(FACTS_TREE_FILE) + 2;
	char *path = xmalloc(n);
	snprintf(path, n, "%s/%s", dir, FACTS_TREE_FILE);
	int rc = fw_finish(&w);
	if (rc)
		snprintf(err, errlen, "%s: %s", path, w.err);
	else
		rc = fw_write_file(&w, path, err, errlen);
	free(path);
	fw_free(&w);
	return rc;
}
