/* text.h - the source file as written: a small C lexer over the original bytes,
 * so that every record is placed where its text is written (sparse gives the
 * position of the outermost macro invocation for everything a macro produced)
 * and so that spans, argument texts and gfp tokens are those of the file. */
#ifndef GFPSPARSE_TEXT_H
#define GFPSPARSE_TEXT_H

#include <stddef.h>

enum tok_kind { TK_IDENT, TK_NUM, TK_STR, TK_CHAR, TK_PUNCT };

struct tok {
	int line, col;		/* 1-based; col is a byte column */
	int off, len;		/* byte offset and length in the buffer */
	int match;		/* index of the matching bracket, or -1 */
	unsigned char kind;
	unsigned char live;	/* not in a branch the preprocessor dropped */
	unsigned char expanded;	/* sparse saw a macro expansion at this token */
	unsigned char seen;	/* sparse's token stream holds this position */
};

/* a conditional-compilation segment: the lines between two conditional directives */
struct segment {
	int first, last;	/* lines */
	int live;
};

/* an object-like macro definition: #define NAME VALUE */
struct define {
	int line, col;		/* of the '#' */
	char *name, *value;	/* value folded, comments dropped */
};

struct text {
	char *buf;
	size_t size;
	struct tok *t;
	int n;
	int nlines;
	int *line_tok;		/* first token index of each line (1-based lines, n when none) */
	struct segment *seg;
	int nseg;
	int *line_seg;		/* segment of each line */
	struct define *defs;
	int ndefs;
};

int text_load(struct text *tx, const char *path);
void text_free(struct text *tx);
/* the token at LINE and sparse column POS (1-based like ours, kept modulo 1024 by sparse), or -1 */
int text_tok_at(const struct text *tx, int line, int spcol);
/* the first token at or after LINE:COL (1-based), or n */
int text_tok_from(const struct text *tx, int line, int col);
int tok_is(const struct text *tx, int i, const char *s);
/* after marking tokens seen, decide which segments the preprocessor kept */
void text_mark_live(struct text *tx);

/* Spans (token indexes, END exclusive: i.e. one past the last token). */
/* end of the statement starting at token i: one past its last token */
int stmt_end(const struct text *tx, int i, int limit);
/* end of an expression starting at i: at a top-level , ; or an unmatched closer */
int expr_end(const struct text *tx, int i, int limit);
/* text of tokens [a, b) with white space folded (comments dropped); malloc'd */
char *text_span(const struct text *tx, int a, int b);
/* arguments of the bracketed list opening at token i: start indexes of each
 * argument written into *starts (malloc'd), count returned; each argument ends at
 * the next start - 1 (the comma) or at the closer */
int split_args(const struct text *tx, int open, int **starts);

#endif
