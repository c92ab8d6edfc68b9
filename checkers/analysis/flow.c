/* flow.c - lock and scope state along control-flow paths inside each function:
 * the state sets, the transfer of one call (the model's scope APIs, setters,
 * lock contexts and their closers, and the summaries of the called functions),
 * the branch rules, and the per-function summaries (what a function leaves open
 * or closes for its callers) computed to a fixpoint over the call graph. The
 * interpretation itself runs in engine.c over each function's CFG (cfg.c). */
#include <stdlib.h>
#include <string.h>

#include "analysis/flow.h"
#include "analysis/cfg.h"
#include "analysis/flow_int.h"
#include "analysis/icall.h"
#include "analysis/scc.h"
#include "analysis/lockclass.h"
#include "base/util.h"

/* Rounds over the members of one cycle before its summaries are taken as
 * they are (whole kernels settle in 3). */
#define FLOW_ROUNDS 8

/* ---- state sets ---- */

static int held_eq(const struct held *x, const struct held *y)
{
	return x->kind == y->kind && x->row == y->row && x->key == y->key && x->scope == y->scope && x->cls == y->cls;
}

static int as_eq(const struct astate *x, const struct astate *y)
{
	if (x->n != y->n || x->na != y->na)
		return 0;
	for (int i = 0; i < x->n; i++)
		if (!held_eq(&x->h[i], &y->h[i]))
			return 0;
	for (int i = 0; i < x->na; i++)
		if (x->acond[i] != y->acond[i] || x->aval[i] != y->aval[i])
			return 0;
	return 1;
}

/* -1: no assumption about cond on this path; else the branch taken before. */
static int as_assumed(const struct astate *s, uint32_t cond)
{
	for (int i = 0; i < s->na; i++)
		if (s->acond[i] == cond)
			return s->aval[i];
	return -1;
}

static void as_assume(struct astate *s, uint32_t cond, int val)
{
	if (s->na < MAXASSUME) {
		s->acond[s->na] = cond;
		s->aval[s->na++] = (uint8_t)val;
	}
}

/* Keep the states consistent with `cond` having the value `val`, and record it. */
static void ss_assume(struct stateset *st, uint32_t cond, int val)
{
	int w = 0;
	for (int i = 0; i < st->n; i++) {
		struct astate x = st->s[i];
		int a = as_assumed(&x, cond);
		if (a >= 0 && a != val)
			continue;
		if (a < 0)
			as_assume(&x, cond, val);
		st->s[w++] = x;
	}
	st->n = w;
	/* dedupe what is left */
	for (int i = 0; i < st->n; i++)
		for (int j = i + 1; j < st->n;)
			if (as_eq(&st->s[i], &st->s[j]))
				st->s[j] = st->s[--st->n];
			else
				j++;
}

/* Drop the states that took none of the branches conds[0..n): one was taken. */
static void ss_assume_any(struct stateset *st, const uint32_t *conds, int n)
{
	int w = 0;
	for (int i = 0; i < st->n; i++) {
		int none = 1;
		for (int k = 0; k < n && none; k++)
			none = as_assumed(&st->s[i], conds[k]) == 0;
		if (!none)
			st->s[w++] = st->s[i];
	}
	st->n = w;
}

static int ss_has(const struct stateset *s, const struct astate *x)
{
	for (int i = 0; i < s->n; i++)
		if (as_eq(&s->s[i], x))
			return 1;
	return 0;
}

/* Returns 1 when the set grew. */
int ss_add(struct stateset *s, const struct astate *x)
{
	if (ss_has(s, x) || s->n >= MAXSTATES)
		return 0;
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 1;
		s->s = xrealloc(s->s, sizeof(*s->s) * (size_t)s->cap);
	}
	s->s[s->n++] = *x;
	return 1;
}

int ss_union(struct stateset *d, const struct stateset *s)
{
	int grew = 0;
	for (int i = 0; i < s->n; i++)
		grew |= ss_add(d, &s->s[i]);
	return grew;
}

void ss_copy(struct stateset *d, const struct stateset *s)
{
	d->n = 0;
	ss_union(d, s);
}

void ss_free(struct stateset *s)
{
	if (s->cap) /* cap 0: no storage, or the shared empty state (record_state()) */
		free(s->s);
	s->s = NULL;
	s->n = s->cap = 0;
}

static void as_push(struct astate *s, struct held h)
{
	if (s->n < MAXHELD)
		s->h[s->n++] = h;
}

/* Index of the most recent entry of `kind` (and `row` unless -2, `key` unless 0). */
static int as_find(const struct astate *s, int kind, int row, uint32_t key)
{
	for (int i = s->n - 1; i >= 0; i--)
		if (s->h[i].kind == kind && (row == -2 || s->h[i].row == row) && (!key || s->h[i].key == key))
			return i;
	return -1;
}

/* Index of the most recent lock entry of class cls (not 0), or -1. */
static int as_find_cls(const struct astate *s, uint32_t cls)
{
	for (int i = s->n - 1; cls && i >= 0; i--)
		if (s->h[i].kind == HK_LOCK && s->h[i].cls == cls)
			return i;
	/* the same class keyed by a parameter on one side only: `mutex_lock(&sbi->x)`
	 * on a parameter ("@0|T.x") released by a wrapper given `sbi` ("T.x"), or
	 * taken with a lockdep subclass ("T.x#SUB") and released by mutex_unlock() */
	uint32_t u = cls ? lock_class_base(cls) : 0;
	for (int i = s->n - 1; u && i >= 0; i--)
		if (s->h[i].kind == HK_LOCK && s->h[i].cls && lock_class_base(s->h[i].cls) == u)
			return i;
	return -1;
}

/* The most recent entry of `kind` (and `row` unless -2) that a callee's release
 * of class cls can be: any when either class is unknown, else one whose class
 * names the same lock in the other form (typed "ext4_inode_info.i_data_sem",
 * untyped "fs/ext4:.i_data_sem"). A callee that releases one mutex does not
 * release the caller's other mutexes. */
static int as_find_compatible(const struct fa *F, const struct astate *s, int kind, int row, uint32_t cls)
{
	uint32_t df = 0;
	for (int i = s->n - 1; i >= 0; i--) {
		const struct held *h = &s->h[i];
		if (h->kind != kind || (row != -2 && h->row != row))
			continue;
		if (!cls || !h->cls || kind != HK_LOCK)
			return i;
		if (!df)
			df = lock_class_dirform(F->a, cls);
		if (df && lock_class_dirform(F->a, h->cls) == df)
			return i;
	}
	return -1;
}

static void as_remove(struct astate *s, int i)
{
	memmove(&s->h[i], &s->h[i + 1], sizeof(s->h[0]) * (size_t)(s->n - i - 1));
	s->n--;
}

/* ---- per-function interpretation ---- */
/* Which scope of state s a callee's restore of a scope it did not open (its
 * summary's HK_SCOPE kill) ends, called at call c: one a callee opened and
 * returned with (xfs_trans_alloc()'s context, ended in xfs_trans_commit()),
 * or a scope this function opened whose cookie c passes on (`flags =
 * memalloc_nofs_save(); helper_restore(flags);`). A restore of another cookie
 * inside a scope this function opened is nested in it: memalloc_nofs_restore()
 * puts back the flags of its own save, taken with this scope already open, so
 * NOFS stays set (xfs_inodegc_worker()'s scope around transactions that roll).
 * Returns the index, -2 when such a scope absorbs the restore, -1 when none. */
static uint32_t norm_key(uint32_t id);

static int scope_kill_target(const struct fa *F, const struct astate *s, int c)
{
	const struct program *p = F->p;
	const struct call *cl = &p->calls[c];
	int local = 0;
	for (int i = s->n - 1; i >= 0; i--) {
		const struct held *h = &s->h[i];
		if (h->kind != HK_SCOPE)
			continue;
		if (h->call < 0 || !model_find1(F->a->model, ROW_SCOPE, p->calls[h->call].callee))
			return i; /* opened by a callee */
		for (int j = 0; j < cl->nargs; j++)
			if (h->key && norm_key(cl->args[j]) == h->key)
				return i; /* its cookie is passed to the callee */
		local = 1;
	}
	return local ? -2 : -1;
}


static uint32_t kill_hash(uint32_t k, uint32_t cls)
{
	uint32_t h = k * 0x9e3779b1u ^ cls * 0x85ebca6bu;
	return h ^ (h >> 15);
}

/* A function's kills are a set: a call releases what its callee's summary
 * releases, and in a large function whose callees release many lock classes
 * the list grows to thousands, so membership goes through a hash index. */
/* Two kills are the same release: a lock of a known class is one kill whatever
 * model row closed it (mutex_unlock() closes every mutex_lock*() row). */
static uint32_t kill_ident(uint32_t k, uint32_t cls)
{
	return cls && (int)(k >> 16) == HK_LOCK ? (uint32_t)HK_LOCK << 16 : k;
}

static void add_kill(struct fa *F, int kind, int row, uint32_t cls)
{
	uint32_t k = ((uint32_t)kind << 16) | (uint32_t)(row + 1);
	if (2 * (F->nkills + 1) > F->kill_ixcap) {
		int cap = F->kill_ixcap ? 2 * F->kill_ixcap : 16;
		free(F->kill_ix);
		F->kill_ix = xcalloc((size_t)cap, sizeof(int));
		F->kill_ixcap = cap;
		for (int i = 0; i < F->nkills; i++) {
			uint32_t j = kill_hash(kill_ident(F->kills[i], F->kill_cls[i]), F->kill_cls[i]) & (uint32_t)(cap - 1);
			while (F->kill_ix[j])
				j = (j + 1) & (uint32_t)(cap - 1);
			F->kill_ix[j] = i + 1;
		}
	}
	uint32_t id = kill_ident(k, cls);
	uint32_t mask = (uint32_t)F->kill_ixcap - 1, j = kill_hash(id, cls) & mask;
	for (; F->kill_ix[j]; j = (j + 1) & mask) {
		int i = F->kill_ix[j] - 1;
		if (kill_ident(F->kills[i], F->kill_cls[i]) == id && F->kill_cls[i] == cls)
			return;
	}
	F->kill_ix[j] = F->nkills + 1;
	int n = F->nkills, cap = F->capkills;
	VEC_PUSH(F->kills, F->nkills, F->capkills, k);
	VEC_PUSH(F->kill_cls, n, cap, cls);
}

/* The classes a function acquires, without key and lockdep subclass: a
 * release without a subclass (mutex_unlock()) releases any subclass of its
 * class, so a function that takes an ni_lock through mutex_lock_nested(..,
 * NTFS_INODE_MUTEX_SECURITY) and drops it with mutex_unlock() (ntfs3's
 * fsntfs.c) releases what it took, not its callers' ni_lock. */
static void add_acq(struct fa *F, uint32_t cls)
{
	if (!cls)
		return;
	cls = lock_class_base(cls);
	for (int i = 0; i < F->nacq; i++)
		if (F->acq[i] == cls)
			return;
	VEC_PUSH(F->acq, F->nacq, F->capacq, cls);
}

static int has_acq(const struct fa *F, uint32_t cls)
{
	cls = lock_class_base(cls);
	for (int i = 0; i < F->nacq; i++)
		if (F->acq[i] == cls)
			return 1;
	return 0;
}

static void add_imbalance(struct fa *F, int kind, int call)
{
	if (!F->collect)
		return;
	struct analysis *a = F->a;
	for (size_t i = 0; i < a->nimb; i++)
		if (a->imb[i].kind == kind && a->imb[i].call == call)
			return;
	struct imbalance im = {kind, call, F->fid};
	VEC_PUSH(a->imb, a->nimb, a->capimb, im);
}

static int pflag_kind(const struct model *m, const char *text)
{
	int k = 0;
	for (size_t i = 0; i < m->n; i++) {
		const struct mrow *r = &m->rows[i];
		if (r->kind == ROW_PFLAG && mrow_applies(m, r) && has_word(text, istr(r->name)))
			if (r->scope > k)
				k = r->scope;
	}
	return k;
}

static int row_index(const struct model *m, const struct mrow *r)
{
	return (int)(r - m->rows);
}

static int arg_matches(const struct mrow *r, uint32_t key0)
{
	return !r->arg_pat || glob_match(istr(r->arg_pat), istr(key0));
}

/* The identity of a lock or cookie argument: its text without redundant outer
 * parentheses, so that `up_read((&x->sem))` releases `down_read(&x->sem)`. */
static uint32_t norm_key(uint32_t id)
{
	const char *s = istr(id);
	size_t n = istr_len(id);
	size_t b = 0, e = n;
	for (;;) {
		while (b < e && s[b] == ' ')
			b++;
		while (e > b && s[e - 1] == ' ')
			e--;
		if (e - b < 2 || s[b] != '(' || s[e - 1] != ')')
			break;
		/* the opening parenthesis must close at the very end */
		int depth = 0;
		size_t i;
		for (i = b; i < e; i++) {
			if (s[i] == '(')
				depth++;
			else if (s[i] == ')' && --depth == 0)
				break;
		}
		if (i != e - 1)
			break;
		b++;
		e--;
	}
	return (b == 0 && e == n) ? id : intern_n(s + b, e - b);
}

/* Lock row (non-try or try) for a call name and first argument: a row whose
 * arg= pattern matches wins over a primitive without one. */
static const struct mrow *lock_row(const struct model *m, uint32_t name, uint32_t key0, int want_try)
{
	const struct mrow *rows[8], *any = NULL;
	int n = model_find(m, ROW_LOCK, name, rows, 8);
	for (int i = 0; i < n; i++)
		if (rows[i]->try_ == want_try && arg_matches(rows[i], key0)) {
			if (rows[i]->arg_pat)
				return rows[i];
			if (!any)
				any = rows[i];
		}
	return any;
}

const struct mrow *flow_lock_row(const struct analysis *a, int c, int want_try)
{
	const struct call *cl = &a->prog->calls[c];
	if (cl->is_icall)
		return NULL;
	return lock_row(a->model, cl->callee, cl->nargs ? norm_key(cl->args[0]) : 0, want_try);
}

/* The lock class call c takes or releases with row r, cached per call. */
static uint32_t call_class(struct fa *F, int c, const struct mrow *r)
{
	uint32_t *cc = &F->a->call_cls[c];
	if (*cc == UINT32_MAX)
		*cc = lock_class(F->a, c, r);
	return *cc;
}

/* Does this function save a scope cookie into `key` itself? */
static int saved_here(const struct fa *F, uint32_t key)
{
	const struct func *fn = &F->p->funcs[F->fid];
	for (int i = 0; i < fn->ncalls; i++) {
		const struct call *cl = &F->p->calls[fn->calls[i]];
		const struct mrow *r;
		if (cl->lhs == key && !cl->is_icall && (r = model_find1(F->a->model, ROW_SCOPE, cl->callee)) && r->save)
			return 1;
	}
	return 0;
}

/* A scope row's call: a save opens a scope (memalloc_flags_save() one of the
 * kind its PF_ argument names), a restore closes the one saved into its
 * argument, else the innermost, else it is a closer of its caller's. */
static void apply_scope(struct fa *F, int c, struct astate *s, const struct mrow *r, uint32_t key0)
{
	const struct model *m = F->a->model;
	const struct call *cl = &F->p->calls[c];
	if (r->save) {
		int sk = r->scope;
		if (sk == SK_FLAGS) {
			int ai = r->arg_idx >= 0 ? r->arg_idx : 0;
			sk = ai < cl->nargs ? pflag_kind(m, istr(cl->args[ai])) : 0;
		}
		if (sk) {
			struct held h = {HK_SCOPE, (uint8_t)sk, (int16_t)row_index(m, r), cl->lhs, c, 0};
			as_push(s, h);
		}
		return;
	}
	int i = key0 ? as_find(s, HK_SCOPE, -2, key0) : -1;
	if (i >= 0) {
		int top = as_find(s, HK_SCOPE, -2, 0);
		if (top != i)
			add_imbalance(F, 3, c);
		as_remove(s, i);
	} else if ((i = as_find(s, HK_SCOPE, -2, 0)) >= 0) {
		as_remove(s, i);
	} else if (!key0 || !saved_here(F, key0)) {
		/* restores a scope its caller opened: a closer */
		add_kill(F, HK_SCOPE, -1, 0);
	}
}

/* A call of a closer (release=/close= of lock and setter rows): 1 when it
 * released an entry or recorded what it kills, 0 when no row's argument
 * matches and the callee's own summary is to say what it releases. */
static int apply_closer(struct fa *F, int c, struct astate *s, uint32_t key0)
{
	const struct model *m = F->a->model;
	const struct mrow *cr[MAXCLOSERS];
	int nc = model_find_closer(m, F->p->calls[c].callee, cr, MAXCLOSERS);
	/* the entry with the same identity, then one of the same lock class, then the
	 * most recent entry of a row this call closes */
	for (int pass = 0; pass < 3 && nc; pass++)
		for (int k = 0; k < nc; k++) {
			if (!arg_matches(cr[k], key0))
				continue;
			int kind = cr[k]->kind == ROW_SETTER ? HK_SETTER : HK_LOCK;
			int row = row_index(m, cr[k]);
			int i = -1;
			if (pass == 0)
				i = as_find(s, kind, row, key0);
			else if (pass == 1 && kind == HK_LOCK)
				i = as_find_cls(s, call_class(F, c, cr[k]));
			else if (pass == 2)
				i = as_find(s, kind, row, 0);
			if (i >= 0) {
				as_remove(s, i);
				return 1;
			}
		}
	/* A closer of something this function did not open. Prefer any open entry of
	 * the same kind with the same identity (wrappers with other names). */
	int matched = 0;
	for (int k = 0; k < nc; k++) {
		if (!arg_matches(cr[k], key0))
			continue;
		int kind = cr[k]->kind == ROW_SETTER ? HK_SETTER : HK_LOCK;
		add_kill(F, kind, row_index(m, cr[k]), kind == HK_LOCK ? call_class(F, c, cr[k]) : 0);
		matched = 1;
	}
	/* no model row's argument matches (f2fs_up_read(&sbi->sb_lock) against a
	 * row for cp_rwsem): the callee's own summary says what it releases */
	return matched;
}

/* An annotated lock wrapper whose body the facts do not hold: the class its
 * annotation names is taken or released. */
static void apply_ctx_wrapper(struct fa *F, int c, struct astate *s, uint32_t key0)
{
	const struct call *cl = &F->p->calls[c];
	if (cl->ctx_change == 1) {
		struct held h = {HK_LOCK, 0, ROW_CTX, cl->lhs ? cl->lhs : key0, c, cl->ctx_cls};
		as_push(s, h);
		add_acq(F, h.cls);
		return;
	}
	int i = as_find_cls(s, cl->ctx_cls);
	if (i >= 0)
		as_remove(s, i);
	else
		add_kill(F, HK_LOCK, -1, cl->ctx_cls);
}

/* A call of a function of the scan: its summary's kills release what the
 * caller holds (or are the caller's own kills), its gens are pushed. */
static void apply_summary(struct fa *F, int c, int target, struct astate *s, uint32_t key0)
{
	const struct call *cl = &F->p->calls[c];
	const struct func *t = &F->p->funcs[target];
	for (int k = 0; k < t->nkill; k++) {
		int kind = (int)(t->kill[k] >> 16), row = (int)(t->kill[k] & 0xffff) - 1;
		uint32_t kc = t->kill_cls[k] ? lock_class_at(F->a, c, t->kill_cls[k]) : 0;
		int i = kc ? as_find_cls(s, kc) : -1;
		if (kind == HK_SCOPE && i < 0)
			i = scope_kill_target(F, s, c);
		else if (i < 0 && !(row < 0 && kc)) /* a class without a row (ROW_CTX) releases that class only */
			i = as_find_compatible(F, s, kind, row < 0 ? -2 : row, kc);
		if (i >= 0)
			as_remove(s, i);
		else if (i == -1)
			add_kill(F, kind, row, kc);
	}
	for (int k = 0; k < t->ngen; k++) {
		struct held h = t->gen[k];
		h.key = cl->lhs ? cl->lhs : key0;
		h.call = c;
		if (h.cls)
			h.cls = lock_class_at(F->a, c, h.cls);
		as_push(s, h);
		if (h.kind == HK_LOCK)
			add_acq(F, h.cls);
	}
	for (int k = 0; k < t->ncgen; k++)
		add_acq(F, lock_class_at(F->a, c, t->cgen[k]));
}

/* Does state s hold an entry an indirect call opened? */
static int icall_opened(const struct fa *F, const struct astate *s)
{
	for (int i = 0; i < s->n; i++)
		if (s->h[i].call >= 0 && F->p->calls[s->h[i].call].is_icall)
			return 1;
	return 0;
}

void apply_call(struct fa *F, int c, struct astate *s)
{
	const struct model *m = F->a->model;
	const struct call *cl = &F->p->calls[c];
	if (cl->is_icall) {
		/* every target says the same to its caller (icall_summary()): what
		 * they open, with what they close; a summary that only closes
		 * (`ops->unlock()`) applies when an indirect call opened something
		 * here, so that it pairs with that `ops->lock()` (whole kernels have
		 * 17,000 such sites: widely called helpers' releases, which the
		 * direct calls apply already) */
		int t = F->a->icall_sum ? F->a->icall_sum[c] : -1;
		if (t >= 0 && (F->p->funcs[t].ngen || icall_opened(F, s)))
			apply_summary(F, c, t, s, cl->nargs ? norm_key(cl->args[0]) : 0);
		return;
	}
	uint32_t name = cl->callee;
	uint32_t key0 = cl->nargs ? norm_key(cl->args[0]) : 0;
	const struct mrow *r = model_find1(m, ROW_SCOPE, name);
	if (r) {
		apply_scope(F, c, s, r, key0);
		return;
	}
	r = model_find1(m, ROW_SETTER, name);
	if (r && arg_matches(r, key0)) {
		struct held h = {HK_SETTER, 0, (int16_t)row_index(m, r), cl->lhs ? cl->lhs : key0, c, 0};
		as_push(s, h);
		return;
	}
	r = lock_row(m, name, key0, 0);
	if (r) {
		struct held h = {HK_LOCK, 0, (int16_t)row_index(m, r), cl->lhs ? cl->lhs : key0, c, call_class(F, c, r)};
		as_push(s, h);
		add_acq(F, h.cls);
		return;
	}
	if ((r = lock_row(m, name, key0, 1))) {
		add_acq(F, call_class(F, c, r));
		return; /* trylock: taken on the branch that tests it (see run_if) */
	}
	if (apply_closer(F, c, s, key0))
		return;
	if (cl->target < 0 && cl->ctx_change && cl->ctx_cls)
		apply_ctx_wrapper(F, c, s, key0);
	else if (cl->target >= 0)
		apply_summary(F, c, cl->target, s, key0);
}

int probe_index(const struct fa *F, int c)
{
	const struct func *fn = &F->p->funcs[F->fid];
	int lo = 0, hi = fn->ncalls; /* fn->calls ascends (graph.c) */
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (fn->calls[mid] < c)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < fn->ncalls && fn->calls[lo] == c ? lo : -1;
}

/* "Nothing held" is what most calls of a whole kernel see (2.9 of 3.1 million
 * recorded sets on Linux 6.1): such a set points at one shared empty state
 * (cap 0) instead of a copy of its own; it gets storage of its own when
 * another state joins it. Only the recorded sets share it: the engine's
 * working sets are written in place. */
static const struct astate empty_state;

void record_state(struct fa *F, int c, const struct stateset *st)
{
	struct stateset *d = &F->a->states[c];
	if (!d->cap) {
		if (!d->n && st->n == 1 && !st->s[0].n && !st->s[0].na) {
			d->s = (struct astate *)&empty_state;
			d->n = 1;
			return;
		}
		if (d->n && ss_has(st, d->s) && st->n == 1)
			return; /* the empty state again */
		int had = d->n;
		d->s = NULL;
		d->n = 0;
		if (had)
			ss_add(d, &empty_state);
	}
	ss_union(d, st);
}

/* The variable of a condition `VAR < 0` (also in parentheses or in unlikely()),
 * or 0. *nonzero is set when the condition is `VAR` or `VAR != 0` instead: true
 * for any non-zero value (the failure of a fail=nonzero acquire). */
static uint32_t negative_test(uint32_t ctext, int *nonzero)
{
	*nonzero = 0;
	const char *s = istr(ctext);
	size_t n = strlen(s);
	for (;;) { /* strip spaces, outer parentheses and unlikely(...) */
		while (n && *s == ' ')
			s++, n--;
		while (n && s[n - 1] == ' ')
			n--;
		if (n > 10 && strncmp(s, "unlikely(", 9) == 0 && s[n - 1] == ')') {
			s += 9;
			n -= 10;
			continue;
		}
		if (n > 2 && s[0] == '(' && s[n - 1] == ')') {
			s++;
			n -= 2;
			continue;
		}
		break;
	}
	size_t i = 0;
	while (i < n && (s[i] == '_' || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
			 (i && s[i] >= '0' && s[i] <= '9')))
		i++;
	size_t v = i;
	while (i < n && s[i] == ' ')
		i++;
	if (v && i == n) {
		*nonzero = 1;
		return intern_lookup_n(s, v);
	}
	if (v && i + 4 == n && strncmp(s + i, "!= 0", 4) == 0) {
		*nonzero = 1;
		return intern_lookup_n(s, v);
	}
	if (!v || i + 1 >= n || s[i] != '<' || s[i + 1] == '=' || s[i + 1] == '<')
		return 0;
	i++;
	while (i < n && s[i] == ' ')
		i++;
	if (i + 1 != n || s[i] != '0')
		return 0;
	return intern_lookup_n(s, v);
}

/* Is `if` item `it` the next thing after call c in c's function: c comes
 * before the `if` and no other call of the function lies between them? */
static int tests_result_of(const struct fa *F, int c, const struct item *it)
{
	const struct call *cl = &F->p->calls[c];
	if (cl->fn != F->fid || pos_cmp(cl->pos, it->pos) >= 0)
		return 0;
	const struct func *fn = &F->p->funcs[F->fid];
	for (int k = 0; k < fn->ncalls; k++) {
		const struct call *o = &F->p->calls[fn->calls[k]];
		if (fn->calls[k] != c && pos_cmp(o->pos, cl->pos) > 0 && pos_cmp(o->pos, it->pos) < 0)
			return 0;
	}
	return 1;
}

/* The states on the two branches of `if` item `it` whose condition holds call
 * `cond_call` (-1: none): a trylock is taken on the branch that tests it, an
 * error check (`if (IS_ERR(trans))`) drops what failed, and a condition that
 * guards scope calls is assumed on each branch. */
void branch_states(struct fa *F, const struct item *it, int cond_call, struct stateset *t, struct stateset *e)
{
	const struct model *m = F->a->model;
	if (cond_call >= 0) {
		const struct call *cl = &F->p->calls[cond_call];
		uint32_t key0 = cl->nargs ? norm_key(cl->args[0]) : 0;
		const struct mrow *r = lock_row(m, cl->callee, key0, 1);
		if (r) {
			struct stateset *taken = it->ck == CK_CALL ? t : e;
			struct held h = {HK_LOCK, 0, (int16_t)row_index(m, r), key0, cond_call, call_class(F, cond_call, r)};
			for (int i = 0; i < taken->n; i++)
				as_push(&taken->s[i], h);
			add_acq(F, h.cls);
		}
		/* `if (mutex_lock_interruptible(&m))`: the branch that saw non-zero failed */
		r = lock_row(m, cl->callee, key0, 0);
		if (r && r->fail_nonzero && it->ck != CK_NONE) {
			struct stateset *failed = it->ck == CK_CALL ? t : e;
			for (int i = 0; i < failed->n; i++)
				for (int j = failed->s[i].n - 1; j >= 0; j--)
					if (failed->s[i].h[j].call == cond_call)
						as_remove(&failed->s[i], j);
		}
	}
	/* `if (IS_ERR(trans))`: on the error branch the start failed and holds nothing. */
	if (cond_call >= 0 && model_find1(m, ROW_ERRCHECK, it->name)) {
		const struct call *cl = &F->p->calls[cond_call];
		uint32_t x = cl->nargs ? norm_key(cl->args[0]) : 0;
		struct stateset *err = it->ck == CK_CALL ? t : e;
		for (int i = 0; x && i < err->n; i++)
			for (int j = err->s[i].n - 1; j >= 0; j--)
				if (err->s[i].h[j].kind != HK_SCOPE && err->s[i].h[j].key == x)
					as_remove(&err->s[i], j);
	}
	/* `status = ocfs2_inode_lock(...); if (status < 0) goto bail;`: a negative
	 * result is an acquire that failed; nothing it would open is held there.
	 * Only when the test follows the acquire with no call in between (a later
	 * `status = other(...)` reuses the variable). */
	int any_nonzero = 0;
	uint32_t var = it->ctext ? negative_test(it->ctext, &any_nonzero) : 0;
	for (int i = 0; var && i < t->n; i++)
		for (int j = t->s[i].n - 1; j >= 0; j--) {
			const struct held *h = &t->s[i].h[j];
			if (h->kind != HK_SCOPE && h->call >= 0 && F->p->calls[h->call].lhs == var &&
			    (!any_nonzero || (h->row >= 0 && m->rows[h->row].fail_nonzero)) && tests_result_of(F, h->call, it))
				as_remove(&t->s[i], j);
		}
	/* Correlate branches on the same condition when they guard scope calls or lock
	 * acquires (`if (seeding) down_write(&sb->s_umount); ... if (seeding) ...`). */
	if (it->ctext && branch_correlated(F, it)) {
		ss_assume(t, it->ctext, 1);
		ss_assume(e, it->ctext, 0);
	}
	/* `if (seeding_dev)` on a local flag only such branches set true (flagvar.c). */
	struct flagconds fc;
	if (it->ctext && flag_conds(F, it, &fc)) {
		struct stateset *vtrue = fc.conj ? NULL : fc.neg ? e : t;
		struct stateset *vfalse = fc.neg ? t : fc.conj ? NULL : e;
		if (vtrue && fc.n == 1)
			ss_assume(vtrue, fc.cond[0], 1);
		else if (vtrue)
			ss_assume_any(vtrue, fc.cond, fc.n);
		for (int i = 0; vfalse && fc.only_init_false && i < fc.n; i++)
			if (fc.must[i])
				ss_assume(vfalse, fc.cond[i], 0);
	}
}

int branch_correlated(const struct fa *F, const struct item *it)
{
	const struct model *m = F->a->model;
	const struct func *fn = &F->p->funcs[F->fid];
	pos_t end = it->has_else ? it->e3 : it->e2;
	const struct mrow *cr[MAXCLOSERS];
	for (int k = 0; k < fn->ncalls; k++) {
		const struct call *cl = &F->p->calls[fn->calls[k]];
		if (pos_cmp(cl->pos, it->e1) < 0 || pos_cmp(cl->pos, end) >= 0 || cl->is_icall)
			continue;
		/* a scope call, a lock acquire, or a release: `if (c) mutex_lock(&x);
		 * ... if (c) mutex_unlock(&x);` releases on every path that took it */
		uint32_t key0 = cl->nargs ? norm_key(cl->args[0]) : 0;
		if (model_find1(m, ROW_SCOPE, cl->callee) || lock_row(m, cl->callee, key0, 0))
			return 1;
		int nc = model_find_closer(m, cl->callee, cr, MAXCLOSERS);
		for (int q = 0; q < nc; q++)
			if (cr[q]->kind == ROW_LOCK && arg_matches(cr[q], key0))
				return 1;
	}
	return 0;
}

/* Two setter rows that open the same thing: the same filesystem, kind and
 * closers (xfs_trans_alloc() and xfs_trans_alloc_empty()). */
static int setter_rows_alike(const struct model *m, int r1, int r2)
{
	if (r1 == r2)
		return 1;
	if (r1 < 0 || r2 < 0)
		return 0;
	const struct mrow *x = &m->rows[r1], *y = &m->rows[r2];
	if (x->kind != ROW_SETTER || y->kind != ROW_SETTER || x->fs != y->fs || x->lkind != y->lkind ||
	    x->nclosers != y->nclosers)
		return 0;
	for (int k = 0; k < x->nclosers; k++)
		if (x->closers[k] != y->closers[k])
			return 0;
	return 1;
}

/* Is h open at every exit? A transaction a wrapper opens through either of
 * two alike setter rows on its branches (xchk_trans_alloc(): xfs_trans_alloc()
 * or xfs_trans_alloc_empty()) is open at every exit. */
static int held_in_all(const struct model *m, const struct stateset *exits, const struct held *h)
{
	for (int i = 0; i < exits->n; i++) {
		int found = 0;
		for (int j = 0; j < exits->s[i].n; j++) {
			const struct held *x = &exits->s[i].h[j];
			if (held_eq(x, h) || (h->kind == HK_SETTER && x->kind == HK_SETTER && x->key == h->key &&
					      x->scope == h->scope && x->cls == h->cls && setter_rows_alike(m, x->row, h->row)))
				found = 1;
		}
		if (!found)
			return 0;
	}
	return 1;
}

/* A recursive lock wrapper (reiserfs_write_lock(): `if (sb_i->lock_owner !=
 * current) { mutex_lock(&sb_i->lock); sb_i->lock_owner = current; }`, lock.c)
 * leaves its lock held on every path: the exits that skipped the acquire are
 * those where the task owns it already. Lock h, held at exit `with`, counts as
 * held at every exit when each exit without it took the other branch of a
 * condition that names the running task (an owner test; the task rows of
 * model/lockprims.txt: `current`, get_current()) than `with` did. */
static int owned_at_other_exits(const struct model *m, const struct stateset *exits, const struct held *h,
				const struct astate *with)
{
	if (h->kind != HK_LOCK || !with->na)
		return 0;
	for (int i = 0; i < exits->n; i++) {
		const struct astate *x = &exits->s[i];
		int has = 0, owner = 0;
		for (int j = 0; j < x->n && !has; j++)
			has = held_eq(&x->h[j], h) || (x->h[j].kind == HK_LOCK && x->h[j].cls && x->h[j].cls == h->cls);
		if (has)
			continue;
		for (int k = 0; k < x->na && !owner; k++)
			for (int q = 0; q < with->na && !owner; q++)
				owner = x->acond[k] == with->acond[q] && x->aval[k] != with->aval[q] &&
					model_text_names(m, ROW_TASK, istr(x->acond[k]), 0);
		if (!owner)
			return 0;
	}
	return 1;
}

/* Does gen entry h of one summary have its like among the n entries of another? */
static int gen_in(const struct model *m, const struct held *h, const struct held *g, int n)
{
	for (int i = 0; i < n; i++)
		if (g[i].kind == h->kind && g[i].scope == h->scope && g[i].cls == h->cls &&
		    (g[i].row == h->row || (h->kind == HK_SETTER && setter_rows_alike(m, g[i].row, h->row))))
			return 1;
	return 0;
}

/* Do two functions' summaries tell a caller the same: what they leave open
 * (alike setter rows counting as one), what they close, what they take on
 * some paths? */
static int summaries_alike(const struct model *m, const struct func *x, const struct func *y)
{
	if (x == y)
		return 1;
	if (x->ngen != y->ngen || x->nkill != y->nkill || x->ncgen != y->ncgen)
		return 0;
	for (int i = 0; i < x->ngen; i++)
		if (!gen_in(m, &x->gen[i], y->gen, y->ngen) || !gen_in(m, &y->gen[i], x->gen, x->ngen))
			return 0;
	for (int i = 0; i < x->nkill; i++) {
		int found = 0;
		for (int j = 0; j < y->nkill && !found; j++)
			found = x->kill[i] == y->kill[j] && x->kill_cls[i] == y->kill_cls[j];
		if (!found)
			return 0;
	}
	for (int i = 0; i < x->ncgen; i++) {
		int found = 0;
		for (int j = 0; j < y->ncgen && !found; j++)
			found = x->cgen[i] == y->cgen[j];
		if (!found)
			return 0;
	}
	return 1;
}

/* The function whose summary an indirect call c applies: its first target,
 * when every target's summary is alike and says something (opens something,
 * when `opening`) (`sc->ops->setup(sc)`
 * in xfs scrub, whose every ->setup opens a transaction, returns inside one);
 * -1 when it has no targets, or they disagree (one opens what another does
 * not: a caller cannot know which runs), or none leaves, closes or takes
 * anything. */
static int icall_summary(const struct analysis *a, int c, int opening)
{
	int n;
	const int *tg = icall_targets(a, c, &n);
	if (n <= 0)
		return -1;
	const struct program *p = a->prog;
	const struct func *t0 = &p->funcs[tg[0]];
	if ((opening && !t0->ngen) || (!t0->ngen && !t0->nkill && !t0->ncgen))
		return -1;
	for (int i = 1; i < n; i++)
		if (!summaries_alike(a->model, t0, &p->funcs[tg[i]]))
			return -1;
	return tg[0];
}

/* Refresh icall_summary() of the indirect calls of function f; 1 when f has
 * one whose summary opens something. Summaries that only release matter only
 * in such a function (apply_call()): elsewhere they are not compared at all. */
static int icall_sums(struct analysis *a, int f)
{
	const struct func *fn = &a->prog->funcs[f];
	int any = 0;
	for (int i = 0; i < fn->ncalls; i++) {
		int c = fn->calls[i];
		if (!a->prog->calls[c].is_icall)
			continue;
		a->icall_sum[c] = icall_summary(a, c, 1);
		any |= a->icall_sum[c] >= 0;
	}
	for (int i = 0; any && i < fn->ncalls; i++) {
		int c = fn->calls[i];
		if (a->prog->calls[c].is_icall && a->icall_sum[c] < 0)
			a->icall_sum[c] = icall_summary(a, c, 0);
	}
	return any;
}

/* What a caller is told is open after the call: entries left open at every
 * exit (or, for a recursive lock wrapper, owned at the others); plain local
 * scope cookies open at some exits only are an imbalance, not a setter. */
static struct held *summary_gens(struct fa *F, size_t *ngen)
{
	const struct analysis *a = F->a;
	const struct program *p = F->p;
	struct held *gen = NULL;
	size_t capgen = 0;
	*ngen = 0;
	int is_setter_row = model_find1(a->model, ROW_SETTER, p->funcs[F->fid].name) != NULL;
	for (int i = 0; i < F->exits.n; i++) {
		const struct astate *x = &F->exits.s[i];
		for (int j = 0; j < x->n; j++) {
			const struct held *h = &x->h[j];
			if (h->kind == HK_SCOPE && h->key && is_ident(istr(h->key)) && !held_in_all(a->model, &F->exits, h)) {
				if (h->call >= 0 && p->calls[h->call].fn == F->fid && !is_setter_row)
					add_imbalance(F, 1, h->call);
				continue;
			}
			/* A lock or transaction left open on some paths only is a leak or a
			 * conditional acquire; callers are not told they hold it. */
			if (h->kind != HK_SCOPE && !held_in_all(a->model, &F->exits, h) &&
			    !owned_at_other_exits(a->model, &F->exits, h, x))
				continue;
			if (!gen_in(a->model, h, gen, (int)*ngen)) {
				struct held hh = *h;
				hh.key = 0;
				VEC_PUSH(gen, *ngen, capgen, hh);
			}
		}
	}
	return gen;
}

/* Lock classes held at some exits but not at all: the function takes them
 * conditionally (`return 0` with the key's semaphore held, an error
 * otherwise); a caller that releases one took it through this call. */
static uint32_t *summary_cgens(const struct fa *F, int *ncgen)
{
	uint32_t *cgen = NULL;
	int capcgen = 0;
	*ncgen = 0;
	for (int i = 0; i < F->exits.n; i++)
		for (int j = 0; j < F->exits.s[i].n; j++) {
			const struct held *h = &F->exits.s[i].h[j];
			if (h->kind != HK_LOCK || !h->cls || held_in_all(F->a->model, &F->exits, h) ||
			    owned_at_other_exits(F->a->model, &F->exits, h, &F->exits.s[i]))
				continue;
			int dup = 0;
			for (int g = 0; g < *ncgen && !dup; g++)
				dup = cgen[g] == h->cls;
			if (!dup)
				VEC_PUSH(cgen, *ncgen, capcgen, h->cls);
		}
	return cgen;
}

/* A release of a class the function itself takes on some path (or through
 * a callee's conditional acquire) pairs with that acquire on a path the
 * interpretation did not correlate (find_free_extent()'s groups_sem across
 * its retry gotos); it is not a release of the caller's lock unless the
 * function also leaves the class held (an unlock-relock helper). Passing
 * such releases up made them reach every caller to the top of the graph. */
static void drop_paired_kills(struct fa *F, const struct held *gen, size_t ngen)
{
	int w = 0;
	for (int k = 0; k < F->nkills; k++) {
		uint32_t kc = F->kill_cls[k];
		int drop = (int)(F->kills[k] >> 16) == HK_LOCK && kc && has_acq(F, kc);
		for (size_t g = 0; drop && g < ngen; g++)
			if (gen[g].kind == HK_LOCK && gen[g].cls == kc)
				drop = 0;
		if (!drop) {
			F->kills[w] = F->kills[k];
			F->kill_cls[w++] = kc;
		}
	}
	F->nkills = w;
}

/* Store the summary in fn (taking gen, cgen and F's kills); 1 when it changed. */
static int store_summary(struct func *fn, struct fa *F, struct held *gen, size_t ngen, uint32_t *cgen, int ncgen)
{
	int changed = (int)ngen != fn->ngen || F->nkills != fn->nkill || ncgen != fn->ncgen;
	for (int g = 0; !changed && g < ncgen; g++)
		changed = cgen[g] != fn->cgen[g];
	if (!changed) {
		for (size_t g = 0; g < ngen; g++)
			if (!held_eq(&gen[g], &fn->gen[g]))
				changed = 1;
		for (int g = 0; g < F->nkills; g++)
			if (F->kills[g] != fn->kill[g] || F->kill_cls[g] != fn->kill_cls[g])
				changed = 1;
	}
	free(fn->gen);
	free(fn->kill);
	free(fn->kill_cls);
	free(fn->cgen);
	fn->cgen = cgen;
	fn->ncgen = ncgen;
	fn->kill_cls = F->kill_cls;
	fn->gen = gen;
	fn->ngen = (int)ngen;
	fn->kill = F->kills;
	fn->nkill = F->nkills;
	fn->analysed = 1;
	return changed;
}

/* Analyse one function; returns 1 when its summary changed. */
static int analyse(struct analysis *a, int fid, int collect)
{
	struct program *p = a->prog;
	struct func *fn = &p->funcs[fid];
	struct fa F;
	memset(&F, 0, sizeof(F));
	F.a = a;
	F.p = p;
	F.fid = fid;
	F.collect = collect;
	for (int i = 0; i < fn->ncalls; i++)
		a->states[fn->calls[i]].n = 0;
	if (a->icall_sum)
		icall_sums(a, fid);
	if (!a->cfgs[fid].n) {
		pos_t none = {0, 0};
		cfg_build(a, fid, none, &a->cfgs[fid]);
	}
	engine_run(&F, &a->cfgs[fid]);
	size_t ngen;
	struct held *gen = summary_gens(&F, &ngen);
	int ncgen;
	uint32_t *cgen = summary_cgens(&F, &ncgen);
	drop_paired_kills(&F, gen, ngen);
	int changed = store_summary(fn, &F, gen, ngen, cgen, ncgen);
	free(F.kill_ix);
	free(F.acq);
	ss_free(&F.exits);
	return changed;
}

static int call_is_modelled(const struct model *m, const struct call *cl)
{
	const struct mrow *r[1];
	if (cl->is_icall)
		return 0;
	return model_find(m, ROW_SCOPE, cl->callee, r, 1) || model_find(m, ROW_SETTER, cl->callee, r, 1) ||
	       model_find(m, ROW_LOCK, cl->callee, r, 1) || model_find_closer(m, cl->callee, r, 1);
}

/* Restores of a plain local cookie that no save in the function produced, in a
 * function that saves scopes itself (one that only restores is a closer). */
static void check_unknown_cookies(struct analysis *a, int fid)
{
	struct program *p = a->prog;
	struct func *fn = &p->funcs[fid];
	int saves = 0;
	for (int i = 0; i < fn->ncalls && !saves; i++) {
		const struct call *cl = &p->calls[fn->calls[i]];
		const struct mrow *r = cl->is_icall ? NULL : model_find1(a->model, ROW_SCOPE, cl->callee);
		saves = r && r->save;
	}
	if (!saves)
		return;
	for (int i = 0; i < fn->ncalls; i++) {
		const struct call *cl = &p->calls[fn->calls[i]];
		const struct mrow *r = model_find1(a->model, ROW_SCOPE, cl->callee);
		if (!r || r->save || !cl->nargs || !is_ident(istr(cl->args[0])))
			continue;
		int ok = 0;
		for (int j = 0; j < fn->ncalls && !ok; j++) {
			const struct call *sv = &p->calls[fn->calls[j]];
			const struct mrow *rs = model_find1(a->model, ROW_SCOPE, sv->callee);
			if (rs && rs->save && sv->lhs == cl->args[0])
				ok = 1;
		}
		for (int j = 0; j < fn->nparams && !ok; j++)
			if (p->params[fn->param0 + j].name == cl->args[0])
				ok = 1;
		if (!ok) {
			struct imbalance im = {2, fn->calls[i], fid};
			VEC_PUSH(a->imb, a->nimb, a->capimb, im);
		}
	}
}

/* Analyse f when it or a callee touches locks, scopes or transactions (or it
 * was analysed before, so that a summary that went away is taken back); 1 when
 * its summary changed. */
static int visit(struct analysis *a, int f, const int *direct)
{
	const struct program *p = a->prog;
	const struct func *fn = &p->funcs[f];
	int rel = direct[f];
	for (int i = 0; i < fn->ncalls && !rel; i++) {
		int t = p->calls[fn->calls[i]].target;
		if (t >= 0 && (p->funcs[t].ngen || p->funcs[t].nkill))
			rel = 1;
	}
	if (!rel && !fn->analysed)
		return 0;
	return analyse(a, f, 0);
}

/* Indirect calls, after the summaries of direct calls settled: the SCC order
 * follows direct calls only, so an indirect call's targets may not be final
 * when its caller is analysed. Each function with an indirect call whose
 * targets agree (icall_summary()) is analysed again, then, while summaries
 * change, the callers (direct and indirect) of each one that changed; at most
 * ICALL_VISITS times a function. */
#define ICALL_VISITS 8
static void icall_rounds(struct analysis *a, unsigned char *queued)
{
	struct program *p = a->prog;
	size_t nf = p->nfuncs;
	a->icall_sum = xmalloc(sizeof(int) * (p->ncalls ? p->ncalls : 1));
	for (size_t c = 0; c < p->ncalls; c++)
		a->icall_sum[c] = -1;
	int *q = xmalloc(sizeof(int) * (nf ? nf : 1)); /* a ring: each function queued once at a time */
	unsigned char *visits = xcalloc(nf ? nf : 1, 1);
	size_t head = 0, n = 0;
	for (size_t f = 0; f < nf; f++)
		if (icall_sums(a, (int)f)) {
			q[(head + n++) % nf] = (int)f;
			queued[f] = 1;
		}
	while (n) {
		int f = q[head];
		head = (head + 1) % nf;
		n--;
		queued[f] = 0;
		if (visits[f] >= ICALL_VISITS)
			continue;
		visits[f]++;
		if (!analyse(a, f, 0))
			continue;
		const struct func *fn = &p->funcs[f];
		for (int j = 0; j < fn->ncallers + fn->nicallers; j++) {
			int c = j < fn->ncallers ? fn->callers[j] : fn->icallers[j - fn->ncallers];
			int g = p->calls[c].fn;
			if (g >= 0 && !queued[g]) {
				queued[g] = 1;
				q[(head + n++) % nf] = g;
			}
		}
	}
	free(q);
	free(visits);
	if (a->icalls)
		for (size_t c = 0; c < p->ncalls; c++)
			a->icalls->summaries += a->icall_sum[c] >= 0 && p->funcs[a->icall_sum[c]].ngen;
}

void flow_run(struct analysis *a)
{
	struct program *p = a->prog;
	a->states = xcalloc(p->ncalls ? p->ncalls : 1, sizeof(*a->states));
	a->cfgs = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof(*a->cfgs));
	a->call_cls = xmalloc(sizeof(*a->call_cls) * (p->ncalls ? p->ncalls : 1));
	for (size_t c = 0; c < p->ncalls; c++)
		a->call_cls[c] = UINT32_MAX;
	int *direct = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof(int));
	int *has_scope_api = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof(int));
	for (size_t f = 0; f < p->nfuncs; f++) {
		const struct func *fn = &p->funcs[f];
		for (int i = 0; i < fn->ncalls; i++) {
			const struct call *cl = &p->calls[fn->calls[i]];
			if (call_is_modelled(a->model, cl) || (cl->ctx_change && cl->ctx_cls && cl->target < 0))
				direct[f] = 1;
			if (!cl->is_icall && model_find1(a->model, ROW_SCOPE, cl->callee))
				has_scope_api[f] = 1;
		}
	}
	/* Components of the call graph callees first: a function outside every
	 * cycle is analysed once, with its callees' summaries final; the members
	 * of a cycle are analysed in rounds until their summaries settle, again
	 * only those one of whose callees changed its summary. */
	struct sccs S;
	scc_build(p, &S);
	unsigned char *dirty = xcalloc(p->nfuncs ? p->nfuncs : 1, 1);
	for (int k = 0; k < S.n; k++) {
		const int *m = S.members + S.start[k];
		int nm = S.start[k + 1] - S.start[k];
		if (!S.cyclic[k]) {
			visit(a, m[0], direct);
			if (!has_scope_api[m[0]])
				cfg_free(&a->cfgs[m[0]]); /* built again if a round below needs it */
			continue;
		}
		for (int i = 0; i < nm; i++)
			dirty[m[i]] = 1;
		for (int round = 0; round < FLOW_ROUNDS; round++) {
			int changed = 0;
			for (int i = 0; i < nm; i++) {
				int f = m[i];
				if (!dirty[f])
					continue;
				dirty[f] = 0;
				if (!visit(a, f, direct))
					continue;
				changed = 1;
				const struct func *fn = &p->funcs[f];
				for (int j = 0; j < fn->ncallers; j++)
					dirty[p->calls[fn->callers[j]].fn] = 1;
			}
			if (!changed)
				break;
		}
		for (int i = 0; i < nm; i++) {
			dirty[m[i]] = 0;
			if (!has_scope_api[m[i]])
				cfg_free(&a->cfgs[m[i]]);
		}
	}
	scc_free(&S);
	memset(dirty, 0, p->nfuncs); /* callers outside a cycle were marked too */
	icall_rounds(a, dirty);
	for (size_t f = 0; f < p->nfuncs; f++)
		if (has_scope_api[f]) {
			analyse(a, (int)f, 1);
			check_unknown_cookies(a, (int)f);
		}
	/* The CFGs were kept for the rounds above; the walks after the flow pass
	 * (reclaim's and the chain search's, feasible.c) need a few thousand of
	 * them and build those again: keeping them all raised the peak of a whole
	 * kernel by 0.2 GB. */
	for (size_t f = 0; f < p->nfuncs; f++)
		cfg_free(&a->cfgs[f]);
	free(direct);
	free(dirty);
	free(has_scope_api);
}

const struct stateset *flow_states(const struct analysis *a, int c)
{
	return &a->states[c];
}
