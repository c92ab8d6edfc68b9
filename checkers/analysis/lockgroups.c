/* lockgroups.c - GFP_NOFS tokens covered by scopes at several lock regions.
 *
 * A token qualifies when every path to each allocation it reaches is inside a
 * NOFS scope or a transaction, cannot enter the superblock's reclaim (s_umount
 * held for write), or holds a lock that reclaim takes (context.c's classes),
 * and at least one path is of the last kind. Its acquisitions are found by
 * walking back from the allocation the way context.c propagated the classes
 * forward: a state that holds a counting lock names the call that took it; a
 * state with nothing of its own goes on to the callers of its function. A path
 * that reaches a function whose callers are unknown, or one entered with
 * nothing held, disqualifies the token. The tokens of one filesystem that need
 * the same set of lock classes form one group: a NOFS scope at each of their
 * acquisitions covers them all. */
#include <stdlib.h>
#include <string.h>

#include "analysis/context.h"
#include "analysis/flow.h"
#include "analysis/icall.h"
#include "analysis/lockclass.h"
#include "analysis/lockgroups.h"
#include "base/util.h"

#define WALK_MAX_FUNCS 4096
#define WALK_MAX_DEPTH 48
#define GROUP_MAX_PLACES 8  /* acquisitions a proposal may ask scopes at */
#define GROUP_MAX_CLASSES 3

struct walk {
	struct analysis *a; /* (region_covers() runs the flow engine's probe) */
	uint8_t *seen;   /* per function: bit 0 walked, bit 1 walked with `none_ok` */
	int *through;    /* per function whose callers were walked: the call in it
			    the walk came from */
	size_t nthrough, capthrough;
	int *touched;
	size_t ntouched, captouched;
	struct lockacq *acq;
	size_t nacq, capacq;
	int failed;
};

static void add_acq1(struct walk *W, int call, uint32_t cls, int row, int open)
{
	for (size_t i = 0; i < W->nacq; i++)
		if (W->acq[i].call == call) {
			W->acq[i].open_at_use &= open;
			return;
		}
	struct lockacq x = {call, cls, row, open};
	VEC_PUSH(W->acq, W->nacq, W->capacq, x);
}

/* The acquisition `call` of class cls, seen held at call `at`, and every other
 * acquisition of the class in its function whose hold can reach `at`: the flow
 * engine keeps one acquire call per held entry where paths join, so a lock
 * dropped and taken again (ubifs's reserve_space() around its GC) shows only
 * one of them. A scope goes at each. One whose every release comes first (the
 * checkpoint loop's mutex_lock_io() of jbd2_journal_flush(), before the second
 * one that covers the erase) is no place for it. */
static void add_acq(struct walk *W, int call, uint32_t cls, int row, int at)
{
	const struct program *p = W->a->prog;
	add_acq1(W, call, cls, row, region_open_at(W->a, call, at));
	int f = p->calls[call].fn;
	for (int i = 0; f >= 0 && i < p->funcs[f].ncalls; i++) {
		int c = p->funcs[f].calls[i];
		if (c != call && !flow_lock_row(W->a, c, 0) && flow_lock_row(W->a, c, 1))
			continue; /* a trylock: the scope goes where the lock is surely held */
		uint32_t hc = c != call ? held_class(W->a, c) : 0;
		if (hc && lock_class_unkeyed(hc) == cls && region_covers(W->a, c, at))
			add_acq1(W, c, cls, row, 1);
	}
}

static void walk_func(struct walk *W, int f, int from, int none_ok, int depth);

/* The paths arriving at call c: scope or transaction, a counting lock taken in
 * c's function, a blocker (s_umount for write) held, or nothing of its own. */
static void walk_call(struct walk *W, int c, int none_ok, int depth)
{
	const struct analysis *a = W->a;
	const struct stateset *st = flow_states(a, c);
	int n = st && st->n ? st->n : 1;
	for (int k = 0; k < n && !W->failed; k++) {
		struct state_parts sp; /* as classes_at() reads the state */
		state_parts(a, st && st->n ? &st->s[k] : NULL, &sp);
		if (sp.scope || sp.setter)
			continue;
		const struct held *lock = sp.lock;
		if (lock) {
			if (!lock->cls || lock->call < 0) {
				W->failed = 1; /* a lock the groups cannot name */
				return;
			}
			add_acq(W, lock->call, lock_class_unkeyed(lock->cls), lock->row, c);
		} else if (!sp.blocked) {
			int f = a->prog->calls[c].fn;
			if (f < 0) {
				W->failed = 1;
				return;
			}
			walk_func(W, f, c, none_ok || sp.blocker, depth + 1);
		}
	}
}

/* The paths that enter function f (context.c's entry classes). */
static void walk_func(struct walk *W, int f, int from, int none_ok, int depth)
{
	const struct analysis *a = W->a;
	const struct func *fn = &a->prog->funcs[f];
	uint8_t bit = none_ok ? 2 : 1;
	if (W->seen[f] & bit)
		return; /* walked already, or recursion: its callers are being walked */
	if (depth > WALK_MAX_DEPTH || W->ntouched >= WALK_MAX_FUNCS) {
		W->failed = 1;
		return;
	}
	if (!W->seen[f])
		VEC_PUSH(W->touched, W->ntouched, W->captouched, f);
	W->seen[f] |= bit;
	if (a->ctx[f].handle_param >= 0)
		return; /* inside the caller's transaction */
	unsigned E = a->ctx[f].cls;
	if ((E & PC_UNKNOWN) || ((E & PC_NONE) && !none_ok)) {
		W->failed = 1;
		return;
	}
	if (!(E & PC_LOCK))
		return;
	VEC_PUSH(W->through, W->nthrough, W->capthrough, from);
	for (int i = 0; i < fn->ncallers && !W->failed; i++)
		walk_call(W, fn->callers[i], none_ok, depth);
	for (int i = 0; i < fn->nicallers && !W->failed && fn->cb_only != 1; i++) {
		int c = fn->icallers[i], g = a->prog->calls[c].fn;
		/* context.c passes only what icall_carries_context() lets through; a
		 * method's own filesystem paths (2) carry no locks */
		if (g >= 0 && icall_carries_context(a, g, f) == 1)
			walk_call(W, c, none_ok, depth);
	}
}

/* Does a function the walk passed through to its callers release, before the
 * call the walk came from, a lock of a class the walk found, one its callers
 * took (udf_expand_file_adinicb() drops the i_data_sem of its callers before
 * it allocates; ubifs's do_commit() drops commit_sem)? The entry classes do not
 * see such a release, so a scope at the callers' lock would not be open at the
 * allocation. A release after the call, or one followed by a new acquire
 * before it (the state at the call then holds the lock itself), does not
 * matter. */
static int releases_found_class(const struct walk *W)
{
	const struct analysis *a = W->a;
	const struct program *p = a->prog;
	for (size_t i = 0; i < W->nthrough; i++) {
		const struct call *from = &p->calls[W->through[i]];
		const struct func *fn = &p->funcs[from->fn];
		for (int k = 0; k < fn->ncalls; k++) {
			const struct call *r = &p->calls[fn->calls[k]];
			if (r->is_icall || pos_cmp(r->pos, from->pos) >= 0)
				continue;
			const struct mrow *cr[MAXCLOSERS];
			int nc = model_find_closer(a->model, r->callee, cr, MAXCLOSERS);
			for (int q = 0; q < nc; q++) {
				int row = (int)(cr[q] - a->model->rows);
				uint32_t kc = lock_class(a, fn->calls[k], cr[q]);
				kc = kc ? lock_class_unkeyed(kc) : 0;
				for (size_t j = 0; j < W->nacq; j++)
					if (row == W->acq[j].row || (kc && kc == W->acq[j].cls))
						return 1;
			}
		}
	}
	return 0;
}

/* Is call c (in a function the nested walk has not seen more than once) reached
 * on every path with a lock held that one of the group's places other than
 * `skip` took (acq[0..n), drop[k] set for places already left out), or inside
 * a scope? Its function's callers are walked when the state at c holds neither;
 * a function with callers unknown, or none, is not covered. */
/* Is every acquisition of place q's class in q's function a place that
 * stays? The flow keeps one acquire call per held entry where paths join, so
 * a hold that names q may come from another acquisition of the class there. */
static int all_places(const struct analysis *a, const struct lockacq *acq, const char *drop, int n, int q)
{
	const struct program *p = a->prog;
	int f = p->calls[acq[q].call].fn;
	for (int i = 0; f >= 0 && i < p->funcs[f].ncalls; i++) {
		int c = p->funcs[f].calls[i];
		uint32_t hc = held_class((struct analysis *)a, c);
		if (!hc || lock_class_unkeyed(hc) != acq[q].cls)
			continue;
		int place = 0;
		for (int k = 0; k < n && !place; k++)
			place = acq[k].call == c && !drop[k];
		if (!place)
			return 0;
	}
	return 1;
}

#define NEST_DEPTH 8
#define NEST_FUNCS 256
static int nested_in_places(const struct analysis *a, int c, const struct lockacq *acq, const char *drop, int n,
			    int skip, int depth, int *budget)
{
	const struct program *p = a->prog;
	const struct stateset *st = flow_states(a, c);
	int ns = st && st->n ? st->n : 1;
	for (int k = 0; k < ns; k++) {
		const struct astate *x = st && st->n ? &st->s[k] : NULL;
		int covered = 0;
		for (int j = 0; x && j < x->n && !covered; j++) {
			const struct held *h = &x->h[j];
			if (h->kind == HK_SCOPE || h->kind == HK_SETTER) {
				covered = 1;
				continue;
			}
			for (int q = 0; q < n && !covered; q++)
				covered = q != skip && !drop[q] && h->kind == HK_LOCK && h->call == acq[q].call &&
					  acq[q].cls != acq[skip].cls && all_places(a, acq, drop, n, q);
		}
		if (covered)
			continue;
		int f = p->calls[c].fn;
		if (f < 0 || depth >= NEST_DEPTH || --*budget < 0)
			return 0;
		const struct func *fn = &p->funcs[f];
		if (!fn->ncallers || fn->nicallers || (a->ctx[f].cls & (PC_UNKNOWN | PC_NONE)))
			return 0;
		for (int i = 0; i < fn->ncallers; i++) {
			int cc = fn->callers[i];
			if (p->calls[cc].fn == f || !nested_in_places(a, cc, acq, drop, n, skip, depth + 1, budget))
				return 0;
		}
	}
	return 1;
}

/* Leave out the places of group g that every path reaches with the lock of
 * another place held (f2fs's journal_rwsem, always taken under nat_tree_lock:
 * the scope at nat_tree_lock is open there already); a place is left out only
 * when the places that cover it stay. */
static void drop_nested_places(const struct analysis *a, struct lockgroup *g)
{
	char *drop = xcalloc((size_t)(g->nacq ? g->nacq : 1), 1);
	for (int k = 0; k < g->nacq; k++) {
		int budget = NEST_FUNCS;
		drop[k] = (char)nested_in_places(a, g->acq[k].call, g->acq, drop, g->nacq, k, 0, &budget);
	}
	int w = 0;
	for (int k = 0; k < g->nacq; k++)
		if (!drop[k])
			g->acq[w++] = g->acq[k];
	g->nacq = w;
	free(drop);
}

static int cmp_int(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	return (a > b) - (a < b);
}

static int cmp_acq(const void *x, const void *y)
{
	const struct lockacq *a = x, *b = y;
	return (a->call > b->call) - (a->call < b->call);
}

struct tokacq {
	int tok;
	struct lockacq *acq;
	size_t nacq;
	uint32_t fs;                     /* the filesystem of its acquisitions, 0: generic code only */
	uint32_t cls[GROUP_MAX_CLASSES]; /* its classes, sorted: with fs, the group key */
	int ncls;
};

static int cmp_u32(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
	return (a > b) - (a < b);
}

static int cmp_tokacq(const void *x, const void *y)
{
	const struct tokacq *a = x, *b = y;
	if (a->fs != b->fs)
		return cmp_u32(&a->fs, &b->fs);
	if (a->ncls != b->ncls)
		return a->ncls - b->ncls;
	for (int i = 0; i < a->ncls; i++)
		if (a->cls[i] != b->cls[i])
			return cmp_u32(&a->cls[i], &b->cls[i]);
	return (a->tok > b->tok) - (a->tok < b->tok);
}

static int same_key(const struct tokacq *a, const struct tokacq *b)
{
	if (a->fs != b->fs || a->ncls != b->ncls)
		return 0;
	for (int i = 0; i < a->ncls; i++)
		if (a->cls[i] != b->cls[i])
			return 0;
	return 1;
}

/* Is the token's set of acquisitions one patch a maintainer would review: a
 * few places, a few lock classes, no transaction (a transaction's scope
 * belongs in its start function, as jbd2 and XFS do it), at most one
 * filesystem (the libraries of fs/ and generic code do not count), and some
 * lock taken by the token's own filesystem or by generic code (a GFP_NOFS of
 * fs/crypto needed only under f2fs's locks is f2fs's business to scope, not a
 * change to fs/crypto)? Fills the group key. */
static int reviewable(const struct analysis *a, struct tokacq *t)
{
	if (t->nacq > GROUP_MAX_PLACES)
		return 0;
	const struct gfptok *gt = &a->prog->gfps[t->tok];
	uint32_t tfs = fs_of(a, a->prog->files[gt->file].dir);
	uint32_t fs = 0;
	int own = 0;
	t->ncls = 0;
	for (size_t i = 0; i < t->nacq; i++) {
		uint32_t c = t->acq[i].cls;
		if (lock_class_level(a, c) == LC_TRANS)
			return 0;
		uint32_t f = fs_of_func(a, a->prog->calls[t->acq[i].call].fn);
		if (f && fs && f != fs)
			return 0;
		own |= !f || f == tfs;
		if (f)
			fs = f;
		int dup = 0;
		for (int k = 0; k < t->ncls && !dup; k++)
			dup = t->cls[k] == c;
		if (dup)
			continue;
		if (t->ncls == GROUP_MAX_CLASSES)
			return 0;
		t->cls[t->ncls++] = c;
	}
	qsort(t->cls, (size_t)t->ncls, sizeof(uint32_t), cmp_u32);
	t->fs = fs;
	return own;
}

/* May the allocation be covered by scopes at locks? (its path classes: no
 * caller unknown, none with nothing held) */
static int site_eligible(const struct asite *x)
{
	if (x->mask_known && (x->mask & GB_FS))
		return 0; /* GFP_KERNEL | GFP_NOFS: nofs-fs-conflict's */
	return !(x->cv.cls & ~(unsigned)(PC_SCOPE | PC_TRANS | PC_LOCK | PC_BLOCKED));
}

struct tsite {
	int tok, site;
};

static int cmp_tsite(const void *x, const void *y)
{
	const struct tsite *a = x, *b = y;
	return a->tok != b->tok ? (a->tok > b->tok) - (a->tok < b->tok) : (a->site > b->site) - (a->site < b->site);
}

void lockgroups_build(struct analysis *a, const struct sites *s, const struct regions *r,
		      struct lockgroups *out)
{
	const struct program *p = a->prog;
	memset(out, 0, sizeof(*out));
	out->tokgroup = xmalloc(sizeof(int) * (p->ngfps ? p->ngfps : 1));
	for (size_t i = 0; i < p->ngfps; i++)
		out->tokgroup[i] = -1;
	uint32_t nofs = intern("GFP_NOFS");
	/* tokens a region of two or more already proposes */
	char *inreg = xcalloc(p->ngfps ? p->ngfps : 1, 1);
	for (size_t i = 0; i < r->n; i++)
		for (int k = 0; k < r->v[i].ntoks && r->v[i].ntoks >= 2; k++)
			inreg[r->v[i].toks[k]] = 1;
	/* the GFP_NOFS sites, by token */
	struct tsite *ord = xmalloc(sizeof(*ord) * (s->n ? s->n : 1));
	size_t nord = 0;
	for (size_t i = 0; i < s->n; i++) {
		int t = s->v[i].nofs_tok;
		if (t >= 0 && p->gfps[t].token == nofs && !inreg[t] && !p->files[p->gfps[t].file].context)
			ord[nord++] = (struct tsite){t, (int)i};
	}
	qsort(ord, nord, sizeof(*ord), cmp_tsite);
	struct walk W;
	memset(&W, 0, sizeof(W));
	W.a = a;
	W.seen = xcalloc(p->nfuncs ? p->nfuncs : 1, 1);
	struct tokacq *T = NULL;
	size_t nt = 0, capt = 0;
	for (size_t i = 0; i < nord;) {
		int tok = ord[i].tok;
		size_t j = i;
		while (j < nord && ord[j].tok == tok)
			j++;
		int ok = 1;
		unsigned all = 0;
		for (size_t k = i; k < j && ok; k++) {
			ok = site_eligible(&s->v[ord[k].site]);
			all |= s->v[ord[k].site].cv.cls;
		}
		ok = ok && (all & PC_LOCK); /* some path holds a lock */
		W.nacq = 0;
		W.nthrough = 0;
		W.failed = 0;
		for (size_t k = i; k < j && ok && !W.failed; k++)
			walk_call(&W, s->v[ord[k].site].call, 0, 0);
		if (ok && !W.failed)
			W.failed = releases_found_class(&W);
		for (size_t t = 0; t < W.ntouched; t++)
			W.seen[W.touched[t]] = 0;
		W.ntouched = 0;
		if (ok && !W.failed && W.nacq) {
			struct tokacq x;
			memset(&x, 0, sizeof(x));
			x.tok = tok;
			x.nacq = W.nacq;
			x.acq = xmalloc(sizeof(struct lockacq) * W.nacq);
			memcpy(x.acq, W.acq, sizeof(struct lockacq) * W.nacq);
			if (reviewable(a, &x))
				VEC_PUSH(T, nt, capt, x);
			else
				free(x.acq);
		}
		i = j;
	}
	/* one group per set of lock classes */
	if (nt)
		qsort(T, nt, sizeof(*T), cmp_tokacq);
	for (size_t i = 0; i < nt;) {
		size_t j = i;
		while (j < nt && same_key(&T[i], &T[j]))
			j++;
		if (j - i < 2) {
			i = j;
			continue;
		}
		struct lockgroup g;
		memset(&g, 0, sizeof(g));
		int cap = 0, capa = 0, capc = 0;
		for (size_t k = i; k < j; k++) {
			VEC_PUSH(g.toks, g.ntoks, cap, T[k].tok);
			for (size_t x = 0; x < T[k].nacq; x++) {
				int dup = 0;
				for (int y = 0; y < g.nacq && !dup; y++)
					if (g.acq[y].call == T[k].acq[x].call) {
						dup = 1;
						g.acq[y].open_at_use &= T[k].acq[x].open_at_use;
					}
				if (!dup)
					VEC_PUSH(g.acq, g.nacq, capa, T[k].acq[x]);
			}
		}
		qsort(g.toks, (size_t)g.ntoks, sizeof(int), cmp_int);
		qsort(g.acq, (size_t)g.nacq, sizeof(*g.acq), cmp_acq);
		drop_nested_places(a, &g);
		for (int x = 0; x < g.nacq; x++) {
			int dup = 0;
			for (int y = 0; y < g.ncls && !dup; y++)
				dup = g.cls[y] == g.acq[x].cls;
			if (!dup)
				VEC_PUSH(g.cls, g.ncls, capc, g.acq[x].cls);
		}
		for (int k = 0; k < g.ntoks; k++)
			out->tokgroup[g.toks[k]] = (int)out->n;
		VEC_PUSH(out->v, out->n, out->cap, g);
		i = j;
	}
	for (size_t i = 0; i < nt; i++)
		free(T[i].acq);
	free(T);
	free(W.seen);
	free(W.touched);
	free(W.through);
	free(W.acq);
	free(ord);
	free(inreg);
}

void lockgroups_free(struct lockgroups *g)
{
	for (size_t i = 0; i < g->n; i++) {
		for (int k = 0; g->v[i].reg && k < g->v[i].nacq; k++)
			region_free(&g->v[i].reg[k]);
		free(g->v[i].reg);
		free(g->v[i].toks);
		free(g->v[i].acq);
		free(g->v[i].cls);
	}
	free(g->v);
	free(g->tokgroup);
	memset(g, 0, sizeof(*g));
}
