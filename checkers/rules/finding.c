/* finding.c - findings, evidence and the rule registry. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rules/finding.h"
#include "base/util.h"

int rule_index(const char *id)
{
	for (int i = 0; i < nrules; i++)
		if (strcmp(rule_table[i].id, id) == 0)
			return i;
	return -1;
}

struct finding *finding_new(struct findings *fs, const char *rule, const char *confidence,
			    const char *file, int line, int col, int col_end, const char *function)
{
	struct finding f;
	memset(&f, 0, sizeof(f));
	f.rule = rule;
	f.confidence = confidence;
	f.file = xstrdup(file);
	f.line = line;
	f.col = col;
	f.col_end = col_end;
	f.function = xstrdup(function ? function : "");
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

void finding_ev(struct finding *f, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	struct evidence e;
	e.file = xstrdup(file);
	e.line = line;
	e.what = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(e.what, (size_t)n + 1, fmt, ap);
	va_end(ap);
	VEC_PUSH(f->ev, f->nev, f->capev, e);
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
