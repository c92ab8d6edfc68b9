/* cfg.c - cfg/bb records from sparse's linearized basic blocks, and ctx records
 * from its context instructions (`__context__` statements: __acquire,
 * __release, __cond_lock, also inside inlined helpers such as spin_lock(); calls
 * of functions annotated __acquires/__releases).
 *
 * The linearized code names its calls by symbol.  Before linearizing, every
 * direct call and every inlined call of the function gets a stand-in copy of its
 * callee's symbol, so that each call instruction leads back to its expression and
 * to the call record written for it; the originals are put back afterwards. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"
#include "symbol.h"
#include "expression.h"
#include "parse.h"
#include "token.h"
#include "linearize.h"

#include "fe.h"
#include "expr.h"

/* stand-ins: fake symbol -> the call expression (or the inlined statement's expression) */
struct standin {
	struct symbol *fake, *orig;
	struct expression *expr;	/* EXPR_CALL, or EXPR_STATEMENT of an inlined call */
	struct expression *fnexpr;	/* the EXPR_SYMBOL whose symbol was replaced (direct calls) */
	struct statement *stmt;		/* the inlined call's statement */
	struct expression *marker;	/* inlined: the context expression of its marker */
	struct statement_list *stmts;	/* inlined: the body's statements before the marker */
};
static struct standin *sis;
static int nsis, capsis;

static void add_standin(struct symbol *orig, struct expression *expr, struct expression *fnexpr,
			struct statement *stmt)
{
	if (nsis == capsis) {
		capsis = capsis ? capsis * 2 : 256;
		sis = xrealloc(sis, sizeof(struct standin) * (size_t)capsis);
	}
	struct symbol *fake = alloc_symbol(orig->pos, orig->type);
	*fake = *orig;
	fake->pseudo = NULL;
	struct standin *s = &sis[nsis++];
	s->fake = fake;
	s->orig = orig;
	s->expr = expr;
	s->fnexpr = fnexpr;
	s->stmt = stmt;
	s->marker = NULL;
	s->stmts = NULL;
	if (fnexpr) {
		fnexpr->symbol = fake;
	} else {
		stmt->inline_fn = fake;
		/* Sparse's optimizer drops the OP_INLINED_CALL of a call whose value
		 * is unused, so the inlined body starts with a marker of our own: a
		 * `__context__(marker, 0)` statement, whose OP_CONTEXT stays. */
		struct statement *m = alloc_statement(expr->pos, STMT_CONTEXT);
		m->expression = alloc_const_expression(expr->pos, 0);
		m->context = alloc_const_expression(expr->pos, 0);
		struct statement_list *l = NULL;
		add_statement(&l, m);
		concat_ptr_list((struct ptr_list *)stmt->stmts, (struct ptr_list **)&l);
		s->stmts = stmt->stmts;
		s->marker = m->context;
		stmt->stmts = l;
	}
}

static struct standin *standin_of_marker(struct expression *ctx)
{
	for (int i = 0; i < nsis; i++)
		if (sis[i].marker && sis[i].marker == ctx)
			return &sis[i];
	return NULL;
}

static struct standin *standin_of(struct symbol *sym)
{
	/* a linear search would be quadratic on large functions: sis is sorted by fake pointer */
	int lo = 0, hi = nsis - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (sis[mid].fake == sym)
			return &sis[mid];
		if ((uintptr_t)sis[mid].fake < (uintptr_t)sym)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return NULL;
}

static int cmp_standin(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)((const struct standin *)a)->fake, y = (uintptr_t)((const struct standin *)b)->fake;
	return x < y ? -1 : x > y;
}

static void visit_expr(struct expression *e);
static void visit_stmt(struct statement *s);

static void visit_expr(struct expression *e)
{
	if (!e)
		return;
	switch (e->type) {
	case EXPR_CALL: {
		struct expression *fn = e->fn;
		while (fn && (fn->type == EXPR_CAST || fn->type == EXPR_IMPLIED_CAST || fn->type == EXPR_FORCE_CAST))
			fn = fn->cast_expression;
		if (fn && fn->type == EXPR_PREOP && fn->op == '*' && fn->unop && fn->unop->type == EXPR_SYMBOL &&
		    fn->unop->symbol)
			fn = fn->unop;
		if (fn && fn->type == EXPR_SYMBOL && fn->symbol && fn->symbol->ident)
			add_standin(fn->symbol, e, fn, NULL);
		else
			visit_expr(e->fn);
		struct expression *a;
		FOR_EACH_PTR(e->args, a) {
			visit_expr(a);
		} END_FOR_EACH_PTR(a);
		break;
	}
	case EXPR_STATEMENT: {
		struct statement *s = e->statement;
		if (s && s->type == STMT_COMPOUND && s->inline_fn) {
			/* parameters of the inlined function stand for the call's arguments */
			if (s->args) {
				struct symbol *p;
				FOR_EACH_PTR(s->args->declaration, p) {
					if (p->initializer)
						subst_push(p, NULL, p->initializer);
				} END_FOR_EACH_PTR(p);
			}
			add_standin(s->inline_fn, e, NULL, s);
		}
		visit_stmt(s);
		break;
	}
	case EXPR_ASSIGNMENT:
	case EXPR_BINOP:
	case EXPR_LOGICAL:
	case EXPR_COMMA:
	case EXPR_COMPARE:
		visit_expr(e->left);
		visit_expr(e->right);
		break;
	case EXPR_PREOP:
	case EXPR_POSTOP:
		visit_expr(e->unop);
		break;
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		visit_expr(e->cast_expression);
		break;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		visit_expr(e->conditional);
		visit_expr(e->cond_true);
		visit_expr(e->cond_false);
		break;
	case EXPR_DEREF:
		visit_expr(e->deref);
		break;
	case EXPR_SLICE:
		visit_expr(e->base);
		break;
	case EXPR_INITIALIZER: {
		struct expression *x;
		FOR_EACH_PTR(e->expr_list, x) {
			visit_expr(x);
		} END_FOR_EACH_PTR(x);
		break;
	}
	case EXPR_POS:
		visit_expr(e->init_expr);
		break;
	case EXPR_IDENTIFIER:
		visit_expr(e->ident_expression);
		break;
	case EXPR_INDEX:
		visit_expr(e->idx_expression);
		break;
	default:
		break;
	}
}

static void visit_stmt(struct statement *s)
{
	if (!s)
		return;
	switch (s->type) {
	case STMT_DECLARATION: {
		struct symbol *sym;
		FOR_EACH_PTR(s->declaration, sym) {
			visit_expr(sym->initializer);
		} END_FOR_EACH_PTR(sym);
		break;
	}
	case STMT_EXPRESSION:
		visit_expr(s->expression);
		break;
	case STMT_COMPOUND: {
		if (s->args)
			visit_stmt(s->args);
		struct statement *x;
		FOR_EACH_PTR(s->stmts, x) {
			visit_stmt(x);
		} END_FOR_EACH_PTR(x);
		break;
	}
	case STMT_IF:
		visit_expr(s->if_conditional);
		visit_stmt(s->if_true);
		visit_stmt(s->if_false);
		break;
	case STMT_ITERATOR:
		visit_stmt(s->iterator_pre_statement);
		visit_expr(s->iterator_pre_condition);
		visit_stmt(s->iterator_statement);
		visit_stmt(s->iterator_post_statement);
		visit_expr(s->iterator_post_condition);
		break;
	case STMT_SWITCH:
		visit_expr(s->switch_expression);
		visit_stmt(s->switch_statement);
		break;
	case STMT_CASE:
		visit_stmt(s->case_statement);
		break;
	case STMT_RETURN:
		visit_expr(s->ret_value);
		break;
	case STMT_GOTO:
		visit_expr(s->goto_expression);
		break;
	case STMT_LABEL:
		visit_stmt(s->label_statement);
		break;
	default:
		break;
	}
}

/* ---- call records of the function, by expression ---- */
struct cmap {
	struct expression *expr;
	int call;
};

static int cmp_cmap(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)((const struct cmap *)a)->expr, y = (uintptr_t)((const struct cmap *)b)->expr;
	return x < y ? -1 : x > y;
}

static int call_of_expr(const struct cmap *m, int n, struct expression *e)
{
	int lo = 0, hi = n - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (m[mid].expr == e)
			return m[mid].call;
		if ((uintptr_t)m[mid].expr < (uintptr_t)e)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

struct event {
	int call;		/* call record index */
	int ctx;		/* or: -1, else index into ctxs */
};

struct ctxrec {
	int bb, anchor;		/* anchor: token, -1 until known */
	int delta;
	char *expr, *cls;
};

static const char *fnname(int fn)
{
	return fe.fns[fn].name;
}

static int ptr_index(struct basic_block **bbs, int n, struct basic_block *bb)
{
	for (int i = 0; i < n; i++)
		if (bbs[i] == bb)
			return i;
	return -1;
}

static int contexts_hold(struct symbol *sym, struct expression *ce)
{
	for (int pass = 0; pass < 2 && sym; pass++) {
		struct context *c;
		FOR_EACH_PTR(sym->ctype.contexts, c) {
			if (c->context == ce)
				return 1;
		} END_FOR_EACH_PTR(c);
		sym = sym->ctype.base_type;
	}
	return 0;
}

static void push_params(struct symbol *callee, struct expression *call)
{
	struct symbol *fn = callee;
	while (fn && fn->type == SYM_NODE)
		fn = fn->ctype.base_type;
	if (!fn || fn->type != SYM_FN || !call || call->type != EXPR_CALL)
		return;
	struct symbol *p;
	struct expression *a;
	PREPARE_PTR_LIST(fn->arguments, p);
	FOR_EACH_PTR(call->args, a) {
		if (!p)
			break;
		if (p->ident)
			subst_push(NULL, p->ident, a);
		NEXT_PTR_LIST(p);
	} END_FOR_EACH_PTR(a);
	FINISH_PTR_LIST(p);
}

void cfg_function(int fnidx)
{
	struct fnrec *f = &fe.fns[fnidx];
	struct symbol *sym = f->sym;
	int owner = f->owner;
	const struct text *tx = &fe.owners[owner].tx;

	expand_symbol(sym);
	struct symbol *base = sym->ctype.base_type;
	if (!base || base->type != SYM_FN || !base->stmt)
		return;		/* inline functions keep their body for inlining: no CFG */
	int smark = subst_mark();
	nsis = 0;
	visit_stmt(base->stmt);
	if (nsis > 1)
		qsort(sis, (size_t)nsis, sizeof(struct standin), cmp_standin);

	/* this function's call records by expression */
	int ncm = 0;
	struct cmap *cm = xmalloc(sizeof(struct cmap) * (size_t)(fe.ncalls + 1));
	for (int i = 0; i < fe.ncalls; i++)
		if (fe.calls[i].fn == fnidx && fe.calls[i].expr && fe.calls[i].kind != CALL_MACRO) {
			cm[ncm].expr = fe.calls[i].expr;
			cm[ncm].call = i;
			ncm++;
		}
	qsort(cm, (size_t)ncm, sizeof(struct cmap), cmp_cmap);

	struct entrypoint *ep = linearize_symbol(sym);

	/* put the original symbols back */
	for (int i = 0; i < nsis; i++) {
		if (sis[i].fnexpr) {
			sis[i].fnexpr->symbol = sis[i].orig;
		} else {
			sis[i].stmt->inline_fn = sis[i].orig;
			sis[i].stmt->stmts = sis[i].stmts;
		}
	}
	if (!ep || !ep->entry) {
		free(cm);
		subst_pop(smark);
		return;
	}

	int nbb = 0;
	struct basic_block *bb;
	FOR_EACH_PTR(ep->bbs, bb) {
		nbb++;
	} END_FOR_EACH_PTR(bb);
	struct basic_block **bbs = xmalloc(sizeof(*bbs) * (size_t)(nbb + 1));
	nbb = 0;
	FOR_EACH_PTR(ep->bbs, bb) {
		bbs[nbb++] = bb;
	} END_FOR_EACH_PTR(bb);
	int exit_id = nbb;

	struct strbuf *succ = xcalloc((size_t)nbb, sizeof(struct strbuf));
	struct strbuf *calls = xcalloc((size_t)nbb, sizeof(struct strbuf));
	int *cbrtok = xmalloc(sizeof(int) * (size_t)(nbb + 1));	/* condition anchor of a CBR block */
	int *iftok = xmalloc(sizeof(int) * (size_t)(nbb + 1));
	int *tsucc = xmalloc(sizeof(int) * (size_t)(nbb + 1)), *fsucc = xmalloc(sizeof(int) * (size_t)(nbb + 1));
	int *firsttok = xmalloc(sizeof(int) * (size_t)(nbb + 1));	/* first position of the block in the file */
	int *brsucc = xmalloc(sizeof(int) * (size_t)(nbb + 1));	/* an unconditional branch's target, or -1 */
	struct ctxrec *ctxs = NULL;
	int nctx = 0, capctx = 0;
	int last_marker_tok = -1;	/* the last inlined call seen, in block order */
	int any_exit = 0;

	for (int b = 0; b < nbb; b++) {
		cbrtok[b] = iftok[b] = tsucc[b] = fsucc[b] = firsttok[b] = brsucc[b] = -1;
		struct instruction *insn, *lastcall = NULL;
		int lastcall_rec = -1, last_event_tok = -1, pending0 = nctx, marker_in_block = -1;
		struct instruction *term = NULL;
		int trap = 0;
		FOR_EACH_PTR(bbs[b]->insns, insn) {
			if (!insn->bb)
				continue;
			if (firsttok[b] < 0 && insn->opcode != OP_PHI && insn->opcode != OP_PHISOURCE &&
			    owner_of_stream(insn->pos.stream) == owner) {
				int k = tok_of_pos(owner, (int)insn->pos.line, (int)insn->pos.pos);
				if (k >= 0 && fn_at_tok(owner, k) == fnidx)
					firsttok[b] = k;
			}
			switch (insn->opcode) {
			case OP_INLINED_CALL:
				break;	/* its marker (below) stands for it */
			case OP_CALL: {
				/* __builtin_trap() does not return (sparse does not say so) */
				if (insn->opcode == OP_CALL && insn->func && insn->func->type == PSEUDO_SYM && insn->func->sym &&
				    insn->func->sym->ident && !strcmp(show_ident(insn->func->sym->ident), "__builtin_trap"))
					trap = 1;
				lastcall = insn;
				lastcall_rec = -1;
				struct standin *si = NULL;
				if (insn->func && insn->func->type == PSEUDO_SYM)
					si = standin_of(insn->func->sym);
				int rec = -1;
				if (si) {
					rec = call_of_expr(cm, ncm, si->expr);
				} else if (insn->opcode == OP_CALL) {
					/* an indirect call: the icall record at this position */
					for (int i = 0; i < fe.ncalls; i++) {
						struct callrec *c = &fe.calls[i];
						if (c->fn == fnidx && c->icall && c->expr && c->expr->pos.stream == insn->pos.stream &&
						    c->expr->pos.line == insn->pos.line && c->expr->pos.pos == insn->pos.pos) {
							rec = i;
							break;
						}
					}
				}
				if (rec >= 0) {
					struct callrec *c = &fe.calls[rec];
					lastcall_rec = rec;
					char *p = pos_start(owner, c->tok);
					if (calls[b].len)
						sb_addc(&calls[b], ',');
					sb_addf(&calls[b], "%s:%s", p, c->callee);
					free(p);
					last_event_tok = c->tok;
					/* contexts waiting for the written call that holds them */
					for (int x = pending0; x < nctx; x++)
						if (ctxs[x].anchor < 0)
							ctxs[x].anchor = c->tok;
					pending0 = nctx;
				}
				break;
			}
			case OP_CONTEXT: {
				struct standin *mk = insn->increment ? NULL : standin_of_marker(insn->context_expr);
				if (mk) {
					/* an inlined call starts here */
					int rec = call_of_expr(cm, ncm, mk->expr);
					if (rec >= 0) {
						struct callrec *c = &fe.calls[rec];
						char *p = pos_start(owner, c->tok);
						if (calls[b].len)
							sb_addc(&calls[b], ',');
						sb_addf(&calls[b], "%s:%s", p, c->callee);
						free(p);
						last_event_tok = c->tok;
						last_marker_tok = c->tok;
						for (int x = pending0; x < nctx; x++)
							if (ctxs[x].anchor < 0)
								ctxs[x].anchor = c->tok;
						pending0 = nctx;
						marker_in_block = c->tok;
					}
					break;
				}
				if (!insn->increment)
					break;
				if (nctx == capctx) {
					capctx = capctx ? capctx * 2 : 16;
					ctxs = xrealloc(ctxs, sizeof(struct ctxrec) * (size_t)capctx);
				}
				struct ctxrec *x = &ctxs[nctx++];
				x->bb = b;
				x->delta = insn->increment;
				x->anchor = -1;
				int m = subst_mark();
				struct standin *si = lastcall && lastcall->func && lastcall->func->type == PSEUDO_SYM
							     ? standin_of(lastcall->func->sym) : NULL;
				if (si && si->expr && si->expr->type == EXPR_CALL && contexts_hold(si->orig, insn->context_expr)) {
					/* the callee's annotation: its parameters are this call's arguments */
					push_params(si->orig, si->expr);
					expr_type_scope(si->orig);
					if (lastcall_rec >= 0)
						x->anchor = fe.calls[lastcall_rec].tok;
					else if (marker_in_block >= 0)
						x->anchor = marker_in_block;	/* called inside an inlined helper */
				} else if (owner_of_stream(insn->pos.stream) == owner &&
					   tok_of_pos(owner, (int)insn->pos.line, (int)insn->pos.pos) >= 0 &&
					   fn_at_tok(owner, tok_of_pos(owner, (int)insn->pos.line, (int)insn->pos.pos)) == fnidx) {
					x->anchor = tok_of_pos(owner, (int)insn->pos.line, (int)insn->pos.pos);
				} else if (marker_in_block >= 0) {
					x->anchor = marker_in_block;	/* inside the inlined call begun in this block */
				} else if (last_marker_tok >= 0) {
					x->anchor = last_marker_tok;	/* in a block of an inlined body */
				}
				struct strbuf eb = {0};
				expr_text(&eb, insn->context_expr);
				x->expr = eb.s ? eb.s : xstrdup("-");
				x->cls = expr_class(insn->context_expr);
				expr_type_scope(NULL);
				subst_pop(m);
				break;
			}
			default:
				if (insn->opcode >= OP_TERMINATOR && insn->opcode <= OP_TERMINATOR_END)
					term = insn;
				break;
			}
		} END_FOR_EACH_PTR(insn);
		/* contexts with no written call after them in the block: the one before */
		for (int x = pending0; x < nctx; x++)
			if (ctxs[x].anchor < 0)
				ctxs[x].anchor = last_event_tok >= 0 ? last_event_tok : f->nametok;
		if (!term || trap) {
			sb_add(&succ[b], "-");
			continue;
		}
		switch (term->opcode) {
		case OP_RET:
			sb_addf(&succ[b], "%d", exit_id);
			any_exit = 1;
			break;
		case OP_BR:
			brsucc[b] = ptr_index(bbs, nbb, term->bb_true);
			sb_addf(&succ[b], "%d", brsucc[b]);
			break;
		case OP_CBR: {
			tsucc[b] = ptr_index(bbs, nbb, term->bb_true);
			fsucc[b] = ptr_index(bbs, nbb, term->bb_false);
			int k = -1;
			if (owner_of_stream(term->pos.stream) == owner)
				k = tok_of_pos(owner, (int)term->pos.line, (int)term->pos.pos);
			cbrtok[b] = k >= 0 ? k : last_event_tok;
			break;
		}
		case OP_SWITCH:
		case OP_COMPUTEDGOTO: {
			struct multijmp *jmp;
			int first = 1;
			FOR_EACH_PTR(term->multijmp_list, jmp) {
				int t = ptr_index(bbs, nbb, jmp->target);
				if (t < 0)
					continue;
				if (!first)
					sb_addc(&succ[b], ',');
				first = 0;
				sb_addf(&succ[b], "%d", t);
			} END_FOR_EACH_PTR(jmp);
			if (first)
				sb_add(&succ[b], "-");
			break;
		}
		default:	/* OP_UNREACH: a noreturn call ends the path */
			sb_add(&succ[b], "-");
			break;
		}
	}
	(void)any_exit;

	/* which CBR block ends each if's condition: the one whose successors both
	 * leave the condition (a && b: the test of b) */
	int nif = if_count();
	for (int i = 0; i < nif; i++) {
		int o, fn, kw, cs, ce;
		if_get(i, &o, &fn, &kw, &cs, &ce);
		if (o != owner || fn != fnidx)
			continue;
		int best = -1;
		for (int b = 0; b < nbb; b++) {
			if (cbrtok[b] < cs || cbrtok[b] >= ce)
				continue;
			int tin = tsucc[b] >= 0 && cbrtok[tsucc[b]] >= cs && cbrtok[tsucc[b]] < ce;
			int fin = fsucc[b] >= 0 && cbrtok[fsucc[b]] >= cs && cbrtok[fsucc[b]] < ce;
			if (!tin && !fin)
				best = b;
			else if (best < 0)
				best = b;
		}
		if (best >= 0 && iftok[best] < 0) {
			iftok[best] = kw;
			/* then-branch first: sparse tests `!x` as x with the targets swapped */
			int ts, te, es, ee;
			if_spans(i, &ts, &te, &es, &ee);
			int t = tsucc[best], e = fsucc[best];
			int t_in_then = t >= 0 && firsttok[t] >= ts && firsttok[t] < te;
			int e_in_then = e >= 0 && firsttok[e] >= ts && firsttok[e] < te;
			/* neither starts in the then-branch (a goto, a return, an empty
			 * branch): the one that starts the else branch, or the code right
			 * after the if, is not the then-branch */
			int swap = !t_in_then && e_in_then;
			/* both start in the then-branch: sparse gave the block after an
			 * if without else the position of the branch's last statement
			 * (`if (!inode->i_nlink) f(inode);` closing a function). The
			 * then-branch is the one that goes on into the other. */
			if (t_in_then && e_in_then && es < 0 && t >= 0 && e >= 0 && brsucc[t] != brsucc[e])
				swap = brsucc[e] == t;
			if (!t_in_then && !e_in_then) {
				int after = es >= 0 ? es : te, until = es >= 0 ? ee : 1 << 30;
				int tf = t >= 0 && firsttok[t] >= after && firsttok[t] < until ? firsttok[t] : 1 << 30;
				int ef = e >= 0 && firsttok[e] >= after && firsttok[e] < until ? firsttok[e] : 1 << 30;
				swap = tf < ef;
			}
			if (swap) {
				tsucc[best] = e;
				fsucc[best] = t;
			}
		}
	}
	for (int b = 0; b < nbb; b++)
		if (tsucc[b] >= 0 || fsucc[b] >= 0)
			sb_addf(&succ[b], "%d,%d", tsucc[b], fsucc[b]);

	int line = tx->t[f->close].line, col = tx->t[f->close].col;
	int entry = ptr_index(bbs, nbb, ep->entry->bb);
	rec_add(owner, line, col, "cfg\t%s\t%d\t%d\t%d", fnname(fnidx), nbb + 1, entry, exit_id);
	for (int b = 0; b < nbb; b++) {
		char *ip = iftok[b] >= 0 ? pos_start(owner, iftok[b]) : xstrdup("-");
		rec_add(owner, line, col, "bb\t%s\t%d\t%s\t%s\t%s", fnname(fnidx), b, succ[b].s,
			calls[b].len ? calls[b].s : "-", ip);
		free(ip);
		free(succ[b].s);
		free(calls[b].s);
	}
	rec_add(owner, line, col, "bb\t%s\t%d\t-\t-\t-", fnname(fnidx), exit_id);
	for (int x = 0; x < nctx; x++) {
		struct ctxrec *c = &ctxs[x];
		char *p = pos_start(owner, c->anchor);
		struct strbuf eb = {0};
		fold_field(&eb, c->expr);
		/* (x) -> x: a substituted argument keeps no parentheses of its own */
		while (eb.s && eb.len > 2 && eb.s[0] == '(' && eb.s[eb.len - 1] == ')') {
			int d = 0, whole = 1;
			for (size_t q = 0; q < eb.len - 1; q++) {
				d += eb.s[q] == '(' ? 1 : eb.s[q] == ')' ? -1 : 0;
				if (d == 0) {
					whole = 0;
					break;
				}
			}
			if (!whole)
				break;
			memmove(eb.s, eb.s + 1, eb.len - 2);
			eb.len -= 2;
			eb.s[eb.len] = 0;
		}
		for (int u = 0; u < (c->delta < 0 ? -c->delta : c->delta) && u < 16; u++)
			rec_add(owner, line, col, "ctx\t%s\t%s\t%d\t%s\t%s\t%s", fnname(fnidx), p, c->bb,
				c->delta > 0 ? "acquire" : "release", eb.s ? eb.s : "-", c->cls);
		free(eb.s);
		free(p);
		free(c->expr);
		free(c->cls);
	}
	free(ctxs);
	free(succ);
	free(calls);
	free(cbrtok);
	free(iftok);
	free(tsucc);
	free(fsucc);
	free(firsttok);
	free(brsucc);
	free(bbs);
	free(cm);
	subst_pop(smark);
}

/* ctxfn NAME IN OUT EXPR CLASS: the context annotations of function SYM
 * (__acquires: 0 1, __releases: 1 0, __must_hold: 1 1), once per file */
void context_decl(int owner, struct symbol *sym, const char *name)
{
	static char **done;
	static int ndone, capdone;
	char *key = xasprintf("%d\t%s", owner, name);
	name = key + strcspn(key, "\t") + 1;	/* show_ident()'s buffer is reused below */
	for (int i = 0; i < ndone; i++)
		if (!strcmp(done[i], key)) {
			free(key);
			return;
		}
	if (ndone == capdone) {
		capdone = capdone ? capdone * 2 : 32;
		done = xrealloc(done, sizeof(char *) * (size_t)capdone);
	}
	done[ndone++] = key;
	for (int pass = 0; pass < 2 && sym; pass++) {
		struct context *c;
		FOR_EACH_PTR(sym->ctype.contexts, c) {
			struct strbuf eb = {0}, fb = {0};
			expr_type_scope(sym);
			expr_text(&eb, c->context);
			fold_field(&fb, eb.s ? eb.s : "-");
			char *cls = expr_class(c->context);
			expr_type_scope(NULL);
			/* __cond_acquires(x) is context(x, 0, -1): a conditional acquire,
			 * which no row of the schema (IN/OUT 0..255) describes; left out */
			if ((int)c->in >= 0 && (int)c->in <= 255 && (int)c->out >= 0 && (int)c->out <= 255)
				rec_add(owner, 0, 0, "ctxfn\t%s\t%u\t%u\t%s\t%s", name, c->in, c->out, fb.s ? fb.s : "-",
					cls);
			free(cls);
			free(eb.s);
			free(fb.s);
		} END_FOR_EACH_PTR(c);
		sym = sym->ctype.base_type;
		if (sym && sym->type != SYM_FN)
			break;
	}
}
