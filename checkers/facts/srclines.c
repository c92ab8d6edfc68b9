/* srclines.c - source lines from the facts' `text` records, split on demand. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "facts/srclines.h"
#include "facts/facts_reader.h"
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
	int same = 0; /* the facts file is the one loaded */
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
		/* unchanged since it was loaded (the same inode, size and
		 * modification time: the cache replaces a file, never rewrites
		 * it): no need to hash the text again */
		struct fstamp now;
		same = got == n && sf->facts_stamp.valid && fstamp_of(fd, &now) == 0 &&
		       now.dev == sf->facts_stamp.dev && now.ino == sf->facts_stamp.ino &&
		       now.size == sf->facts_stamp.size && now.mtime_ns == sf->facts_stamp.mtime_ns;
		if (fd >= 0)
			close(fd);
		if (got < n) {
			free(t);
			return NULL;
		}
	}
	t[n] = 0;
	if (sf->src_hash[0] && !same) {
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

/* Path lookups by hash: a whole kernel has 55,000 files, and a scan over them
 * per file asked for was quadratic (hidden_build() reads every partial file). */
static size_t path_slot(const int *slot, size_t nslot, const char *rel, const char *(*path_at)(const void *, int),
			const void *arg)
{
	size_t j = (size_t)hash_bytes(rel, strlen(rel)) & (nslot - 1);
	while (slot[j] && strcmp(path_at(arg, slot[j] - 1), rel) != 0)
		j = (j + 1) & (nslot - 1);
	return j;
}

static const char *cached_path(const void *arg, int i)
{
	return ((const struct srccache *)arg)->v[i].path;
}

static const char *prog_path(const void *arg, int i)
{
	return ((const struct program *)arg)->files[i].path;
}

/* The program file at rel, or -1 (first the table of all their paths). */
static int prog_file(struct srccache *c, const char *rel)
{
	const struct program *p = c->prog;
	if (!p || !p->nfiles)
		return -1;
	if (!c->npslot) {
		c->npslot = 16;
		while (c->npslot < 2 * p->nfiles)
			c->npslot *= 2;
		c->pslot = xcalloc(c->npslot, sizeof(int));
		for (size_t i = 0; i < p->nfiles; i++) {
			size_t j = path_slot(c->pslot, c->npslot, p->files[i].path, prog_path, p);
			if (!c->pslot[j]) /* the first file of a path */
				c->pslot[j] = (int)i + 1;
			else
				c->pdups = 1;
		}
	}
	return c->pslot[path_slot(c->pslot, c->npslot, rel, prog_path, p)] - 1;
}

static void cache_index(struct srccache *c)
{
	free(c->slot);
	c->nslot = c->nslot ? 2 * c->nslot : 64;
	c->slot = xcalloc(c->nslot, sizeof(int));
	for (size_t i = 0; i < c->n; i++)
		c->slot[path_slot(c->slot, c->nslot, c->v[i].path, cached_path, c)] = (int)i + 1;
}

const struct srcfile *src_file(struct srccache *c, const char *rel)
{
	if (c->last < c->n && strcmp(c->v[c->last].path, rel) == 0)
		return &c->v[c->last];
	if (c->n) {
		int i = c->slot[path_slot(c->slot, c->nslot, rel, cached_path, c)];
		if (i) {
			c->last = (size_t)i - 1;
			return &c->v[c->last];
		}
	}
	struct srcfile f;
	memset(&f, 0, sizeof(f));
	f.path = xstrdup(rel);
	size_t len = 0;
	int pf = prog_file(c, rel);
	if (pf >= 0)
		f.text = facts_text(&c->prog->files[pf], &len);
	for (size_t i = (size_t)pf + 1; pf >= 0 && c->pdups && i < c->prog->nfiles && !f.text; i++)
		if (strcmp(c->prog->files[i].path, rel) == 0) /* another file of that path (the first has no text) */
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
	if (2 * c->n > c->nslot)
		cache_index(c);
	else
		c->slot[path_slot(c->slot, c->nslot, rel, cached_path, c)] = (int)c->n;
	return &c->v[c->n - 1];
}

const char *src_line(struct srccache *c, const char *rel, int line)
{
	const struct srcfile *f = src_file(c, rel);
	if (!f->text || line < 1 || line > f->nlines)
		return NULL;
	return f->line[line - 1];
}

void srccache_forget(struct srccache *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->v[i].path);
		free(c->v[i].text);
		free(c->v[i].line);
	}
	c->n = 0;
	c->last = 0;
	if (c->slot)
		memset(c->slot, 0, c->nslot * sizeof(*c->slot));
}

void srccache_free(struct srccache *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->v[i].path);
		free(c->v[i].text);
		free(c->v[i].line);
	}
	free(c->v);
	free(c->slot);
	free(c->pslot);
	memset(c, 0, sizeof(*c));
}
