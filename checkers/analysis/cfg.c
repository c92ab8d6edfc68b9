/* cfg.c - a function's CFG from the front end's `bb` records, or lowered from
 * its structure records (see cfg.h). */
#include <stdlib.h>
#include <string.h>

#include "analysis/cfg.h"
#include "base/util.h"

/* ---------------------------------------------------------------- blocks */

static int newb(struct fcfg *g)
{
	struct cfg_block b;
	memset(&b, 0, sizeof(b));
	VEC_PUSH(g->b, g->n, g->cap, b);
	return g->n - 1;
}

static void edge(struct fcfg *g, int from, int to)
{
	if (from < 0)
		return;
	struct cfg_block *b = &g->b[from];
	VEC_PUSH(b->succ, b->nsucc, b->capsucc, to);
}

static void emit(struct fcfg *g, int b, int ev)
{
	VEC_PUSH(g->b[b].ev, g->b[b].nev, g->b[b].capev, ev);
}

void cfg_free(struct fcfg *g)
{
	for (int i = 0; i < g->n && !g->packed; i++) {
		free(g->b[i].ev);
		free(g->b[i].succ);
	}
	free(g->b);
	memset(g, 0, sizeof(*g));
}

/* ---------------------------------------------------------------- lowering */

enum { LE_ITEM, LE_PROBE, LE_CALL }; /* order of events at the same position */

struct lev {
	pos_t pos;
	int type, idx;
};

struct lab {
	uint32_t name;
	int b;
};

struct low {
	const struct analysis *a;
	const struct program *p;
	struct fcfg *g;
	struct lev *ev;
	int nev, cur;
	int has_case;
	int dead; /* a block no path reaches, for code after a jump */
	struct lab *labs;
	int nlab, caplab;
};

/* break/continue targets of the innermost loop or switch */
struct lbrk {
	int brk, cont, head; /* blocks; head: the switch's head block */
	int is_switch;
	struct lbrk *up;
};

static int cmp_lev(const void *x, const void *y)
{
	const struct lev *a = x, *b = y;
	int r = pos_cmp(a->pos, b->pos);
	if (r)
		return r;
	return a->type != b->type ? a->type - b->type : a->idx - b->idx;
}

static int label_block(struct low *L, uint32_t name)
{
	for (int i = 0; i < L->nlab; i++)
		if (L->labs[i].name == name)
			return L->labs[i].b;
	struct lab l = {name, newb(L->g)};
	VEC_PUSH(L->labs, L->nlab, L->caplab, l);
	return l.b;
}

static int dead_block(struct low *L)
{
	if (L->dead < 0)
		L->dead = newb(L->g);
	return L->dead;
}

static int noreturn_call(const struct low *L, int c)
{
	const struct call *cl = &L->p->calls[c];
	return !cl->is_icall && model_find1(L->a->model, ROW_NORETURN, cl->callee) != NULL;
}

static void skip_to(struct low *L, pos_t to)
{
	while (L->cur < L->nev && pos_cmp(L->ev[L->cur].pos, to) < 0)
		L->cur++;
}

static void lower_block(struct low *L, pos_t end, int has_end, int *cb, struct lbrk *B);

static void lower_if(struct low *L, const struct item *it, int *cb, struct lbrk *B)
{
	struct fcfg *g = L->g;
	lower_block(L, it->e1, 1, cb, B); /* the condition */
	int ib = *cb >= 0 ? *cb : newb(g);
	g->b[ib].ifit = it;
	int t = newb(g), e = newb(g);
	edge(g, ib, t); /* successor 0: then */
	edge(g, ib, e); /* successor 1: else, or the join */
	skip_to(L, it->s2);
	lower_block(L, it->e2, 1, &t, B);
	if (it->has_else) {
		skip_to(L, it->s3);
		lower_block(L, it->e3, 1, &e, B);
	}
	int j = newb(g);
	edge(g, t, j);
	edge(g, e, j);
	*cb = j;
}

static void lower_loop(struct low *L, const struct item *it, int *cb, struct lbrk *B)
{
	struct fcfg *g = L->g;
	int h = newb(g);
	edge(g, *cb, h);
	int hc = h;
	lower_block(L, it->s1, 1, &hc, B); /* the header: condition, iterator */
	int x = newb(g), body = newb(g);
	if (it->name != intern("forever"))
		edge(g, hc, x); /* for (;;) and while (1) are left only by break, goto or return */
	edge(g, hc, body);
	struct lbrk LB = {x, h, -1, 0, B};
	lower_block(L, it->e1, 1, &body, &LB);
	edge(g, body, h);
	*cb = x;
}

static void lower_switch(struct low *L, const struct item *it, int *cb, struct lbrk *B)
{
	struct fcfg *g = L->g;
	lower_block(L, it->s1, 1, cb, B); /* the controlling expression */
	int head = *cb >= 0 ? *cb : newb(g);
	int x = newb(g), body = newb(g);
	edge(g, head, body);
	edge(g, head, x); /* no default arm */
	struct lbrk SB = {x, -1, head, 1, B};
	lower_block(L, it->e1, 1, &body, &SB);
	edge(g, body, x);
	*cb = x;
}

static void lower_jump(struct low *L, const struct item *it, int *cb, struct lbrk *B)
{
	struct fcfg *g = L->g;
	if (it->kind == IT_GOTO) {
		edge(g, *cb, label_block(L, it->name));
	} else if (it->kind == IT_BREAK) {
		if (B)
			edge(g, *cb, B->brk);
	} else { /* IT_CONTINUE */
		struct lbrk *l = B;
		while (l && l->is_switch)
			l = l->up;
		if (l)
			edge(g, *cb, l->cont);
	}
	*cb = -1;
}

static void lower_block(struct low *L, pos_t end, int has_end, int *cb, struct lbrk *B)
{
	struct fcfg *g = L->g;
	int last_live = -1; /* the block before the last jump: where code after it resumes */
	int pending_ret = 0;
	while (L->cur < L->nev && (!has_end || pos_cmp(L->ev[L->cur].pos, end) < 0)) {
		const struct lev *e = &L->ev[L->cur];
		const struct item *it = e->type == LE_ITEM ? &L->p->items[e->idx] : NULL;
		if (pending_ret && e->type != LE_CALL) { /* the return's expression is done */
			edge(g, *cb, g->exit);
			*cb = -1;
			pending_ret = 0;
		}
		if (*cb < 0 && last_live >= 0 && !L->has_case && !(it && (it->kind == IT_LABEL || it->kind == IT_CASE))) {
			*cb = newb(g); /* code after a jump: the next arm of a switch */
			edge(g, last_live, *cb);
		}
		L->cur++;
		if (!it) {
			emit(g, *cb >= 0 ? *cb : dead_block(L), e->type == LE_PROBE ? CFG_PROBE : e->idx);
			if (e->type == LE_CALL && noreturn_call(L, e->idx)) { /* the path ends, without returning */
				last_live = *cb;
				*cb = -1;
			}
			continue;
		}
		switch (it->kind) {
		case IT_RETURN:
			last_live = *cb;
			if (*cb >= 0) { /* the calls of the returned expression come after the item */
				int r = newb(g);
				edge(g, *cb, r);
				*cb = r;
			}
			pending_ret = 1;
			break;
		case IT_GOTO:
		case IT_BREAK:
		case IT_CONTINUE:
			last_live = *cb;
			lower_jump(L, it, cb, B);
			break;
		case IT_LABEL: {
			int lb = label_block(L, it->name);
			edge(g, *cb, lb);
			*cb = lb;
			break;
		}
		case IT_CASE:
			if (B && B->is_switch) {
				int nb = newb(g);
				edge(g, *cb, nb); /* fall-through from the arm above */
				edge(g, B->head, nb);
				*cb = nb;
			}
			break;
		case IT_IF:
			lower_if(L, it, cb, B);
			break;
		case IT_LOOP:
			lower_loop(L, it, cb, B);
			break;
		case IT_SWITCH:
			lower_switch(L, it, cb, B);
			break;
		}
	}
	if (pending_ret) {
		edge(g, *cb, g->exit);
		*cb = -1;
	}
}

static void cfg_lower(const struct analysis *a, int f, pos_t probe, struct fcfg *g)
{
	const struct program *p = a->prog;
	const struct func *fn = &p->funcs[f];
	struct low L;
	memset(&L, 0, sizeof(L));
	L.a = a;
	L.p = p;
	L.g = g;
	L.dead = -1;
	L.ev = xmalloc(sizeof(*L.ev) * (size_t)(fn->ncalls + fn->nitems + 1));
	for (int i = 0; i < fn->ncalls; i++) {
		struct lev e = {p->calls[fn->calls[i]].pos, LE_CALL, fn->calls[i]};
		L.ev[L.nev++] = e;
	}
	for (int i = 0; i < fn->nitems; i++) {
		const struct item *it = &p->items[fn->items[i]];
		struct lev e = {it->pos, LE_ITEM, fn->items[i]};
		L.ev[L.nev++] = e;
		L.has_case |= it->kind == IT_CASE;
	}
	if (probe.line > 0) {
		struct lev e = {probe, LE_PROBE, 0};
		L.ev[L.nev++] = e;
	}
	qsort(L.ev, (size_t)L.nev, sizeof(*L.ev), cmp_lev);
	g->entry = newb(g);
	g->exit = newb(g);
	int cb = g->entry;
	pos_t none = {0, 0};
	lower_block(&L, none, 0, &cb, NULL);
	edge(g, cb, g->exit); /* falling off the end */
	free(L.ev);
	free(L.labs);
}

/* ---------------------------------------------------------------- front-end CFGs */

/* First index in fn->calls (source order) whose position is >= pos. */
static int lower_bound(const struct program *p, const struct func *fn, pos_t pos)
{
	int lo = 0, hi = fn->ncalls;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (pos_cmp(p->calls[fn->calls[mid]].pos, pos) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void insert_ev(struct cfg_block *b, int at, int c)
{
	VEC_GROW(b->ev, b->nev, b->capev);
	memmove(&b->ev[at + 1], &b->ev[at], sizeof(int) * (size_t)(b->nev - at));
	b->ev[at] = c;
	b->nev++;
}

/* The calls of each block.  A block event names a call by position and callee;
 * calls no event names (a macro as written, whose expansion is the event at the
 * same place; a call in an unevaluated operand) go just before the first event
 * at or after their position, or to the exit block. */
static void place_calls(const struct program *p, const struct func *fn, struct fcfg *g)
{
	unsigned char *used = xcalloc((size_t)(fn->ncalls ? fn->ncalls : 1), 1);
	for (int b = 0; b < fn->cfg_n; b++) {
		if (fn->bbs[b] < 0)
			continue;
		const struct bblock *B = &p->bbs[fn->bbs[b]];
		for (int e = 0; e < B->nev; e++) {
			int first = -1, pick = -1;
			for (int i = lower_bound(p, fn, B->evpos[e]); i < fn->ncalls; i++) {
				const struct call *cl = &p->calls[fn->calls[i]];
				if (pos_cmp(cl->pos, B->evpos[e]) != 0)
					break;
				if (cl->callee != B->evcallee[e])
					continue;
				if (first < 0)
					first = i;
				if (!used[i]) {
					pick = i;
					break;
				}
			}
			if (pick < 0)
				pick = first;
			if (pick < 0)
				continue; /* a call the facts do not record */
			used[pick] = 1;
			emit(g, b, fn->calls[pick]);
		}
	}
	for (int i = 0; i < fn->ncalls; i++) {
		if (used[i])
			continue;
		const struct call *cl = &p->calls[fn->calls[i]];
		int best_b = -1, best_k = 0;
		pos_t best = {0, 0};
		for (int b = 0; b < g->n; b++)
			for (int k = 0; k < g->b[b].nev; k++) {
				pos_t q = p->calls[g->b[b].ev[k]].pos;
				if (pos_cmp(q, cl->pos) >= 0 && (best_b < 0 || pos_cmp(q, best) < 0)) {
					best = q;
					best_b = b;
					best_k = k;
				}
			}
		if (best_b < 0) {
			best_b = fn->cfg_exit;
			best_k = g->b[best_b].nev;
		}
		insert_ev(&g->b[best_b], best_k, fn->calls[i]);
	}
	free(used);
}

static const struct item *if_at(const struct program *p, const struct func *fn, pos_t pos)
{
	for (int i = 0; i < fn->nitems; i++) {
		const struct item *it = &p->items[fn->items[i]];
		if (it->kind == IT_IF && pos_cmp(it->pos, pos) == 0)
			return it;
	}
	return NULL;
}

/* Successors keep the front end's order; an edge it proved never taken is -1
 * (the engine skips it, and the then/else positions stay). */
static void cfg_from_front_end(const struct program *p, const struct func *fn, struct fcfg *g)
{
	for (int b = 0; b < fn->cfg_n; b++)
		newb(g);
	g->entry = fn->cfg_entry;
	g->exit = fn->cfg_exit;
	g->from_front_end = 1;
	place_calls(p, fn, g);
	for (int b = 0; b < fn->cfg_n; b++) {
		if (fn->bbs[b] < 0 || b == fn->cfg_exit)
			continue;
		const struct bblock *B = &p->bbs[fn->bbs[b]];
		for (int s = 0; s < B->nsucc; s++)
			edge(g, b, B->succ[s]);
		if (B->ifpos.line && B->nsucc == 2)
			g->b[b].ifit = if_at(p, fn, B->ifpos);
	}
}

/* The finished CFG in one allocation of its exact size: the flow pass keeps
 * the CFG of every function it analyses (the chain search walks them again),
 * and a block's two growing arrays cost more than its events (on the whole
 * 6.1 tree packing saves 0.6 GB of the peak). */
static void cfg_pack(struct fcfg *g)
{
	size_t ints = 0;
	for (int i = 0; i < g->n; i++)
		ints += (size_t)g->b[i].nev + (size_t)g->b[i].nsucc;
	size_t n = g->n ? (size_t)g->n : 1;
	struct cfg_block *nb = xmalloc(sizeof(*nb) * n + sizeof(int) * ints);
	int *at = (int *)(nb + n);
	for (int i = 0; i < g->n; i++) {
		struct cfg_block *o = &g->b[i], *d = &nb[i];
		*d = *o;
		d->ev = at;
		if (o->nev)
			memcpy(at, o->ev, sizeof(int) * (size_t)o->nev);
		at += o->nev;
		d->succ = at;
		if (o->nsucc)
			memcpy(at, o->succ, sizeof(int) * (size_t)o->nsucc);
		at += o->nsucc;
		d->capev = o->nev;
		d->capsucc = o->nsucc;
		free(o->ev);
		free(o->succ);
	}
	free(g->b);
	g->b = nb;
	g->cap = g->n;
	g->packed = 1;
}

void cfg_build(const struct analysis *a, int f, pos_t probe, struct fcfg *g)
{
	memset(g, 0, sizeof(*g));
	const struct func *fn = &a->prog->funcs[f];
	if (fn->cfg_n && probe.line <= 0)
		cfg_from_front_end(a->prog, fn, g);
	else
		cfg_lower(a, f, probe, g);
	if (g->n)
		cfg_pack(g);
}
