/* fe.h - state of one translation unit in the sparse front end. */
#ifndef GFPSPARSE_FE_H
#define GFPSPARSE_FE_H

#include "text.h"
#include "base/hash.h"
#include "base/util.h"

struct symbol;
struct expression;
struct statement;

/* a facts record waiting to be written, sorted by position */
struct rec {
	int line, col, seq;
	char *text;		/* the record, fields TAB-separated, no newline */
};

/* a file we write facts for: the main file and the tree's own headers */
struct owner {
	int stream;		/* sparse stream */
	char *path;		/* as sparse opened it */
	char *rel;		/* relative to the root, else absolute */
	int is_main;
	struct text tx;
	struct rec *recs;
	int nrecs, caprecs;
};

enum call_kind { CALL_WRITTEN, CALL_MACRO, CALL_EXPANDED };

struct callrec {
	int owner, fn;		/* fn: index in fe.fns, -1 at file scope */
	int tok, endtok;	/* POS token and one past the last token of the call */
	char *callee;		/* callee name, or struct_type.member for icall */
	int icall;
	int kind;
	int nargs;
	char **args;
	int *argtok;		/* written arguments: start token of each, and ... */
	int *argend;		/* ... one past the end; NULL for printed arguments */
	struct expression *expr;
	struct symbol *fake;	/* the stand-in symbol the linearized call names */
	struct symbol *callee_sym;
	int seq;
};

struct fnrec {
	char *name;
	int owner;
	int nametok, open, close;	/* name token, body braces */
	struct symbol *sym;
	int is_static;
};

struct fe {
	const char *root;	/* absolute */
	int headers;		/* write facts of the tree's own headers */
	struct owner *owners;
	int nowners;
	int *stream_owner;	/* per sparse stream: owner index or -1 */
	int nstreams;
	struct fnrec *fns;
	int nfns, capfns;
	struct callrec *calls;
	int ncalls, capcalls;
	int seq;
};

extern struct fe fe;

/* records */
void rec_add(int owner, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* append field text folded to one line (white space runs to one space, no TAB) */
void fold_field(struct strbuf *b, const char *s);
/* LINE:COL of the start / end of token i of owner o */
char *pos_start(int o, int i);
char *pos_end(int o, int i);	/* end of token i (exclusive) */

/* sparse positions */
int owner_of_stream(int stream);
/* the text token a sparse position names in its owner, or -1 */
int tok_of_pos(int owner, int line, int spcol);

/* walk.c */
void walk_function(struct symbol *sym, int owner, int fnidx);
void walk_file_scope(struct symbol *sym, int owner);
void text_records(int owner);
int fn_at_tok(int owner, int tok);
/* cfg.c */
void cfg_function(int fnidx);
void context_decl(int owner, struct symbol *sym, const char *name);
int fn_locate(int owner, int nametok, int *open, int *close);
void walk_reset(void);
/* the if records' condition token ranges, for the CFG */
int if_count(void);
void if_get(int i, int *owner, int *fn, int *kw, int *cs, int *ce);
void if_spans(int i, int *ts, int *te, int *es, int *ee);	/* token ranges, es -1 without else */

/* gfpflow.c: gfpflow, gfpret, gfpstore records */
void gfpflow_records(void);
/* argval.c: target and argval records (sizes and orders as sparse evaluated them) */
void argval_records(void);
int is_gfp_type(struct symbol *t);

/* expression text, as sparse parsed it (for printed arguments and contexts) */
void expr_text(struct strbuf *b, struct expression *e);
/* the lock class of a context expression: struct_type.member, a global's name, or - */
char *expr_class(struct expression *e);
/* struct_type.member and member name of a member access (any of sparse's forms) */
int expr_member(struct expression *e, char **field, char **member);

#endif
