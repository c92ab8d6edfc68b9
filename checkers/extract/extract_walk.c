/* extract_walk.c - the .c and .h files under the paths given (extract_collect). */
#include "extract/extract.h"
#include "extract/exint.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct flist {
	struct extract_file *v;
	size_t n, cap;
	/* directories already walked, by (device, inode): a symbolic link to an
	 * ancestor (`ln -s . self`) or to a directory walked elsewhere is not
	 * walked again */
	struct {
		dev_t dev;
		ino_t ino;
	} *dirs;
	size_t ndirs, capdirs;
	/* symbolic links to directories: walked after every real directory, so
	 * that a file is named by its real path when it has one */
	char **links;
	size_t nlinks, caplinks;
	int via_link; /* walking below a symbolic link */
};

static int has_ch_ext(const char *name)
{
	size_t n = strlen(name);
	return n > 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h');
}

static void flist_add(struct flist *l, const char *root, const char *abs, const struct stat *st)
{
	struct extract_file f;
	memset(&f, 0, sizeof(f));
	f.abs = xstrdup(abs);
	f.dev = st->st_dev;
	f.ino = st->st_ino;
	f.in_shard = 1;
	f.via_link = l->via_link;
	size_t rl = strlen(root);
	while (rl > 1 && root[rl - 1] == '/')
		rl--;
	if (strncmp(abs, root, rl) == 0 && abs[rl] == '/')
		f.rel = xstrdup(abs + rl + 1);
	else if (rl == 1 && root[0] == '/')
		f.rel = xstrdup(abs + 1);
	else
		f.rel = xstrdup(abs);
	VEC_PUSH(l->v, l->n, l->cap, f);
}

/* 1 when the directory was walked already (else it is remembered now). */
static int seen_dir(struct flist *l, const struct stat *st)
{
	for (size_t i = 0; i < l->ndirs; i++)
		if (l->dirs[i].dev == st->st_dev && l->dirs[i].ino == st->st_ino)
			return 1;
	VEC_GROW(l->dirs, l->ndirs, l->capdirs);
	l->dirs[l->ndirs].dev = st->st_dev;
	l->dirs[l->ndirs].ino = st->st_ino;
	l->ndirs++;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int walk(struct flist *l, const char *root, const char *dir, char *err, size_t errlen)
{
	DIR *d = opendir(dir);
	if (!d) {
		snprintf(err, errlen, "cannot read directory '%s': %s", dir, strerror(errno));
		return -1;
	}
	/* entries in name order, so that the first path to a file reached
	 * twice is always the same one */
	char **names = NULL;
	size_t nn = 0, capn = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue; /* ., .., hidden files and dirs (.git, .tmp_versions) */
		VEC_PUSH(names, nn, capn, xstrdup(e->d_name));
	}
	closedir(d);
	if (nn)
		qsort(names, nn, sizeof(*names), cmp_str);
	int rc = 0;
	for (size_t i = 0; i < nn; i++) {
		char *p = xasprintf("%s/%s", dir, names[i]);
		struct stat st, lst;
		if (rc == 0 && stat(p, &st) == 0 && lstat(p, &lst) == 0) { /* else a dangling symlink */
			if (S_ISDIR(st.st_mode) && S_ISLNK(lst.st_mode)) {
				VEC_PUSH(l->links, l->nlinks, l->caplinks, xstrdup(p));
			} else if (S_ISDIR(st.st_mode)) {
				if (!seen_dir(l, &st))
					rc = walk(l, root, p, err, errlen);
			} else if (S_ISREG(st.st_mode) && has_ch_ext(names[i])) {
				flist_add(l, root, p, &st);
			}
		}
		free(p);
		free(names[i]);
	}
	free(names);
	return rc;
}

static void free_fields(struct extract_file *f)
{
	free(f->rel);
	free(f->facts);
	free(f->error);
	free(f->abs);
	f->rel = f->facts = f->error = f->abs = NULL;
}

static int cmp_rel(const void *a, const void *b)
{
	const struct extract_file *x = a, *y = b;
	return strcmp(x->rel, y->rel);
}

static int cmp_id(const void *a, const void *b)
{
	const struct extract_file *x = *(struct extract_file *const *)a, *y = *(struct extract_file *const *)b;
	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	if (x->via_link != y->via_link)
		return x->via_link - y->via_link;
	return strcmp(x->rel, y->rel);
}

int extract_collect(const char *root, char **paths, int npaths, struct extract_file **out,
		    size_t *nout, char *err, size_t errlen)
{
	struct flist l;
	memset(&l, 0, sizeof(l));
	char rroot[PATH_MAX];
	int rc = 0;
	if (!realpath(root, rroot)) {
		snprintf(err, errlen, "cannot read tree root '%s': %s", root, strerror(errno));
		return -1;
	}
	for (int i = 0; i < npaths && !rc; i++) {
		char abs[PATH_MAX];
		struct stat st;
		if (!realpath(paths[i], abs) || stat(abs, &st)) {
			snprintf(err, errlen, "cannot read '%s': %s", paths[i], strerror(errno));
			rc = -1;
		} else if (S_ISDIR(st.st_mode)) {
			if (!seen_dir(&l, &st))
				rc = walk(&l, rroot, abs, err, errlen);
		} else if (S_ISREG(st.st_mode)) {
			if (access(abs, R_OK)) {
				snprintf(err, errlen, "cannot read '%s': %s", paths[i], strerror(errno));
				rc = -1;
			} else {
				flist_add(&l, rroot, abs, &st);
			}
		} else {
			snprintf(err, errlen, "'%s' is neither a file nor a directory", paths[i]);
			rc = -1;
		}
	}
	/* then the directories reached through symbolic links, once each */
	l.via_link = 1;
	for (size_t i = 0; i < l.nlinks; i++) {
		struct stat st;
		if (!rc && stat(l.links[i], &st) == 0 && !seen_dir(&l, &st))
			rc = walk(&l, rroot, l.links[i], err, errlen);
		free(l.links[i]);
	}
	free(l.links);
	free(l.dirs);
	if (rc) {
		extract_free(l.v, l.n);
		return -1;
	}
	/* one entry per file, per (device, inode): a file named twice, a file
	 * inside a named dir, hard links, symbolic links; the path without a
	 * symbolic link to a directory is kept, else the first in sorted order */
	if (l.n) {
		struct extract_file **byid = xmalloc(l.n * sizeof(*byid));
		for (size_t i = 0; i < l.n; i++)
			byid[i] = &l.v[i];
		qsort(byid, l.n, sizeof(*byid), cmp_id);
		for (size_t i = 1; i < l.n; i++)
			if (byid[i]->dev == byid[i - 1]->dev && byid[i]->ino == byid[i - 1]->ino) {
				free_fields(byid[i]);
				byid[i]->rel = NULL;
			}
		free(byid);
	}
	size_t w = 0;
	for (size_t i = 0; i < l.n; i++)
		if (l.v[i].rel)
			l.v[w++] = l.v[i];
	if (w)
		qsort(l.v, w, sizeof(*l.v), cmp_rel);
	*out = l.v;
	*nout = w;
	return 0;
}

void extract_free(struct extract_file *files, size_t n)
{
	if (!files)
		return;
	for (size_t i = 0; i < n; i++)
		free_fields(&files[i]);
	free(files);
}

int extract_is_include_header(const char *rel)
{
	size_t l = strlen(rel);
	return strncmp(rel, "include/", 8) == 0 && l > 10 && strcmp(rel + l - 2, ".h") == 0;
}

long extract_add_context(const char *root, struct extract_file **files, size_t *n, char *err, size_t errlen)
{
	char *inc = xasprintf("%s/include", root);
	struct stat st;
	if (stat(inc, &st) || !S_ISDIR(st.st_mode)) {
		free(inc);
		return 0;
	}
	char *paths[1] = {inc};
	struct extract_file *hv = NULL;
	size_t hn = 0;
	int rc = extract_collect(root, paths, 1, &hv, &hn, err, errlen);
	free(inc);
	if (rc)
		return -1;
	/* both lists are sorted by rel: add the headers files lacks */
	size_t cap = *n, k = 0, added = 0, n0 = *n;
	for (size_t i = 0; i < hn; i++) {
		struct extract_file *h = &hv[i];
		while (k < n0 && strcmp((*files)[k].rel, h->rel) < 0)
			k++;
		int have = k < n0 && strcmp((*files)[k].rel, h->rel) == 0;
		for (size_t j = 0; !have && j < n0; j++) /* the same file by another path */
			have = (*files)[j].dev == h->dev && (*files)[j].ino == h->ino;
		if (have || !extract_is_include_header(h->rel)) {
			free(h->rel);
			free(h->abs);
			continue;
		}
		h->context = 1;
		VEC_PUSH(*files, *n, cap, *h);
		added++;
	}
	free(hv);
	if (added)
		qsort(*files, *n, sizeof(**files), cmp_rel);
	return (long)added;
}
