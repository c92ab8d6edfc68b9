/* model_index.c - the model's rows by name: one hash table of names (struct
 * model_idx in struct model), each with the rows that have the name and the
 * rows that list it among their closers. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "base/util.h"

static size_t idx_slot(const struct model_idx *x, uint32_t name)
{
	size_t j = (size_t)(name * 2654435761u) & (x->cap - 1);
	while (x->keys[j] && x->keys[j] != name)
		j = (j + 1) & (x->cap - 1);
	return j;
}

static void idx_add(struct model_idx *x, uint32_t name, int row)
{
	size_t j = idx_slot(x, name);
	x->keys[j] = name;
	x->rows[j] = xrealloc(x->rows[j], sizeof(int) * (size_t)(x->nrows[j] + 1));
	x->rows[j][x->nrows[j]++] = row;
}

void model_index_free(struct model *m)
{
	struct model_idx *x = &m->idx;
	for (size_t i = 0; x->rows && i < x->cap; i++)
		free(x->rows[i]);
	free(x->keys);
	free(x->rows);
	free(x->nrows);
	memset(x, 0, sizeof(*x));
}

void model_index(struct model *m)
{
	model_index_free(m);
	struct model_idx *x = &m->idx;
	x->cap = 1024;
	while (x->cap < m->n * 4 + 64)
		x->cap *= 2;
	x->keys = xcalloc(x->cap, sizeof(*x->keys));
	x->rows = xcalloc(x->cap, sizeof(*x->rows));
	x->nrows = xcalloc(x->cap, sizeof(*x->nrows));
	for (size_t i = 0; i < m->n; i++) {
		idx_add(x, m->rows[i].name, (int)i);
		for (int c = 0; c < m->rows[i].nclosers; c++)
			idx_add(x, m->rows[i].closers[c], -(int)i - 1);
	}
}

/* The rows the index holds under name (r >= 0: the row r names it; r < 0: row
 * -r - 1 closes with it), *n of them; NULL when none. */
static const int *idx_rows(const struct model_idx *x, uint32_t name, int *n)
{
	*n = 0;
	if (!x->cap)
		return NULL;
	size_t j = idx_slot(x, name);
	if (!x->keys[j])
		return NULL;
	*n = x->nrows[j];
	return x->rows[j];
}

int model_find(const struct model *m, enum row_kind k, uint32_t name, const struct mrow **out, int max)
{
	int n, cnt = 0;
	const int *v = idx_rows(&m->idx, name, &n);
	/* Later rows win: scan from the end. */
	for (int i = n - 1; i >= 0 && cnt < max; i--) {
		if (v[i] < 0)
			continue;
		const struct mrow *row = &m->rows[v[i]];
		if (row->kind == k && mrow_applies(m, row))
			out[cnt++] = row;
	}
	return cnt;
}

const struct mrow *model_find1(const struct model *m, enum row_kind k, uint32_t name)
{
	const struct mrow *r;
	return model_find(m, k, name, &r, 1) ? r : NULL;
}

int model_find_closer(const struct model *m, uint32_t name, const struct mrow **out, int max)
{
	int n, cnt = 0;
	const int *v = idx_rows(&m->idx, name, &n);
	for (int i = n - 1; i >= 0 && cnt < max; i--) {
		if (v[i] >= 0)
			continue;
		const struct mrow *row = &m->rows[-v[i] - 1];
		if (mrow_applies(m, row))
			out[cnt++] = row;
	}
	return cnt;
}

const struct mrow *model_entry(const struct model *m, const char *field)
{
	const struct mrow *r = model_find1(m, ROW_ENTRY, intern(field));
	const char *dot = strchr(field, '.');
	if (r || !dot)
		return r;
	char buf[256];
	int n = snprintf(buf, sizeof(buf), "%.*s.*", (int)(dot - field), field);
	if (n <= 0 || (size_t)n >= sizeof(buf))
		return NULL;
	return model_find1(m, ROW_ENTRY, intern(buf));
}

int model_path_under(const char *p, const char *path)
{
	while (*p) {
		if (*p == '*') {
			p++;
			while (*path && *path != '/')
				path++;
		} else if (*p++ != *path++) {
			return 0;
		}
	}
	return 1;
}

int mrow_dummy_in(const struct mrow *r, const char *file)
{
	size_t dl = r->dummy_dir ? strlen(istr(r->dummy_dir)) : 0;
	return dl && strncmp(file, istr(r->dummy_dir), dl) == 0 && file[dl] == '/';
}

const char *model_srcarch(const struct model *m, const char *name)
{
	for (size_t i = m->n; i-- > 0;) { /* a later row wins (a user's --model file) */
		const struct mrow *r = &m->rows[i];
		if (r->kind != ROW_ARCH || !mrow_applies(m, r) ||
		    (name ? strcmp(istr(r->name), name) != 0 : !r->is_default))
			continue;
		return istr(r->srcarch ? r->srcarch : r->name);
	}
	return name;
}

int model_text_names(const struct model *m, enum row_kind k, const char *text, int calls_only)
{
	for (const char *q = text; *q;) {
		if (!isalnum((unsigned char)*q) && *q != '_') {
			q++;
			continue;
		}
		const char *w = q;
		while (isalnum((unsigned char)*q) || *q == '_')
			q++;
		if (isdigit((unsigned char)*w))
			continue;
		const char *r = q;
		while (*r == ' ')
			r++;
		if (calls_only && *r != '(')
			continue;
		uint32_t id = intern_lookup_n(w, (size_t)(q - w));
		if (id && model_find1(m, k, id))
			return 1;
	}
	return 0;
}
