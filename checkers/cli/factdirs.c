/* factdirs.c - the .facts files of --facts directories. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/factdirs.h"
#include "base/util.h"

void walk_facts(const char *base, const char *rel, struct factfile **v, size_t *n, size_t *cap)
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
		struct stat st;
		if (stat(full, &st) == 0 && S_ISDIR(st.st_mode)) {
			walk_facts(base, r, v, n, cap);
		} else {
			size_t l = strlen(r);
			if (l > 6 && strcmp(r + l - 6, ".facts") == 0) {
				struct factfile f = {xstrndup(r, l - 6), xstrdup(full), st.st_mtime};
				VEC_PUSH(*v, *n, *cap, f);
			}
		}
		free(r);
		free(full);
	}
	closedir(d);
	free(dir);
}

int cmp_factfile(const void *a, const void *b)
{
	const struct factfile *x = a, *y = b;
	int r = strcmp(x->src, y->src);
	if (r)
		return r;
	return x->mtime > y->mtime ? -1 : x->mtime < y->mtime; /* newest first */
}

