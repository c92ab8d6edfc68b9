/* context.c - interprocedural propagation of path classes to function entries. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/context.h"
#include "analysis/dummy.h"
#include "analysis/feasible.h"
#include "analysis/flow.h"
#include "analysis/graph.h"
#include "analysis/hidden.h"
#include "analysis/icall.h"
#include "analysis/lockclass.h"
#include "analysis/reclaim.h"
#include "base/util.h"

/* Does the context of function g flow into t through an indirect call?  Not
 * from one filesystem's code into another's ops (a stacked filesystem calling
 * its lower one: the upper one's locks are its own business). From generic
 * code into a function only ever stored into ops members that a model `entry`
 * row describes (the VFS calls it with no filesystem context; the generic
 * helper that dispatches to it, iterate_dir(), vfs_fsync(), is also called by
 * stacked filesystems and nfsd with their own locks held) only t's own
 * filesystem's paths go on (2), and only their scopes and transactions, not
 * their locks or unknown callers: ext4's jbd2 handle around
 * posix_acl_create() is open in ext4's ->get_acl, which __get_acl() calls
 * (pass_class()). */
int icall_carries_context(const struct analysis *a, int g, int t)
{
	uint32_t gf = fs_of_func(a, g), tf = fs_of_func(a, t);
	if (gf && tf && gf != tf)
		return 0;
	if (!gf && a->prog->funcs[t].entry_only)
		return tf ? 2 : 0;
	return 1;
}

int pc_index(unsigned bit)
{
	for (int i = 0; i < PC_NKINDS; i++)
		if (bit == (1u << i))
			return i;
	return 0;
}

/* Callers gfpcheck cannot see: its address escapes (not only into model entry
 * fields, callbacks or resolved ops), the model lists it as a root, a file of
 * its directory was not read completely, or it is a public interface (exported,
 * or declared under include/) that no scanned file of another directory calls.
 * A public function called from another directory has its users in the scan
 * (fs/quota's qtree_* from fs/ocfs2, fs/crypto's from the filesystems): its
 * callers are taken as known, so that a mask redundant on every in-tree path is
 * reported.  Scanning only the library's own directory leaves it a root. */
int func_is_root(const struct analysis *a, int f)
{
	const struct func *fn = &a->prog->funcs[f];
	return (fn->addr_taken && !fn->entry_only && !fn->cb_only && !fn->icall_only) ||
	       ((fn->exported || fn->in_include) && !fn->called_elsewhere && !fn->users_in_scan) || fn->model_root || fn->has_callers_unknown;
}

int unknown_callers_own(const struct analysis *a, int g, uint32_t fs, int *root)
{
	const struct program *p = a->prog;
	enum { LIMIT = 4096 };
	*root = -1;
	if (!fs || !(a->ctx[g].cls & PC_UNKNOWN))
		return 0;
	unsigned char *seen = xcalloc(p->nfuncs ? p->nfuncs : 1, 1);
	int *q = xmalloc(sizeof(int) * LIMIT);
	int qh = 0, qt = 0, ok = 1;
	q[qt++] = g;
	seen[g] = 1;
	while (qh < qt && ok) {
		int u = q[qh++];
		const struct func *fn = &p->funcs[u];
		if (func_is_root(a, u)) {
			ok = fn->addr_taken && !fn->exported && !fn->in_include && !fn->model_root &&
			     !fn->has_callers_unknown && fs_of_func(a, u) == fs;
			if (ok && *root < 0)
				*root = u;
			continue; /* its visible callers bring their own classes */
		}
		for (int w = 0; w < 2 && ok; w++) {
			const int *cs = w ? fn->icallers : fn->callers;
			int n = w ? fn->nicallers : fn->ncallers;
			for (int i = 0; i < n && ok; i++) {
				int v = p->calls[cs[i]].fn;
				if (v < 0 || seen[v] || !(a->ctx[v].cls & PC_UNKNOWN))
					continue;
				if (qt == LIMIT)
					ok = 0;
				else {
					seen[v] = 1;
					q[qt++] = v;
				}
			}
		}
	}
	free(seen);
	free(q);
	return ok && *root >= 0;
}

/* A root that runs on its own rather than as a library function some unknown
 * caller calls with its own objects: its address escapes (a thread or work
 * function, a timer), the model names it, or it is referenced where gfpcheck
 * cannot see. Exported or include/-declared functions and methods stored only
 * into ops members are library roots. */
static int spontaneous_root(const struct func *fn)
{
	return fn->addr_escapes || fn->model_root || fn->has_callers_unknown;
}

uint32_t held_class(const struct analysis *a, int call)
{
	const struct program *p = a->prog;
	const struct mrow *lr = flow_lock_row(a, call, 0);
	if (!lr)
		lr = flow_lock_row(a, call, 1); /* a trylock holds its class where it succeeded */
	if (lr) {
		if (a->call_cls[call] == UINT32_MAX)
			((struct analysis *)a)->call_cls[call] = lock_class(a, call, lr);
		return a->call_cls[call];
	}
	/* a wrapper, or the targets of an indirect call that agree (flow.c) */
	int t = !p->calls[call].is_icall ? p->calls[call].target : a->icall_sum ? a->icall_sum[call] : -1;
	if (t < 0 && p->calls[call].ctx_change == 1)
		return p->calls[call].ctx_cls; /* an annotated lock wrapper (flow.c, ROW_CTX) */
	for (int k = 0; t >= 0 && k < p->funcs[t].ngen; k++) {
		struct held h = p->funcs[t].gen[k];
		h.cls = lock_class_at(a, call, h.cls);
		h.call = call;
		if (h.kind == HK_LOCK && held_counts(a, &h))
			return h.cls;
	}
	return 0;
}

int held_counts(const struct analysis *a, const struct held *h)
{
	if (h->kind != HK_LOCK || (h->row >= 0 && a->model->rows[h->row].blocks_reclaim))
		return 0;
	if ((h->row < 0 && h->row != ROW_CTX) || (h->row >= 0 && a->model->rows[h->row].fs))
		return 1; /* a model filesystem lock context */
	const char *dir = h->call >= 0 ? a->prog->files[a->prog->calls[h->call].file].dir : NULL;
	return reclaim_takes_in(a, h->cls, dir) != NULL;
}

void state_parts(const struct analysis *a, const struct astate *s, struct state_parts *o)
{
	memset(o, 0, sizeof(*o));
	for (int j = 0; s && j < s->n; j++) {
		const struct held *h = &s->h[j];
		if (h->kind == HK_LOCK && h->row >= 0 && a->model->rows[h->row].blocks_reclaim && !o->blocker)
			o->blocker = h;
	}
	for (int j = 0; s && j < s->n; j++) {
		const struct held *h = &s->h[j];
		if (h->kind == HK_SCOPE && !o->scope)
			o->scope = h;
		if (h->kind == HK_SETTER && !o->setter)
			o->setter = h;
		if (h->kind == HK_LOCK && !o->lock && held_counts(a, h)) {
			if (!o->blocker || lock_class_level(a, h->cls) == LC_GLOBAL)
				o->lock = h;
			else if (!o->blocked)
				o->blocked = h;
		}
	}
}

static void add(struct classev *o, unsigned bit, int origin, int inherited)
{
	int i = pc_index(bit);
	if (o->cls & bit)
		return;
	o->cls |= bit;
	o->origin[i] = origin;
	o->inherited[i] = inherited;
}

void classes_at(const struct analysis *a, int c, struct classev *o)
{
	const struct call *cl = &a->prog->calls[c];
	classes_at_entry(a, c, cl->fn >= 0 ? a->ctx[cl->fn].cls : PC_NONE, o);
}

void classes_at_entry(const struct analysis *a, int c, unsigned E, struct classev *o)
{
	memset(o, 0, sizeof(*o));
	for (int i = 0; i < PC_NKINDS; i++)
		o->origin[i] = -1;
	const struct stateset *st = &a->states[c];
	struct astate empty;
	memset(&empty, 0, sizeof(empty));
	int n = st->n ? st->n : 1;
	for (int k = 0; k < n; k++) {
		const struct astate *s = st->n ? &st->s[k] : &empty;
		struct state_parts sp;
		state_parts(a, s, &sp);
		const struct held *scope = sp.scope, *setter = sp.setter, *lock = sp.lock, *blocked = sp.blocked;
		int blocks = sp.blocker != NULL;
		if (scope) {
			add(o, PC_SCOPE, scope->call, 0);
		} else if (setter) {
			add(o, PC_TRANS, setter->call, 0);
		} else if (lock) {
			if (E & PC_SCOPE)
				add(o, PC_SCOPE, -1, 1);
			if (E & PC_TRANS)
				add(o, PC_TRANS, -1, 1);
			int global = lock_class_level(a, lock->cls) == LC_GLOBAL;
			if ((E & PC_BLOCKED) && !global)
				add(o, PC_BLOCKED, -1, 1);
			if ((E & (PC_LOCK | PC_UNKNOWN | PC_NONE)) || ((E & PC_BLOCKED) && global))
				add(o, PC_LOCK, lock->call, 0);
		} else if (blocked) {
			if (E & PC_SCOPE)
				add(o, PC_SCOPE, -1, 1);
			if (E & PC_TRANS)
				add(o, PC_TRANS, -1, 1);
			if (E & (PC_LOCK | PC_UNKNOWN | PC_NONE | PC_BLOCKED))
				add(o, PC_BLOCKED, blocked->call, 0);
		} else if (blocks && (E & PC_NONE)) {
			/* only a blocker held (s_umount for write: sget(), down_write(&sb->s_umount)):
			 * what reaches this call with nothing held cannot enter this superblock
			 * from reclaim; what the callers hold still counts */
			blocked = sp.blocker;
			for (int i = 0; i < PC_NKINDS; i++)
				if ((E & (1u << i)) && (1u << i) != PC_NONE)
					add(o, 1u << i, -1, 1);
			add(o, PC_BLOCKED, blocked->call, 0);
		} else {
			/* E == 0: the entry is not known yet (or the function is unreachable) */
			for (int i = 0; i < PC_NKINDS; i++)
				if (E & (1u << i))
					add(o, 1u << i, -1, 1);
		}
	}
}

/* The model handle row a parameter type names ("struct xfs_trans *", "handle_t *"). */
static const struct mrow *handle_row(const struct analysis *a, uint32_t type)
{
	const char *t = istr(type);
	char key[128];
	size_t n = 0;
	int stars = 0;
	while (*t) {
		if (strncmp(t, "const ", 6) == 0) {
			t += 6;
		} else if (strncmp(t, "struct ", 7) == 0) {
			t += 7;
		} else if (*t == '*') {
			stars++;
			t++;
		} else if (*t == ' ') {
			t++;
		} else if (n + 1 < sizeof(key) && stars == 0) {
			key[n++] = *t++;
		} else {
			return NULL;
		}
	}
	key[n] = 0;
	if (stars != 1 || !n || !is_ident(key))
		return NULL;
	uint32_t id = intern_lookup(key);
	return id ? model_find1(a->model, ROW_HANDLE, id) : NULL;
}

/* Does text use identifier w other than to dereference it (a NULL test)? */
static int tests_word(const char *text, const char *w)
{
	size_t n = strlen(text);
	for (const char *s = word_find(text, n, text, w); s; s = word_find(text, n, s + 1, w)) {
		if (s != text && (s[-1] == '>' || s[-1] == '.'))
			continue; /* a member */
		const char *e = s + strlen(w);
		while (*e == ' ')
			e++;
		if (strncmp(e, "->", 2) != 0 && *e != '.' && *e != '[')
			return 1;
	}
	return 0;
}

/* Does call c bring NULL for its argument j: NULL or 0 written there, or a
 * parameter of c's function that a call of that function brings NULL for,
 * on a path that reaches c (hop_feasible() with that call's constant
 * arguments)? xfs_iget(mp, tp, ...) hands its tp on to xfs_iget_cache_miss(),
 * and xfs_lookup() calls xfs_iget() with NULL. A parameter is not followed
 * when c's function tests it (`if (ext4_handle_valid(handle))`, `if (tp)`:
 * the call may be the guarded one), nor where the model says a handle may be
 * a dummy (ext4: fast-commit replay passes NULL handles down, which the
 * rules already treat as dummies, dummy.h). *budget bounds the calls looked
 * at: when it runs out, no NULL is assumed. Returns the call that writes the
 * NULL, or -1. */
static int brings_null(struct analysis *a, int c, int j, int depth, int *budget)
{
	const struct program *p = a->prog;
	const struct call *cl = &p->calls[c];
	if (j >= cl->nargs || --*budget < 0)
		return -1;
	const char *t = istr(cl->args[j]);
	if (strcmp(t, "NULL") == 0 || strcmp(t, "0") == 0)
		return c;
	const struct func *g = cl->fn >= 0 ? &p->funcs[cl->fn] : NULL;
	if (!g || depth >= 8 || dummy_in_file(a, p->files[g->file].path))
		return -1;
	for (int i = 0; i < g->nparams; i++) {
		if (p->params[g->param0 + i].name != cl->args[j])
			continue;
		for (int n = 0; n < g->nitems; n++) {
			const struct item *it = &p->items[g->items[n]];
			if (it->kind == IT_IF && it->ctext && tests_word(istr(it->ctext), t))
				return -1;
		}
		for (int d = 0; d < g->ncallers; d++) {
			int dc = g->callers[d], r;
			if (p->calls[dc].fn != cl->fn && (r = brings_null(a, dc, i, depth + 1, budget)) >= 0 &&
			    hop_feasible(a, dc, c))
				return r;
		}
		return -1;
	}
	return -1;
}

/* A parameter carrying a started transaction: every call of f runs inside it, if
 * f never tests it against NULL, never closes it, and no caller passes NULL. */
static int handle_param(const struct analysis *a, int f)
{
	const struct program *p = a->prog;
	const struct func *fn = &p->funcs[f];
	for (int k = 0; k < fn->nparams; k++) {
		const struct param *pa = &p->params[fn->param0 + k];
		if (!handle_row(a, pa->type))
			continue;
		const char *name = istr(pa->name);
		int ok = 1;
		for (int i = 0; i < fn->nitems && ok; i++) {
			const struct item *it = &p->items[fn->items[i]];
			if (it->kind == IT_IF && it->ctext && tests_word(istr(it->ctext), name))
				ok = 0;
		}
		for (int i = 0; i < fn->ncalls && ok; i++) {
			const struct call *cl = &p->calls[fn->calls[i]];
			const struct mrow *cr[2];
			if (!model_find_closer(a->model, cl->callee, cr, 2))
				continue;
			for (int j = 0; j < cl->nargs && ok; j++) {
				const char *t = istr(cl->args[j]);
				if (*t == '&')
					t++;
				if (strcmp(t, name) == 0)
					ok = 0;
			}
		}
		/* closes a transaction it did not open, itself or in a callee
		 * (jbd2_journal_restart -> jbd2__journal_restart -> stop_this_handle) */
		for (int i = 0; i < fn->nkill && ok; i++)
			if ((int)(fn->kill[i] >> 16) == HK_SETTER)
				ok = 0;
		for (int i = 0; i < fn->ncallers && ok; i++) {
			const struct call *cl = &p->calls[fn->callers[i]];
			if (k < cl->nargs) {
				const char *t = istr(cl->args[k]);
				if (strcmp(t, "NULL") == 0 || strcmp(t, "0") == 0)
					ok = 0;
			}
		}
		if (ok)
			return fn->param0 + k;
	}
	return -1;
}

/* Per-filesystem evidence of generic functions (analysis.h struct fsents). A
 * generic function of mm/ or the VFS is entered from dozens of filesystems and
 * passes each of their paths on along every call, again each time one more
 * arrives: the filesystems form a bit set (one bit per directory that
 * registers a filesystem), so that passing a caller's set on is a few word
 * operations and only the filesystems new to the callee cost more. */
static int fs_bit(const struct analysis *a, uint32_t fs)
{
	return fs ? fs_slot(a, fs) + 1 : 0; /* fs_of() gives only members of a->fstops */
}

/* Class k's filesystem paths of the function, or NULL. */
static const struct fskind *fsk(const struct fctx *x, int k)
{
	const struct fsents *F = x->fse;
	return F && F->slot[k] >= 0 ? &F->v[F->slot[k]] : NULL;
}

/* Entry i of K, and run i. */
static int fsk_bit(const struct fskind *K, int i)
{
	return K->capfse ? K->fsb[i] : K->fsb1;
}

static const struct fsrun *fsk_run(const struct fskind *K, int i)
{
	return K->capfsr ? &K->fsr[i] : &K->fsr1;
}

static int fsk_has(const struct fskind *K, int bit)
{
	return K->fsbits ? (K->fsbits[bit / 64] >> (bit % 64) & 1) : K->nfse == 1 && K->fsb1 == bit;
}

static int fs_in(const struct fctx *x, int k, int bit)
{
	const struct fskind *K = fsk(x, k);
	return K && fsk_has(K, bit);
}

/* How many filesystems' paths bring class k to the function. */
static int nfse(const struct fctx *x, int k)
{
	const struct fskind *K = fsk(x, k);
	return K ? K->nfse : 0;
}

/* The path that brought filesystem fs's paths of class k to f, or NULL. */
static const struct ctxent *fse_find(const struct analysis *a, int f, int k, uint32_t fs)
{
	const struct fctx *x = &a->ctx[f];
	int bit = fs_bit(a, fs);
	if (!fs_in(x, k, bit))
		return NULL;
	const struct fskind *K = fsk(x, k);
	int i = 0;
	while (i < K->nfse && fsk_bit(K, i) != bit)
		i++;
	if (i == K->nfse)
		return NULL;
	int lo = 0, hi = K->nfsr; /* the last run starting at or before i */
	while (hi - lo > 1) {
		int mid = (lo + hi) / 2;
		if (fsk_run(K, mid)->start <= i)
			lo = mid;
		else
			hi = mid;
	}
	return &fsk_run(K, lo)->e;
}

static void fse_push(struct analysis *a, struct fctx *x, int k, int bit, const struct ctxent *e)
{
	if (!x->fse) {
		x->fse = xcalloc(1, sizeof(*x->fse));
		memset(x->fse->slot, -1, sizeof(x->fse->slot));
	}
	struct fsents *F = x->fse;
	if (F->slot[k] < 0) {
		F->v = xrealloc(F->v, sizeof(*F->v) * (F->n + 1u));
		memset(&F->v[F->n], 0, sizeof(*F->v));
		F->slot[k] = (int8_t)F->n++;
	}
	struct fskind *K = &F->v[F->slot[k]];
	x->fse_grew |= 1u << k;
	const struct ctxent *last = K->nfsr ? &fsk_run(K, K->nfsr - 1)->e : NULL;
	if (!last || last->via != e->via || last->origin != e->origin || last->local != e->local) {
		struct fsrun r = {K->nfse, *e};
		if (!K->nfsr) {
			K->fsr1 = r;
		} else {
			if (!K->capfsr) { /* a second run: out of the inline one */
				K->capfsr = 2;
				K->fsr = xmalloc(sizeof(*K->fsr) * 2);
				K->fsr[0] = K->fsr1;
			} else if (K->nfsr == K->capfsr) {
				K->capfsr *= 2;
				K->fsr = xrealloc(K->fsr, sizeof(*K->fsr) * (size_t)K->capfsr);
			}
			K->fsr[K->nfsr] = r;
		}
		K->nfsr++;
	}
	if (!K->nfse) {
		K->fsb1 = (uint16_t)bit;
		K->nfse = 1;
		return;
	}
	if (!K->capfse) { /* a second entry: the list and the set out of the inline one */
		K->capfse = 4;
		K->fsb = xmalloc(sizeof(*K->fsb) * 4);
		K->fsb[0] = K->fsb1;
		K->fsbits = xcalloc((size_t)a->fse_words, sizeof(uint64_t));
		K->fsbits[K->fsb1 / 64] |= 1ull << (K->fsb1 % 64);
	} else if (K->nfse == K->capfse) {
		K->capfse *= 2;
		K->fsb = xrealloc(K->fsb, sizeof(*K->fsb) * (size_t)K->capfse);
	}
	K->fsbits[bit / 64] |= 1ull << (bit % 64);
	K->fsb[K->nfse++] = (uint16_t)bit;
}

static int fse_add(struct analysis *a, int f, int k, uint32_t fs, const struct ctxent *e)
{
	struct fctx *x = &a->ctx[f];
	int bit = fs_bit(a, fs);
	if (fs_in(x, k, bit))
		return 0;
	fse_push(a, x, k, bit, e);
	return 1;
}

/* Give t every filesystem of g's class k that t lacks, with evidence e. */
static int fse_merge(struct analysis *a, int g, int t, int k, const struct ctxent *e)
{
	const struct fctx *G = &a->ctx[g];
	struct fctx *T = &a->ctx[t];
	const struct fskind *GK = fsk(G, k), *TK = fsk(T, k);
	if (!GK)
		return 0;
	int news = 0;
	if (GK->fsbits && (!TK || TK->fsbits)) { /* both sets: a few words */
		const uint64_t *gb = GK->fsbits, *tb = TK ? TK->fsbits : NULL;
		for (int w = 0; w < a->fse_words && !news; w++)
			news = (gb[w] & ~(tb ? tb[w] : 0)) != 0;
	} else {
		for (int i = 0; i < GK->nfse && !news; i++)
			news = !TK || !fsk_has(TK, fsk_bit(GK, i));
	}
	if (!news)
		return 0;
	/* in G's order, as before: the entries T lacks (each bit once in G);
	 * G's block is looked up again after each push (g may be t) */
	int changed = 0;
	for (int i = 0; i < fsk(G, k)->nfse; i++) {
		int bit = fsk_bit(fsk(G, k), i);
		if (!fs_in(T, k, bit)) {
			fse_push(a, T, k, bit, e);
			changed = 1;
		}
	}
	return changed;
}

/* Pass class k of call c (in g, which has the class set cv there) on to t.
 * Returns 1 when t's entry changed. gfs: fs_of g, tfs: fs_of t, icall: t is
 * reached through an indirect call.  From generic code into a filesystem's
 * method only the paths of that filesystem (or generic code's own) go on: a
 * lock gfs2 holds around iomap_fiemap() is not held in XFS's ->iomap_begin. */
static int pass_class(struct analysis *a, int g, int c, int t, int k, const struct classev *cv, uint32_t gfs,
		      uint32_t tfs, int icall)
{
	struct fctx *G = &a->ctx[g], *T = &a->ctx[t];
	struct ctxent e = {c, cv->origin[k], !cv->inherited[k]};
	int changed = 0;
	if (T->must_hold && (k == pc_index(PC_NONE) || k == pc_index(PC_UNKNOWN)))
		return 0; /* the annotation says this caller holds the lock */
	if (icall == 2) { /* into an entry method: only its own filesystem's paths */
		const struct ctxent *fe = fse_find(a, g, k, tfs);
		if (!cv->inherited[k] || !fe || k == pc_index(PC_LOCK) || k == pc_index(PC_UNKNOWN))
			return 0; /* not locks (the chain search, feasible.c, is not per filesystem) nor unknown
				     callers (an indirect call resolved too widely upstream of the
				     generic code would hide the method's real context) */
		e.origin = fe->origin;
	}
	if (gfs || !cv->inherited[k]) {
		/* a filesystem's own path, or a lock or scope generic code opens itself */
		uint32_t src = gfs;
		if (!gfs && icall && tfs && !cv->inherited[k])
			src = 0;
		if (!tfs)
			changed |= fse_add(a, t, k, src, &e);
	} else if (!nfse(G, k)) {
		if (!tfs)
			changed |= fse_add(a, t, k, 0, &e);
	} else if (icall && tfs) {
		if (!fse_find(a, g, k, tfs) && (k == pc_index(PC_UNKNOWN) ? !G->unk_spont : !fse_find(a, g, k, 0)))
			return 0; /* only other filesystems' paths reach g with this class; and
				     callers unknown to generic code are callers of this
				     filesystem's method only if this filesystem's own path
				     brought them, or a root that runs on its own (a thread, a
				     work item: dlm_recoverd() calls gfs2's ->recover_done on
				     the lockspace gfs2 made). A library function's unknown
				     callers pass their own objects: what one hands to
				     dir_emit() through dcache_readdir() is not XFS scrub's
				     dir_context, whose ->actor is xchk_dir_actor() */
	} else if (!tfs && icall) {
		/* generic code into generic code through an indirect call (a bus's
		 * ->probe, a walker's =fn, a quota format's ->check_quota_file):
		 * what it reaches goes on as generic code's own path, no one
		 * filesystem's. Passing the filesystems on had made every generic
		 * function a path of every filesystem, into their entry methods
		 * too: on the whole 6.12 tree btrfs's mount reached fc_mount(), the
		 * driver core and drm's simple_pin_fs(), and came back into btrfs's
		 * ->get_tree with their scopes as its own path (62 findings had
		 * evidence of more than 40 hops, 52 of them medium for the scopes
		 * found so). A generic path still goes into methods that are not
		 * entries (f2fs's ->quota_read from the quota format's
		 * ->check_quota_file). */
		changed |= fse_add(a, t, k, 0, &e);
	} else if (!tfs) {
		changed |= fse_merge(a, g, t, k, &e);
	}
	if (k == pc_index(PC_UNKNOWN) && !tfs && !gfs && G->unk_spont && !T->unk_spont) {
		T->unk_spont = 1;
		T->fse_grew |= 1u << k;
		changed = 1;
	}
	/* The evidence: the shortest path offered so far. A shorter one replaces
	 * the kept one without going on to the callees (their paths stay valid,
	 * only longer); each pointer goes to a caller whose path is shorter still,
	 * so the paths never loop. */
	unsigned d = e.local ? 1 : G->evd[k] + 1u;
	if (d > UINT16_MAX)
		d = UINT16_MAX;
	if (!(T->cls & (1u << k))) {
		T->ev[k] = e;
		T->evd[k] = (uint16_t)d;
		T->cls |= 1u << k;
		changed = 1;
	} else if (d < T->evd[k]) {
		T->ev[k] = e;
		T->evd[k] = (uint16_t)d;
	}
	return changed;
}


/* The function call c passes for parameter k of its target (a name or &name),
 * or -1. */
static int passed_func(const struct analysis *a, int c, int k)
{
	const struct call *cl = &a->prog->calls[c];
	uint32_t id = k < cl->nargs ? icall_arg_name(cl->args[k]) : 0;
	return id ? graph_resolve_in(a, cl->file, cl->fn, id) : -1;
}

/* Is argument text `s` a member access (`x->ops->f`, `tbl.f`)? */
static int member_arg(const char *s)
{
	return strstr(s, "->") != NULL || strchr(s, '.') != NULL;
}

/* The argument of direct call d that names function parameter `name` (passes
 * it on), or -1. */
static int forwarded_as(const struct analysis *a, int d, uint32_t name)
{
	const struct call *cl = &a->prog->calls[d];
	for (int j = 0; j < cl->nargs && j < 32; j++)
		if (icall_arg_name(cl->args[j]) == name)
			return j;
	return -1;
}

/* Does h call its parameter j, or pass it on to a call? (A helper that only
 * stores it, as __async_schedule_node_domain() puts `func` into the entry its
 * worker runs later, runs none of it for its caller.) */
static int param_called(const struct analysis *a, int h, int j)
{
	const struct program *p = a->prog;
	const struct func *hn = &p->funcs[h];
	if (j >= hn->nparams)
		return 1;
	if (j < 32 && (icall_param_mask(a, h) & (1u << j)))
		return 1;
	uint32_t name = p->params[hn->param0 + j].name;
	for (int i = 0; i < hn->ncalls; i++)
		if (forwarded_as(a, hn->calls[i], name) >= 0)
			return 1;
	return 0;
}

/* Can parameter k of f be bound (the structure of f alone): f gets no context
 * of its own, k is never reassigned, and f passes it on only as it is to
 * direct calls of functions of the scan. */
static int bound_shape(const struct analysis *a, int f, int k)
{
	const struct program *p = a->prog;
	const struct func *fn = &p->funcs[f];
	if (k >= fn->nparams || k >= 32 || p->params[fn->param0 + k].reassigned)
		return 0;
	uint32_t name = p->params[fn->param0 + k].name;
	for (int i = 0; i < fn->ncalls; i++) {
		int d = fn->calls[i];
		const struct call *cl = &p->calls[d];
		if (forwarded_as(a, d, name) >= 0 && (cl->is_icall || cl->target < 0 || cl->target == f))
			return 0;
	}
	return 1;
}

/* The candidates of compute_bound(): the function parameters f calls through,
 * and, up the calls, those that f passes on to a candidate of a callee
 * (list_sort() hands `cmp` to merge() and merge_final(), which call it); a
 * parameter that is only passed on, never called, is none (`data`). */
static void bound_candidates(struct analysis *a)
{
	const struct program *p = a->prog;
	for (size_t f = 0; f < p->nfuncs; f++) {
		const struct func *fn = &p->funcs[f];
		uint32_t m = icall_param_mask(a, (int)f), out = 0;
		if (a->ctx[f].cls || fn->nicallers || fn->addr_taken || fn->ncallers == 0)
			m = 0;
		for (int k = 0; m && k < fn->nparams && k < 32; k++)
			if ((m & (1u << k)) && bound_shape(a, (int)f, k))
				out |= 1u << k;
		a->ctx[f].bound_params = out;
	}
	for (int changed = 1, round = 0; changed && round < 8; round++) {
		changed = 0;
		for (size_t f = 0; f < p->nfuncs; f++) {
			const struct func *fn = &p->funcs[f];
			if (a->ctx[f].cls || fn->nicallers || fn->addr_taken || fn->ncallers == 0)
				continue;
			for (int i = 0; i < fn->ncalls; i++) {
				const struct call *cl = &p->calls[fn->calls[i]];
				if (cl->is_icall || cl->target < 0 || !a->ctx[cl->target].bound_params)
					continue;
				for (int k = 0; k < fn->nparams && k < 32; k++) {
					if (a->ctx[f].bound_params & (1u << k))
						continue;
					int j = forwarded_as(a, fn->calls[i], p->params[fn->param0 + k].name);
					if (j >= 0 && (a->ctx[cl->target].bound_params & (1u << j)) && bound_shape(a, (int)f, k)) {
						a->ctx[f].bound_params |= 1u << k;
						changed = 1;
					}
				}
			}
		}
	}
}

/* Which parameters of every function take the context of the caller that
 * passed the function (struct fctx bound_params): f gets no context of its own
 * (no root, no model row, no handle), each caller passes a function name for
 * k, a member of an ops table (`info->desc->ops->chan_free`, scmi's call of
 * idr_for_each(): a function its table's indirect calls reach, no context of
 * this call for it), or a bound parameter of its own; and f only calls k or
 * passes it on to callees that bind it (list_sort() -> merge_final() -> cmp()).
 * xfs_qm_dquot_walk(mp, type, xfs_qm_flush_one, ...) calls xfs_qm_flush_one()
 * with what quotacheck holds (s_umount for write, at mount), not with what
 * quotaoff, which passes xfs_qm_dqpurge(), holds. Computed for all functions
 * at once: the candidates lose the parameters that fail until none does. */
static void compute_bound(struct analysis *a)
{
	const struct program *p = a->prog;
	size_t nf = p->nfuncs;
	bound_candidates(a);
	for (int changed = 1, round = 0; changed && round < 32; round++) {
		changed = 0;
		for (size_t f = 0; f < nf; f++) {
			const struct func *fn = &p->funcs[f];
			uint32_t bp = a->ctx[f].bound_params;
			for (int k = 0; bp && k < fn->nparams && k < 32; k++) {
				if (!(bp & (1u << k)))
					continue;
				uint32_t name = p->params[fn->param0 + k].name;
				int ok = 1;
				for (int i = 0; i < fn->ncallers && ok; i++) { /* what each caller passes */
					int c = fn->callers[i];
					const struct call *cl = &p->calls[c];
					ok = !cl->is_icall && cl->target == (int)f && k < cl->nargs;
					if (!ok || passed_func(a, c, k) >= 0 || member_arg(istr(cl->args[k])))
						continue;
					const struct func *g = cl->fn >= 0 ? &p->funcs[cl->fn] : NULL;
					uint32_t arg = icall_arg_name(cl->args[k]);
					ok = 0;
					for (int q = 0; g && q < g->nparams && q < 32 && !ok; q++)
						ok = p->params[g->param0 + q].name == arg && (a->ctx[cl->fn].bound_params & (1u << q));
				}
				for (int i = 0; i < fn->ncalls && ok; i++) { /* where f passes it on */
					int d = fn->calls[i];
					int j = forwarded_as(a, d, name), h = p->calls[d].target;
					if (j >= 0)
						ok = h >= 0 && ((a->ctx[h].bound_params & (1u << j)) || !param_called(a, h, j));
				}
				if (!ok) {
					a->ctx[f].bound_params &= ~(1u << k);
					changed = 1;
				}
			}
		}
	}
}

/* The worklist of context_run(). Functions are ranked by a reverse postorder
 * of the call graph (direct and resolved indirect calls): callers before
 * callees, except along the edges that close a cycle. The work runs in sweeps
 * of rising rank, each a binary min-heap; a function pushed while a sweep is
 * past its rank (it is reached along a cycle) waits for the next sweep, so
 * what a cycle carries back collects there and goes round once per sweep,
 * not once per filesystem bit that arrives. A function is in at most one of
 * the two heaps, at most once. */
struct cworklist {
	int *heap, n;
	int *nheap, nn;     /* the next sweep: functions ranked at or before the one running */
	int cur;            /* rank of the function popped last */
	int *rank;          /* per function */
	unsigned char *in;  /* per function: in the heap */
};

static void wl_rank(struct cworklist *W, const struct analysis *a)
{
	const struct program *p = a->prog;
	size_t nf = p->nfuncs ? p->nfuncs : 1;
	int *stk = xmalloc(sizeof(int) * nf), *sti = xmalloc(sizeof(int) * nf);
	unsigned char *seen = xcalloc(nf, 1);
	int next = (int)p->nfuncs; /* postorder numbers count down: rank = reverse postorder */
	/* roots first (no visible caller), then whatever a cycle alone reaches */
	for (int pass = 0; pass < 2; pass++)
		for (size_t r = 0; r < p->nfuncs; r++) {
			if (seen[r] || (pass == 0 && p->funcs[r].ncallers + p->funcs[r].nicallers))
				continue;
			int sp = 0;
			stk[sp] = (int)r;
			sti[sp++] = 0;
			seen[r] = 1;
			while (sp) {
				int f = stk[sp - 1];
				const struct func *fn = &p->funcs[f];
				int t = -1;
				while (t < 0 && sti[sp - 1] < 2 * fn->ncalls) {
					int i = sti[sp - 1]++;
					int c = fn->calls[i / 2];
					if (!(i & 1)) {
						t = p->calls[c].target;
					} else { /* the resolved targets of the same call, one per step */
						int ni;
						const int *it = icall_targets(a, c, &ni);
						for (int j = 0; j < ni && t < 0; j++)
							if (!seen[it[j]])
								t = it[j];
						if (t >= 0)
							sti[sp - 1]--; /* come back for the others */
					}
					if (t >= 0 && seen[t])
						t = -1;
				}
				if (t >= 0) {
					seen[t] = 1;
					stk[sp] = t;
					sti[sp++] = 0;
				} else {
					W->rank[f] = --next;
					sp--;
				}
			}
		}
	free(stk);
	free(sti);
	free(seen);
}

static void heap_push(int *heap, int *n, const int *rank, int f)
{
	int i = (*n)++;
	while (i > 0) {
		int up = (i - 1) / 2;
		if (rank[heap[up]] <= rank[f])
			break;
		heap[i] = heap[up];
		i = up;
	}
	heap[i] = f;
}

static void wl_push(struct cworklist *W, int f)
{
	if (W->in[f])
		return;
	W->in[f] = 1;
	if (W->rank[f] > W->cur)
		heap_push(W->heap, &W->n, W->rank, f);
	else
		heap_push(W->nheap, &W->nn, W->rank, f);
}

static int wl_pop(struct cworklist *W)
{
	if (!W->n) {
		int *t = W->heap;
		W->heap = W->nheap;
		W->nheap = t;
		W->n = W->nn;
		W->nn = 0;
	}
	if (!W->n)
		return -1;
	int top = W->heap[0], last = W->heap[--W->n];
	int i = 0;
	for (;;) {
		int c = 2 * i + 1;
		if (c >= W->n)
			break;
		if (c + 1 < W->n && W->rank[W->heap[c + 1]] < W->rank[W->heap[c]])
			c++;
		if (W->rank[last] <= W->rank[W->heap[c]])
			break;
		W->heap[i] = W->heap[c];
		i = c;
	}
	if (W->n)
		W->heap[i] = last;
	W->in[top] = 0;
	W->cur = W->rank[top];
	return top;
}

static void wl_init(struct cworklist *W, const struct analysis *a)
{
	size_t nf = a->prog->nfuncs ? a->prog->nfuncs : 1;
	W->heap = xmalloc(sizeof(int) * nf);
	W->nheap = xmalloc(sizeof(int) * nf);
	W->nn = 0;
	W->cur = -1;
	W->rank = xmalloc(sizeof(int) * nf);
	W->in = xcalloc(nf, 1);
	W->n = 0;
	wl_rank(W, a);
	for (size_t f = 0; f < a->prog->nfuncs; f++)
		wl_push(W, (int)f);
}

static void wl_free(struct cworklist *W)
{
	free(W->heap);
	free(W->nheap);
	free(W->rank);
	free(W->in);
}

/* Function t, passed for bound parameter k of u, runs where u calls k, with
 * what u's caller holds (cv) and what u holds there; where u passes k on to a
 * callee that binds it, the same one level down. */
static void pass_bound_fn(struct analysis *a, int u, int k, int t, const struct classev *cv, struct cworklist *W,
			  int depth)
{
	const struct program *p = a->prog;
	const struct func *un = &p->funcs[u];
	int carry = icall_carries_context(a, u, t);
	if (!carry || depth > 6)
		return;
	uint32_t ufs = fs_of_func(a, u), tfs = fs_of_func(a, t);
	uint32_t name = p->params[un->param0 + k].name;
	for (int i = 0; i < un->ncalls; i++) {
		int d = un->calls[i];
		struct classev cd;
		if (icall_param(a, d) == k) {
			classes_at_entry(a, d, cv->cls, &cd);
			int changed = 0;
			for (int b = 0; b < PC_NKINDS; b++)
				if (cd.cls & (1u << b))
					changed |= pass_class(a, u, d, t, b, &cd, ufs, tfs, carry);
			if (changed)
				wl_push(W, t);
			continue;
		}
		int j = forwarded_as(a, d, name), h = p->calls[d].target;
		if (j < 0 || h < 0 || !(a->ctx[h].bound_params & (1u << j)))
			continue;
		classes_at_entry(a, d, cv->cls, &cd);
		pass_bound_fn(a, h, j, t, &cd, W, depth + 1);
	}
}

/* Call c enters u, which calls the function c passes for a bound parameter
 * (compute_bound()): that function runs with what c's caller holds at c (cv),
 * and what u holds around its call through the parameter. */
static void pass_bound(struct analysis *a, int c, int u, const struct classev *cv, struct cworklist *W)
{
	const struct program *p = a->prog;
	const struct func *un = &p->funcs[u];
	for (int k = 0; k < un->nparams && k < 32; k++) {
		if (!(a->ctx[u].bound_params & (1u << k)))
			continue;
		int t = passed_func(a, c, k);
		if (t < 0 || a->ctx[t].handle_param >= 0 || p->funcs[t].cb_only || p->files[p->funcs[t].file].test)
			continue;
		pass_bound_fn(a, u, k, t, cv, W, 0);
	}
}

/* Every function's classes at its entry before any caller passes its own:
 * a test module's, a handle parameter's, an annotated __must_hold(), a
 * root's, a callback's or an entry method's (model rows), or none of its own. */
static void entry_classes(struct analysis *a)
{
	struct program *p = a->prog;
	size_t nf = p->nfuncs;
	/* What the files the front end could not read completely may call. */
	struct hidden *hid = hidden_build(a);
	for (size_t f = 0; f < nf; f++) {
		a->ctx[f].passed_cls = ~0u;
		for (int i = 0; i < PC_NKINDS; i++) {
			a->ctx[f].ev[i].via = -1;
			a->ctx[f].ev[i].origin = -1;
		}
		struct func *fn = &p->funcs[f];
		a->ctx[f].handle_param = handle_param(a, (int)f);
		a->ctx[f].handle_null = -1;
		if (a->ctx[f].handle_param >= 0) {
			/* a caller that hands on a parameter of its own, which a
			 * call of it passes NULL for: that path has no transaction
			 * (the handle still counts, with less confidence) */
			int budget = 4096, k = a->ctx[f].handle_param - fn->param0;
			for (int i = 0; i < fn->ncallers && a->ctx[f].handle_null < 0; i++)
				a->ctx[f].handle_null = brings_null(a, fn->callers[i], k, 0, &budget);
		}
		a->ctx[f].must_hold = fn->must_hold && reclaim_takes_in(a, fn->must_hold, p->files[fn->file].dir);
		if (p->files[fn->file].test) {
			/* a test module's function (graph.c mark_tests()): it runs from
			 * the test executor, a kthread that holds nothing, and whatever
			 * reaches it through indirect calls (KUnit's deferred =action
			 * cleanups) is no path of the kernel's work; fixed, as below */
			a->ctx[f].cls = PC_NONE;
		} else if (a->ctx[f].handle_param >= 0) {
			a->ctx[f].cls = PC_TRANS; /* fixed: callers do not change it */
		} else if (a->ctx[f].must_hold) {
			/* __must_hold(x): whoever the callers are, they hold x; what
			 * else they hold (a scope, a transaction) still comes from them */
			a->ctx[f].cls |= PC_LOCK;
		} else if (func_is_root(a, (int)f)) {
			a->ctx[f].cls |= PC_UNKNOWN;
		} else if (fn->addr_taken && fn->cb_only) {
			/* passed only as a mount callback (fill_super): runs with s_umount held for
			 * write, so reclaim cannot enter its superblock (model callback rows) */
			a->ctx[f].cls |= PC_BLOCKED;
		} else if (fn->addr_taken && fn->entry_only) {
			/* only in ops fields that model/entries.txt says the VFS calls with no
			 * filesystem lock context held; `scope=nofs`: and always inside a NOFS
			 * scope (->readahead from read_pages()); `blocks=reclaim`: with
			 * s_umount held for write, so reclaim cannot enter its superblock
			 * (->put_super at umount) */
			const struct mrow *er = model_entry(a->model, istr(fn->entry_field));
			a->ctx[f].cls |= er && er->scope == SK_NOFS ? PC_SCOPE
					 : er && er->blocks_reclaim ? PC_BLOCKED : PC_NONE;
		} else if (fn->ncallers + fn->nicallers == 0) {
			/* No visible caller. A static function the compiler does not warn about
			 * is referenced somewhere we cannot see (a token-pasting macro); an extern
			 * one may be called from lines a front end left out of a file of its
			 * directory, if they name it (hidden.c). */
			if (fn->is_static || hidden_may_call(hid, a, (int)f)) {
				fn->has_callers_unknown = 1;
				a->ctx[f].cls |= PC_UNKNOWN;
			} else {
				a->ctx[f].cls |= PC_NONE;
			}
		}
	}
	hidden_free(hid);
}

/* The roots' own classes as generic paths, and a generic root stored into a
 * filesystem's ops as that filesystem's path. */
static void root_paths(struct analysis *a)
{
	struct program *p = a->prog;
	size_t nf = p->nfuncs;
	for (size_t f = 0; f < nf; f++) { /* a generic root's own classes: generic paths */
		const struct ctxent root = {-1, -1, 0};
		for (int k = 0; k < PC_NKINDS; k++)
			if ((a->ctx[f].cls & (1u << k)) && a->ctx[f].handle_param < 0 && !fs_of_func(a, (int)f))
				fse_add(a, (int)f, k, 0, &root);
		if ((a->ctx[f].cls & PC_UNKNOWN) && spontaneous_root(&p->funcs[f]))
			a->ctx[f].unk_spont = 1;
	}
	/* A generic root stored into a filesystem's ops (netfs_read_folio() in
	 * ceph's address_space_operations) is called by its unknown callers on that
	 * filesystem's objects: its callers-unknown path is that filesystem's too. */
	for (size_t r = 0; r < p->nrefs; r++) {
		const struct ref *rf = &p->refs[r];
		const char *how = istr(rf->how);
		if (strncmp(how, "init:", 5) != 0 && (strncmp(how, "assign:", 7) != 0 || how[7] == '='))
			continue;
		uint32_t rfs = fs_of(a, p->files[rf->file].dir);
		int f = rfs ? graph_resolve_in(a, rf->file, rf->fn, rf->name) : -1;
		if (f < 0 || !(a->ctx[f].cls & PC_UNKNOWN) || a->ctx[f].handle_param >= 0 || fs_of_func(a, f))
			continue;
		const struct ctxent root = {-1, -1, 0};
		fse_add(a, f, pc_index(PC_UNKNOWN), rfs, &root);
	}
}

/* Function g passes the classes at each of its calls on to the targets. */
static void pass_calls(struct analysis *a, struct cworklist *W, int g)
{
	struct program *p = a->prog;
	const struct func *fn = &p->funcs[g];
	uint32_t gfs = fs_of_func(a, g);
	/* What g passed on before is still with its callees: with its entry
	 * classes unchanged only the classes whose filesystem set grew go on
	 * again (pass_class() depends on nothing else of g). */
	unsigned topass = a->ctx[g].passed_cls != a->ctx[g].cls ? ~0u : a->ctx[g].fse_grew;
	a->ctx[g].passed_cls = a->ctx[g].cls;
	a->ctx[g].fse_grew = 0;
	if (!topass || p->files[fn->file].test)
		return; /* a test module's calls are no paths of the kernel's work */
	for (int i = 0; i < fn->ncalls; i++) {
		int c = fn->calls[i];
		int ni;
		const int *it = icall_targets(a, c, &ni);
		struct classev cv;
		int have_cv = 0; /* the classes at c, worked out once for all its targets */
		int pk = a->ctx[g].bound_params ? icall_param(a, c) : -1;
		if (pk >= 0 && pk < 32 && (a->ctx[g].bound_params & (1u << pk)))
			ni = 0; /* its callers pass their context on (pass_bound()) */
		for (int j = -1; j < ni; j++) { /* the direct target, then resolved indirect ones */
			int t = j < 0 ? p->calls[c].target : it[j];
			if (t < 0 || a->ctx[t].handle_param >= 0 || (j >= 0 && p->funcs[t].cb_only) ||
			    p->files[p->funcs[t].file].test)
				continue; /* a model callback row says how it is called; a
					     test module's function is a root */
			/* Functions that never return (model/noreturn.txt: do_exit(), panic(),
			 * kthread_complete_and_exit()): what their callers hold does not go on
			 * into them. A task that exits holds nothing (do_exit() checks it with
			 * debug_check_no_locks_held()), and what a crash path allocates is no
			 * allocation of the caller's work. Without this, everything KUnit's
			 * assertion path reaches (kunit_abort() -> kthread_complete_and_exit()
			 * -> do_exit() -> io_uring, acct, the VFS) took the context of every test
			 * callback that an indirect call could resolve to (a->noreturn, from
			 * graph.c). */
			if (a->noreturn && a->noreturn[t])
				continue; /* no path of the caller's work goes on into it */
			int carry = j >= 0 ? icall_carries_context(a, g, t) : 0;
			if (j >= 0 && !carry)
				continue;
			if (!have_cv) {
				classes_at(a, c, &cv);
				have_cv = 1;
			}
			uint32_t tfs = fs_of_func(a, t);
			int changed = 0;
			for (int k = 0; k < PC_NKINDS; k++)
				if (cv.cls & topass & (1u << k))
					changed |= pass_class(a, g, c, t, k, &cv, gfs, tfs, carry);
			if (changed)
				wl_push(W, t);
			if (j < 0 && a->ctx[t].bound_params)
				pass_bound(a, c, t, &cv, W);
		}
	}
}

void context_run(struct analysis *a)
{
	struct program *p = a->prog;
	size_t nf = p->nfuncs;
	a->ctx = xcalloc(nf ? nf : 1, sizeof(*a->ctx));
	a->fse_words = (int)((a->nfstops + 1 + 63) / 64);
	entry_classes(a);
	compute_bound(a);
	root_paths(a);
	/* Callers before callees, in sweeps (struct cworklist): a function gets
	 * what most of its callers pass before it passes its own set on. On the
	 * whole 6.1 tree that is 1.1 million visits of 646,401 functions, where
	 * the queue in file order made 5.3 million (context phase 23 -> 10 s).
	 * The classes and filesystem sets come out the same; which caller's path
	 * arrives first, and is kept as the evidence, can differ. */
	struct cworklist W;
	wl_init(&W, a);
	int g;
	while ((g = wl_pop(&W)) >= 0)
		pass_calls(a, &W, g);
	wl_free(&W);
}

static const char *fname(const struct analysis *a, int f)
{
	return f >= 0 ? istr(a->prog->funcs[f].name) : "(file scope)";
}

/* "f(), g() and 3 more": the targets of indirect call c. */
static char *targets_text(const struct analysis *a, int c)
{
	int n;
	const int *tg = icall_targets(a, c, &n);
	char *out = xstrdup("");
	for (int i = 0; i < n && i < 3; i++) {
		char *t = xasprintf("%s%s%s()", out, i ? (i + 1 == n ? " and " : ", ") : "", fname(a, tg[i]));
		free(out);
		out = t;
	}
	if (n > 3) {
		char *t = xasprintf("%s and %d more", out, n - 3);
		free(out);
		out = t;
	}
	return out;
}

/* The origin of an indirect call: each of its targets leaves what class bit
 * says open (flow.c icall_summary()). */
static char *icall_origin_text(const struct analysis *a, int call, unsigned bit)
{
	const struct call *cl = &a->prog->calls[call];
	char *t = targets_text(a, call);
	const char *what = bit == PC_SCOPE ? "returns with a NOFS scope open" :
			   bit == PC_TRANS ? "returns inside a transaction that opens a NOFS scope" :
			   bit == PC_LOCK  ? "returns holding the same filesystem lock context" :
					     "returns with the same state";
	uint32_t cls = bit == PC_LOCK ? held_class(a, call) : 0;
	char *lt = cls ? lock_class_text(cls) : NULL;
	char *r = lt ? xasprintf("the call through %s: every function stored there (%s) returns holding %s",
				 istr(cl->callee), t, lt) :
		       xasprintf("the call through %s: every function stored there (%s) %s", istr(cl->callee), t, what);
	free(lt);
	free(t);
	return r;
}

char *origin_text(const struct analysis *a, int call, unsigned bit)
{
	const struct call *cl = &a->prog->calls[call];
	const char *n = istr(cl->callee);
	const struct mrow *r;
	if (cl->is_icall)
		return icall_origin_text(a, call, bit);
	switch (bit) {
	case PC_SCOPE:
		if (model_find1(a->model, ROW_SCOPE, cl->callee))
			return xasprintf("%s() opens a NOFS scope here", n);
		return xasprintf("%s() returns with a NOFS scope open", n);
	case PC_TRANS:
		r = model_find1(a->model, ROW_SETTER, cl->callee);
		if (r)
			return xasprintf("%s() opens a NOFS scope here (%s)", n, r->reason ? r->reason : "modelled setter");
		return xasprintf("%s() returns inside a transaction that opens a NOFS scope", n);
	case PC_LOCK: {
		const struct mrow *lr = flow_lock_row(a, call, 0);
		uint32_t cls = held_class(a, call);
		if (lr && lr->fs)
			return xasprintf("%s(%s) takes a %s lock context here (%s)", n, cl->nargs ? istr(cl->args[0]) : "",
					 istr(lr->fs), lr->reason ? lr->reason : "modelled");
		if (lr && cls)
			return xasprintf("%s(%s) takes %s here", n, cl->nargs ? istr(cl->args[0]) : "", lock_class_name(cls));
		if (cls)
			return xasprintf("%s() returns holding %s", n, lock_class_name(cls));
		return xasprintf("%s() returns with a filesystem lock context held", n);
	}
	case PC_BLOCKED: {
		const struct mrow *lr = flow_lock_row(a, call, 0);
		if (lr && lr->blocks_reclaim)
			return xasprintf("%s(%s) keeps reclaim out of this superblock from here (%s)", n,
					 cl->nargs ? istr(cl->args[0]) : "", lr->reason ? lr->reason : "modelled");
		return xasprintf("%s(%s) takes a lock here while reclaim cannot enter its superblock (s_umount held for write)",
				 n, cl->nargs ? istr(cl->args[0]) : "");
	}
	default:
		return xasprintf("%s()", n);
	}
}

/* The hop kind of an origin of class bit. */
static int origin_kind(unsigned bit)
{
	return bit == PC_SCOPE ? HOP_SCOPE : bit == PC_TRANS ? HOP_TRANS : bit == PC_LOCK ? HOP_LOCK : HOP_BLOCKER;
}

/* The model row (scope, setter or lock) an origin call names, or -1. */
static int origin_row(const struct analysis *a, int call, unsigned bit)
{
	const struct call *cl = &a->prog->calls[call];
	const struct mrow *r = NULL;
	const struct mrow *rows[4];
	if (cl->is_icall)
		return -1;
	if (bit == PC_SCOPE)
		r = model_find1(a->model, ROW_SCOPE, cl->callee);
	else if (bit == PC_TRANS)
		r = model_find1(a->model, ROW_SETTER, cl->callee);
	else if (bit == PC_LOCK && model_find(a->model, ROW_LOCK, cl->callee, rows, 4))
		r = rows[0];
	return r ? (int)(r - a->model->rows) : -1;
}

static void origin_hop(const struct analysis *a, struct chain *out, int call, unsigned bit)
{
	const struct program *p = a->prog;
	const struct call *o = &p->calls[call];
	char *t = origin_text(a, call, bit);
	chain_add(out, origin_kind(bit), p->files[o->file].path, o->pos.line, call, o->fn, origin_row(a, call, bit), "%s",
		  t);
	free(t);
}

void chain_of_calls(const struct analysis *a, struct chain *out, int site, const int *hops, int n, int origin,
		    unsigned bit)
{
	const struct program *p = a->prog;
	for (int i = 0; i < n; i++) {
		const struct call *v = &p->calls[hops[i]];
		/* the function this hop calls: the one holding the hop before */
		int callee = p->calls[i ? hops[i - 1] : site].fn;
		if (v->is_icall)
			chain_add(out, HOP_ICALL, p->files[v->file].path, v->pos.line, hops[i], callee, -1,
				  "%s() called from %s() through %s", fname(a, callee), fname(a, v->fn), istr(v->callee));
		else
			chain_add(out, HOP_CALLER, p->files[v->file].path, v->pos.line, hops[i], callee, -1,
				  "%s() called from %s()", fname(a, callee), fname(a, v->fn));
	}
	if (origin >= 0)
		origin_hop(a, out, origin, bit);
}

void must_hold_hop(const struct analysis *a, struct chain *out, int f)
{
	const struct func *fn = &a->prog->funcs[f];
	char *t = lock_class_text(fn->must_hold);
	chain_add(out, HOP_LOCK, a->prog->files[fn->file].path, fn->start.line, -1, f, -1,
		  "%s() is annotated __must_hold(): every caller holds %s", fname(a, f), t);
	free(t);
}

/* The evidence of class k at g's entry on the path of filesystem *cur (the
 * nearest filesystem function walked so far; updated when g is one): generic
 * code follows the path that filesystem brought (fctx.fsb, fsr). */
static const struct ctxent *entry_ev(const struct analysis *a, int g, int k, uint32_t *cur)
{
	uint32_t gfs = fs_of_func(a, g);
	if (gfs) {
		*cur = gfs;
	} else if (nfse(&a->ctx[g], k)) {
		const struct ctxent *x = *cur ? fse_find(a, g, k, *cur) : NULL;
		if (!x)
			x = fse_find(a, g, k, 0);
		if (x)
			return x;
	}
	return &a->ctx[g].ev[k];
}

/* The locks held at call c that a path's class does not show, one hop each,
 * so that the reader sees them weighed, not missed. On a path that holds
 * nothing reclaim takes: the locks whose class no reclaim path of the lock's
 * directory takes (exfat_trim_fs() holds bitmap_lock, which exfat's
 * ->evict_inode takes only for an unlinked inode, one reclaim never evicts).
 * With `blocked`, on a path where reclaim cannot enter the superblock
 * (s_umount held for write): the locks reclaim does take, which that makes
 * harmless. At most *left hops. */
static void held_hops(const struct analysis *a, struct chain *out, int c, int *left, int blocked)
{
	const struct program *p = a->prog;
	const struct stateset *st = &a->states[c];
	int seen[4], nseen = 0;
	for (int i = 0; i < st->n && *left > 0; i++)
		for (int j = 0; j < st->s[i].n && *left > 0 && nseen < 4; j++) {
			const struct held *h = &st->s[i].h[j];
			if (h->kind != HK_LOCK || h->call < 0 || held_counts(a, h) != blocked ||
			    (h->row >= 0 && a->model->rows[h->row].blocks_reclaim) ||
			    (blocked && lock_class_level(a, h->cls) == LC_GLOBAL))
				continue;
			int dup = 0;
			for (int s = 0; s < nseen; s++)
				dup |= seen[s] == h->call;
			if (dup)
				continue;
			seen[nseen++] = h->call;
			const struct call *o = &p->calls[h->call];
			char *t = h->cls ? lock_class_text(h->cls) : xstrdup(blocked ? "a lock context" : "a lock gfpcheck cannot name");
			int gate, at, grow;
			if (blocked) {
				chain_add(out, HOP_HELD, p->files[o->file].path, o->pos.line, h->call, o->fn, h->row,
					  "%s(%s) takes %s, held at %s:%d: reclaim takes it (--explain-locks), but cannot "
					  "enter this superblock on this path (s_umount held for write)",
					  istr(o->callee), o->nargs ? istr(o->args[0]) : "", t, p->files[p->calls[c].file].path,
					  p->calls[c].pos.line);
			} else if (reclaim_gated(a, h->cls, p->files[o->file].dir, &gate, &at, &grow)) {
				/* the filesystem's reclaim entry takes it, but only behind a live= gate */
				const struct call *gc = &p->calls[gate], *tc = &p->calls[at];
				const struct mrow *r = &a->model->rows[grow];
				chain_add(out, HOP_HELD, p->files[o->file].path, o->pos.line, h->call, o->fn, h->row,
					  "%s(%s) takes %s, held at %s:%d: reclaim does not take it: %s() (%s) calls %s() "
					  "(%s:%d) only for an object whose %s is 0, and reclaim frees only objects whose %s "
					  "is not (an unlinked inode is evicted at its last iput(), not by reclaim); %s() in "
					  "%s() takes it at %s:%d",
					  istr(o->callee), o->nargs ? istr(o->args[0]) : "", t, p->files[p->calls[c].file].path,
					  p->calls[c].pos.line, fname(a, gc->fn), istr(r->name), istr(gc->callee),
					  p->files[gc->file].path, gc->pos.line, istr(r->live), istr(r->live), istr(tc->callee),
					  fname(a, tc->fn), p->files[tc->file].path, tc->pos.line);
			} else {
				chain_add(out, HOP_HELD, p->files[o->file].path, o->pos.line, h->call, o->fn, h->row,
					  "%s(%s) takes %s, held at %s:%d: no reclaim path gfpcheck finds takes it "
					  "(--explain-locks lists those that do)",
					  istr(o->callee), o->nargs ? istr(o->args[0]) : "", t, p->files[p->calls[c].file].path,
					  p->calls[c].pos.line);
			}
			free(t);
			(*left)--;
		}
}

#define CHAIN_HOPS 40 /* callers shown on one path at the most */
#define OTHERS_SHOWN 4 /* other callers named in one "also called from" hop */
#define OTHERS_LEVELS 3 /* the functions nearest the site whose other callers are named */

/* What a caller's path classes say, in words: a sentence for one class, a
 * list for several ("paths: NOFS scope, transaction, nothing held"). */
static void classes_words(unsigned cls, int handle, int dummy, char *buf, size_t len)
{
	static const char *const one[PC_NKINDS] = {"inside a NOFS scope", "inside a transaction",
						   "a lock reclaim takes held", "callers unknown",
						   "nothing held that reclaim takes", "s_umount held for write"};
	static const char *const many[PC_NKINDS] = {"NOFS scope", "transaction", "reclaim lock held",
						    "callers unknown", "nothing held", "s_umount held"};
	size_t n = 0;
	int single = cls && !(cls & (cls - 1)), kinds = 0;
	buf[0] = 0;
	for (int i = 0; i < PC_NKINDS; i++)
		kinds += (cls >> i) & 1;
	if (kinds > 3) { /* a helper reached from everywhere: a list would say nothing */
		snprintf(buf, len, "paths of %d kinds", kinds);
		return;
	}
	for (int i = 0; i < PC_NKINDS && n < len; i++) {
		if (!(cls & (1u << i)))
			continue;
		/* a transaction known from a handle parameter (model handle row): the
		 * caller's own callers may pass NULL or a dummy handle */
		const char *w = handle && (1u << i) == PC_TRANS
					? (single ? "inside a transaction known from a handle parameter"
						  : "transaction of a handle parameter")
					: single ? one[i] : many[i];
		n += (size_t)snprintf(buf + n, len - n, "%s%s%s", single ? "" : n ? ", " : "paths: ", w,
				      dummy && (1u << i) == PC_TRANS ? (single ? " on journalled mounts" : " (journalled mounts)")
								     : "");
	}
}

/* The other callers of g than the call `via` the chain follows, when the
 * finding's claim is about every path (scope, transaction, nothing held, or
 * reclaim kept out): one hop naming up to OTHERS_SHOWN of them, each with what
 * its call holds, so that a reader sees the paths the chain does not show. A
 * function's calls of itself are left out; indirect calls (whose context is
 * passed per filesystem) are counted, not described; generic code on a
 * filesystem's path gets no such hop. */
static void others_hop(const struct analysis *a, struct chain *out, int g, int via, int inner, uint32_t cur)
{
	const struct program *p = a->prog;
	const struct func *gf = &p->funcs[g];
	/* generic code on a filesystem's path: what its callers hold reaches the
	 * filesystem's method per filesystem (struct fctx fsb), not as the union
	 * classes_at() gives; its callers are the VFS's, not the finding's */
	if (cur && !fs_of_func(a, g))
		return;
	int shown[OTHERS_SHOWN], nshown = 0, more = 0, nicall = 0;
	for (int i = 0; i < gf->ncallers; i++) {
		int c = gf->callers[i];
		const struct call *v = &p->calls[c];
		if (c == via || v->fn < 0 || v->fn == g)
			continue; /* (via -1: no caller is the chain's) */
		/* a path of filesystem cur: its functions are called by its own code
		 * and generic code; another filesystem's calls (of a shared helper
		 * under fs/, say) bring nothing to cur's paths */
		uint32_t vfs = cur ? fs_of_func(a, v->fn) : 0;
		if (vfs && vfs != cur)
			continue;
		/* a caller whose constant arguments keep g from the call toward the
		 * site (`inner`) is no path to it (feasible.c; the only write is
		 * the CFG feasible.c builds on first use) */
		if (!hop_feasible((struct analysis *)a, c, inner))
			continue;
		int dup = 0; /* one call per caller function among those named */
		for (int j = 0; j < nshown && !dup; j++)
			dup = p->calls[shown[j]].fn == v->fn;
		if (dup)
			continue;
		if (nshown < OTHERS_SHOWN)
			shown[nshown++] = c;
		else
			more++;
	}
	for (int i = 0; i < gf->nicallers; i++)
		nicall += gf->icallers[i] != via && icall_hop_feasible((struct analysis *)a, gf->icallers[i], inner);
	if (!nshown && !nicall)
		return;
	/* what each named call holds, said once when they all hold the same */
	char w[OTHERS_SHOWN][160];
	int same = 1, uncalled = 1; /* uncalled: no named caller has callers itself */
	for (int i = 0; i < nshown; i++) {
		struct classev cv;
		classes_at(a, shown[i], &cv);
		int fn = p->calls[shown[i]].fn, k = pc_index(PC_TRANS);
		/* trans_from_handle() builds its set on first use (the only write) */
		int handle = (cv.cls & PC_TRANS) && cv.inherited[k] && trans_from_handle((struct analysis *)a, fn);
		classes_words(cv.cls, handle, (cv.cls & PC_TRANS) && dummy_in_file(a, p->files[p->calls[shown[i]].file].path), w[i],
			      sizeof(w[i]));
		/* a root with nothing held because nothing calls it (model roots and
		 * functions whose address is taken have callers gfpcheck cannot see) */
		const struct func *vf = &p->funcs[fn];
		int none = cv.cls == PC_NONE && !vf->ncallers && !vf->nicallers && !vf->addr_taken && !vf->model_root;
		if (none)
			snprintf(w[i], sizeof(w[i]), "no callers in the scanned files");
		uncalled &= none;
		same &= strcmp(w[i], w[0]) == 0;
	}
	struct strbuf b = {0};
	sb_addf(&b, "%s() is also called%s", fname(a, g), nshown || more ? " from" : "");
	for (int i = 0; i < nshown; i++) {
		const struct call *v = &p->calls[shown[i]];
		int last = i + 1 == nshown && !more && !nicall;
		/* the chain's own caller calling g again elsewhere */
		sb_addf(&b, "%s %s()%s at %s:%d", i ? (last ? " and" : ",") : "", fname(a, v->fn),
			via >= 0 && v->fn == p->calls[via].fn ? " again" : "", p->files[v->file].path, v->pos.line);
		/* its other calls of g, by line (one of the first's words: what the
		 * function holds at them is said once, for the first) */
		int more_lines = 0;
		for (int j = 0; j < gf->ncallers; j++) {
			const struct call *u = &p->calls[gf->callers[j]];
			if (gf->callers[j] == shown[i] || gf->callers[j] == via || u->fn != v->fn ||
			    !hop_feasible((struct analysis *)a, gf->callers[j], inner))
				continue;
			int line = u->pos.line;
			if (more_lines++ == 0)
				sb_addf(&b, " and :%d", line);
		}
		if (more_lines > 1)
			sb_addf(&b, " and %d more", more_lines - 1);
		if (!same && *w[i])
			sb_addf(&b, " (%s)", w[i]);
	}
	if (more)
		sb_addf(&b, "%s %d more call%s", nicall ? "," : " and", more, more == 1 ? "" : "s");
	if (nicall)
		sb_addf(&b, "%s through %d %sindirect call%s", nshown || more ? ", and" : "", nicall,
			via >= 0 && p->calls[via].is_icall ? "other " : "", nicall == 1 ? "" : "s");
	if (nshown && uncalled)
		sb_addf(&b, "%s", nshown > 1 ? ", none of which has callers in the scanned files"
					   : ", which has no callers in the scanned files");
	else if (same && nshown && *w[0])
		sb_addf(&b, "%s %s", nshown > 1 ? ", each" : ",", w[0]);
	chain_add(out, HOP_OTHERS, p->files[gf->file].path, gf->start.line, nshown ? shown[0] : -1, g, -1, "%s", b.s);
	sb_free(&b);
}

/* Does call c hold a transaction started on handle variable `arg` (a setter
 * whose result or address argument is it: `handle = ext4_journal_start(...)`,
 * `xfs_trans_alloc(..., &tp)`)? The setter's call, or -1. */
static int started_on(const struct analysis *a, int c, uint32_t arg)
{
	const struct program *p = a->prog;
	const struct stateset *st = &a->states[c];
	const char *at = istr(arg);
	for (int i = 0; i < st->n; i++)
		for (int j = 0; j < st->s[i].n; j++) {
			const struct held *h = &st->s[i].h[j];
			if (h->kind != HK_SETTER || h->call < 0)
				continue;
			if (h->key == arg)
				return h->call;
			const struct call *o = &p->calls[h->call];
			for (int k = 0; k < o->nargs; k++) {
				const char *t = istr(o->args[k]);
				if (t[0] == '&' && strcmp(t + 1, at) == 0)
					return h->call;
			}
		}
	return -1;
}

/* Where the handle function g receives was started, for one caller: the
 * caller that passes a handle a setter started there (or, up to `depth` more
 * levels, a handle parameter of its own, passed on). Appends the caller hops
 * and the setter's origin hop to out, and returns the call of g it shows; -1
 * when no such caller is found. */
static int handle_start(const struct analysis *a, struct chain *out, int g, int depth)
{
	const struct program *p = a->prog;
	const struct func *gf = &p->funcs[g];
	int k = a->ctx[g].handle_param - gf->param0;
	if (k < 0 || k >= gf->nparams)
		return -1;
	for (int pass = 0; pass < 2; pass++) /* a start in a caller first, then a handle passed on */
		for (int i = 0; i < gf->ncallers; i++) {
			int c = gf->callers[i];
			const struct call *v = &p->calls[c];
			if (v->fn < 0 || v->fn == g || k >= v->nargs)
				continue;
			uint32_t arg = v->args[k];
			struct chain t = {0};
			chain_add(&t, HOP_CALLER, p->files[v->file].path, v->pos.line, c, g, -1, "%s() called from %s()",
				  fname(a, g), fname(a, v->fn));
			int o = pass == 0 ? started_on(a, c, arg) : -1;
			if (o >= 0) {
				origin_hop(a, &t, o, PC_TRANS);
				chain_move(out, &t);
				return c;
			}
			int hp = a->ctx[v->fn].handle_param;
			if (pass == 1 && depth > 0 && hp >= 0 && p->params[hp].name == arg &&
			    handle_start(a, &t, v->fn, depth - 1) >= 0) {
				chain_move(out, &t);
				return c;
			}
			chain_free(&t);
		}
	return -1;
}

/* A direct caller of g, other than the functions walked, whose call brings
 * class `bit` and whose constant arguments let g reach call `inner`: its
 * evidence entry in *alt. On a path of filesystem cur, only cur's and generic
 * callers. 0 when there is none. */
static int feasible_caller(const struct analysis *a, int g, int inner, unsigned bit, uint32_t cur, const int *walked,
			   int nw, struct ctxent *alt)
{
	const struct program *p = a->prog;
	const struct func *gf = &p->funcs[g];
	int k = pc_index(bit);
	for (int i = 0; i < gf->ncallers; i++) {
		int c = gf->callers[i];
		const struct call *v = &p->calls[c];
		int passed = v->fn < 0 || v->fn == g;
		for (int w = 0; w < nw && !passed; w++)
			passed = walked[w] == v->fn;
		uint32_t vfs = cur && !passed ? fs_of_func(a, v->fn) : 0;
		if (passed || (vfs && vfs != cur) || !hop_feasible((struct analysis *)a, c, inner))
			continue;
		struct classev cv;
		classes_at(a, c, &cv);
		if (!(cv.cls & bit))
			continue;
		alt->via = c;
		alt->origin = cv.origin[k];
		alt->local = !cv.inherited[k];
		return 1;
	}
	return 0;
}

void chain_evidence(const struct analysis *a, struct chain *out, int c, unsigned bit, const struct classev *cv)
{
	const struct program *p = a->prog;
	int k = pc_index(bit);
	int held_left = bit == PC_NONE || bit == PC_BLOCKED ? 3 : 0;
	if (held_left && bit == PC_BLOCKED)
		held_hops(a, out, c, &held_left, 1);
	if (held_left)
		held_hops(a, out, c, &held_left, 0);
	if (!cv->inherited[k]) {
		if (cv->origin[k] >= 0)
			origin_hop(a, out, cv->origin[k], bit);
		return;
	}
	int g = p->calls[c].fn;
	uint32_t cur = g >= 0 ? fs_of_func(a, g) : 0; /* the filesystem whose path this is */
	int walked[CHAIN_HOPS], nw = 0; /* the functions the chain passed */
	int shortest = 0;
	int inner = c; /* the call of g on the way to the site */
	for (int hop = 0; hop < CHAIN_HOPS && g >= 0; hop++) {
		walked[nw++] = g;
		const struct ctxent *e = shortest ? &a->ctx[g].ev[k] : entry_ev(a, g, k, &cur);
		/* The path a filesystem brought to generic code is the first one
		 * that came, and such first paths can lead round in a circle
		 * (reiserfs's xattr deletion -> iput() -> evict() -> its
		 * ->evict_inode -> its xattr deletion ...): once the next caller
		 * was passed already, the shortest paths from there on, which
		 * never loop (pass_class()). */
		for (int i = 0; !shortest && e->via >= 0 && i < nw; i++)
			if (walked[i] == p->calls[e->via].fn) {
				e = &a->ctx[g].ev[k];
				shortest = 1;
			}
		/* a caller whose constant arguments keep g from the call toward the
		 * site is no path to it: another caller that brings the class and
		 * can reach it, if there is one (feasible.c) */
		struct ctxent alt;
		if (e->via >= 0 && !p->calls[e->via].is_icall && !hop_feasible((struct analysis *)a, e->via, inner) &&
		    feasible_caller(a, g, inner, bit, cur, walked, nw, &alt))
			e = &alt;
		const struct func *gf = &p->funcs[g];
		const char *gpath = p->files[gf->file].path;
		if (e->via < 0) {
			if (bit == PC_UNKNOWN) {
				const char *why = gf->addr_taken ? "its address is taken" :
						  gf->exported && !gf->called_elsewhere ? "it is exported, and no scanned file of another directory calls it" :
						  gf->in_include && !gf->called_elsewhere ? "it is declared under include/, and no scanned file of another directory calls it" :
						  gf->model_root ? "the model lists it as a root" :
						  gf->is_static ? "no visible caller: referenced through a macro" :
								  "no visible caller, and a file of its directory was not read completely";
				chain_add(out, HOP_ROOT, gpath, gf->start.line, -1, g, -1,
					  "%s() has callers gfpcheck cannot see: %s", fname(a, g), why);
			} else if (bit == PC_TRANS && a->ctx[g].handle_param >= 0) {
				const struct param *pa = &p->params[a->ctx[g].handle_param];
				const struct mrow *r = handle_row(a, pa->type);
				chain_add(out, HOP_HANDLE, gpath, gf->start.line, -1, g, r ? (int)(r - a->model->rows) : -1,
					  "%s() receives the transaction handle %s (%s): it runs inside a started transaction (%s)",
					  fname(a, g), istr(pa->name), istr(pa->type), r && r->reason ? r->reason : "model handle row");
				int nc = a->ctx[g].handle_null;
				if (nc >= 0) {
					const struct call *ncl = &p->calls[nc];
					chain_add(out, HOP_OTHERS, p->files[ncl->file].path, ncl->pos.line, nc, ncl->fn, -1,
						  "%s() may be given NULL for %s: %s() passes NULL here, handed on through "
						  "parameters; on that path no transaction is open",
						  fname(a, g), istr(pa->name), fname(a, ncl->fn));
				}
				/* for example, where a caller started it, after the other callers */
				struct chain hs = {0};
				int hc = handle_start(a, &hs, g, 3);
				if (hop < OTHERS_LEVELS)
					others_hop(a, out, g, hc, inner, cur);
				chain_move(out, &hs);
			} else if (bit == PC_BLOCKED && gf->addr_taken && gf->cb_only && gf->cb_call >= 0) {
				const struct call *cc = &p->calls[gf->cb_call];
				const struct mrow *r = model_find1(a->model, ROW_CALLBACK, cc->callee);
				chain_add(out, HOP_ENTRY, p->files[cc->file].path, cc->pos.line, gf->cb_call, g,
					  r ? (int)(r - a->model->rows) : -1, "%s() is passed to %s() as its callback: %s", fname(a, g),
					  istr(cc->callee), r && r->reason ? r->reason : "model callback row");
			} else if ((bit == PC_NONE || bit == PC_SCOPE || bit == PC_BLOCKED) && gf->addr_taken && gf->entry_only) {
				const struct mrow *r = model_entry(a->model, istr(gf->entry_field));
				chain_add(out, HOP_ENTRY, gpath, gf->start.line, -1, g, r ? (int)(r - a->model->rows) : -1,
					  "%s() is called through %s (%s)", fname(a, g), istr(gf->entry_field),
					  r && r->reason ? r->reason : "model entry");
			} else if (bit == PC_NONE) {
				chain_add(out, HOP_NOCALLER, gpath, gf->start.line, -1, g, -1,
					  "%s() has no callers in the scanned files", fname(a, g));
			} else if (bit == PC_LOCK && a->ctx[g].must_hold) {
				must_hold_hop(a, out, g);
			}
			return;
		}
		const struct call *v = &p->calls[e->via];
		if (v->is_icall)
			chain_add(out, HOP_ICALL, p->files[v->file].path, v->pos.line, e->via, g, -1,
				  "%s() called from %s() through %s", fname(a, g), fname(a, v->fn), istr(v->callee));
		else
			chain_add(out, HOP_CALLER, p->files[v->file].path, v->pos.line, e->via, g, -1, "%s() called from %s()",
				  fname(a, g), fname(a, v->fn));
		if ((bit & (PC_SCOPE | PC_TRANS | PC_NONE | PC_BLOCKED)) && hop < OTHERS_LEVELS)
			others_hop(a, out, g, e->via, inner, cur);
		if (held_left && bit == PC_BLOCKED)
			held_hops(a, out, e->via, &held_left, 1);
		if (held_left)
			held_hops(a, out, e->via, &held_left, 0);
		if (e->local) {
			if (e->origin >= 0)
				origin_hop(a, out, e->origin, bit);
			return;
		}
		inner = e->via;
		g = v->fn;
	}
}

/* The functions some path of a transaction reaches from a function that
 * receives a handle parameter: forward from those, along every call that
 * passes PC_TRANS on as context_run() does (inherited at the call, into a
 * callee whose entry has it); 2 for those reached from a handle that may be
 * NULL (trans_from_handle()). */
static void trans_handle_build(struct analysis *a)
{
	const struct program *p = a->prog;
	size_t nf = p->nfuncs ? p->nfuncs : 1;
	unsigned char *in = xcalloc(nf, 1);
	int *queue = xmalloc(sizeof(int) * nf);
	uint32_t *qfs = xmalloc(sizeof(uint32_t) * nf); /* the filesystem of the handle a queued function got */
	size_t qn = 0;
	int k = pc_index(PC_TRANS);
	/* the handles some call may pass NULL for first (2), so that a function
	 * any of them reaches is marked so; then the others (1). A handle of one
	 * filesystem goes on through generic code only into that filesystem's
	 * functions (generic dispatch of its own objects), as pass_class() does
	 * for the evidence. */
	for (int pass = 2; pass >= 1; pass--) {
		size_t q0 = qn;
		for (size_t f = 0; f < p->nfuncs; f++)
			if (a->ctx[f].handle_param >= 0 && !in[f] && (a->ctx[f].handle_null >= 0) == (pass == 2)) {
				in[f] = (unsigned char)pass;
				qfs[qn] = fs_of_func(a, (int)f);
				queue[qn++] = (int)f;
			}
		for (size_t qh = q0; qh < qn; qh++) {
			int g = queue[qh];
			const struct func *fn = &p->funcs[g];
			for (int i = 0; i < fn->ncalls; i++) {
				int c = fn->calls[i], ni;
				const int *it = icall_targets(a, c, &ni);
				struct classev cv;
				int have_cv = 0;
				for (int j = -1; j < ni; j++) {
					int t = j < 0 ? p->calls[c].target : it[j];
					if (t < 0 || in[t] || !(a->ctx[t].cls & PC_TRANS) || (j >= 0 && p->funcs[t].cb_only) ||
					    (j >= 0 && !icall_carries_context(a, g, t)))
						continue;
					uint32_t tfs = fs_of_func(a, t);
					if (tfs && qfs[qh] && tfs != qfs[qh])
						continue; /* another filesystem's function */
					if (!have_cv) {
						classes_at(a, c, &cv);
						have_cv = 1;
					}
					if (!(cv.cls & PC_TRANS) || !cv.inherited[k])
						break; /* a transaction of g's own at c, or none */
					in[t] = (unsigned char)pass;
					qfs[qn] = qfs[qh] ? qfs[qh] : tfs;
					queue[qn++] = t;
				}
			}
		}
	}
	free(queue);
	free(qfs);
	a->trans_handle = in;
}

int trans_from_handle(struct analysis *a, int f)
{
	if (f < 0)
		return 0;
	if (!a->trans_handle)
		trans_handle_build(a);
	return a->trans_handle[f];
}

/* One step of class_feasible()'s search: a call v into g (direct, or
 * indirect when icall) that g's call `inner` can follow. */
static int step_feasible(struct analysis *a, int v, int icall, int inner)
{
	return icall ? icall_hop_feasible(a, v, inner) : hop_feasible(a, v, inner);
}

#define FEASIBLE_STEPS 20000 /* calls the search looks at before it gives up (and says yes) */

int class_feasible(struct analysis *a, int c, unsigned bit)
{
	const struct program *p = a->prog;
	int k = pc_index(bit);
	struct classev cv;
	classes_at(a, c, &cv);
	if (!(cv.cls & bit))
		return 0;
	if (!cv.inherited[k])
		return 1;
	/* the path the evidence follows first (a filesystem's own path through
	 * generic code): feasible at every hop, the usual case */
	int g = p->calls[c].fn, inner = c, ok = 1;
	uint32_t pathfs = g >= 0 ? fs_of_func(a, g) : 0;
	for (int hop = 0; hop < CHAIN_HOPS && g >= 0 && ok; hop++) {
		const struct ctxent *e = entry_ev(a, g, k, &pathfs);
		if (e->via < 0)
			return 1;
		if (!p->calls[e->via].is_icall && !hop_feasible(a, e->via, inner))
			ok = 0;
		else if (e->local)
			return 1;
		inner = e->via;
		g = p->calls[e->via].fn;
	}
	if (ok)
		return 1; /* longer than the chain shows: not pruned */
	/* search every caller path back from c for one that brings the class and
	 * is feasible at every hop. A path of filesystem `cur` goes on through
	 * generic code only to cur's own callers (generic code passes a
	 * filesystem's context only into its methods), so a call is visited
	 * again when it is reached on another filesystem's path */
	unsigned char *seen = xcalloc(p->ncalls ? p->ncalls : 1, 1);
	uint32_t *seen_fs = xcalloc(p->ncalls ? p->ncalls : 1, sizeof(uint32_t));
	struct { int x; uint32_t fs; } *stack = xmalloc(sizeof(*stack) * (FEASIBLE_STEPS + 2));
	int n = 0, steps = 0, found = 0;
	int f0 = p->calls[c].fn;
	stack[n].x = c;
	stack[n++].fs = f0 >= 0 ? fs_of_func(a, f0) : 0;
	seen[c] = 1;
	seen_fs[c] = stack[0].fs;
	while (n && !found) {
		n--;
		int x = stack[n].x;
		uint32_t cur = stack[n].fs;
		int f = p->calls[x].fn;
		if (f < 0 || !(a->ctx[f].cls & bit))
			continue;
		if (a->ctx[f].ev[k].via < 0) { /* f's entry brings it itself (a root, an entry method) */
			found = 1;
			break;
		}
		const struct func *fn = &p->funcs[f];
		for (int pass = 0; pass < 2 && !found; pass++) {
			int m = pass ? fn->nicallers : fn->ncallers;
			for (int i = 0; i < m && !found; i++) {
				int v = pass ? fn->icallers[i] : fn->callers[i];
				if (++steps > FEASIBLE_STEPS) {
					found = 1; /* too far to tell: keep the class */
					break;
				}
				int u = p->calls[v].fn;
				if (u < 0)
					continue;
				uint32_t gfs = fs_of_func(a, u), ncur = gfs ? gfs : cur;
				if ((cur && gfs && gfs != cur) || (seen[v] && seen_fs[v] == ncur) ||
				    !step_feasible(a, v, pass, x))
					continue;
				struct classev vc;
				classes_at(a, v, &vc);
				if (!(vc.cls & bit))
					continue;
				if (!vc.inherited[k]) {
					found = 1;
					break;
				}
				seen[v] = 1;
				seen_fs[v] = ncur;
				stack[n].x = v;
				stack[n++].fs = ncur;
			}
		}
	}
	free(seen_fs);
	free(seen);
	free(stack);
	return found;
}
