/* walk.c - records from sparse's AST (before expansion: every call as written,
 * inline functions included, both branches of constant conditions), placed on
 * the text of the file (text.c): fn, param, call, icall, ref, if, loop, switch,
 * case, return, goto, label, break, continue; then the records that come from the
 * text and the calls together: macro calls, gfp, gfparg, gfpvar, assign, export. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"
#include "symbol.h"
#include "expression.h"
#include "parse.h"
#include "token.h"

#include "fe.h"

/* ---- pending if records (the condition kind needs every call) ---- */
struct ifrec {
	int owner, fn;
	int kw, cs, ce, ts, te, es, ee;	/* token indexes; ce/te/ee one past the end */
};
static struct ifrec *ifs;
static int nifs, capifs;

/* iterator macro positions (loop ... iter): no macro call record there */
struct mark {
	int owner, tok;
};
static struct mark *iters;
static int niters, capiters;

/* tokens taken by a call as written (so a second call of the same name in the
 * same macro invocation is anchored at the next occurrence) */
static struct mark *used;
static int nused, capused;

static int marked(const struct mark *m, int n, int owner, int tok)
{
	for (int i = n - 1; i >= 0; i--)
		if (m[i].owner == owner && m[i].tok == tok)
			return 1;
	return 0;
}

static void mark(struct mark **m, int *n, int *cap, int owner, int tok)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		*m = xrealloc(*m, sizeof(struct mark) * (size_t)*cap);
	}
	(*m)[*n].owner = owner;
	(*m)[*n].tok = tok;
	(*n)++;
}

struct walk {
	int owner, fn;
	const struct text *tx;
};

static void local_record(struct walk *w, struct symbol *sym);

static const char *fnname(int fn)
{
	return fn >= 0 ? fe.fns[fn].name : "-";
}

/* the text token at a sparse position, in this walk's owner */
static int tokpos(const struct walk *w, struct position p)
{
	if (owner_of_stream(p.stream) != w->owner)
		return -1;
	return tok_of_pos(w->owner, (int)p.line, (int)p.pos);
}

static struct symbol *base_of(struct symbol *t)
{
	while (t && (t->type == SYM_NODE || t->type == SYM_TYPEOF))
		t = t->ctype.base_type;
	return t;
}

static int is_function_symbol(struct symbol *s)
{
	struct symbol *b = base_of(s);
	return b && b->type == SYM_FN;
}

static struct expression *strip_casts(struct expression *e)
{
	while (e && (e->type == EXPR_CAST || e->type == EXPR_FORCE_CAST || e->type == EXPR_IMPLIED_CAST))
		e = e->cast_expression;
	return e;
}

/* struct_type.member for a member access, .member when the type has no name */
static char *field_name(struct expression *deref)
{
	struct symbol *st = base_of(deref->deref ? deref->deref->ctype : NULL);
	const char *m = deref->member ? show_ident(deref->member) : "?";
	if (st && (st->type == SYM_STRUCT || st->type == SYM_UNION) && st->ident)
		return xasprintf("%s.%s", show_ident(st->ident), m);
	return xasprintf(".%s", m);
}

static struct callrec *new_call(const struct walk *w)
{
	if (fe.ncalls == fe.capcalls) {
		fe.capcalls = fe.capcalls ? fe.capcalls * 2 : 256;
		fe.calls = xrealloc(fe.calls, sizeof(struct callrec) * (size_t)fe.capcalls);
	}
	struct callrec *c = &fe.calls[fe.ncalls++];
	memset(c, 0, sizeof(*c));
	c->owner = w->owner;
	c->fn = w->fn;
	c->seq = fe.seq++;
	return c;
}

static void written_args(struct callrec *c, const struct text *tx, int open)
{
	int *st;
	int n = split_args(tx, open, &st);
	c->nargs = n;
	c->args = xmalloc(sizeof(char *) * (size_t)(n ? n : 1));
	c->argtok = xmalloc(sizeof(int) * (size_t)(n ? n : 1));
	c->argend = xmalloc(sizeof(int) * (size_t)(n ? n : 1));
	int close = tx->t[open].match;
	for (int i = 0; i < n; i++) {
		int e = i + 1 < n ? st[i + 1] - 1 : close;
		c->argtok[i] = st[i];
		c->argend[i] = e;
		c->args[i] = text_span(tx, st[i], e);
	}
	free(st);
}

/* one past the end of a macro invocation at token k */
static int invocation_end(const struct text *tx, int k)
{
	if (tok_is(tx, k + 1, "(") && tx->t[k + 1].match > k + 1)
		return tx->t[k + 1].match + 1;
	return k + 1;
}

static void walk_expr(struct walk *w, struct expression *e, const char *how);
static void walk_stmt(struct walk *w, struct statement *s);

/* The arguments of a call that the macro invoked at token k produced, as its
 * definition passes them: an argument that is exactly one of the macro's
 * parameters (parentheses allowed) is that argument as written at the
 * invocation; -1 where it is not.  Returns the number of arguments found, or -1
 * when the callee is not called in the macro's body. */
static int macro_args(const struct text *tx, int k, const char *callee, int *argnum, int max)
{
	char *mname = xstrndup(tx->buf + tx->t[k].off, (size_t)tx->t[k].len);
	struct symbol *m = lookup_symbol(built_in_ident(mname), NS_MACRO);
	free(mname);
	if (!m || !m->arglist || !m->expansion)
		return -1;
	struct token *t = m->expansion;
	for (; !eof_token(t) && token_type(t) != TOKEN_UNTAINT; t = t->next) {
		if (token_type(t) != TOKEN_IDENT || strcmp(show_ident(t->ident), callee) != 0 ||
		    eof_token(t->next) || !match_op(t->next, '('))
			continue;
		int n = 0, depth = 0, only = -2;	/* -2: empty so far; >= 0: one parameter; -1: other */
		for (struct token *a = t->next->next; !eof_token(a); a = a->next) {
			if (match_op(a, '(')) {
				depth++;
				continue;
			}
			if (match_op(a, ')') && depth-- == 0) {
				if (n < max)
					argnum[n] = only >= 0 ? only : -1;
				return n + 1;
			}
			if (match_op(a, ',') && depth == 0) {
				if (n < max)
					argnum[n] = only >= 0 ? only : -1;
				n++;
				only = -2;
				continue;
			}
			if (token_type(a) == TOKEN_MACRO_ARGUMENT && only == -2)
				only = a->argnum;
			else
				only = -1;
		}
		return -1;
	}
	return -1;
}

static void do_call(struct walk *w, struct expression *e)
{
	struct expression *fn = strip_casts(e->fn);
	struct expression *whole = fn;	/* p->ops->f once evaluated: *(ops + offset) */
	if (fn && fn->type == EXPR_PREOP && fn->op == '*')
		fn = strip_casts(fn->unop);
	if (!fn)
		return;
	const char *name;
	char *field = NULL;
	struct symbol *csym = NULL;
	int icall = 0;
	char namebuf[256];	/* show_ident() reuses one buffer */
	if (fn->type == EXPR_SYMBOL && fn->symbol && is_function_symbol(fn->symbol) && fn->symbol->ident) {
		csym = fn->symbol;
		snprintf(namebuf, sizeof(namebuf), "%s", show_ident(csym->ident));
		name = namebuf;
		if (strncmp(name, "__builtin_", 10) == 0 || strncmp(name, "__sync_", 7) == 0 ||
		    strncmp(name, "__atomic_", 9) == 0)
			return;
	} else if (fn->type == EXPR_SYMBOL && fn->symbol && fn->symbol->ident &&
		   !(fn->symbol->ctype.modifiers & MOD_TOPLEVEL)) {
		/* through a parameter or local function pointer: FIELD =VAR, as the
		 * other front ends write it (a global pointer: no record, as Clang) */
		icall = 1;
		snprintf(namebuf, sizeof(namebuf), "%s", show_ident(fn->symbol->ident));
		name = namebuf;
		field = xasprintf("=%s", name);
	} else if (fn->type == EXPR_DEREF && fn->member) {
		icall = 1;
		snprintf(namebuf, sizeof(namebuf), "%s", show_ident(fn->member));
		name = namebuf;
		field = field_name(fn);
	} else {
		/* evaluated: p->ops->f is *(ops + offset) */
		char *m;
		if (!expr_member(whole, &field, &m) && !expr_member(fn, &field, &m))
			return;
		icall = 1;
		snprintf(namebuf, sizeof(namebuf), "%s", m);
		free(m);
		name = namebuf;
	}
	int k = tokpos(w, e->pos);
	if (k < 0) {
		free(field);
		return;
	}
	const struct text *tx = w->tx;
	struct callrec *c = new_call(w);
	c->icall = icall;
	c->callee = field ? field : xstrdup(name);
	c->callee_sym = csym;
	c->expr = e;
	int at = -1;
	if (tok_is(tx, k, "(") && k > 0 && tx->t[k - 1].kind == TK_IDENT && tok_is(tx, k - 1, name) &&
	    !marked(used, nused, w->owner, k - 1)) {
		at = k - 1;
	} else {
		/* produced by the macro invocation at k: anchored where the callee is
		 * written in its arguments, else at the macro */
		int end = invocation_end(tx, k);
		for (int j = k + 1; j + 1 < end; j++)
			if (tx->t[j].kind == TK_IDENT && tok_is(tx, j, name) && tok_is(tx, j + 1, "(") &&
			    !marked(used, nused, w->owner, j)) {
				at = j;
				break;
			}
		if (at < 0) {
			c->kind = CALL_EXPANDED;
			c->tok = k;
			c->endtok = end;
			int n = 0;
			struct expression *a;
			FOR_EACH_PTR(e->args, a) {
				n++;
			} END_FOR_EACH_PTR(a);
			c->nargs = n;
			c->args = xmalloc(sizeof(char *) * (size_t)(n ? n : 1));
			/* the macro's own arguments where its body passes them on */
			int argnum[64], *ist = NULL, nist = 0;
			int nm = macro_args(tx, k, name, argnum, 64);
			if (nm == n && tok_is(tx, k + 1, "("))
				nist = split_args(tx, k + 1, &ist);
			n = 0;
			FOR_EACH_PTR(e->args, a) {
				if (nm == c->nargs && n < 64 && argnum[n] >= 0 && argnum[n] < nist) {
					int b0 = ist[argnum[n]];
					int b1 = argnum[n] + 1 < nist ? ist[argnum[n] + 1] - 1 : tx->t[k + 1].match;
					c->args[n++] = text_span(tx, b0, b1);
					continue;
				}
				struct strbuf b = {0};
				expr_text(&b, a);
				c->args[n++] = b.s ? b.s : xstrdup("");
			} END_FOR_EACH_PTR(a);
			free(ist);
		}
	}
	if (at >= 0) {
		mark(&used, &nused, &capused, w->owner, at);
		c->kind = CALL_WRITTEN;
		c->tok = at;
		c->endtok = tx->t[at + 1].match > at ? tx->t[at + 1].match + 1 : at + 2;
		written_args(c, tx, at + 1);
	}
}

static void ref(struct walk *w, struct expression *e, const char *how)
{
	struct symbol *s = e->symbol;
	if (!s || !s->ident || !is_function_symbol(s))
		return;
	int k = tokpos(w, e->pos);
	if (k < 0)
		return;
	const struct text *tx = w->tx;
	char *p = pos_start(w->owner, k);
	if (!how)
		how = k > 0 && tok_is(tx, k - 1, "&") ? "addr" : "other";
	rec_add(w->owner, tx->t[k].line, tx->t[k].col, "ref\t%s\t%s\t%s\t%s", fnname(w->fn), p,
		show_ident(s->ident), how);
	free(p);
}

/* the member of struct type st at byte offset off (first one; nested anonymous members searched) */
static struct symbol *member_at(struct symbol *st, unsigned long off)
{
	st = base_of(st);
	if (!st || (st->type != SYM_STRUCT && st->type != SYM_UNION))
		return NULL;
	struct symbol *m;
	FOR_EACH_PTR(st->symbol_list, m) {
		if (m->offset == off && m->ident)
			return m;
		if (!m->ident) {
			struct symbol *in = member_at(m, off - m->offset);
			if (in && m->offset <= off)
				return in;
		}
	} END_FOR_EACH_PTR(m);
	return NULL;
}

static void walk_initializer(struct walk *w, struct expression *e, struct symbol *type)
{
	if (!e)
		return;
	if (e->type != EXPR_INITIALIZER) {
		walk_expr(w, e, "assign");
		return;
	}
	struct symbol *st = base_of(type);
	struct expression *x;
	FOR_EACH_PTR(e->expr_list, x) {
		struct symbol *m = NULL;
		struct expression *v = x;
		if (x->type == EXPR_POS) {
			v = x->init_expr;
			m = member_at(st, x->init_offset);
		} else if (x->type == EXPR_IDENTIFIER) {
			v = x->ident_expression;
			m = x->field;
		} else if (x->type == EXPR_INDEX) {
			v = x->idx_expression;
		}
		if (!v)
			continue;
		struct expression *sv = strip_casts(v);
		if (sv && sv->type == EXPR_PREOP && sv->op == '&')
			sv = strip_casts(sv->unop);
		if (sv && sv->type == EXPR_SYMBOL && m && m->ident && st && st->ident) {
			char *how = xasprintf("init:%s.%s", show_ident(st->ident), show_ident(m->ident));
			ref(w, sv, how);
			free(how);
		} else if (v->type == EXPR_INITIALIZER) {
			walk_initializer(w, v, m ? m->ctype.base_type : (st && st->type == SYM_ARRAY ? st->ctype.base_type : NULL));
		} else {
			walk_expr(w, v, "assign");
		}
	} END_FOR_EACH_PTR(x);
}

static void walk_expr(struct walk *w, struct expression *e, const char *how)
{
	if (!e)
		return;
	switch (e->type) {
	case EXPR_CALL: {
		do_call(w, e);
		struct expression *fn = strip_casts(e->fn);
		if (fn && fn->type == EXPR_PREOP && fn->op == '*')
			fn = strip_casts(fn->unop);
		if (fn && fn->type != EXPR_SYMBOL)
			walk_expr(w, fn, "other");
		struct expression *a;
		FOR_EACH_PTR(e->args, a) {
			walk_expr(w, a, "arg");
		} END_FOR_EACH_PTR(a);
		break;
	}
	case EXPR_SYMBOL:
		ref(w, e, how && strcmp(how, "none") ? how : NULL);
		break;
	case EXPR_STATEMENT:
		walk_stmt(w, e->statement);
		break;
	case EXPR_ASSIGNMENT: {
		walk_expr(w, e->left, "other");
		/* where the value goes, as the other front ends write it: a member
		 * (`handlers[0].gfd_fn = f`, `x->ops = &f_ops`) assign:TYPE.MEMBER,
		 * a parameter or local assign:=VAR, anything else assign */
		char *to = NULL, *m = NULL;
		struct expression *l = strip_casts(e->left);
		struct expression *v = l && l->type == EXPR_PREOP && l->op == '*' ? strip_casts(l->unop) : l;
		if (e->op == '=' && l && expr_member(l, &to, &m)) {
			char *t = xasprintf("assign:%s", to);
			free(to);
			to = t;
		} else if (e->op == '=' && v && v->type == EXPR_SYMBOL && v->symbol && v->symbol->ident &&
			   !(v->symbol->ctype.modifiers & MOD_TOPLEVEL)) {
			/* a local as evaluated: *(&f) */
			to = xasprintf("assign:=%s", show_ident(v->symbol->ident));
		}
		walk_expr(w, e->right, to ? to : "assign");
		free(to);
		free(m);
		break;
	}
	case EXPR_BINOP:
	case EXPR_LOGICAL:
	case EXPR_COMMA:
	case EXPR_COMPARE:
		walk_expr(w, e->left, NULL);
		walk_expr(w, e->right, NULL);
		break;
	case EXPR_PREOP:
		if (e->op == '&' && e->unop && strip_casts(e->unop)->type == EXPR_SYMBOL) {
			struct expression *s = strip_casts(e->unop);
			ref(w, s, how && (!strcmp(how, "arg") || !strncmp(how, "assign", 6)) ? how : "addr");
			break;
		}
		walk_expr(w, e->unop, NULL);
		break;
	case EXPR_POSTOP:
		walk_expr(w, e->unop, NULL);
		break;
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		walk_expr(w, e->cast_expression, how);
		break;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		walk_expr(w, e->conditional, NULL);
		walk_expr(w, e->cond_true, how);
		walk_expr(w, e->cond_false, how);
		break;
	case EXPR_DEREF:
		walk_expr(w, e->deref, NULL);
		break;
	case EXPR_SLICE:
		walk_expr(w, e->base, NULL);
		break;
	case EXPR_INITIALIZER:
		walk_initializer(w, e, e->ctype);
		break;
	case EXPR_POS:
		walk_expr(w, e->init_expr, how);
		break;
	case EXPR_IDENTIFIER:
		walk_expr(w, e->ident_expression, how);
		break;
	case EXPR_INDEX:
		walk_expr(w, e->idx_expression, how);
		break;
	default:
		break;	/* values, strings, sizeof (not evaluated), labels, types */
	}
}

static int span_end_tok(const struct text *tx, int a)
{
	return stmt_end(tx, a, tx->n);
}

static void structure(struct walk *w, const char *kind, int k, const char *extra)
{
	char *p = pos_start(w->owner, k);
	rec_add(w->owner, w->tx->t[k].line, w->tx->t[k].col, "%s\t%s\t%s%s", kind, fnname(w->fn), p, extra ? extra : "");
	free(p);
}

/* for (;;) and while (1): the loop is left only by break, goto or return */
static int loop_forever(const struct statement *s)
{
	const struct expression *c = s->iterator_pre_condition;
	if (s->iterator_post_condition)
		return 0;
	while (c && c->type == EXPR_PREOP && c->op == '(')
		c = c->unop;
	return !c || (c->type == EXPR_VALUE && c->value != 0);
}

static void body_record(struct walk *w, const char *kind, int k, int body, const char *tail)
{
	const struct text *tx = w->tx;
	int end = span_end_tok(tx, body);
	if (body >= tx->n || end <= body)
		return;
	char *p = pos_start(w->owner, k), *a = pos_start(w->owner, body), *b = pos_end(w->owner, end - 1);
	rec_add(w->owner, tx->t[k].line, tx->t[k].col, "%s\t%s\t%s\t%s\t%s%s", kind, fnname(w->fn), p, a, b, tail);
	free(p);
	free(a);
	free(b);
}

static void walk_stmt(struct walk *w, struct statement *s)
{
	if (!s)
		return;
	const struct text *tx = w->tx;
	int k = tokpos(w, s->pos);
	switch (s->type) {
	case STMT_DECLARATION: {
		struct symbol *sym;
		FOR_EACH_PTR(s->declaration, sym) {
			local_record(w, sym);
			if (sym->initializer)
				walk_initializer(w, sym->initializer, sym->ctype.base_type);
		} END_FOR_EACH_PTR(sym);
		break;
	}
	case STMT_EXPRESSION:
		walk_expr(w, s->expression, NULL);
		break;
	case STMT_COMPOUND: {
		struct statement *x;
		FOR_EACH_PTR(s->stmts, x) {
			walk_stmt(w, x);
		} END_FOR_EACH_PTR(x);
		break;
	}
	case STMT_IF:
		if (k >= 0 && tok_is(tx, k, "if") && tok_is(tx, k + 1, "(") && tx->t[k + 1].match > k + 1) {
			if (nifs == capifs) {
				capifs = capifs ? capifs * 2 : 64;
				ifs = xrealloc(ifs, sizeof(struct ifrec) * (size_t)capifs);
			}
			struct ifrec *r = &ifs[nifs++];
			r->owner = w->owner;
			r->fn = w->fn;
			r->kw = k;
			r->cs = k + 2;
			r->ce = tx->t[k + 1].match;
			r->ts = r->ce + 1;
			r->te = span_end_tok(tx, r->ts);
			r->es = r->ee = -1;
			if (tok_is(tx, r->te, "else")) {
				r->es = r->te + 1;
				r->ee = span_end_tok(tx, r->es);
			}
		}
		walk_expr(w, s->if_conditional, NULL);
		walk_stmt(w, s->if_true);
		walk_stmt(w, s->if_false);
		break;
	case STMT_ITERATOR:
		if (s->iterator_syms) {
			struct symbol *sym;
			FOR_EACH_PTR(s->iterator_syms, sym) {
				local_record(w, sym);
			} END_FOR_EACH_PTR(sym);
		}
		if (k >= 0) {
			if ((tok_is(tx, k, "for") || tok_is(tx, k, "while")) && tx->t[k + 1].match > k + 1)
				body_record(w, "loop", k, tx->t[k + 1].match + 1,
					    loop_forever(s) ? "\tforever" : tok_is(tx, k, "for") ? "\tfor" : "\twhile");
			else if (tok_is(tx, k, "do"))
				body_record(w, "loop", k, k + 1, "\tdo");
			else if (tx->t[k].kind == TK_IDENT && tok_is(tx, k + 1, "(") && tx->t[k + 1].match > k + 1 &&
				 !tok_is(tx, tx->t[k + 1].match + 1, ";") && !marked(iters, niters, w->owner, k)) {
				/* an iterator macro: its body is written after the invocation */
				mark(&iters, &niters, &capiters, w->owner, k);
				body_record(w, "loop", k, tx->t[k + 1].match + 1, "\titer");
			}
		}
		walk_stmt(w, s->iterator_pre_statement);
		walk_expr(w, s->iterator_pre_condition, NULL);
		walk_stmt(w, s->iterator_statement);
		walk_stmt(w, s->iterator_post_statement);
		walk_expr(w, s->iterator_post_condition, NULL);
		break;
	case STMT_SWITCH:
		if (k >= 0 && tok_is(tx, k, "switch") && tx->t[k + 1].match > k + 1)
			body_record(w, "switch", k, tx->t[k + 1].match + 1, "");
		walk_expr(w, s->switch_expression, NULL);
		walk_stmt(w, s->switch_statement);
		break;
	case STMT_CASE:
		if (k >= 0 && (tok_is(tx, k, "case") || tok_is(tx, k, "default")))
			structure(w, "case", k, NULL);
		walk_stmt(w, s->case_statement);
		break;
	case STMT_RETURN:
		if (k >= 0 && tok_is(tx, k, "return"))
			structure(w, "return", k, NULL);
		walk_expr(w, s->ret_value, NULL);
		break;
	case STMT_GOTO:
		if (k >= 0 && tok_is(tx, k, "goto") && tx->t[k + 1].kind == TK_IDENT) {
			char *lab = text_span(tx, k + 1, k + 2);
			char *extra = xasprintf("\t%s", lab);
			structure(w, "goto", k, extra);
			free(lab);
			free(extra);
		} else if (k >= 0 && tok_is(tx, k, "break")) {
			structure(w, "break", k, NULL);
		} else if (k >= 0 && tok_is(tx, k, "continue")) {
			structure(w, "continue", k, NULL);
		}
		walk_expr(w, s->goto_expression, NULL);
		break;
	case STMT_LABEL:
		if (k >= 0 && tx->t[k].kind == TK_IDENT && tok_is(tx, k + 1, ":") && s->label_identifier &&
		    s->label_identifier->ident && tok_is(tx, k, show_ident(s->label_identifier->ident))) {
			char *extra = xasprintf("\t%s", show_ident(s->label_identifier->ident));
			structure(w, "label", k, extra);
			free(extra);
		}
		walk_stmt(w, s->label_statement);
		break;
	case STMT_CONTEXT:
	case STMT_ASM:
	case STMT_RANGE:
	case STMT_NONE:
		break;
	}
}

/* the function's text: name token, parameter list, body braces */
static int locate(const struct text *tx, int nametok, int *open, int *close)
{
	if (!tok_is(tx, nametok + 1, "(") || tx->t[nametok + 1].match <= nametok + 1)
		return -1;
	int j = tx->t[nametok + 1].match + 1;
	while (j < tx->n && !tok_is(tx, j, "{")) {
		if (tok_is(tx, j, ";") || tok_is(tx, j, "}"))
			return -1;
		j = tx->t[j].match > j ? tx->t[j].match + 1 : j + 1;
	}
	if (j >= tx->n || tx->t[j].match <= j)
		return -1;
	*open = j;
	*close = tx->t[j].match;
	return 0;
}

/* the type text of a declared symbol as sparse prints it (`struct inode *`,
 * `char [16]`), folded */
static char *type_text(struct symbol *t)
{
	struct strbuf b = {0};
	fold_field(&b, t ? show_typename(t) : "");
	return b.s ? b.s : xstrdup("");
}

/* `local` record of a variable declared in the body, at its name as written */
static void local_record(struct walk *w, struct symbol *sym)
{
	if (!sym || !sym->ident || w->fn < 0 || owner_of_stream(sym->pos.stream) != w->owner)
		return;
	struct symbol *b = sym->ctype.base_type;
	if (!b || b->type == SYM_FN || (sym->ctype.modifiers & MOD_EXTERN) || sym->namespace != NS_SYMBOL)
		return;
	int k = tok_of_pos(w->owner, (int)sym->pos.line, (int)sym->pos.pos);
	const char *name = show_ident(sym->ident);
	/* the position may be the declaration's start: `struct x *name` */
	for (int j = 0; j < 12 && k >= 0 && k + 1 < w->tx->n && !tok_is(w->tx, k, name) &&
			(tok_is(w->tx, k, "*") || tok_is(w->tx, k, "(") || w->tx->t[k].kind == TK_IDENT); j++)
		k++;
	if (k < 0 || !tok_is(w->tx, k, name))
		return;
	char *p = pos_start(w->owner, k), *t = type_text(b);
	rec_add(w->owner, w->tx->t[k].line, w->tx->t[k].col, "local\t%s\t%s\t%s\t%s", fnname(w->fn), p,
		show_ident(sym->ident), t);
	free(p);
	free(t);
}

void walk_function(struct symbol *sym, int owner, int fnidx)
{
	struct owner *o = &fe.owners[owner];
	struct fnrec *f = &fe.fns[fnidx];
	struct symbol *base = sym->ctype.base_type;
	const struct text *tx = &o->tx;
	char *start = pos_start(owner, f->nametok), *end = pos_end(owner, f->close);
	char *ret = type_text(base->ctype.base_type);
	rec_add(owner, tx->t[f->nametok].line, tx->t[f->nametok].col, "fn\t%s\t%s\t%s\t%s\t%s", f->name,
		f->is_static ? "static" : "extern", start, end, ret);
	free(ret);
	free(start);
	free(end);
	/* parameters: names from sparse, types as written */
	int *st;
	int np = split_args(tx, f->nametok + 1, &st);
	int i = 0;
	struct symbol *arg;
	FOR_EACH_PTR(base->arguments, arg) {
		if (i >= np)
			break;
		int a = st[i], b = i + 1 < np ? st[i + 1] - 1 : tx->t[f->nametok + 1].match;
		if (arg->ident) {
			const char *pn = show_ident(arg->ident);
			int nt = -1;
			for (int j = a; j < b; j++)
				if (tok_is(tx, j, pn))
					nt = j;
			if (nt >= 0) {
				char *t1 = text_span(tx, a, nt), *t2 = text_span(tx, nt + 1, b);
				struct strbuf ty = {0};
				sb_add(&ty, t1);
				if (*t2) {
					sb_add(&ty, *t1 ? " " : "");
					sb_add(&ty, t2);
				}
				struct strbuf line = {0};
				fold_field(&line, ty.s ? ty.s : "");
				rec_add(owner, tx->t[nt].line, tx->t[nt].col, "param\t%s\t%d\t%s\t%s", f->name, i, pn,
					line.s ? line.s : "");
				free(line.s);
				free(ty.s);
				free(t1);
				free(t2);
			}
		}
		i++;
	} END_FOR_EACH_PTR(arg);
	free(st);
	struct walk w = {owner, fnidx, tx};
	walk_stmt(&w, base->stmt ? base->stmt : base->inline_stmt);
}

void walk_file_scope(struct symbol *sym, int owner)
{
	struct walk w = {owner, -1, &fe.owners[owner].tx};
	if (sym->initializer)
		walk_initializer(&w, sym->initializer, sym->ctype.base_type);
}

int fn_locate(int owner, int nametok, int *open, int *close)
{
	return locate(&fe.owners[owner].tx, nametok, open, close);
}

/* ---- records from the text and the calls together ---- */

int fn_at_tok(int owner, int tok)
{
	for (int i = 0; i < fe.nfns; i++)
		if (fe.fns[i].owner == owner && fe.fns[i].open < tok && tok < fe.fns[i].close)
			return i;
	return -1;
}

static int is_gfp_name(const struct text *tx, int k)
{
	const struct tok *t = &tx->t[k];
	const char *s = tx->buf + t->off;
	if (t->kind != TK_IDENT)
		return 0;
	if (t->len > 4 && strncmp(s, "GFP_", 4) == 0)
		return 1;
	if (t->len > 6 && strncmp(s, "__GFP_", 6) == 0)
		return 1;
	if (t->len > 3 && strncmp(s, "KM_", 3) == 0 && s[3] >= 'A' && s[3] <= 'Z')
		return 1;
	return 0;
}

static int is_macro_fn(const struct text *tx, int k)
{
	char *name = xstrndup(tx->buf + tx->t[k].off, (size_t)tx->t[k].len);
	struct ident *id = built_in_ident(name);
	free(name);
	struct symbol *m = lookup_symbol(id, NS_MACRO);
	return m && m->arglist;
}

static int cmp_calls(const void *a, const void *b)
{
	const struct callrec *x = a, *y = b;
	if (x->owner != y->owner)
		return x->owner - y->owner;
	if (x->tok != y->tok)
		return x->tok - y->tok;
	int kx = x->kind == CALL_MACRO ? 0 : 1, ky = y->kind == CALL_MACRO ? 0 : 1;
	if (kx != ky)
		return kx - ky;
	return x->seq - y->seq;
}

/* the start of the left side of the assignment whose '=' is token eq */
static int lhs_start(const struct text *tx, int eq)
{
	int j = eq - 1;
	while (j >= 0) {
		const struct tok *t = &tx->t[j];
		if (t->kind == TK_PUNCT && t->len == 1) {
			char c = tx->buf[t->off];
			if (c == ';' || c == '{' || c == '}' || c == ',' || c == '(' || c == ':' || c == '?' || c == '=')
				break;
			if ((c == ')' || c == ']') && t->match >= 0 && t->match < j) {
				int o = t->match;
				if (c == ')' && o > 0 && (tok_is(tx, o - 1, "if") || tok_is(tx, o - 1, "while") ||
							   tok_is(tx, o - 1, "for") || tok_is(tx, o - 1, "switch")))
					break;
				j = o - 1;
				continue;
			}
		} else if (t->kind == TK_PUNCT && (tok_is(tx, j, "&&") || tok_is(tx, j, "||"))) {
			break;
		} else if (tok_is(tx, j, "else") || tok_is(tx, j, "return") || tok_is(tx, j, "do")) {
			break;
		}
		j--;
	}
	return j + 1;
}

static char *var_name(const struct text *tx, int a, int b)
{
	int last = -1;
	for (int k = a; k < b; k++) {
		if (tx->t[k].kind == TK_IDENT)
			last = k;
		else if (!tok_is(tx, k, "*"))
			return text_span(tx, a, b);
	}
	return last >= 0 ? text_span(tx, last, last + 1) : NULL;
}

static char *recv_text(const struct callrec *c)
{
	if (!c->expr || c->expr->type != EXPR_CALL || !c->expr->fn)
		return NULL;
	struct strbuf b = {0};
	expr_text(&b, c->expr->fn);
	if (!b.s)
		return NULL;
	const char *dot = strrchr(c->callee, '.');
	const char *member = dot ? dot + 1 : c->callee;
	size_t n = strlen(b.s), m = strlen(member);
	/* `(*x->f)` and `(x->f)`: the parentheses and the star go first */
	char *s = b.s;
	while (n >= 2 && s[0] == '(' && s[n - 1] == ')') {
		s++;
		n -= 2;
	}
	if (n && s[0] == '*') {
		s++;
		n--;
	}
	char *out = NULL;
	if (n > m + 2 && !strncmp(s + n - m, member, m) && !strncmp(s + n - m - 2, "->", 2))
		out = xasprintf("%.*s", (int)(n - m - 2), s);
	else if (n > m + 1 && !strncmp(s + n - m, member, m) && s[n - m - 1] == '.')
		out = xasprintf("%.*s", (int)(n - m - 1), s);
	free(b.s);
	return out;
}

static void emit_call(const struct callrec *c)
{
	const struct text *tx = &fe.owners[c->owner].tx;
	struct strbuf b = {0};
	char *p = pos_start(c->owner, c->tok), *e = pos_end(c->owner, c->endtok - 1);
	sb_addf(&b, "%s\t%s\t%s\t%s\t%s", c->icall ? "icall" : "call", fnname(c->fn), p, e, c->callee);
	if (c->icall) {
		/* RECV: the receiver, the callee expression without its last member */
		char *r = recv_text(c);
		sb_addc(&b, '\t');
		fold_field(&b, r ? r : "-");
		free(r);
	}
	sb_addf(&b, "\t%d", c->nargs);
	for (int i = 0; i < c->nargs; i++) {
		sb_addc(&b, '\t');
		fold_field(&b, c->args[i]);
	}
	rec_add(c->owner, tx->t[c->tok].line, tx->t[c->tok].col, "%s", b.s);
	free(b.s);
	free(p);
	free(e);
}

/* the gfp-typed argument of an expanded call: its index if exactly one, else -1 */
static int gfp_arg_index(const struct callrec *c)
{
	if (!c->expr)
		return -1;
	int i = 0, found = -1;
	struct expression *a;
	FOR_EACH_PTR(c->expr->args, a) {
		struct symbol *t = a->ctype;
		while (t && t->type == SYM_NODE)
			t = t->ctype.base_type;
		if (t && t->type == SYM_RESTRICT && t->ident &&
		    (!strcmp(show_ident(t->ident), "gfp_t") || !strcmp(show_ident(t->ident), "xfs_km_flags_t"))) {
			if (found >= 0)
				return -1;
			found = i;
		}
		i++;
	} END_FOR_EACH_PTR(a);
	return found;
}

void text_records(int owner)
{
	struct owner *o = &fe.owners[owner];
	const struct text *tx = &o->tx;

	/* function-like macros invoked in function bodies, as written */
	for (int f = 0; f < fe.nfns; f++) {
		if (fe.fns[f].owner != owner)
			continue;
		for (int k = fe.fns[f].open + 1; k < fe.fns[f].close; k++) {
			if (tx->t[k].kind != TK_IDENT || !tx->t[k].live || !tok_is(tx, k + 1, "(") ||
			    tx->t[k + 1].match <= k + 1)
				continue;
			if (marked(iters, niters, owner, k) || marked(used, nused, owner, k) || !is_macro_fn(tx, k))
				continue;
			struct walk w = {owner, f, tx};
			struct callrec *c = new_call(&w);
			c->kind = CALL_MACRO;
			c->callee = text_span(tx, k, k + 1);
			c->tok = k;
			c->endtok = tx->t[k + 1].match + 1;
			written_args(c, tx, k + 1);
		}
	}
	if (fe.ncalls > 1)
		qsort(fe.calls, (size_t)fe.ncalls, sizeof(struct callrec), cmp_calls);
	int c0 = 0, c1;
	while (c0 < fe.ncalls && fe.calls[c0].owner != owner)
		c0++;
	for (c1 = c0; c1 < fe.ncalls && fe.calls[c1].owner == owner; c1++)
		emit_call(&fe.calls[c1]);

	/* gfp tokens and the calls they are passed to */
	for (int k = 0; k < tx->n; k++) {
		if (!tx->t[k].live || !is_gfp_name(tx, k))
			continue;
		int f = fn_at_tok(owner, k);
		char *p = pos_start(owner, k), *e = pos_end(owner, k);
		char *name = text_span(tx, k, k + 1);
		rec_add(owner, tx->t[k].line, tx->t[k].col, "gfp\t%s\t%s\t%s\t%s", fnname(f), p, e, name);
		for (int i = c0; i < c1; i++) {
			const struct callrec *c = &fe.calls[i];
			if (k <= c->tok || k >= c->endtok)
				continue;
			int idx = -1;
			if (c->argtok) {
				for (int a = 0; a < c->nargs; a++)
					if (c->argtok[a] <= k && k < c->argend[a])
						idx = a;
			} else {
				idx = gfp_arg_index(c);
			}
			if (idx < 0)
				continue;
			char *cp = pos_start(owner, c->tok);
			rec_add(owner, tx->t[k].line, tx->t[k].col, "gfparg\t%s\t%s\t%d", p, cp, idx);
			free(cp);
		}
		free(p);
		free(e);
		free(name);
	}

	/* assignments: gfpvar (innermost) and assign (the call that ends where the value ends) */
	int ng = 0;
	int *gt = xmalloc(sizeof(int) * (size_t)(tx->n + 1));
	for (int k = 0; k < tx->n; k++)
		if (tx->t[k].live && is_gfp_name(tx, k))
			gt[ng++] = k;
	int *gbest = xcalloc((size_t)(ng + 1), sizeof(int));
	char **gvar = xcalloc((size_t)(ng + 1), sizeof(char *));
	char *assigned = xcalloc((size_t)(tx->n + 1), 1);
	for (int eq = 0; eq < tx->n; eq++) {
		if (!tok_is(tx, eq, "=") || !tx->t[eq].live)
			continue;
		int ls = lhs_start(tx, eq);
		if (ls >= eq || tok_is(tx, ls, ".") || tok_is(tx, ls, "["))
			continue;
		int re = expr_end(tx, eq + 1, tx->n);
		char *var = var_name(tx, ls, eq);
		if (!var)
			continue;
		int f = fn_at_tok(owner, eq);
		/* the calls are sorted by token: the first after '=' */
		int lo = c0, hi = c1;
		while (lo < hi) {
			int mid = (lo + hi) / 2;
			if (fe.calls[mid].tok <= eq)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (int i = lo; i < c1 && fe.calls[i].tok < re; i++) {
			const struct callrec *c = &fe.calls[i];
			if (c->endtok == re && c->fn == f && !assigned[c->tok]) {
				assigned[c->tok] = 1;
				char *p = pos_start(owner, c->tok);
				struct strbuf b = {0};
				fold_field(&b, var);
				rec_add(owner, tx->t[c->tok].line, tx->t[c->tok].col, "assign\t%s\t%s\t%s", fnname(f), p, b.s);
				free(b.s);
				free(p);
				break;
			}
		}
		for (int gi = 0; gi < ng; gi++) {
			int k = gt[gi];
			if (k > eq && k < re && eq >= gbest[gi]) {
				gbest[gi] = eq;
				free(gvar[gi]);
				gvar[gi] = xstrdup(var);
			}
		}
		free(var);
	}
	for (int gi = 0; gi < ng; gi++) {
		int k = gt[gi];
		if (gvar[gi]) {
			char *p = pos_start(owner, k);
			struct strbuf b = {0};
			fold_field(&b, gvar[gi]);
			rec_add(owner, tx->t[k].line, tx->t[k].col, "gfpvar\t%s\t%s", p, b.s);
			free(b.s);
			free(p);
			free(gvar[gi]);
		}
	}
	free(gt);
	free(gbest);
	free(gvar);
	free(assigned);

	/* if records: the condition as a call */
	for (int r = 0; r < nifs; r++) {
		struct ifrec *x = &ifs[r];
		if (x->owner != owner)
			continue;
		int a = x->cs, b = x->ce, neg = 0;
		for (int guard = 0; guard < 64 && a < b; guard++) {
			if (tok_is(tx, a, "(") && tx->t[a].match == b - 1) {
				a++;
				b--;
			} else if ((tok_is(tx, a, "likely") || tok_is(tx, a, "unlikely")) && tok_is(tx, a + 1, "(") &&
				   tx->t[a + 1].match == b - 1) {
				a += 2;
				b--;
			} else if (tok_is(tx, a, "!") && tok_is(tx, a + 1, "!")) {
				a += 2;
			} else if (tok_is(tx, a, "!") && !neg) {
				neg = 1;
				a++;
			} else {
				/* one assignment at the top level */
				int eq = -1;
				for (int k = a; k < b; k = tx->t[k].match > k ? tx->t[k].match + 1 : k + 1)
					if (tok_is(tx, k, "=")) {
						eq = k;
						break;
					}
				if (eq < 0)
					break;
				a = eq + 1;
			}
		}
		const char *name = NULL;
		for (int i = c0; i < c1; i++) {
			const struct callrec *c = &fe.calls[i];
			if (c->tok == a && c->endtok == b && b > a) { /* the whole condition is the call */
				name = c->callee;
				break;
			}
		}
		char *kw = pos_start(owner, x->kw), *cs = pos_start(owner, x->cs), *ce = pos_end(owner, x->ce - 1);
		char *ts = pos_start(owner, x->ts), *te = pos_end(owner, x->te - 1);
		char *es = x->es >= 0 ? pos_start(owner, x->es) : xstrdup("-");
		char *ee = x->es >= 0 ? pos_end(owner, x->ee - 1) : xstrdup("-");
		char *ct = text_span(tx, x->cs, x->ce);
		struct strbuf b2 = {0};
		fold_field(&b2, ct);
		rec_add(owner, tx->t[x->kw].line, tx->t[x->kw].col, "if\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s%s%s\t%s",
			fnname(x->fn), kw, cs, ce, ts, te, es, ee, name ? (neg ? "not:" : "call:") : "-", name ? name : "",
			"", b2.s ? b2.s : "");
		free(b2.s);
		free(ct);
		free(kw);
		free(cs);
		free(ce);
		free(ts);
		free(te);
		free(es);
		free(ee);
	}

	/* object-like macros and struct definitions, as the Coccinelle front end
	 * writes them (the core sizes requests from them) */
	for (int i = 0; i < tx->ndefs; i++) {
		struct strbuf b = {0};
		fold_field(&b, tx->defs[i].value);
		rec_add(owner, tx->defs[i].line, tx->defs[i].col, "defval\t%s\t%d:%d\t%s", tx->defs[i].name,
			tx->defs[i].line, tx->defs[i].col, b.s);
		free(b.s);
	}
	for (int k = 0; k + 2 < tx->n; k++) {
		if (!tok_is(tx, k, "struct") || tx->t[k + 1].kind != TK_IDENT || !tok_is(tx, k + 2, "{") ||
		    tx->t[k + 2].match <= k + 2)
			continue;
		int close = tx->t[k + 2].match;
		struct strbuf b = {0};
		int nm = 0;
		for (int a = k + 3; a < close;) {
			int e = a;
			while (e < close && !tok_is(tx, e, ";"))
				e = tx->t[e].match > e ? tx->t[e].match + 1 : e + 1;
			if (e > a) {
				char *m = text_span(tx, a, e);
				sb_addc(&b, '\t');
				fold_field(&b, m);
				free(m);
				nm++;
			}
			a = e + 1;
		}
		char *p = pos_start(owner, k + 1), *n = text_span(tx, k + 1, k + 2);
		rec_add(owner, tx->t[k + 1].line, tx->t[k + 1].col, "struct\t%s\t%s\t%d%s", n, p, nm, b.s ? b.s : "");
		free(p);
		free(n);
		free(b.s);
	}

	/* EXPORT_SYMBOL*(NAME) at file scope */
	for (int k = 0; k + 3 < tx->n; k++) {
		if (!tx->t[k].live || tx->t[k].kind != TK_IDENT || tx->t[k].len < 13 ||
		    strncmp(tx->buf + tx->t[k].off, "EXPORT_SYMBOL", 13) != 0 || !tok_is(tx, k + 1, "(") ||
		    tx->t[k + 2].kind != TK_IDENT || fn_at_tok(owner, k) >= 0)
			continue;
		char *p = pos_start(owner, k), *n = text_span(tx, k + 2, k + 3);
		rec_add(owner, tx->t[k].line, tx->t[k].col, "export\t%s\t%s", n, p);
		free(p);
		free(n);
	}
}

void walk_reset(void)
{
	nifs = niters = nused = 0;
}

/* the if records' condition token ranges, for the CFG */
int if_count(void) { return nifs; }
void if_spans(int i, int *ts, int *te, int *es, int *ee)
{
	*ts = ifs[i].ts;
	*te = ifs[i].te;
	*es = ifs[i].es;
	*ee = ifs[i].ee;
}

void if_get(int i, int *owner, int *fn, int *kw, int *cs, int *ce)
{
	*owner = ifs[i].owner;
	*fn = ifs[i].fn;
	*kw = ifs[i].kw;
	*cs = ifs[i].cs;
	*ce = ifs[i].ce;
}
