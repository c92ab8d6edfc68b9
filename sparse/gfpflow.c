/* gfpflow.c - gfp_t values that reach a call without a GFP token written in the
 * argument: a constant mask through a macro whose body neither front end sees
 * (`#define MYFS_GFP (GFP_NOFS | __GFP_NOFAIL)`), a local variable, the return
 * value of a function, a struct member.  Sparse types gfp_t as a restricted
 * (__bitwise) integer and has evaluated the expressions; the values are folded
 * here.  Records (sparse/README.md):
 *   gfpflow FN CALLPOS IDX VIA VALUES   argument IDX of the call at CALLPOS
 *   gfpret FUNC VALUES                  what FUNC (defined here) returns
 *   gfpstore FN POS FIELD VALUE         a store into the gfp_t member FIELD
 * VIA is const, var:NAME, ret:FUNC or member:TYPE.MEMBER; VALUES the possible
 * values, comma-separated hex, or - when some are not constant (or, for ret and
 * member, not known in this file). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"
#include "symbol.h"
#include "expression.h"
#include "parse.h"
#include "token.h"

#include "fe.h"

static struct symbol *base_of(struct symbol *t)
{
	while (t && (t->type == SYM_NODE || t->type == SYM_TYPEOF))
		t = t->ctype.base_type;
	return t;
}

static struct expression *strip(struct expression *e)
{
	while (e && (e->type == EXPR_CAST || e->type == EXPR_FORCE_CAST || e->type == EXPR_IMPLIED_CAST))
		e = e->cast_expression;
	return e;
}

int is_gfp_type(struct symbol *t)
{
	while (t && t->type == SYM_NODE)
		t = t->ctype.base_type;
	return t && t->type == SYM_RESTRICT && t->ident &&
	       (!strcmp(show_ident(t->ident), "gfp_t") || !strcmp(show_ident(t->ident), "xfs_km_flags_t"));
}

/* the constant value of an evaluated expression, or -1 */
static int fold(struct expression *e, unsigned long long *v, int depth)
{
	e = strip(e);
	if (!e || depth > 64)
		return -1;
	unsigned long long a, b;
	switch (e->type) {
	case EXPR_VALUE:
		*v = e->value;
		return 0;
	case EXPR_BINOP:
		if (fold(e->left, &a, depth + 1) || fold(e->right, &b, depth + 1))
			return -1;
		switch (e->op) {
		case '|': *v = a | b; return 0;
		case '&': *v = a & b; return 0;
		case '^': *v = a ^ b; return 0;
		case '+': *v = a + b; return 0;
		case '-': *v = a - b; return 0;
		case SPECIAL_LEFTSHIFT: *v = b < 64 ? a << b : 0; return 0;
		case SPECIAL_RIGHTSHIFT: *v = b < 64 ? a >> b : 0; return 0;
		default: return -1;
		}
	case EXPR_PREOP:
		if (e->op == '~' || e->op == '-' || e->op == '+' || e->op == '(') {
			if (fold(e->unop, &a, depth + 1))
				return -1;
			*v = e->op == '~' ? ~a : e->op == '-' ? -a : a;
			/* the width of the type: gfp_t is 32 bits */
			if (e->ctype && base_of(e->ctype) && base_of(e->ctype)->bit_size > 0 && base_of(e->ctype)->bit_size < 64)
				*v &= (1ULL << base_of(e->ctype)->bit_size) - 1;
			return 0;
		}
		return -1;
	default:
		return -1;
	}
}

struct values {
	unsigned long long v[8];
	int n, unknown;
};

static void add_value(struct values *vs, struct expression *e)
{
	unsigned long long x;
	if (fold(e, &x, 0)) {
		vs->unknown = 1;
		return;
	}
	for (int i = 0; i < vs->n; i++)
		if (vs->v[i] == x)
			return;
	if (vs->n == 8)
		vs->unknown = 1;
	else
		vs->v[vs->n++] = x;
}

static char *values_text(const struct values *vs)
{
	if (vs->unknown || vs->n == 0)
		return xstrdup("-");
	struct strbuf b = {0};
	for (int i = 0; i < vs->n; i++)
		sb_addf(&b, "%s0x%llx", i ? "," : "", vs->v[i] & 0xffffffffULL);
	return b.s;
}

/* a variable's value: *(&sym) once evaluated */
static struct symbol *var_of(struct expression *e)
{
	e = strip(e);
	if (e && e->type == EXPR_PREOP && e->op == '*' && strip(e->unop) && strip(e->unop)->type == EXPR_SYMBOL)
		return strip(e->unop)->symbol;
	if (e && e->type == EXPR_SYMBOL)
		return e->symbol;
	return NULL;
}

/* ---- what a function body stores: into a variable, returns ---- */
struct scan {
	struct symbol *var;	/* stores into this variable */
	struct values vals;
	int want_returns;
	int escaped;		/* its address is taken */
};

static void scan_expr(struct scan *sc, struct expression *e);
static void scan_stmt(struct scan *sc, struct statement *s);

static void scan_expr(struct scan *sc, struct expression *e)
{
	if (!e)
		return;
	switch (e->type) {
	case EXPR_ASSIGNMENT:
		if (sc->var && var_of(e->left) == sc->var) {
			if (e->op == '=')
				add_value(&sc->vals, e->right);
			else
				sc->vals.unknown = 1;
		}
		scan_expr(sc, e->left);
		scan_expr(sc, e->right);
		break;
	case EXPR_PREOP:
		if (e->op == '&' && sc->var && var_of(e->unop) == sc->var)
			sc->escaped = 1;
		scan_expr(sc, e->unop);
		break;
	case EXPR_POSTOP:
		if (sc->var && var_of(e->unop) == sc->var)
			sc->vals.unknown = 1;
		scan_expr(sc, e->unop);
		break;
	case EXPR_BINOP:
	case EXPR_LOGICAL:
	case EXPR_COMMA:
	case EXPR_COMPARE:
		scan_expr(sc, e->left);
		scan_expr(sc, e->right);
		break;
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		scan_expr(sc, e->cast_expression);
		break;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		scan_expr(sc, e->conditional);
		scan_expr(sc, e->cond_true);
		scan_expr(sc, e->cond_false);
		break;
	case EXPR_CALL: {
		scan_expr(sc, e->fn);
		struct expression *a;
		FOR_EACH_PTR(e->args, a) {
			scan_expr(sc, a);
		} END_FOR_EACH_PTR(a);
		break;
	}
	case EXPR_STATEMENT:
		scan_stmt(sc, e->statement);
		break;
	case EXPR_DEREF:
		scan_expr(sc, e->deref);
		break;
	default:
		break;
	}
}

static void scan_stmt(struct scan *sc, struct statement *s)
{
	if (!s)
		return;
	switch (s->type) {
	case STMT_DECLARATION: {
		struct symbol *sym;
		FOR_EACH_PTR(s->declaration, sym) {
			if (sym == sc->var) {
				if (sym->initializer)
					add_value(&sc->vals, sym->initializer);
			}
			scan_expr(sc, sym->initializer);
		} END_FOR_EACH_PTR(sym);
		break;
	}
	case STMT_EXPRESSION:
		scan_expr(sc, s->expression);
		break;
	case STMT_COMPOUND: {
		struct statement *x;
		FOR_EACH_PTR(s->stmts, x) {
			scan_stmt(sc, x);
		} END_FOR_EACH_PTR(x);
		break;
	}
	case STMT_IF:
		scan_expr(sc, s->if_conditional);
		scan_stmt(sc, s->if_true);
		scan_stmt(sc, s->if_false);
		break;
	case STMT_ITERATOR:
		scan_stmt(sc, s->iterator_pre_statement);
		scan_expr(sc, s->iterator_pre_condition);
		scan_stmt(sc, s->iterator_statement);
		scan_stmt(sc, s->iterator_post_statement);
		scan_expr(sc, s->iterator_post_condition);
		break;
	case STMT_SWITCH:
		scan_expr(sc, s->switch_expression);
		scan_stmt(sc, s->switch_statement);
		break;
	case STMT_CASE:
		scan_stmt(sc, s->case_statement);
		break;
	case STMT_RETURN:
		if (sc->want_returns)
			add_value(&sc->vals, s->ret_value);
		scan_expr(sc, s->ret_value);
		break;
	case STMT_LABEL:
		scan_stmt(sc, s->label_statement);
		break;
	default:
		break;
	}
}

static struct statement *body_of(struct symbol *fn)
{
	struct symbol *b = fn ? fn->ctype.base_type : NULL;
	if (!b || b->type != SYM_FN)
		return NULL;
	return b->stmt ? b->stmt : b->inline_stmt;
}

static struct symbol *defined_here(struct symbol *f)
{
	if (!f)
		return NULL;
	if (f->definition)
		f = f->definition;
	return body_of(f) ? f : NULL;
}

static char *returns_text(struct symbol *f)
{
	struct scan sc = {0};
	sc.want_returns = 1;
	scan_stmt(&sc, body_of(f));
	return values_text(&sc.vals);
}

/* ---- member stores, over every function of the file ---- */
struct store {
	char *field;
	int owner, fn, tok;
	unsigned long long v;
	int known;
};
static struct store *stores;
static int nstores, capstores;

static char *field_of(struct expression *e);

static void member_store(int owner, int fn, struct expression *lhs, struct expression *rhs, int op)
{
	char *field = field_of(lhs);
	if (!field)
		return;
	if (nstores == capstores) {
		capstores = capstores ? capstores * 2 : 32;
		stores = xrealloc(stores, sizeof(struct store) * (size_t)capstores);
	}
	struct store *st = &stores[nstores++];
	st->field = field;
	st->owner = owner;
	st->fn = fn;
	st->tok = owner_of_stream(lhs->pos.stream) == owner ? tok_of_pos(owner, (int)lhs->pos.line, (int)lhs->pos.pos) : -1;
	st->known = op == '=' && fold(rhs, &st->v, 0) == 0;
}

static void stores_expr(int owner, int fn, struct expression *e);
static void stores_stmt(int owner, int fn, struct statement *s)
{
	if (!s)
		return;
	switch (s->type) {
	case STMT_DECLARATION: {
		struct symbol *sym;
		FOR_EACH_PTR(s->declaration, sym) {
			stores_expr(owner, fn, sym->initializer);
		} END_FOR_EACH_PTR(sym);
		break;
	}
	case STMT_EXPRESSION:
		stores_expr(owner, fn, s->expression);
		break;
	case STMT_COMPOUND: {
		struct statement *x;
		FOR_EACH_PTR(s->stmts, x) {
			stores_stmt(owner, fn, x);
		} END_FOR_EACH_PTR(x);
		break;
	}
	case STMT_IF:
		stores_expr(owner, fn, s->if_conditional);
		stores_stmt(owner, fn, s->if_true);
		stores_stmt(owner, fn, s->if_false);
		break;
	case STMT_ITERATOR:
		stores_stmt(owner, fn, s->iterator_pre_statement);
		stores_stmt(owner, fn, s->iterator_statement);
		stores_stmt(owner, fn, s->iterator_post_statement);
		break;
	case STMT_SWITCH:
		stores_stmt(owner, fn, s->switch_statement);
		break;
	case STMT_CASE:
		stores_stmt(owner, fn, s->case_statement);
		break;
	case STMT_RETURN:
		stores_expr(owner, fn, s->ret_value);
		break;
	case STMT_LABEL:
		stores_stmt(owner, fn, s->label_statement);
		break;
	default:
		break;
	}
}

static void stores_expr(int owner, int fn, struct expression *e)
{
	if (!e)
		return;
	switch (e->type) {
	case EXPR_ASSIGNMENT:
		if (is_gfp_type(e->left->ctype))
			member_store(owner, fn, e->left, e->right, e->op);
		stores_expr(owner, fn, e->right);
		break;
	case EXPR_BINOP:
	case EXPR_LOGICAL:
	case EXPR_COMMA:
	case EXPR_COMPARE:
		stores_expr(owner, fn, e->left);
		stores_expr(owner, fn, e->right);
		break;
	case EXPR_CALL: {
		struct expression *a;
		FOR_EACH_PTR(e->args, a) {
			stores_expr(owner, fn, a);
		} END_FOR_EACH_PTR(a);
		break;
	}
	case EXPR_STATEMENT:
		stores_stmt(owner, fn, e->statement);
		break;
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		stores_expr(owner, fn, e->cast_expression);
		break;
	default:
		break;
	}
}

/* TYPE.MEMBER of an evaluated member access of a gfp_t member */
static char *field_of(struct expression *e)
{
	e = strip(e);
	if (!e || e->type != EXPR_PREOP || e->op != '*' || var_of(e))
		return NULL;
	struct expression *x = strip(e->unop);
	unsigned long off = 0;
	if (x && x->type == EXPR_BINOP && x->op == '+' && strip(x->right) && strip(x->right)->type == EXPR_VALUE) {
		off = (unsigned long)strip(x->right)->value;
		x = strip(x->left);
	}
	struct symbol *pt = x ? base_of(x->ctype) : NULL;
	struct symbol *st = pt && pt->type == SYM_PTR ? base_of(pt->ctype.base_type) : NULL;
	if (!st || (st->type != SYM_STRUCT && st->type != SYM_UNION) || !st->ident)
		return NULL;
	struct symbol *m;
	FOR_EACH_PTR(st->symbol_list, m) {
		if (m->ident && m->offset == off && is_gfp_type(m))
			return xasprintf("%s.%s", show_ident(st->ident), show_ident(m->ident));
	} END_FOR_EACH_PTR(m);
	return NULL;
}

static int written_gfp_token(const struct callrec *c, int i)
{
	const struct text *tx = &fe.owners[c->owner].tx;
	for (int k = c->argtok[i]; k < c->argend[i]; k++) {
		const char *s = tx->buf + tx->t[k].off;
		if (tx->t[k].kind == TK_IDENT && ((tx->t[k].len > 4 && !strncmp(s, "GFP_", 4)) ||
						  (tx->t[k].len > 6 && !strncmp(s, "__GFP_", 6)) ||
						  (tx->t[k].len > 3 && !strncmp(s, "KM_", 3) && s[3] >= 'A' && s[3] <= 'Z')))
			return 1;
	}
	return 0;
}

void gfpflow_records(void)
{
	nstores = 0;
	for (int f = 0; f < fe.nfns; f++)
		stores_stmt(fe.fns[f].owner, f, body_of(fe.fns[f].sym));
	for (int i = 0; i < nstores; i++) {
		struct store *st = &stores[i];
		if (st->tok < 0)
			continue;
		char *p = pos_start(st->owner, st->tok);
		const struct tok *t = &fe.owners[st->owner].tx.t[st->tok];
		if (st->known)
			rec_add(st->owner, t->line, t->col, "gfpstore\t%s\t%s\t%s\t0x%llx", fe.fns[st->fn].name, p, st->field,
				st->v & 0xffffffffULL);
		else
			rec_add(st->owner, t->line, t->col, "gfpstore\t%s\t%s\t%s\t-", fe.fns[st->fn].name, p, st->field);
		free(p);
	}
	/* functions returning gfp_t */
	for (int f = 0; f < fe.nfns; f++) {
		struct symbol *b = fe.fns[f].sym->ctype.base_type;
		if (!b || !is_gfp_type(b->ctype.base_type))
			continue;
		char *v = returns_text(fe.fns[f].sym);
		const struct tok *t = &fe.owners[fe.fns[f].owner].tx.t[fe.fns[f].nametok];
		rec_add(fe.fns[f].owner, t->line, t->col, "gfpret\t%s\t%s", fe.fns[f].name, v);
		free(v);
	}
	/* the gfp_t arguments of written calls whose text has no GFP token */
	for (int ci = 0; ci < fe.ncalls; ci++) {
		struct callrec *c = &fe.calls[ci];
		if (c->kind != CALL_WRITTEN || !c->expr || c->fn < 0 || !c->argtok)
			continue;
		int i = 0;
		struct expression *a;
		FOR_EACH_PTR(c->expr->args, a) {
			if (i < c->nargs && is_gfp_type(a->ctype) && !written_gfp_token(c, i)) {
				struct values vs = {0};
				char *via = NULL;
				struct expression *x = strip(a);
				struct symbol *var = var_of(x);
				char *field = field_of(x);
				if (fold(x, &vs.v[0], 0) == 0) {
					vs.n = 1;
					via = xstrdup("const");
				} else if (var && var->ident && !(var->ctype.modifiers & MOD_TOPLEVEL) &&
					   !(var->ctype.modifiers & MOD_ADDRESSABLE)) {
					struct scan sc = {0};
					sc.var = var;
					scan_stmt(&sc, body_of(fe.fns[c->fn].sym));
					/* a parameter has values from its callers */
					struct symbol *p;
					FOR_EACH_PTR(fe.fns[c->fn].sym->ctype.base_type->arguments, p) {
						if (p == var)
							sc.vals.unknown = 1;
					} END_FOR_EACH_PTR(p);
					if (sc.escaped)
						sc.vals.unknown = 1;
					vs = sc.vals;
					via = xasprintf("var:%s", show_ident(var->ident));
				} else if (x && x->type == EXPR_CALL) {
					struct expression *fn = strip(x->fn);
					if (fn && fn->type == EXPR_PREOP && fn->op == '*')
						fn = strip(fn->unop);
					if (fn && fn->type == EXPR_SYMBOL && fn->symbol && fn->symbol->ident) {
						via = xasprintf("ret:%s", show_ident(fn->symbol->ident));
						struct symbol *d = defined_here(fn->symbol);
						if (d) {
							struct scan sc = {0};
							sc.want_returns = 1;
							scan_stmt(&sc, body_of(d));
							vs = sc.vals;
						} else {
							vs.unknown = 1;
						}
					}
				} else if (field) {
					via = xasprintf("member:%s", field);
					for (int s2 = 0; s2 < nstores; s2++)
						if (!strcmp(stores[s2].field, field)) {
							if (!stores[s2].known)
								vs.unknown = 1;
							else if (vs.n < 8)
								vs.v[vs.n++] = stores[s2].v;
						}
					if (vs.n == 0)
						vs.unknown = 1;
				}
				if (via) {
					char *v = values_text(&vs), *p = pos_start(c->owner, c->tok);
					const struct tok *t = &fe.owners[c->owner].tx.t[c->tok];
					rec_add(c->owner, t->line, t->col, "gfpflow\t%s\t%s\t%d\t%s\t%s", fe.fns[c->fn].name, p, i,
						via, v);
					free(v);
					free(p);
					free(via);
				}
				free(field);
			}
			i++;
		} END_FOR_EACH_PTR(a);
	}
	for (int i = 0; i < nstores; i++)
		free(stores[i].field);
}
