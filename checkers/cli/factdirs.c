/* factdirs.c - the .facts files of --facts directories. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/factdirs.h"
#include "base/util.h"

/* Directories walked, by (device, inode): a symbolic link back to an
 * ancestor (`ln -s . self`) or to a directory walked elsewhere is not walked
 * again; directories reached through links come after the real ones. */
struct fwalk {
	struct {
		dev_t dev;
		ino_t ino;
	} *seen;
	size_t nseen, capseen;
	char **links; /* relative paths of symbolic links to directories */
	size_t nlinks, caplinks;
};

static int seen_dir(struct fwalk *w, const struct stat *st)
{
	for (size_t i = 0; i < w->nseen; i++)
		if (w->seen[i].dev == st->st_dev && w->seen[i].ino == st->st_ino)
			return 1;
	VEC_GROW(w->seen, w->nseen, w->capseen);
	w->seen[w->nseen].dev = st->st_dev;
	w->seen[w->nseen].ino = st->st_ino;
	w->nseen++;
	return 0;
}

static void walk(struct fwalk *w, const char *base, const char *rel, struct factfile **v, size_t *n, size_t *cap)
{
	char *dir = *rel ? xasprintf("%s/%s", base, rel) : xstrdup(base);
	DIR *d = opendir(dir);
	if (!d) {
		free(dir);
		return;
	}
	struct dirent *de;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		char *r = *rel ? xasprintf("%s/%s", rel, de->d_name) : xstrdup(de->d_name);
		char *full = xasprintf("%s/%s", base, r);
		struct stat st, lst;
		if (stat(full, &st) == 0 && S_ISDIR(st.st_mode)) {
			if (lstat(full, &lst) == 0 && S_ISLNK(lst.st_mode))
				VEC_PUSH(w->links, w->nlinks, w->caplinks, xstrdup(r));
			else if (!seen_dir(w, &st))
				walk(w, base, r, v, n, cap);
		} else {
			size_t l = strlen(r);
			if (l > 6 && strcmp(r + l - 6, ".facts") == 0) {
				struct factfile f = {xstrndup(r, l - 6), xstrdup(full), st.st_mtime, 0};
				VEC_PUSH(*v, *n, *cap, f);
			}
		}
		free(r);
		free(full);
	}
	closedir(d);
	free(dir);
}

void walk_facts(const char *base, const char *rel, struct factfile **v, size_t *n, size_t *cap)
{
	struct fwalk w;
	memset(&w, 0, sizeof(w));
	char *top = *rel ? xasprintf("%s/%s", base, rel) : xstrdup(base);
	struct stat st;
	if (stat(top, &st) == 0)
		seen_dir(&w, &st);
	free(top);
	walk(&w, base, rel, v, n, cap);
	for (size_t i = 0; i < w.nlinks; i++) {
		char *full = xasprintf("%s/%s", base, w.links[i]);
		if (stat(full, &st) == 0 && !seen_dir(&w, &st))
			walk(&w, base, w.links[i], v, n, cap);
		free(full);
		free(w.links[i]);
	}
	free(w.links);
	free(w.seen);
}

int cmp_factfile(const void *a, const void *b)
{
	const struct factfile *x = a, *y = b;
	int r = strcmp(x->src, y->src);
	if (r)
		return r;
	return x->mtime > y->mtime ? -1 : x->mtime < y->mtime; /* newest first */
}

