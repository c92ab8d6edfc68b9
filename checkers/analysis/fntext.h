/* fntext.h - a function's source text as the facts carry it (the `text`
 * record, read once per file): the occurrences of one identifier in its body,
 * outside comments, string and character literals. */
#ifndef GFPCHECK_FNTEXT_H
#define GFPCHECK_FNTEXT_H
#include "analysis/analysis.h"
#include "facts/srclines.h"

/* The text of fn's file (never NULL; its text is NULL when the facts hold none). */
const struct srcfile *fn_src(struct analysis *a, const struct func *fn);
/* The text of file `file` (prog.files), as fn_src(). */
const struct srcfile *file_src(struct analysis *a, int file);
/* Free the texts fn_src() read (a later fn_src() reads them again): the
 * indirect-call resolution reads many files' texts, the rules only a few. */
void fn_src_drop(struct analysis *a);

/* An iterator over the identifier `name` in fn's body (from its opening brace
 * to its end): each occurrence that is not a member (`x.name`, `x->name`) and
 * not part of a longer identifier. */
struct fnuse {
	char **line;    /* the file's lines (kept: the cache's srcfile array may move) */
	int nlines;
	const struct func *fn;
	const char *name;
	size_t n;
	int ln;         /* current line (1-based) */
	const char *q;  /* next character to look at on that line */
	int comment;    /* inside a block comment */
	pos_t at;       /* the occurrence found last */
	const char *s;  /* its first character, in sf->line[at.line - 1] */
};

/* Start at fn's body; 0 when the text or the body cannot be found. */
int fnuse_begin(struct fnuse *u, const struct srcfile *sf, const struct func *fn, const char *name);
/* The next occurrence into u->at and u->s; 0 at the end of the body. */
int fnuse_next(struct fnuse *u);
/* The first character after the occurrence u->s that is not a blank on its
 * line (0 at the end of the line), and the last one before it (0 at its start). */
char fnuse_after(const struct fnuse *u);
char fnuse_before(const struct fnuse *u);
/* Is the occurrence called: `name(...)` or `(*name)(...)` (on one line)? */
int fnuse_called(const struct fnuse *u);
#endif
