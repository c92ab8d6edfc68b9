/* tree.c - where things are: the tree root of a scanned path, its kernel
 * version, and gfpcheck's own share directory (model/, cocci/). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/tree.h"
#include "base/util.h"
#include "model/model.h"

static char *self_dir(void)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
	if (n <= 0)
		return xstrdup(".");
	buf[n] = 0;
	char *slash = strrchr(buf, '/');
	if (slash)
		*slash = 0;
	return xstrdup(buf);
}

/* Share directory: $GFPCHECK_HOME, else the parent of bin/. */
char *share_path(const char *rel)
{
	const char *home = getenv("GFPCHECK_HOME");
	if (home && *home)
		return xasprintf("%s/%s", home, rel);
	char *d = self_dir();
	char *p = xasprintf("%s/../%s", d, rel);
	free(d);
	struct stat st;
	if (stat(p, &st) != 0) {
		free(p);
		p = xasprintf("/usr/share/gfpcheck/%s", rel);
	}
	return p;
}

int is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

int is_file(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* The tree root: the nearest ancestor of path holding both Makefile and Kbuild; else
 * the path itself (its directory when it is a file). */
char *find_root(const char *abs)
{
	char *d = xstrdup(abs);
	if (!is_dir(d)) {
		char *s = strrchr(d, '/');
		if (s && s != d)
			*s = 0;
	}
	char *start = xstrdup(d);
	for (;;) {
		char *mk = xasprintf("%s/Makefile", d), *kb = xasprintf("%s/Kbuild", d);
		int ok = is_file(mk) && is_file(kb);
		free(mk);
		free(kb);
		if (ok) {
			free(start);
			return d;
		}
		char *s = strrchr(d, '/');
		if (!s || s == d)
			break;
		*s = 0;
	}
	free(d);
	return start;
}

/* "6.1" from the tree's Makefile, or NULL. */
char *tree_version(const char *root)
{
	char *mk = xasprintf("%s/Makefile", root);
	char *text = read_file(mk, NULL);
	free(mk);
	if (!text)
		return NULL;
	int v = -1, pl = -1;
	for (char *line = text; line && *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = 0;
		/* strtol, not atoi: a huge number must not overflow; out of range = unknown */
		long n = strchr(line, '=') ? strtol(strchr(line, '=') + 1, NULL, 10) : -1;
		if (n < 0 || n > 999)
			n = -1;
		if (strncmp(line, "VERSION", 7) == 0 && strchr(line, '='))
			v = (int)n;
		else if (strncmp(line, "PATCHLEVEL", 10) == 0 && strchr(line, '='))
			pl = (int)n;
		line = nl ? nl + 1 : NULL;
	}
	free(text);
	if (v <= 0 || pl < 0)
		return NULL;
	char *r = xasprintf("%d.%d", v, pl);
	if (version_code(r) < 0) { /* VERSION = 100: not a kernel this model knows */
		free(r);
		return NULL;
	}
	return r;
}


int tree_source_file(const char *root, const char *path)
{
	if (!path)
		return 0;
	size_t l = strlen(path);
	if (l < 2 || path[l - 2] != '.' || (path[l - 1] != 'c' && path[l - 1] != 'h'))
		return 0;
	char *rp = realpath(path, NULL), *rr = realpath(root, NULL);
	size_t rl = rr ? strlen(rr) : 0;
	int in = rp && rr && strncmp(rp, rr, rl) == 0 && (rp[rl] == '/' || (rl == 1 && rr[0] == '/'));
	free(rp);
	free(rr);
	return in;
}
