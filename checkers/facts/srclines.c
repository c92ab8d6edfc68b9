/* srclines.c - a small cache of source files split into lines. */
#include <stdlib.h>
#include <string.h>

#include "facts/srclines.h"
#include "base/util.h"

void srccache_init(struct srccache *c, const char *root)
{
	memset(c, 0, sizeof(*c));
	c->root = xstrdup(root ? root : ".");
}

const struct srcfile *src_file(struct srccache *c, const char *rel)
{
	if (c->last < c->n && strcmp(c->v[c->last].path, rel) == 0)
		return &c->v[c->last];
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->v[i].path, rel) == 0) {
			c->last = i;
			return &c->v[i];
		}
	struct srcfile f;
	memset(&f, 0, sizeof(f));
	f.path = xstrdup(rel);
	char *full = rel[0] == '/' ? xstrdup(rel) : xasprintf("%s/%s", c->root, rel);
	size_t len = 0;
	f.text = read_file(full, &len);
	free(full);
	if (f.text) {
		int cap = 0;
		char *p = f.text;
		while (p < f.text + len) {
			char *nl = memchr(p, '\n', (size_t)(f.text + len - p));
			if (nl) {
				*nl = 0;
				if (nl > p && nl[-1] == '\r')
					nl[-1] = 0;
			}
			if (f.nlines >= cap) {
				cap = cap ? cap * 2 : 64;
				f.line = xrealloc(f.line, (size_t)cap * sizeof(*f.line));
			}
			f.line[f.nlines++] = p;
			if (!nl)
				break;
			p = nl + 1;
		}
	}
	VEC_PUSH(c->v, c->n, c->cap, f);
	c->last = c->n - 1;
	return &c->v[c->n - 1];
}

const char *src_line(struct srccache *c, const char *rel, int line)
{
	const struct srcfile *f = src_file(c, rel);
	if (!f->text || line < 1 || line > f->nlines)
		return NULL;
	return f->line[line - 1];
}

void srccache_free(struct srccache *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->v[i].path);
		free(c->v[i].text);
		free(c->v[i].line);
	}
	free(c->v);
	free(c->root);
	memset(c, 0, sizeof(*c));
}
