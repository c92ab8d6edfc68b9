/* expr.c - expressions as text (arguments of calls produced by macros, context
 * expressions) and lock classes of context expressions.  A parameter of an
 * inlined function stands for the argument it was given (sparse makes a copy of
 * each parameter per inlined call, initialised with the argument). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"
#include "symbol.h"
#include "expression.h"
#include "parse.h"
#include "token.h"

#include "fe.h"
#include "expr.h"

/* substitutions: symbol -> expression (inlined parameter copies, a callee's
 * parameters at a call) */
struct subst {
	struct symbol *sym;
	struct ident *name;	/* by name when the symbol is not resolved */
	struct expression *e;
};
static struct subst *subs;
static int nsubs, capsubs;

void subst_push(struct symbol *sym, struct ident *name, struct expression *e)
{
	if (nsubs == capsubs) {
		capsubs = capsubs ? capsubs * 2 : 64;
		subs = fe_realloc(subs, sizeof(struct subst) * (size_t)capsubs);
	}
	subs[nsubs].sym = sym;
	subs[nsubs].name = name;
	subs[nsubs].e = e;
	nsubs++;
}

int subst_mark(void) { return nsubs; }
void subst_pop(int mark) { nsubs = mark; }

static struct expression *lookup_subst(struct expression *e)
{
	for (int i = nsubs - 1; i >= 0; i--) {
		if (subs[i].sym && e->symbol == subs[i].sym)
			return subs[i].e;
		if (subs[i].name && (e->symbol ? e->symbol->ident : e->symbol_name) == subs[i].name)
			return subs[i].e;
	}
	return NULL;
}

static struct expression *strip(struct expression *e)
{
	while (e && (e->type == EXPR_CAST || e->type == EXPR_FORCE_CAST || e->type == EXPR_IMPLIED_CAST))
		e = e->cast_expression;
	return e;
}

static const char *opname(int op)
{
	static char buf[4];
	switch (op) {
	case SPECIAL_EQUAL: return "==";
	case SPECIAL_NOTEQUAL: return "!=";
	case SPECIAL_LTE: return "<=";
	case SPECIAL_GTE: return ">=";
	case SPECIAL_LEFTSHIFT: return "<<";
	case SPECIAL_RIGHTSHIFT: return ">>";
	case SPECIAL_LOGICAL_AND: return "&&";
	case SPECIAL_LOGICAL_OR: return "||";
	case SPECIAL_INCREMENT: return "++";
	case SPECIAL_DECREMENT: return "--";
	case SPECIAL_UNSIGNED_LT: return "<";
	case SPECIAL_UNSIGNED_GT: return ">";
	case SPECIAL_UNSIGNED_LTE: return "<=";
	case SPECIAL_UNSIGNED_GTE: return ">=";
	default:
		if (op > 0 && op < 128) {
			buf[0] = (char)op;
			buf[1] = 0;
			return buf;
		}
		return "?";
	}
}

static int simple(struct expression *e)
{
	e = strip(e);
	return e && (e->type == EXPR_SYMBOL || e->type == EXPR_VALUE || e->type == EXPR_DEREF ||
		     e->type == EXPR_CALL || e->type == EXPR_STRING);
}

static void text_rec(struct fe_buf *b, struct expression *e, int depth)
{
	e = strip(e);
	if (!e || depth > 40) {
		fb_add(b, "?");
		return;
	}
	switch (e->type) {
	case EXPR_VALUE:
		if (e->value > 9)
			fb_addf(b, "0x%llx", e->value);
		else
			fb_addf(b, "%llu", e->value);
		break;
	case EXPR_SYMBOL: {
		struct expression *s = lookup_subst(e);
		if (s) {
			int par = !simple(s);
			if (par)
				fb_addc(b, '(');
			text_rec(b, s, depth + 1);
			if (par)
				fb_addc(b, ')');
			break;
		}
		struct ident *id = e->symbol ? e->symbol->ident : e->symbol_name;
		fb_add(b, id ? show_ident(id) : "?");
		break;
	}
	case EXPR_STRING:
		fb_add(b, "\"...\"");
		break;
	case EXPR_PREOP:
		if (e->op == '*' && strip(e->unop) && strip(e->unop)->type == EXPR_PREOP && strip(e->unop)->op == '&') {
			text_rec(b, strip(e->unop)->unop, depth + 1);
			break;
		}
		fb_add(b, opname(e->op));
		if (!simple(e->unop) && strip(e->unop)->type != EXPR_PREOP) {
			fb_addc(b, '(');
			text_rec(b, e->unop, depth + 1);
			fb_addc(b, ')');
		} else {
			text_rec(b, e->unop, depth + 1);
		}
		break;
	case EXPR_POSTOP:
		text_rec(b, e->unop, depth + 1);
		fb_add(b, opname(e->op));
		break;
	case EXPR_DEREF: {
		struct expression *base = strip(e->deref);
		if (base && base->type == EXPR_PREOP && base->op == '*') {
			struct expression *p = strip(base->unop);
			int par = !simple(p) || (p->type == EXPR_SYMBOL && lookup_subst(p) && !simple(lookup_subst(p)));
			if (par && p->type != EXPR_SYMBOL)
				fb_addc(b, '(');
			text_rec(b, p, depth + 1);
			if (par && p->type != EXPR_SYMBOL)
				fb_addc(b, ')');
			fb_add(b, "->");
		} else {
			text_rec(b, base, depth + 1);
			fb_addc(b, '.');
		}
		fb_add(b, e->member ? show_ident(e->member) : "?");
		break;
	}
	case EXPR_BINOP:
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
	case EXPR_ASSIGNMENT:
	case EXPR_COMMA:
		text_rec(b, e->left, depth + 1);
		fb_addc(b, ' ');
		if (e->type == EXPR_COMMA)
			fb_add(b, ",");
		else if (e->type == EXPR_ASSIGNMENT && e->op != '=')
			fb_addf(b, "%s", "op=");
		else
			fb_add(b, e->type == EXPR_ASSIGNMENT ? "=" : opname(e->op));
		fb_addc(b, ' ');
		text_rec(b, e->right, depth + 1);
		break;
	case EXPR_CALL: {
		text_rec(b, e->fn, depth + 1);
		fb_addc(b, '(');
		struct expression *a;
		int first = 1;
		FOR_EACH_PTR(e->args, a) {
			if (!first)
				fb_add(b, ", ");
			first = 0;
			text_rec(b, a, depth + 1);
		} END_FOR_EACH_PTR(a);
		fb_addc(b, ')');
		break;
	}
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		text_rec(b, e->conditional, depth + 1);
		fb_add(b, " ? ");
		text_rec(b, e->cond_true, depth + 1);
		fb_add(b, " : ");
		text_rec(b, e->cond_false, depth + 1);
		break;
	case EXPR_SIZEOF:
		fb_add(b, "sizeof(...)");
		break;
	case EXPR_STATEMENT:
		fb_add(b, "({...})");
		break;
	default:
		fb_add(b, "?");
		break;
	}
}

void expr_text(struct fe_buf *b, struct expression *e)
{
	text_rec(b, e, 0);
}

static struct symbol *base_of(struct symbol *t)
{
	while (t && (t->type == SYM_NODE || t->type == SYM_TYPEOF))
		t = t->ctype.base_type;
	return t;
}

/* the type of an expression; for the unevaluated expressions of context
 * annotations, from the symbols they name */
static struct symbol *type_of(struct expression *e)
{
	e = strip(e);
	if (!e)
		return NULL;
	if (e->ctype)
		return e->ctype;
	if (e->type == EXPR_SYMBOL && e->symbol)
		return e->symbol;
	if (e->type == EXPR_PREOP && e->op == '*') {
		struct symbol *p = base_of(type_of(e->unop));
		if (p && (p->type == SYM_PTR || p->type == SYM_ARRAY))
			return p->ctype.base_type;
	}
	return NULL;
}

char *expr_class(struct expression *e)
{
	char *cls = NULL;
	for (int depth = 0; e && depth < 40; depth++) {
		e = strip(e);
		if (!e)
			break;
		if (e->type == EXPR_PREOP && (e->op == '&' || e->op == '*')) {
			e = e->unop;
			continue;
		}
		if (e->type == EXPR_SYMBOL) {
			struct expression *s = lookup_subst(e);
			if (s) {
				e = s;
				continue;
			}
			if (!cls && e->symbol && e->symbol->ident &&
			    (e->symbol->ctype.modifiers & MOD_TOPLEVEL))
				cls = fe_strdup(show_ident(e->symbol->ident));
			break;
		}
		if (e->type == EXPR_DEREF) {
			struct expression *base = strip(e->deref);
			struct symbol *st = base_of(type_of(base));
			if (st && (st->type == SYM_STRUCT || st->type == SYM_UNION) && e->member) {
				free(cls);
				cls = st->ident ? fe_asprintf("%s.%s", show_ident(st->ident), show_ident(e->member))
						: fe_asprintf(".%s", show_ident(e->member));
			}
			e = base;
			continue;
		}
		break;
	}
	return cls ? cls : fe_strdup("-");
}
