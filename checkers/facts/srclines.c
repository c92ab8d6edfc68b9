/* srclines.c - source lines from the facts' `text` records, split on demand. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "facts/srclines.h"
#include "facts/program.h"
#include "base/hash.h"
#include "base/util.h"

void srccache_init(struct srccache *c, const struct program *prog)
{
	memset(c, 0, sizeof(*c));
	c->prog = prog;
}

/* The text of sf as its facts hold it: a copy, or NULL. */
static char *facts_text(const struct sfile *sf, size_t *len)
{
	if (sf->text_len < 0)
		return NULL;
	size_t n = (size_t)sf->text_len;
	char *t = xmalloc(n + 1);
	if (sf->text) {
		memcpy(t, sf->text, n);
	} else {
		int fd = sf->facts_path ? open(sf->facts_path, O_RDONLY) : -1;
		size_t got = 0;
		while (fd >= 0 && got < n) {
			ssize_t r = pread(fd, t + got, n - got, (off_t)sf->text_off + (off_t)got);
			if (r <= 0)
				break;
			got += (size_t)r;
		}
		if (fd >= 0)
			close(fd);
		if (got < n) {
			free(t);
			return NULL;
		}
	}
	t[n] = 0;
	if (sf->src_hash[0]) {
		/* the facts file may have changed since it was loaded */
		struct hash128 h;
		char hex[33];
		hash128_init(&h);
		hash128_update(&h, t, n);
		hash128_hex(&h, hex);
		if (strcmp(hex, sf->src_hash) != 0) {
			free(t);
			return NULL;
		}
	}
	*len = n;
	return t;
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
	size_t len = 0;
	for (size_t i = 0; c->prog && i < c->prog->nfiles && !f.text; i++)
		if (strcmp(c->prog->files[i].path, rel) == 0)
			f.text = facts_text(&c->prog->files[i], &len);
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
	memset(c, 0, sizeof(*c));
}
