/* model.c - load the knowledge tables (the model/ text files, line by line;
 * parses a row, model_index.c finds rows by name) and print them. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "model/model_row.h"
#include "base/util.h"

int model_load_text(struct model *m, const char *path, const char *text, char *err, size_t errlen)
{
	return model_load_buf(m, path, text, strlen(text), err, errlen);
}

int model_load_buf(struct model *m, const char *path, const char *text, size_t len, char *err, size_t errlen)
{
	const char *nul = memchr(text, 0, len);
	if (nul) {
		int l = 1;
		for (const char *q = text; q < nul; q++)
			l += *q == '\n';
		snprintf(err, errlen, "%s:%d: error: NUL byte in a model file (a text file is expected)", path, l);
		return -1;
	}
	const char *p = text, *end = text + len;
	int lineno = 0;
	while (p < end) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t n = e ? (size_t)(e - p) : (size_t)(end - p);
		if (n && p[n - 1] == '\r') /* CRLF line ends */
			n--;
		if (lineno == INT_MAX - 1) {
			snprintf(err, errlen, "%s:%d: error: too many lines", path, lineno);
			return -1;
		}
		lineno++;
		char *line = xstrndup(p, n);
		char *hash = strchr(line, '#');
		if (hash)
			*hash = 0;
		/* "try" flag: a bare word, handled before key=value parsing */
		int is_try = 0;
		{
			char *rs = strstr(line, " -- ");
			char *w = line;
			size_t lim = rs ? (size_t)(rs - line) : strlen(line);
			while ((w = strstr(w, "try")) && (size_t)(w - line) < lim) {
				int lb = (w == line || w[-1] == ' ' || w[-1] == '\t');
				int rb = (w[3] == 0 || w[3] == ' ' || w[3] == '\t');
				if (lb && rb) {
					memset(w, ' ', 3);
					is_try = 1;
					break;
				}
				w += 3;
			}
		}
		size_t before = m->n;
		if (model_parse_row(m, path, lineno, line, err, errlen)) {
			free(line);
			return -1;
		}
		if (is_try) {
			if (m->n == before || m->rows[m->n - 1].kind != ROW_LOCK) {
				snprintf(err, errlen, "%s:%d: error: 'try' is only valid on lock rows", path, lineno);
				free(line);
				return -1;
			}
			m->rows[m->n - 1].try_ = 1;
		}
		free(line);
		if (!e)
			break;
		p = e + 1;
	}
	return 0;
}

int model_load_file(struct model *m, const char *path, char *err, size_t errlen)
{
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s: error: is a directory, not a model file (use --model-dir for a directory)",
			 path);
		return -1;
	}
	size_t len = 0;
	char *text = read_file_max(path, &len, (size_t)16 << 20);
	if (!text) {
		snprintf(err, errlen, "%s: error: cannot read model file: %s", path,
			 errno == EFBIG ? "larger than 16 MiB" : strerror(errno));
		return -1;
	}
	/* Rows keep a pointer to the path for messages. */
	int rc = model_load_buf(m, istr(intern(path)), text, len, err, errlen);
	free(text);
	return rc;
}

static int cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int model_load_dir(struct model *m, const char *dir, char *err, size_t errlen)
{
	DIR *d = opendir(dir);
	if (!d) {
		snprintf(err, errlen, "%s: error: cannot open model directory", dir);
		return -1;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		size_t l = strlen(de->d_name);
		if (l > 4 && strcmp(de->d_name + l - 4, ".txt") == 0)
			VEC_PUSH(names, n, cap, xasprintf("%s/%s", dir, de->d_name));
	}
	closedir(d);
	if (!n) {
		snprintf(err, errlen, "%s: error: no model files (*.txt) in the model directory", dir);
		return -1;
	}
	qsort(names, n, sizeof(*names), cmpstr);
	int rc = 0;
	for (size_t i = 0; i < n; i++) {
		if (!rc && model_load_file(m, names[i], err, errlen))
			rc = -1;
		free(names[i]);
	}
	free(names);
	return rc;
}

void model_free(struct model *m)
{
	for (size_t i = 0; i < m->n; i++) {
		free(m->rows[i].closers);
		free(m->rows[i].srcs);
		free(m->rows[i].reason);
	}
	free(m->rows);
	model_index_free(m);
	memset(m, 0, sizeof(*m));
}

int mrow_applies(const struct model *m, const struct mrow *r)
{
	if (!m->version)
		return 1;
	if (r->since && m->version < r->since)
		return 0;
	if (r->until && m->version >= r->until)
		return 0;
	return 1;
}

void model_dump(const struct model *m, FILE *out)
{
	for (size_t i = 0; i < m->n; i++) {
		const struct mrow *r = &m->rows[i];
		if (!mrow_applies(m, r))
			continue;
		fprintf(out, "%s %s", row_kind_name(r->kind), istr(r->name));
		if (r->kind == ROW_ALLOC) {
			if (r->gfp_idx < 0)
				fputs(" -", out);
			else
				fprintf(out, " %d", r->gfp_idx);
			if (r->size_idx >= 0)
				fprintf(out, " size=%d", r->size_idx);
			if (r->count_idx >= 0)
				fprintf(out, " count=%d", r->count_idx);
			if (r->order_idx >= 0)
				fprintf(out, " order=%d", r->order_idx);
			if (r->fixed_order >= 0)
				fprintf(out, " fixed-order=%d", r->fixed_order);
			if (r->honours_nofs)
				fprintf(out, " honours-nofs=%d.%d", r->honours_nofs / 1000, r->honours_nofs % 1000);
			if (r->family)
				fprintf(out, " family=%s", istr(r->family));
		}
		if (r->kind == ROW_SCOPE) {
			fprintf(out, " %s %s", r->save ? "save" : "restore",
				r->scope == SK_NOFS ? "nofs" : r->scope == SK_NOIO ? "noio" : "flags");
			if (r->arg_idx >= 0)
				fprintf(out, " arg=%d", r->arg_idx);
		}
		if (r->kind == ROW_PFLAG)
			fprintf(out, " %s", r->scope == SK_NOFS ? "nofs" : "noio");
		if (r->nclosers) {
			fputs(r->kind == ROW_SETTER ? " close=" : " release=", out);
			for (int c = 0; c < r->nclosers; c++)
				fprintf(out, "%s%s", c ? "," : "", istr(r->closers[c]));
		}
		if (r->fs)
			fprintf(out, " fs=%s", istr(r->fs));
		if (r->srcarch)
			fprintf(out, " srcarch=%s", istr(r->srcarch));
		if (r->is_default)
			fputs(" default=yes", out);
		if (r->arg_pat)
			fprintf(out, " arg=%s", istr(r->arg_pat));
		if (r->try_)
			fputs(" try", out);
		if (r->cls_name)
			fprintf(out, " class=%s", istr(r->cls_name));
		if (r->fail_nonzero)
			fputs(" fail=nonzero", out);
		if (r->blocks_reclaim)
			fputs(" blocks=reclaim", out);
		if (r->dummy_dir)
			fprintf(out, " dummy=%s", istr(r->dummy_dir));
		if (r->shared)
			fputs(" mode=read", out);
		if (r->subclass_idx >= 0)
			fprintf(out, " subclass=%d", r->subclass_idx);
		if (r->kind == ROW_CALLBACK)
			fprintf(out, " arg=%d", r->arg_idx);
		if (r->kind == ROW_DEFERRED)
			fprintf(out, " from=%s%s", istr(r->from), r->in_reclaim ? " when=reclaim" : "");
		if (r->kind == ROW_PINNER && r->hold)
			fprintf(out, " hold=%s", istr(r->hold));
		for (int c = 0; r->kind == ROW_PINNER && c < r->nsrcs; c++)
			fprintf(out, "%s%s", c ? "," : " src=", istr(r->srcs[c]));
		if (r->kind == ROW_PINNER && r->drop)
			fprintf(out, " drop=%s", istr(r->drop));
		if (r->kind == ROW_PAGECACHE && r->arg_idx != 0)
			fprintf(out, " mapping=%d", r->arg_idx);
		if (r->kind == ROW_PAGECACHE && r->gfp_idx >= 0)
			fprintf(out, " gfp=%d", r->gfp_idx);
		if (r->kind == ROW_RECLAIM)
			fprintf(out, " kind=%s", r->never ? "none" : r->kswapd ? "kswapd" : "direct");
		if (r->kind == ROW_RECLAIM && r->in_file)
			fprintf(out, " file=%s", istr(r->in_file));
		if (r->kind == ROW_RECLAIM && r->freed_obj >= 0)
			fprintf(out, " object=%d", r->freed_obj);
		if (r->kind == ROW_ENTRY && r->scope == SK_NOFS)
			fputs(" scope=nofs", out);
		if (r->kind == ROW_RECLAIM && r->live)
			fprintf(out, " live=%s policy=%s", istr(r->live), istr(r->policy));
		if ((r->kind == ROW_LOCK || r->kind == ROW_SETTER || r->kind == ROW_HANDLE) && r->lkind != LK_LOCK) {
			static const char *const lk[] = {"lock", "trans", "cluster", "journal", "section"};
			fprintf(out, " kind=%s", lk[r->lkind]);
		}
		if (r->since)
			fprintf(out, " since=%d.%d", r->since / 1000, r->since % 1000);
		if (r->until)
			fprintf(out, " until=%d.%d", r->until / 1000, r->until % 1000);
		if (r->inferred)
			fputs(" # inferred", out);
		if (r->reason)
			fprintf(out, " -- %s", r->reason);
		fprintf(out, "   (%s:%d)\n", r->file ? r->file : "?", r->line);
	}
}
