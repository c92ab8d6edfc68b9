/* expr.h - substitutions used while printing expressions (expr.c) */
#ifndef GFPSPARSE_EXPR_H
#define GFPSPARSE_EXPR_H

struct symbol;
struct ident;
struct expression;

/* while pushed, SYM (or any symbol named NAME) prints and classifies as E */
void subst_push(struct symbol *sym, struct ident *name, struct expression *e);
int subst_mark(void);
void subst_pop(int mark);
/* names that sparse left unresolved (in a function's annotations) are FN's parameters */
void expr_type_scope(struct symbol *fn);

#endif
