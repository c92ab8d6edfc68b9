/* argval.c - the values of the integer arguments of calls that take a gfp_t:
 * sizes and orders as sparse evaluated them for the configured architecture
 * (sizeof of any type or expression, enum constants, macros of include/,
 * constant folding), or bounds where the argument is not constant but its type
 * or shape bounds it (`n * sizeof(u32)` with `u8 n`, `sizeof(*p) + len`).
 * Records (sparse/README.md):
 *   target PTRSIZE PAGESHIFT                 the configured pointer size and
 *                                            PAGE_SHIFT (0: no PAGE_SHIFT macro)
 *   argval FN CALLPOS CALLEE IDX LO [HI]     argument IDX of that call is at
 *                                            least LO and at most HI (HI left
 *                                            out: no upper bound); LO == HI exact
 * Which call is an allocation and which argument its size is stays the core's
 * business (model/): every call with a gfp_t argument gets its other integer
 * arguments' values, unless the text is a plain number the core reads itself. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"
#include "symbol.h"
#include "expression.h"
#include "parse.h"
#include "target.h"
#include "token.h"

#include "fe.h"

#define UNBOUNDED (~0ULL)
/* the schema's `size`: a decimal number below 2^62 */
#define SIZE_MAX_FACT ((1ULL << 62) - 1)

struct range {
	unsigned long long lo, hi; /* hi UNBOUNDED: no upper bound */
};

static unsigned long long sat_add(unsigned long long a, unsigned long long b)
{
	return a > UNBOUNDED - b ? UNBOUNDED : a + b;
}

static unsigned long long sat_mul(unsigned long long a, unsigned long long b)
{
	if (!a || !b)
		return 0;
	return a > UNBOUNDED / b ? UNBOUNDED : a * b;
}

static struct symbol *base_of(struct symbol *t)
{
	while (t && (t->type == SYM_NODE || t->type == SYM_TYPEOF))
		t = t->ctype.base_type;
	return t;
}

/* The values of an unsigned integer type of at most 63 bits: [0, max]. */
static int type_range(struct symbol *t, struct range *r)
{
	struct symbol *b = base_of(t);
	if (!b || !is_int_type(b) || b->bit_size <= 0 || b->bit_size > 64)
		return -1;
	if (is_signed_type(b))
		return -1;
	r->lo = 0;
	r->hi = b->bit_size >= 63 ? UNBOUNDED : (1ULL << b->bit_size) - 1;
	return 0;
}

static struct statement *body_of(struct symbol *fn)
{
	if (fn && fn->definition)
		fn = fn->definition;
	struct symbol *b = fn ? fn->ctype.base_type : NULL;
	if (!b || b->type != SYM_FN)
		return NULL;
	return b->stmt ? b->stmt : b->inline_stmt;
}

static int range_of(struct expression *e, struct range *r, int depth);

/* An inline helper without arguments whose body is one `return CONST;`
 * (a huge-page order helper, a table size function). */
static int call_range(struct expression *e, struct range *r, int depth)
{
	struct expression *fn = e->fn;
	while (fn && (fn->type == EXPR_CAST || fn->type == EXPR_IMPLIED_CAST))
		fn = fn->cast_expression;
	if (fn && fn->type == EXPR_PREOP && fn->op == '*')
		fn = fn->unop;
	if (!fn || fn->type != EXPR_SYMBOL || !fn->symbol || expression_list_size(e->args))
		return -1;
	struct statement *s = body_of(fn->symbol);
	while (s && s->type == STMT_COMPOUND && statement_list_size(s->stmts) == 1) {
		struct statement *only = NULL, *x;
		FOR_EACH_PTR(s->stmts, x) {
			only = x;
		} END_FOR_EACH_PTR(x);
		s = only;
	}
	if (!s || s->type != STMT_RETURN || !s->ret_value)
		return -1;
	return range_of(s->ret_value, r, depth + 1);
}

/* The range of an evaluated (not yet expanded) expression: 0 when known. */
static int range_of(struct expression *e, struct range *r, int depth)
{
	if (!e || depth > 32)
		return -1;
	struct range a, b;
	switch (e->type) {
	case EXPR_VALUE:
		r->lo = r->hi = e->value;
		return 0;
	case EXPR_CAST:
	case EXPR_IMPLIED_CAST:
	case EXPR_FORCE_CAST: {
		struct range t;
		int typed = type_range(e->cast_type, &t) == 0;
		if (range_of(e->cast_expression, r, depth + 1) == 0) {
			/* a value the type cannot hold wraps: keep only what fits */
			if (!typed || r->hi <= t.hi)
				return 0;
			*r = t;
			return 0;
		}
		/* a narrow unsigned cast of anything bounds it */
		if (typed && t.hi != UNBOUNDED && base_of(e->cast_type)->bit_size <= 32) {
			*r = t;
			return 0;
		}
		return -1;
	}
	case EXPR_PREOP:
		if (e->op == '(' || e->op == '+')
			return range_of(e->unop, r, depth + 1);
		if (e->op == '*' && e->unop && e->unop->type == EXPR_SYMBOL && e->unop->symbol) {
			/* a variable (enumerators are values already): a const
			 * object with a constant initializer, else its type */
			struct symbol *s = e->unop->symbol;
			if (s->initializer && (s->ctype.modifiers & MOD_CONST) &&
			    range_of(s->initializer, r, depth + 1) == 0 && r->lo == r->hi)
				return 0;
		}
		return type_range(e->ctype, r);
	case EXPR_CALL:
		if (call_range(e, r, depth) == 0)
			return 0;
		return type_range(e->ctype, r);
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		if (range_of(e->cond_true ? e->cond_true : e->conditional, &a, depth + 1) ||
		    range_of(e->cond_false, &b, depth + 1))
			return type_range(e->ctype, r);
		r->lo = a.lo < b.lo ? a.lo : b.lo;
		r->hi = a.hi > b.hi ? a.hi : b.hi;
		return 0;
	case EXPR_BINOP:
		break;
	default:
		return type_range(e->ctype, r);
	}
	int la = range_of(e->left, &a, depth + 1), lb = range_of(e->right, &b, depth + 1);
	if (la || lb)
		return type_range(e->ctype, r);
	switch (e->op) {
	case '+':
		r->lo = sat_add(a.lo, b.lo);
		r->hi = sat_add(a.hi, b.hi);
		return r->lo == UNBOUNDED ? -1 : 0;
	case '*':
		r->lo = sat_mul(a.lo, b.lo);
		r->hi = sat_mul(a.hi, b.hi);
		return r->lo == UNBOUNDED ? -1 : 0;
	case '-':
		if (a.lo < b.hi)
			return type_range(e->ctype, r);
		r->lo = a.lo - b.hi;
		r->hi = a.hi == UNBOUNDED ? UNBOUNDED : a.hi - b.lo;
		return 0;
	case '/':
		if (b.lo == 0)
			return type_range(e->ctype, r);
		r->lo = a.lo / b.hi;
		r->hi = a.hi == UNBOUNDED ? UNBOUNDED : a.hi / b.lo;
		return 0;
	case '%':
		if (b.lo == 0 || b.hi == UNBOUNDED)
			return type_range(e->ctype, r);
		r->lo = a.lo == a.hi && b.lo == b.hi ? a.lo % b.lo : 0;
		r->hi = a.lo == a.hi && b.lo == b.hi ? r->lo : b.hi - 1;
		return 0;
	case SPECIAL_LEFTSHIFT:
		if (b.lo != b.hi || b.lo >= 63)
			return -1;
		r->lo = a.lo > (UNBOUNDED >> b.lo) ? UNBOUNDED : a.lo << b.lo;
		r->hi = a.hi > (UNBOUNDED >> b.lo) ? UNBOUNDED : a.hi << b.lo;
		return r->lo == UNBOUNDED ? -1 : 0;
	case SPECIAL_RIGHTSHIFT:
		if (b.lo != b.hi || b.lo >= 64)
			return -1;
		r->lo = a.lo >> b.lo;
		r->hi = a.hi == UNBOUNDED ? UNBOUNDED : a.hi >> b.lo;
		return 0;
	case '&':
		r->lo = a.lo == a.hi && b.lo == b.hi ? (a.lo & b.lo) : 0;
		r->hi = a.hi < b.hi ? a.hi : b.hi;
		return 0;
	case '|':
	case '^':
		if (a.lo != a.hi || b.lo != b.hi)
			return -1;
		r->lo = r->hi = e->op == '|' ? (a.lo | b.lo) : (a.lo ^ b.lo);
		return 0;
	default:
		return -1;
	}
}

/* The configured PAGE_SHIFT: an object-like macro that is a number, or the name
 * of one (arm64's CONFIG_ARM64_PAGE_SHIFT); 0 when there is none. */
static int page_shift(void)
{
	struct ident *id = built_in_ident("PAGE_SHIFT");
	for (int depth = 0; depth < 4 && id; depth++) {
		struct symbol *m = lookup_symbol(id, NS_MACRO);
		if (!m || m->arglist || !m->expansion)
			return 0;
		struct token *t = m->expansion;
		while (!eof_token(t) && token_type(t) == TOKEN_UNTAINT)
			t = t->next;
		struct token *n = eof_token(t) ? t : t->next;
		while (!eof_token(n) && token_type(n) == TOKEN_UNTAINT)
			n = n->next;
		if (eof_token(t) || !eof_token(n))
			return 0;
		if (token_type(t) == TOKEN_NUMBER) {
			char *e;
			long v = strtol(t->number, &e, 0);
			return (*e == 0 || *e == 'U' || *e == 'u' || *e == 'L' || *e == 'l') && v > 0 && v < 40 ? (int)v : 0;
		}
		if (token_type(t) != TOKEN_IDENT)
			return 0;
		id = t->ident;
	}
	return 0;
}

static int plain_number(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

static int has_gfp_arg(struct expression *call)
{
	struct expression *a;
	FOR_EACH_PTR(call->args, a) {
		if (is_gfp_type(a->ctype))
			return 1;
	} END_FOR_EACH_PTR(a);
	return 0;
}

void argval_records(void)
{
	int shift = page_shift();
	for (int o = 0; o < fe.nowners; o++)
		rec_add(o, 1, 0, "target\t%d\t%d", bits_in_pointer / 8, shift);
	for (int ci = 0; ci < fe.ncalls; ci++) {
		struct callrec *c = &fe.calls[ci];
		if (c->icall || c->kind == CALL_MACRO || !c->expr || c->expr->type != EXPR_CALL || !has_gfp_arg(c->expr))
			continue;
		int i = 0;
		struct expression *a;
		FOR_EACH_PTR(c->expr->args, a) {
			struct range r;
			if (i < c->nargs && !is_gfp_type(a->ctype) && !plain_number(c->args[i]) &&
			    range_of(a, &r, 0) == 0 && (r.lo > 0 || r.hi != UNBOUNDED) && r.lo <= SIZE_MAX_FACT) {
				char *p = pos_start(c->owner, c->tok);
				const struct tok *t = &fe.owners[c->owner].tx.t[c->tok];
				if (r.hi <= SIZE_MAX_FACT)
					rec_add(c->owner, t->line, t->col, "argval\t%s\t%s\t%s\t%d\t%llu\t%llu", c->fn >= 0 ? fe.fns[c->fn].name : "-",
						p, c->callee, i, r.lo, r.hi);
				else
					rec_add(c->owner, t->line, t->col, "argval\t%s\t%s\t%s\t%d\t%llu", c->fn >= 0 ? fe.fns[c->fn].name : "-", p,
						c->callee, i, r.lo);
				free(p);
			}
			i++;
		} END_FOR_EACH_PTR(a);
	}
}
