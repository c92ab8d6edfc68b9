/* regions.c - lock regions for the nofs-to-scope rule and the scope fixes.
 *
 * A region is one acquire call A of a modelled (or inferred) lock entry. Its
 * sites are the GFP_NOFS tokens and __GFP_FS allocations reached only while A's
 * entry is held: in A's function on every path, or in a callee all of whose
 * callers are such sites themselves. Whether one scope opened after A and closed
 * before every release is balanced is decided by the flow engine itself, run
 * with a region probe at the place the save would go (engine.c): per call,
 * whether paths arrive inside the scope, outside it, or both. */
#include <stdlib.h>
#include <string.h>

#include "analysis/cfg.h"
#include "analysis/context.h"
#include "analysis/lockclass.h"
#include "analysis/flow_int.h"
#include "analysis/lockgroups.h"
#include "analysis/regions.h"
#include "base/util.h"

/* Would one scope opened at `at` be balanced? The engine runs the function's
 * structure CFG with a probe there (engine.c); at[i] gets where paths arrive at
 * call i, rel[i] marks the region's releases. NULL when balanced, else why. */
static const char *interpret(struct analysis *a, int fid, pos_t at, uint8_t *where, const uint8_t *rel)
{
	const struct func *fn = &a->prog->funcs[fid];
	struct fcfg g;
	cfg_build(a, fid, at, &g);
	memset(where, 0, (size_t)fn->ncalls + 1);
	struct probe P = {where, rel, 0, 0};
	struct fa F;
	memset(&F, 0, sizeof(F));
	F.a = a;
	F.p = a->prog;
	F.fid = fid;
	F.probe = &P;
	engine_run(&F, &g);
	int open_at_exit = 0;
	for (int i = 0; i < F.exits.n; i++)
		for (int j = 0; j < F.exits.s[i].n; j++)
			open_at_exit |= F.exits.s[i].h[j].kind == HK_REGION;
	ss_free(&F.exits);
	free(F.kills);
	free(F.kill_cls);
	free(F.kill_ix);
	free(F.acq);
	cfg_free(&g);
	if (!P.reached)
		return "the code after the acquire is not reachable in the structure records";
	if (P.twice)
		return "the acquire is reached again before a release (loop)";
	if (open_at_exit)
		return "the lock is still held on some path out of the function";
	for (int i = 0; i < fn->ncalls; i++)
		if (rel[i] && (where[i] & PROBE_OUT))
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

/* Does some state at call c hold the entry opened by `acquire`? */
static int some_hold(const struct analysis *a, int c, int acquire)
{
	const struct stateset *st = &a->states[c];
	for (int i = 0; i < st->n; i++)
		for (int j = 0; j < st->s[i].n; j++)
			if (held_is(&st->s[i].h[j], acquire))
				return 1;
	return 0;
}

static int is_release(const struct analysis *a, const struct region *g, int c)
{
	const struct program *p = a->prog;
	const struct call *cl = &p->calls[c];
	if (cl->is_icall || c == g->acquire || pos_cmp(cl->pos, p->calls[g->acquire].end) < 0)
		return 0;
	if (g->row >= 0) {
		const struct mrow *cr[MAXCLOSERS];
		int nc = model_find_closer(a->model, cl->callee, cr, MAXCLOSERS);
		for (int k = 0; k < nc; k++) {
			if ((int)(cr[k] - a->model->rows) != g->row)
				continue;
			if (cr[k]->arg_pat && !(cl->nargs && glob_match(istr(cr[k]->arg_pat), istr(cl->args[0]))))
				continue;
			/* the same lock text: a release of this acquire unless the paths
			 * that reach it all hold another acquire's entry and none this
			 * one's (jbd2_journal_flush(): the checkpoint loop's unlock pairs
			 * with the loop's mutex_lock_io(), the later unlocks with the
			 * second one). A release no path reaches in the interpretation
			 * (a branch on a config constant: ext2's IS_DAX()) stays one: a
			 * restore there costs nothing if the branch does run. */
			if (cl->nargs && cl->args[0] == g->key)
				return !a->states[c].n || some_hold(a, c, g->acquire);
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
		const struct held *h = NULL;
		if (!all_hold(a, c, g->acquire, &h))
			return 0;
		for (int k = 0; k < t->nkill; k++) {
			if (t->kill[k] == want)
				return 1;
			/* a wrapper's release keyed by its class, as flow.c applies it: the
			 * callee records one kill per class, under one of the rows its
			 * primitive closes (up_write() closes down_write(),
			 * down_write_killable(), ...), so the row can differ from the
			 * region's (nilfs_transaction_unlock()) */
			if ((t->kill[k] >> 16) == HK_LOCK && t->kill_cls[k] && h->cls &&
			    lock_class_base(lock_class_at(a, c, t->kill_cls[k])) == lock_class_base(h->cls))
				return 1;
		}
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
				return M->cst[i] == PROBE_IN;
		return 0;
	}
	if (cl->fn < 0)
		return 0;
	return func_only(M, cl->fn, depth + 1);
}

static int func_only(struct memb *M, int f, int depth)
{
	const struct program *p = M->a->prog;
	const struct func *fn = &p->funcs[f];
	/* callers all known: direct calls, or (icall_only) the indirect calls that
	 * resolve to it through the ops-table members it is stored in */
	int known = fn->icall_only || (!func_is_root(M->a, f) && !fn->addr_taken);
	if (f == M->g->fn || depth > 12 || !known || fn->ncallers + fn->nicallers == 0)
		return 0;
	if (M->memo[f] == 1 || M->memo[f] == 2)
		return 1; /* recursion inside the region */
	if (M->memo[f] == 3)
		return 0;
	M->memo[f] = 1;
	VEC_PUSH(M->touched, M->ntouched, M->captouched, f);
	int ok = 1;
	for (int i = 0; i < fn->ncallers && ok; i++)
		ok = member(M, fn->callers[i], depth);
	for (int i = 0; i < fn->nicallers && ok && fn->icall_only; i++)
		ok = member(M, fn->icallers[i], depth);
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
	uint8_t *where = xcalloc((size_t)fn->ncalls + 1, 1);
	uint8_t *isrel = xcalloc((size_t)fn->ncalls + 1, 1);
	for (int i = 0; i < fn->ncalls; i++)
		if (h && is_release(a, g, fn->calls[i])) {
			isrel[i] = 1;
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
		why = interpret(a, g->fn, g->save_at, where, isrel);
	if (why && errcheck >= 0) {
		const char *w2 = interpret(a, g->fn, p->items[errcheck].e2, where, isrel);
		if (!w2) {
			why = NULL;
			g->save_at = p->items[errcheck].e2;
			g->after_if = errcheck;
		} else {
			interpret(a, g->fn, g->save_at, where, isrel); /* keep the first placement's states */
		}
	}
	if (!why && g->try_)
		why = "the lock is a trylock; the scope would have to open in the branch that took it";
	if (!why) {
		/* another acquire of the same lock that a path reaches with this
		 * region's scope open, or that the probe does not see: a second
		 * scope there would nest or cross this one. One outside the region
		 * (a loop that takes and drops the lock before it: jbd2_journal_flush())
		 * has its own releases (is_release()) and is no obstacle. */
		for (int i = 0; i < fn->ncalls && !why; i++) {
			const struct call *o = &p->calls[fn->calls[i]];
			if (fn->calls[i] != g->acquire && o->callee == ac->callee &&
			    (o->lhs ? o->lhs : o->nargs ? o->args[0] : 0) == (ac->lhs ? ac->lhs : ac->nargs ? ac->args[0] : 0) &&
			    where[i] != PROBE_OUT)
				why = "the function takes this lock more than once";
		}
	}
	if (!why && !g->nrel)
		why = "no release of the lock in the function";
	g->ok = !why;
	g->why = why;
	free(isrel);
	return where;
}

static void region_at(struct analysis *a, int acquire, struct region *g);

/* The region of every place a group's scopes would open, each built alone. */
static void group_regions(struct analysis *a, struct lockgroups *G)
{
	for (size_t i = 0; i < G->n; i++) {
		struct lockgroup *lg = &G->v[i];
		lg->reg = xcalloc(lg->nacq ? (size_t)lg->nacq : 1, sizeof(*lg->reg));
		for (int k = 0; k < lg->nacq; k++) {
			region_at(a, lg->acq[k].call, &lg->reg[k]);
			if (lg->reg[k].ok && !lg->acq[k].open_at_use) {
				lg->reg[k].ok = 0;
				lg->reg[k].why = "a call through which an allocation is reached with the lock held "
						 "counts as a release of it (the callee releases the lock's class), so the "
						 "scope would close before it";
			}
		}
	}
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
				if (!in || p->files[p->gfps[t].file].context)
					tokreg[t] = -1; /* a context header of include/ is not ours to change */
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
	lockgroups_build(a, s, out, &out->groups);
	group_regions(a, &out->groups);
}

static void region_at(struct analysis *a, int acquire, struct region *g)
{
	memset(g, 0, sizeof(*g));
	g->acquire = acquire;
	g->fn = a->prog->calls[acquire].fn;
	if (g->fn < 0) {
		g->why = "the acquire is outside a function";
		return;
	}
	free(region_setup(a, g));
}

/* How paths arrive at `call` (of the acquire's function) in the probe of a
 * scope opened after `acquire`: PROBE_IN/PROBE_OUT bits, 0 when the probe does
 * not tell (another function, a call it does not reach); *rel: `call` is one
 * of the region's releases. */
static int probe_call(struct analysis *a, int acquire, int call, int *rel)
{
	const struct program *p = a->prog;
	int f = p->calls[acquire].fn;
	*rel = 0;
	if (f < 0 || p->calls[call].fn != f)
		return 0;
	const struct func *fn = &p->funcs[f];
	struct region g;
	memset(&g, 0, sizeof(g));
	g.acquire = acquire;
	g.fn = f;
	uint8_t *where = region_setup(a, &g);
	int at = 0;
	for (int i = 0; i < fn->ncalls; i++)
		if (fn->calls[i] == call)
			at = where[i];
	for (int i = 0; i < g.nrel; i++)
		if (g.rel[i] == call)
			*rel = 1;
	free(where);
	region_free(&g);
	return at;
}

int region_covers(struct analysis *a, int acquire, int call)
{
	int rel, at = probe_call(a, acquire, call, &rel);
	return !at || (at & PROBE_IN); /* (not reached by the probe: unknown, keep it) */
}

int region_open_at(struct analysis *a, int acquire, int call)
{
	int rel, at = probe_call(a, acquire, call, &rel);
	return (!at || (at & PROBE_IN)) && !rel;
}

void region_free(struct region *g)
{
	free(g->rel);
	free(g->toks);
	free(g->fs);
	memset(g, 0, sizeof(*g));
}

void regions_free(struct regions *r)
{
	for (size_t i = 0; i < r->n; i++)
		region_free(&r->v[i]);
	free(r->v);
	lockgroups_free(&r->groups);
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
