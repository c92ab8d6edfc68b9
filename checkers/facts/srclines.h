/* srclines.h - source lines of the scanned tree, read on demand for reports,
 * suppressions and fingerprints (the analysis itself never reads C source). */
#ifndef GFPCHECK_SRCLINES_H
#define GFPCHECK_SRCLINES_H
#include <stddef.h>

struct srcfile {
	char *path;  /* relative to the tree root */
	char *text;  /* NULL when the file cannot be read */
	char **line; /* line[0] is line 1, NUL-terminated, without the newline */
	int nlines;
};

struct srccache {
	char *root;
	struct srcfile *v;
	size_t n, cap;
	size_t last; /* the file found last (findings come sorted by file) */
};

void srccache_init(struct srccache *c, const char *root);
/* The file at `rel` (relative to the root), read once; never NULL, but its text is
 * NULL when the file cannot be read. */
const struct srcfile *src_file(struct srccache *c, const char *rel);
/* Line `line` (1-based) of `rel`, or NULL. */
const char *src_line(struct srccache *c, const char *rel, int line);
void srccache_free(struct srccache *c);
#endif
