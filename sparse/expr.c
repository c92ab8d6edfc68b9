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
	int active;		/* being printed: no substitution inside itself */
};
static struct subst *subs;
static int nsubs, capsubs;

void subst_push(struct symbol *sym, struct ident *name, struct expression *e)
{
	if (nsubs == capsubs) {
		capsubs = capsubs ? capsubs * 2 : 64;
		subs = xrealloc(subs, sizeof(struct subst) * (size_t)capsubs);
	}
	subs[nsubs].sym = sym;
	subs[nsubs].name = name;
	subs[nsubs].e = e;
	subs[nsubs].active = 0;
	nsubs++;
}

int subst_mark(void) { return nsubs; }

static struct symbol *type_scope;
void expr_type_scope(struct symbol *fn)
{
	while (fn && fn->type == SYM_NODE)
		fn = fn->ctype.base_type;
	type_scope = fn && fn->type == SYM_FN ? fn : NULL;
}
void subst_pop(int mark) { nsubs = mark; }

static int lookup_subst_index(struct expression *e)
{
	for (int i = nsubs - 1; i >= 0; i--) {
		if (subs[i].active)
			continue;
		if (subs[i].sym && e->symbol == subs[i].sym)
			return i;
		if (subs[i].name && (e->symbol ? e->symbol->ident : e->symbol_name) == subs[i].name)
			return i;
	}
	return -1;
}

static struct expression *lookup_subst(struct expression *e)
{
	int i = lookup_subst_index(e);
	return i >= 0 ? subs[i].e : NULL;
}

static struct symbol *base_of(struct symbol *t);
static struct symbol *type_of(struct expression *e);
static struct expression *strip(struct expression *e);

/* the named member of struct/union ST at byte offset OFF (of type WANT when
 * given), looking into anonymous members */
static struct symbol *member_by_offset(struct symbol *st, unsigned long off, struct symbol *want, int depth)
{
	struct symbol *m, *hit = NULL;
	if (depth > 8)
		return NULL;
	FOR_EACH_PTR(st->symbol_list, m) {
		if (hit)
			break;
		if (m->ident && m->offset == off && (!want || base_of(m->ctype.base_type) == want)) {
			hit = m;
		} else if (!m->ident && m->offset <= off) {
			struct symbol *in = base_of(m->ctype.base_type);
			if (in && (in->type == SYM_STRUCT || in->type == SYM_UNION))
				hit = member_by_offset(in, off - m->offset, want, depth + 1);
		}
	} END_FOR_EACH_PTR(m);
	return hit;
}

/* a member access in any of sparse's forms:
 *   EXPR_DEREF                 unevaluated (annotations, __context__ statements)
 *   *(base + off), *base       evaluated p->m: ctype is the member's node
 *   base + off, base           evaluated &p->m: ctype points to the member's node
 * gives the pointer (or, for EXPR_DEREF of a non-pointer, the object) BASE, the
 * member's name, its struct type, and whether the access is an address (&p->m) */
static int member_access(struct expression *e, struct expression **base, struct ident **member,
			 struct symbol **st, int *addr, int *arrow)
{
	*addr = 0;
	*arrow = 1;
	if (e->type == EXPR_DEREF && e->member) {
		struct expression *b = strip(e->deref);
		if (b && b->type == EXPR_PREOP && b->op == '*') {
			*base = b->unop;
		} else {
			*base = b;
			*arrow = 0;
		}
		*member = e->member;
		*st = base_of(type_of(b));
		return b != NULL;
	}
	struct symbol *node = NULL;
	struct expression *ptr = NULL;
	if (e->type == EXPR_PREOP && e->op == '*' && e->ctype && e->ctype->type == SYM_NODE && e->ctype->ident) {
		node = e->ctype;
		ptr = strip(e->unop);
	} else if (base_of(e->ctype) && base_of(e->ctype)->type == SYM_PTR && base_of(e->ctype)->ctype.base_type &&
		   base_of(e->ctype)->ctype.base_type->type == SYM_NODE && base_of(e->ctype)->ctype.base_type->ident &&
		   (e->type == EXPR_BINOP || e->type == EXPR_SYMBOL || e->type == EXPR_PREOP)) {
		node = base_of(e->ctype)->ctype.base_type;
		ptr = e;
		*addr = 1;
	}
	if (!node) {
		/* by offset: *(base + off) or base + off, base pointing to a struct */
		struct expression *x = e;
		int a = 1;
		if (x->type == EXPR_PREOP && x->op == '*') {
			x = strip(x->unop);
			a = 0;
		}
		if (x && x->type == EXPR_BINOP && x->op == '+' && strip(x->right) && strip(x->right)->type == EXPR_VALUE) {
			struct expression *bb = strip(x->left);
			struct symbol *pt = bb ? base_of(bb->ctype) : NULL;
			struct symbol *sst = pt && pt->type == SYM_PTR ? base_of(pt->ctype.base_type) : NULL;
			struct symbol *want = base_of(e->ctype);
			if (a && want && want->type == SYM_PTR)
				want = base_of(want->ctype.base_type);
			else if (a)
				want = NULL;
			if (sst && (sst->type == SYM_STRUCT || sst->type == SYM_UNION)) {
				unsigned long off = (unsigned long)strip(x->right)->value;
				struct symbol *hit = member_by_offset(sst, off, want, 0);
				if (hit) {
					*base = bb;
					*member = hit->ident;
					*st = sst;
					*addr = a;
					return 1;
				}
			}
		}
	}
	if (!node || !ptr)
		return 0;
	struct expression *b = ptr;
	if (ptr->type == EXPR_BINOP && ptr->op == '+' && strip(ptr->right) && strip(ptr->right)->type == EXPR_VALUE)
		b = strip(ptr->left);
	/* the struct: what the base points to, holding this member node */
	struct symbol *pt = base_of(b->ctype);
	struct symbol *s = NULL;
	if (pt && pt->type == SYM_PTR)
		s = base_of(pt->ctype.base_type);
	if (!s && b->type == EXPR_SYMBOL && b->symbol) {
		struct symbol *t = base_of(b->symbol);
		s = t && t->type == SYM_PTR ? base_of(t->ctype.base_type) : t;
	}
	if (!s || (s->type != SYM_STRUCT && s->type != SYM_UNION))
		return 0;
	struct symbol *m;
	int found = 0;
	FOR_EACH_PTR(s->symbol_list, m) {
		if (m == node || (m->ident && m->ident == node->ident))
			found = 1;
	} END_FOR_EACH_PTR(m);
	if (!found)
		return 0;
	*base = b;
	*member = node->ident;
	*st = s;
	return 1;
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
	if (!e)
		return 0;
	if (e->type == EXPR_PREOP && e->op == '*' && strip(e->unop) && strip(e->unop)->type == EXPR_SYMBOL &&
	    e->ctype == strip(e->unop)->symbol)
		return 1;	/* a variable's value */
	struct expression *mb;
	struct ident *mm;
	struct symbol *mst;
	int maddr, marrow;
	if (member_access(e, &mb, &mm, &mst, &maddr, &marrow))
		return !maddr;
	return e->type == EXPR_SYMBOL || e->type == EXPR_VALUE || e->type == EXPR_DEREF ||
	       e->type == EXPR_CALL || e->type == EXPR_STRING;
}

static void text_rec(struct strbuf *b, struct expression *e, int depth)
{
	e = strip(e);
	if (!e || depth > 40) {
		sb_add(b, "?");
		return;
	}
	/* a variable's value is *(&var) once evaluated */
	if (e->type == EXPR_PREOP && e->op == '*' && strip(e->unop) && strip(e->unop)->type == EXPR_SYMBOL &&
	    strip(e->unop)->symbol && e->ctype == strip(e->unop)->symbol) {
		text_rec(b, e->unop, depth);
		return;
	}
	struct expression *mb;
	struct ident *mm;
	struct symbol *mst;
	int maddr, marrow;
	if (member_access(e, &mb, &mm, &mst, &maddr, &marrow)) {
		if (maddr)
			sb_addc(b, '&');
		struct expression *sb = strip(mb);
		int par = !simple(sb);
		if (marrow && sb && sb->type == EXPR_PREOP && sb->op == '&') {
			/* (&x)->m is x.m */
			text_rec(b, sb->unop, depth + 1);
			sb_addc(b, '.');
		} else {
			if (par)
				sb_addc(b, '(');
			text_rec(b, mb, depth + 1);
			if (par)
				sb_addc(b, ')');
			sb_add(b, marrow ? "->" : ".");
		}
		sb_add(b, show_ident(mm));
		return;
	}
	switch (e->type) {
	case EXPR_VALUE:
		if (e->value > 9)
			sb_addf(b, "0x%llx", e->value);
		else
			sb_addf(b, "%llu", e->value);
		break;
	case EXPR_SYMBOL: {
		int si = lookup_subst_index(e);
		if (si >= 0) {
			struct expression *s = subs[si].e;
			int par = depth > 0 && !simple(s);
			subs[si].active = 1;
			if (par)
				sb_addc(b, '(');
			text_rec(b, s, depth + 1);
			if (par)
				sb_addc(b, ')');
			subs[si].active = 0;
			break;
		}
		struct ident *id = e->symbol ? e->symbol->ident : e->symbol_name;
		sb_add(b, id ? show_ident(id) : "?");
		break;
	}
	case EXPR_STRING:
		sb_add(b, "\"...\"");
		break;
	case EXPR_PREOP:
		if (e->op == '*' && strip(e->unop) && strip(e->unop)->type == EXPR_PREOP && strip(e->unop)->op == '&') {
			text_rec(b, strip(e->unop)->unop, depth + 1);
			break;
		}
		sb_add(b, opname(e->op));
		if (!simple(e->unop) && strip(e->unop)->type != EXPR_PREOP) {
			sb_addc(b, '(');
			text_rec(b, e->unop, depth + 1);
			sb_addc(b, ')');
		} else {
			text_rec(b, e->unop, depth + 1);
		}
		break;
	case EXPR_POSTOP:
		text_rec(b, e->unop, depth + 1);
		sb_add(b, opname(e->op));
		break;
	case EXPR_DEREF: {
		struct expression *base = strip(e->deref);
		if (base && base->type == EXPR_PREOP && base->op == '*') {
			struct expression *p = strip(base->unop);
			int par = !simple(p) || (p->type == EXPR_SYMBOL && lookup_subst(p) && !simple(lookup_subst(p)));
			if (par && p->type != EXPR_SYMBOL)
				sb_addc(b, '(');
			text_rec(b, p, depth + 1);
			if (par && p->type != EXPR_SYMBOL)
				sb_addc(b, ')');
			sb_add(b, "->");
		} else {
			text_rec(b, base, depth + 1);
			sb_addc(b, '.');
		}
		sb_add(b, e->member ? show_ident(e->member) : "?");
		break;
	}
	case EXPR_BINOP:
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
	case EXPR_ASSIGNMENT:
	case EXPR_COMMA:
		text_rec(b, e->left, depth + 1);
		sb_addc(b, ' ');
		if (e->type == EXPR_COMMA)
			sb_add(b, ",");
		else if (e->type == EXPR_ASSIGNMENT && e->op != '=')
			sb_addf(b, "%s", "op=");
		else
			sb_add(b, e->type == EXPR_ASSIGNMENT ? "=" : opname(e->op));
		sb_addc(b, ' ');
		text_rec(b, e->right, depth + 1);
		break;
	case EXPR_CALL: {
		text_rec(b, e->fn, depth + 1);
		sb_addc(b, '(');
		struct expression *a;
		int first = 1;
		FOR_EACH_PTR(e->args, a) {
			if (!first)
				sb_add(b, ", ");
			first = 0;
			text_rec(b, a, depth + 1);
		} END_FOR_EACH_PTR(a);
		sb_addc(b, ')');
		break;
	}
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		text_rec(b, e->conditional, depth + 1);
		sb_add(b, " ? ");
		text_rec(b, e->cond_true, depth + 1);
		sb_add(b, " : ");
		text_rec(b, e->cond_false, depth + 1);
		break;
	case EXPR_SIZEOF:
		sb_add(b, "sizeof(...)");
		break;
	case EXPR_STATEMENT:
		sb_add(b, "({...})");
		break;
	default:
		sb_add(b, "?");
		break;
	}
}

void expr_text(struct strbuf *b, struct expression *e)
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
	if (e->type == EXPR_SYMBOL && e->symbol_name && type_scope) {
		/* an annotation's names are the function's parameters */
		struct symbol *p;
		FOR_EACH_PTR(type_scope->arguments, p) {
			if (p->ident == e->symbol_name)
				return p;
		} END_FOR_EACH_PTR(p);
	}
	if (e->type == EXPR_PREOP && e->op == '*') {
		struct symbol *p = base_of(type_of(e->unop));
		if (p && (p->type == SYM_PTR || p->type == SYM_ARRAY))
			return p->ctype.base_type;
	}
	return NULL;
}

/* the lock class: struct_type.member of the outermost member access written in
 * the scanned tree (an inlined helper's own accesses, such as spin_lock()'s
 * `&lock->rlock`, are written in include/ and skipped unless nothing else is
 * found), else a global's name, else - */
char *expr_class(struct expression *e)
{
	char *cls = NULL, *fallback = NULL;
	int held[64], nheld = 0;
	for (int depth = 0; e && depth < 64; depth++) {
		e = strip(e);
		if (!e)
			break;
		struct expression *mb;
		struct ident *mm;
		struct symbol *mst;
		int maddr, marrow;
		if (member_access(e, &mb, &mm, &mst, &maddr, &marrow)) {
			char *c = mst && mst->ident ? xasprintf("%s.%s", show_ident(mst->ident), show_ident(mm))
					     : xasprintf(".%s", show_ident(mm));
			if (owner_of_stream(e->pos.stream) >= 0) {
				cls = c;
				break;
			}
			if (!fallback)
				fallback = c;
			else
				free(c);
			e = mb;
			continue;
		}
		if (e->type == EXPR_PREOP && (e->op == '&' || e->op == '*')) {
			e = e->unop;
			continue;
		}
		if (e->type == EXPR_BINOP && e->op == '+' && strip(e->right) && strip(e->right)->type == EXPR_VALUE) {
			e = e->left;
			continue;
		}
		if (e->type == EXPR_SYMBOL) {
			int si = lookup_subst_index(e);
			if (si >= 0 && nheld < 64) {
				subs[si].active = 1;
				held[nheld++] = si;
				e = subs[si].e;
				continue;
			}
			if (e->symbol && e->symbol->ident && (e->symbol->ctype.modifiers & MOD_TOPLEVEL))
				cls = xstrdup(show_ident(e->symbol->ident));
			break;
		}
		break;
	}
	for (int i = 0; i < nheld; i++)
		subs[held[i]].active = 0;
	if (!cls)
		cls = fallback, fallback = NULL;
	free(fallback);
	return cls ? cls : xstrdup("-");
}

/* struct_type.member (or .member) and the member's name when E is a member
 * access in any of sparse's forms; 0 otherwise */
int expr_member(struct expression *e, char **field, char **member)
{
	struct expression *mb;
	struct ident *mm;
	struct symbol *mst;
	int maddr, marrow;
	e = strip(e);
	if (!e || !member_access(e, &mb, &mm, &mst, &maddr, &marrow) || maddr)
		return 0;
	*member = xstrdup(show_ident(mm));
	*field = mst && mst->ident ? xasprintf("%s.%s", show_ident(mst->ident), show_ident(mm))
				   : xasprintf(".%s", show_ident(mm));
	return 1;
}
