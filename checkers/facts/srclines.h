/* srclines.h - source lines for reports (SARIF snippets, HTML excerpts, baseline
 * fingerprints), read from the `text` the facts carry (docs/FACTS.md), never from
 * the C files: a facts directory gives the same reports without the source tree.
 * A file's text is read (and checked against its `source` hash) the first time a
 * report asks for one of its lines. */
#ifndef GFPCHECK_SRCLINES_H
#define GFPCHECK_SRCLINES_H
#include <stddef.h>

struct program;

struct srcfile {
	char *path;  /* relative to the tree root */
	char *text;  /* NULL when the facts hold no text for it */
	char **line; /* line[0] is line 1, NUL-terminated, without the newline */
	int nlines;
};

struct srccache {
	const struct program *prog;
	struct srcfile *v;
	size_t n, cap;
	size_t last; /* the file found last (findings come sorted by file) */
	int *slot;   /* open addressing by path: index in v + 1, 0 empty */
	size_t nslot;
	int *pslot;  /* the same for prog->files (built on first use) */
	size_t npslot;
	int pdups;   /* two program files share a path */
};

void srccache_init(struct srccache *c, const struct program *prog);
/* The file at `rel` (relative to the root), read once; never NULL, but its text is
 * NULL when the facts hold none (or it does not match their `source` hash). */
const struct srcfile *src_file(struct srccache *c, const char *rel);
/* Line `line` (1-based) of `rel`, or NULL. */
const char *src_line(struct srccache *c, const char *rel, int line);
/* Forget the files read so far (their texts are freed; the srcfile pointers
 * given out are no longer valid), keeping the index of the program's paths:
 * for a walk over many files that needs one at a time. */
void srccache_forget(struct srccache *c);
void srccache_free(struct srccache *c);
#endif
