/* fix_region.c - lock regions for the nofs-to-scope rule and the scope fixes.
 *
 * A region is one acquire call A of a modelled (or inferred) lock entry. Its
 * sites are the GFP_NOFS tokens and __GFP_FS allocations reached only while A's
 * entry is held: in A's function on every path, or in a callee all of whose
 * callers are such sites themselves. Whether one scope opened after A and closed
 * before every release is balanced is decided by a small interpreter over the
 * function's structure records (the same shapes flow.c handles) with two
 * states: before the save (OUT) and inside the scope (IN). */
#include <stdlib.h>
#include <string.h>

#include "analysis/context.h"
#include "analysis/regions.h"
#include "analysis/flow.h"
#include "base/util.h"

enum { S_OUT = 1, S_IN = 2 };
enum { RE_ITEM, RE_SAVE, RE_CALL };

struct rev {
	pos_t pos;
	int type, idx; /* item index, or index into fn->calls */
};

struct rlab {
	uint32_t name;
	uint8_t st;
};

struct rbrk {
	uint8_t brk, cont, head;
	int is_switch;
	struct rbrk *up;
};

struct ri {
	const struct program *p;
	const struct func *fn;
	struct rev *ev;
	int nev;
	uint8_t *cst; /* per fn->calls index */
	uint8_t *isrel;
	struct rlab *labs;
	int nlab, caplab, grew;
	uint8_t exits;
	int has_case, saves, save_twice;
};

static int cmp_rev(const void *x, const void *y)
{
	const struct rev *a = x, *b = y;
	int r = pos_cmp(a->pos, b->pos);
	if (r)
		return r;
	return a->type != b->type ? a->type - b->type : a->idx - b->idx;
}

static uint8_t *rlab(struct ri *R, uint32_t name)
{
	for (int i = 0; i < R->nlab; i++)
		if (R->labs[i].name == name)
			return &R->labs[i].st;
	struct rlab l = {name, 0};
	VEC_PUSH(R->labs, R->nlab, R->caplab, l);
	return &R->labs[R->nlab - 1].st;
}

static void rblock(struct ri *R, int *cur, pos_t end, int has_end, uint8_t *st, struct rbrk *B);

static void rif(struct ri *R, int *cur, const struct item *it, uint8_t *st, struct rbrk *B)
{
	rblock(R, cur, it->e1, 1, st, B);
	uint8_t t = *st, e = *st;
	while (*cur < R->nev && pos_cmp(R->ev[*cur].pos, it->s2) < 0)
		(*cur)++;
	rblock(R, cur, it->e2, 1, &t, B);
	if (it->has_else) {
		while (*cur < R->nev && pos_cmp(R->ev[*cur].pos, it->s3) < 0)
			(*cur)++;
		rblock(R, cur, it->e3, 1, &e, B);
	}
	*st = t | e;
}

static void rloop(struct ri *R, int *cur, const struct item *it, uint8_t *st, struct rbrk *B)
{
	int start = *cur, end_cur = start;
	uint8_t head = *st, exitc = 0;
	struct rbrk LB;
	memset(&LB, 0, sizeof(LB));
	LB.up = B;
	for (int iter = 0; iter < 5; iter++) {
		*cur = start;
		uint8_t h = head;
		rblock(R, cur, it->s1, 1, &h, B);
		exitc = h;
		LB.brk = LB.cont = 0;
		rblock(R, cur, it->e1, 1, &h, &LB);
		end_cur = *cur;
		uint8_t nh = head | h | LB.cont;
		if (nh == head)
			break;
		head = nh;
	}
	*cur = end_cur;
	*st = exitc | LB.brk;
}

static void rswitch(struct ri *R, int *cur, const struct item *it, uint8_t *st, struct rbrk *B)
{
	rblock(R, cur, it->s1, 1, st, B);
	struct rbrk SB;
	memset(&SB, 0, sizeof(SB));
	SB.is_switch = 1;
	SB.up = B;
	SB.head = *st;
	uint8_t body = *st;
	rblock(R, cur, it->e1, 1, &body, &SB);
	*st |= body | SB.brk;
}

static void rblock(struct ri *R, int *cur, pos_t end, int has_end, uint8_t *st, struct rbrk *B)
{
	uint8_t last_live = 0;
	int pending_ret = 0;
	while (*cur < R->nev && (!has_end || pos_cmp(R->ev[*cur].pos, end) < 0)) {
		const struct rev *e = &R->ev[*cur];
		const struct item *it = e->type == RE_ITEM ? &R->p->items[e->idx] : NULL;
		if (pending_ret && e->type != RE_CALL) {
			R->exits |= *st;
			*st = 0;
			pending_ret = 0;
		}
		if (!*st && last_live && !R->has_case && !(it && (it->kind == IT_LABEL || it->kind == IT_CASE)))
			*st = last_live;
		(*cur)++;
		if (e->type == RE_SAVE) {
			if (*st & S_IN)
				R->save_twice = 1;
			if (*st) {
				*st = S_IN;
				R->saves = 1;
			}
			continue;
		}
		if (e->type == RE_CALL) {
			R->cst[e->idx] |= *st;
			if (R->isrel[e->idx] && (*st & S_IN))
				*st = (uint8_t)((*st & ~S_IN) | S_OUT);
			continue;
		}
		switch (it->kind) {
		case IT_RETURN:
			last_live = *st;
			pending_ret = 1;
			break;
		case IT_GOTO: {
			last_live = *st;
			uint8_t *l = rlab(R, it->name);
			if ((*l | *st) != *l)
				R->grew = 1;
			*l |= *st;
			*st = 0;
			break;
		}
		case IT_LABEL:
			*st |= *rlab(R, it->name);
			break;
		case IT_BREAK:
			last_live = *st;
			if (B)
				B->brk |= *st;
			*st = 0;
			break;
		case IT_CONTINUE: {
			last_live = *st;
			struct rbrk *L = B;
			while (L && L->is_switch)
				L = L->up;
			if (L)
				L->cont |= *st;
			*st = 0;
			break;
		}
		case IT_CASE:
			if (B && B->is_switch)
				*st |= B->head;
			break;
		case IT_IF:
			rif(R, cur, it, st, B);
			break;
		case IT_LOOP:
			rloop(R, cur, it, st, B);
			break;
		case IT_SWITCH:
			rswitch(R, cur, it, st, B);
			break;
		}
	}
	if (pending_ret) {
		R->exits |= *st;
		*st = 0;
	}
}

/* Run the interpreter with the save at `at`; fills R->cst. Returns NULL when the
 * scope would be balanced, else the reason. */
static const char *interpret(struct ri *R, pos_t at)
{
	const struct func *fn = R->fn;
	const struct program *p = R->p;
	R->nev = 0;
	for (int i = 0; i < fn->ncalls; i++) {
		struct rev e = {p->calls[fn->calls[i]].pos, RE_CALL, i};
		R->ev[R->nev++] = e;
		R->cst[i] = 0;
	}
	int backward = 0;
	R->has_case = 0;
	for (int i = 0; i < fn->nitems; i++) {
		const struct item *it = &p->items[fn->items[i]];
		struct rev e = {it->pos, RE_ITEM, fn->items[i]};
		R->ev[R->nev++] = e;
		if (it->kind == IT_CASE)
			R->has_case = 1;
		if (it->kind == IT_GOTO)
			for (int j = 0; j < fn->nitems; j++) {
				const struct item *l = &p->items[fn->items[j]];
				if (l->kind == IT_LABEL && l->name == it->name && pos_cmp(l->pos, it->pos) < 0)
					backward = 1;
			}
	}
	struct rev s = {at, RE_SAVE, 0};
	R->ev[R->nev++] = s;
	qsort(R->ev, (size_t)R->nev, sizeof(*R->ev), cmp_rev);
	R->nlab = 0;
	R->saves = R->save_twice = 0;
	for (int pass = 0; pass < (backward ? 3 : 1); pass++) {
		R->grew = 0;
		R->exits = 0;
		uint8_t st = S_OUT;
		int cur = 0;
		pos_t none = {0, 0};
		rblock(R, &cur, none, 0, &st, NULL);
		R->exits |= st;
		if (!R->grew && pass > 0)
			break;
	}
	if (!R->saves)
		return "the code after the acquire is not reachable in the structure records";
	if (R->save_twice)
		return "the acquire is reached again before a release (loop)";
	if (R->exits & S_IN)
		return "the lock is still held on some path out of the function";
	for (int i = 0; i < fn->ncalls; i++)
		if (R->isrel[i] && (R->cst[i] & S_OUT))
			return "a release is reached on a path that did not take this lock";
	return NULL;
}

/* ---- regions ---- */

static int held_is(const struct held *h, int acquire)
{
	return h->kind == HK_LOCK && h->call == acquire;
}

/* Does every state at call c hold the entry opened by `acquire`? */
static int all_hold(const struct analysis *a, int c, int acquire, const struct held **out)
{
	const struct stateset *st = &a->states[c];
	if (!st->n)
		return 0;
	for (int i = 0; i < st->n; i++) {
		int found = 0;
		for (int j = 0; j < st->s[i].n; j++)
			if (held_is(&st->s[i].h[j], acquire)) {
				found = 1;
				if (out)
					*out = &st->s[i].h[j];
			}
		if (!found)
			return 0;
	}
	return 1;
}

static int nothing_held(const struct analysis *a, int c)
{
	const struct stateset *st = &a->states[c];
	for (int i = 0; i < st->n; i++)
		if (st->s[i].n)
			return 0;
	return 1;
}

static int is_release(const struct analysis *a, const struct region *g, int c)
{
	const struct program *p = a->prog;
	const struct call *cl = &p->calls[c];
	if (cl->is_icall || c == g->acquire || pos_cmp(cl->pos, p->calls[g->acquire].end) < 0)
		return 0;
	if (g->row >= 0) {
		const struct mrow *cr[8];
		int nc = model_find_closer(a->model, cl->callee, cr, 8);
		for (int k = 0; k < nc; k++) {
			if ((int)(cr[k] - a->model->rows) != g->row)
				continue;
			if (cr[k]->arg_pat && !(cl->nargs && glob_match(istr(cr[k]->arg_pat), istr(cl->args[0]))))
				continue;
			if (cl->nargs && cl->args[0] == g->key)
				return 1;
			/* flow.c: no held entry of the row with this identity -> the most recent one */
			if (!all_hold(a, c, g->acquire, NULL))
				return 0;
			const struct stateset *st = &a->states[c];
			for (int i = 0; i < st->n; i++)
				for (int j = 0; j < st->s[i].n; j++) {
					const struct held *h = &st->s[i].h[j];
					if (h->kind == HK_LOCK && h->row == g->row && cl->nargs && h->key == cl->args[0])
						return 0;
				}
			for (int i = 0; i < st->n; i++) {
				int last = -1;
				for (int j = 0; j < st->s[i].n; j++)
					if (st->s[i].h[j].kind == HK_LOCK && st->s[i].h[j].row == g->row)
						last = j;
				if (last < 0 || st->s[i].h[last].call != g->acquire)
					return 0;
			}
			return 1;
		}
	}
	if (cl->target >= 0) {
		const struct func *t = &p->funcs[cl->target];
		uint32_t want = ((uint32_t)HK_LOCK << 16) | (uint32_t)(g->row + 1);
		for (int k = 0; k < t->nkill; k++)
			if (t->kill[k] == want && all_hold(a, c, g->acquire, NULL))
				return 1;
	}
	return 0;
}

/* The acquire whose region a site would be in, or -1. */
static int candidate(const struct analysis *a, const struct asite *s)
{
	int k = pc_index(PC_LOCK);
	if (!(s->cv.cls & PC_LOCK))
		return -1;
	if (!s->cv.inherited[k])
		return s->cv.origin[k];
	int g = a->prog->calls[s->call].fn;
	for (int hop = 0; hop < 40 && g >= 0; hop++) {
		const struct ctxent *e = &a->ctx[g].ev[k];
		if (e->via < 0)
			return -1;
		if (e->local)
			return e->origin;
		g = a->prog->calls[e->via].fn;
	}
	return -1;
}

struct memb {
	const struct analysis *a;
	const struct region *g;
	const uint8_t *cst;
	uint8_t *memo; /* per function: 0 unknown, 1 visiting, 2 yes, 3 no */
	int *touched;
	size_t ntouched, captouched;
};

static int func_only(struct memb *M, int f, int depth);

static int member(struct memb *M, int c, int depth)
{
	const struct program *p = M->a->prog;
	const struct call *cl = &p->calls[c];
	if (cl->fn == M->g->fn) {
		const struct func *fn = &p->funcs[cl->fn];
		for (int i = 0; i < fn->ncalls; i++)
			if (fn->calls[i] == c)
				return M->cst[i] == S_IN;
		return 0;
	}
	if (cl->fn < 0 || !nothing_held(M->a, c))
		return 0;
	return func_only(M, cl->fn, depth + 1);
}

static int func_only(struct memb *M, int f, int depth)
{
	const struct program *p = M->a->prog;
	if (f == M->g->fn || depth > 12 || func_is_root(M->a, f) || p->funcs[f].addr_taken || p->funcs[f].ncallers == 0)
		return 0;
	if (M->memo[f] == 1 || M->memo[f] == 2)
		return 1; /* recursion inside the region */
	if (M->memo[f] == 3)
		return 0;
	M->memo[f] = 1;
	VEC_PUSH(M->touched, M->ntouched, M->captouched, f);
	int ok = 1;
	for (int i = 0; i < p->funcs[f].ncallers && ok; i++)
		ok = member(M, p->funcs[f].callers[i], depth);
	M->memo[f] = ok ? 2 : 3;
	return ok;
}

struct cand {
	int acquire, site;
};

static int cmp_cand(const void *x, const void *y)
{
	const struct cand *a = x, *b = y;
	return a->acquire != b->acquire ? (a->acquire < b->acquire ? -1 : 1) : a->site - b->site;
}

static int is_fs_site(const struct asite *s)
{
	return s->mask_known && (s->mask & GB_FS) && (s->mask & GB_DIRECT_RECLAIM);
}

static void push_int(int **v, int *n, int x)
{
	for (int i = 0; i < *n; i++)
		if ((*v)[i] == x)
			return;
	*v = xrealloc(*v, sizeof(int) * (size_t)(*n + 1));
	(*v)[(*n)++] = x;
}

/* Fill the entry, releases and save point of region g; returns the states of
 * the function's calls (caller frees). */
static uint8_t *region_setup(struct analysis *a, struct region *g)
{
	const struct program *p = a->prog;
	const struct func *fn = &p->funcs[g->fn];
	const struct call *ac = &p->calls[g->acquire];
	g->row = -1;
	g->after_if = -1;
	const struct held *h = NULL;
	for (int i = 0; i < fn->ncalls && !h; i++) {
		const struct stateset *st = &a->states[fn->calls[i]];
		for (int k = 0; k < st->n && !h; k++)
			for (int j = 0; j < st->s[k].n; j++)
				if (held_is(&st->s[k].h[j], g->acquire))
					h = &st->s[k].h[j];
	}
	if (h) {
		g->row = h->row;
		g->key = h->key;
	}
	if (g->row >= 0 && a->model->rows[g->row].try_)
		g->try_ = 1;
	struct ri R;
	memset(&R, 0, sizeof(R));
	R.p = p;
	R.fn = fn;
	R.ev = xmalloc(sizeof(*R.ev) * (size_t)(fn->ncalls + fn->nitems + 1));
	R.cst = xcalloc((size_t)fn->ncalls + 1, 1);
	R.isrel = xcalloc((size_t)fn->ncalls + 1, 1);
	for (int i = 0; i < fn->ncalls; i++)
		if (h && is_release(a, g, fn->calls[i])) {
			R.isrel[i] = 1;
			push_int(&g->rel, &g->nrel, fn->calls[i]);
		}
	/* the error check right after the acquire: `if (IS_ERR(x)) return ...;` */
	int next_item = -1;
	pos_t next_call = {1 << 30, 0};
	for (int i = 0; i < fn->ncalls; i++) {
		pos_t cp = p->calls[fn->calls[i]].pos;
		if (pos_cmp(cp, ac->end) >= 0 && pos_cmp(cp, next_call) < 0)
			next_call = cp;
	}
	for (int i = 0; i < fn->nitems; i++) {
		const struct item *it = &p->items[fn->items[i]];
		if (pos_cmp(it->pos, ac->end) >= 0 && pos_cmp(it->pos, next_call) < 0 &&
		    (next_item < 0 || pos_cmp(it->pos, p->items[next_item].pos) < 0))
			next_item = fn->items[i];
	}
	int errcheck = -1;
	if (next_item >= 0 && p->items[next_item].kind == IT_IF && !p->items[next_item].has_else) {
		const struct item *ifit = &p->items[next_item];
		int jumps = 0, rel = 0;
		for (int i = 0; i < fn->nitems; i++) {
			const struct item *it = &p->items[fn->items[i]];
			if ((it->kind == IT_RETURN || it->kind == IT_GOTO) && pos_in(it->pos, ifit->s2, ifit->e2))
				jumps = 1;
		}
		for (int i = 0; i < g->nrel; i++)
			if (pos_in(p->calls[g->rel[i]].pos, ifit->pos, ifit->e2))
				rel = 1;
		if (jumps && !rel)
			errcheck = next_item;
	}
	g->save_at = ac->end;
	const char *why = h ? NULL : "the lock entry is not visible at any later call";
	if (!why)
		why = interpret(&R, g->save_at);
	if (why && errcheck >= 0) {
		const char *w2 = interpret(&R, p->items[errcheck].e2);
		if (!w2) {
			why = NULL;
			g->save_at = p->items[errcheck].e2;
			g->after_if = errcheck;
		} else {
			interpret(&R, g->save_at); /* keep the first placement's states */
		}
	}
	if (!why && g->try_)
		why = "the lock is a trylock; the scope would have to open in the branch that took it";
	if (!why) {
		for (int i = 0; i < fn->ncalls && !why; i++) {
			const struct call *o = &p->calls[fn->calls[i]];
			if (fn->calls[i] != g->acquire && o->callee == ac->callee &&
			    (o->lhs ? o->lhs : o->nargs ? o->args[0] : 0) == (ac->lhs ? ac->lhs : ac->nargs ? ac->args[0] : 0))
				why = "the function takes this lock more than once";
		}
	}
	if (!why && !g->nrel)
		why = "no release of the lock in the function";
	g->ok = !why;
	g->why = why;
	free(R.ev);
	free(R.isrel);
	free(R.labs);
	return R.cst;
}

void regions_build(struct analysis *a, const struct sites *s, struct regions *out)
{
	const struct program *p = a->prog;
	uint32_t nofs = intern("GFP_NOFS");
	struct cand *cv = NULL;
	size_t nc = 0, capc = 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct asite *x = &s->v[i];
		int is_nofs = x->nofs_tok >= 0 && p->gfps[x->nofs_tok].token == nofs;
		if (!is_nofs && !is_fs_site(x))
			continue;
		if (is_nofs && x->cv.cls != PC_LOCK)
			continue;
		int A = candidate(a, x);
		if (A < 0 || p->calls[A].fn < 0)
			continue;
		struct cand c = {A, (int)i};
		VEC_PUSH(cv, nc, capc, c);
	}
	if (nc)
		qsort(cv, nc, sizeof(*cv), cmp_cand);
	struct memb M;
	memset(&M, 0, sizeof(M));
	M.a = a;
	M.memo = xcalloc(p->nfuncs ? p->nfuncs : 1, 1);
	/* tokens seen in more than one region or outside one are dropped below */
	int *tokreg = xmalloc(sizeof(int) * (p->ngfps ? p->ngfps : 1));
	for (size_t i = 0; i < p->ngfps; i++)
		tokreg[i] = -2;
	for (size_t i = 0; i < nc;) {
		size_t j = i;
		while (j < nc && cv[j].acquire == cv[i].acquire)
			j++;
		struct region g;
		memset(&g, 0, sizeof(g));
		g.acquire = cv[i].acquire;
		g.fn = p->calls[g.acquire].fn;
		uint8_t *cst = region_setup(a, &g);
		M.g = &g;
		M.cst = cst;
		for (size_t k = i; k < j; k++) {
			const struct asite *x = &s->v[cv[k].site];
			int in = member(&M, x->call, 0);
			if (in && p->calls[x->call].fn != g.fn)
				g.in_callee = 1;
			if (x->nofs_tok >= 0 && p->gfps[x->nofs_tok].token == nofs) {
				int t = x->nofs_tok;
				if (!in)
					tokreg[t] = -1;
				else if (tokreg[t] == -2)
					tokreg[t] = (int)out->n;
				else if (tokreg[t] != (int)out->n)
					tokreg[t] = -1;
				if (in)
					push_int(&g.toks, &g.ntoks, t);
			} else if (in) {
				push_int(&g.fs, &g.nfs, cv[k].site);
			}
		}
		for (size_t t = 0; t < M.ntouched; t++)
			M.memo[M.touched[t]] = 0;
		M.ntouched = 0;
		free(cst);
		VEC_PUSH(out->v, out->n, out->cap, g);
		i = j;
	}
	/* A token with some allocation outside the region (or in another one) stays. */
	for (size_t r = 0; r < out->n; r++) {
		struct region *g = &out->v[r];
		int w = 0;
		for (int k = 0; k < g->ntoks; k++)
			if (tokreg[g->toks[k]] == (int)r)
				g->toks[w++] = g->toks[k];
		g->ntoks = w;
	}
	/* every NOFS asite of a token must be a candidate of the same region */
	for (size_t i = 0; i < s->n; i++) {
		const struct asite *x = &s->v[i];
		if (x->nofs_tok < 0 || tokreg[x->nofs_tok] < 0)
			continue;
		int found = 0;
		for (size_t k = 0; k < nc && !found; k++)
			if (cv[k].site == (int)i)
				found = 1;
		if (!found) {
			struct region *g = &out->v[tokreg[x->nofs_tok]];
			for (int k = 0; k < g->ntoks; k++)
				if (g->toks[k] == x->nofs_tok)
					g->toks[k--] = g->toks[--g->ntoks];
			tokreg[x->nofs_tok] = -1;
		}
	}
	free(tokreg);
	free(M.memo);
	free(M.touched);
	free(cv);
}

void regions_free(struct regions *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].rel);
		free(r->v[i].toks);
		free(r->v[i].fs);
	}
	free(r->v);
	memset(r, 0, sizeof(*r));
}

char *region_lock_text(const struct analysis *a, const struct region *g)
{
	const struct call *c = &a->prog->calls[g->acquire];
	return xasprintf("%s(%s)", istr(c->callee), c->nargs ? istr(c->args[0]) : "");
}

int region_of_site(const struct regions *r, int site)
{
	for (size_t i = 0; i < r->n; i++)
		for (int k = 0; k < r->v[i].nfs; k++)
			if (r->v[i].fs[k] == site)
				return (int)i;
	return -1;
}
