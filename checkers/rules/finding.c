/* finding.c - findings and their evidence. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rules/finding.h"
#include "rules/rules.h"
#include "base/util.h"

const char *conf_name(enum conf c)
{
	return c == CONF_HIGH ? "high" : c == CONF_MEDIUM ? "medium" : "low";
}

struct finding *finding_new(struct findings *fs, int rid, enum conf conf, const char *file, int line, int col,
			    int col_end, const char *function)
{
	struct finding f;
	memset(&f, 0, sizeof(f));
	f.rid = rid;
	f.rule = rule_table[rid].id;
	f.conf = conf;
	f.confidence = conf_name(conf);
	f.file = xstrdup(file);
	f.line = line;
	f.col = col;
	f.col_end = col_end;
	f.function = xstrdup(function ? function : "");
	f.tok = f.call = f.region = f.group = -1;
	VEC_PUSH(fs->v, fs->n, fs->cap, f);
	return &fs->v[fs->n - 1];
}

void finding_msg(struct finding *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	free(f->message);
	f->message = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(f->message, (size_t)n + 1, fmt, ap);
	va_end(ap);
}

static void vhop(struct finding *f, int kind, const char *file, int line, int call, int fn, int row, const char *fmt,
		 va_list ap)
{
	va_list aq;
	va_copy(aq, ap);
	int n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	struct evidence e;
	memset(&e, 0, sizeof(e));
	e.file = xstrdup(file);
	e.line = line;
	e.kind = kind;
	e.call = call;
	e.fn = fn;
	e.row = row;
	e.what = xmalloc((size_t)n + 1);
	vsnprintf(e.what, (size_t)n + 1, fmt, ap);
	e.brief = evidence_brief(e.what);
	VEC_PUSH(f->ev, f->nev, f->capev, e);
}

void finding_hop(struct finding *f, int kind, const char *file, int line, int call, int fn, int row, const char *fmt,
		 ...)
{
	va_list ap;
	va_start(ap, fmt);
	vhop(f, kind, file, line, call, fn, row, fmt, ap);
	va_end(ap);
}

void finding_add_chain(struct finding *f, struct chain *c)
{
	for (int i = 0; i < c->nev; i++)
		VEC_PUSH(f->ev, f->nev, f->capev, c->ev[i]);
	free(c->ev);
	memset(c, 0, sizeof(*c));
}

static int cmp_finding(const void *a, const void *b)
{
	const struct finding *x = a, *y = b;
	int r = strcmp(x->file, y->file);
	if (r)
		return r;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return strcmp(x->rule, y->rule);
}

static void finding_free(struct finding *f)
{
	free(f->file);
	free(f->function);
	free(f->message);
	free(f->fix);
	free(f->fingerprint);
	free(f->suppressed);
	for (int i = 0; i < f->nev; i++) {
		free(f->ev[i].file);
		free(f->ev[i].what);
	}
	free(f->ev);
}

void findings_sort(struct findings *fs)
{
	if (!fs->n)
		return;
	qsort(fs->v, fs->n, sizeof(*fs->v), cmp_finding);
	size_t w = 1;
	for (size_t i = 1; i < fs->n; i++) {
		if (cmp_finding(&fs->v[w - 1], &fs->v[i]) == 0)
			finding_free(&fs->v[i]);
		else
			fs->v[w++] = fs->v[i];
	}
	fs->n = w;
}

void findings_free(struct findings *fs)
{
	for (size_t i = 0; i < fs->n; i++)
		finding_free(&fs->v[i]);
	free(fs->v);
	memset(fs, 0, sizeof(*fs));
}
