/* reclaim.c - reclaim lock sets (see reclaim.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/bind.h"
#include "analysis/feasible.h"
#include "analysis/flow.h"
#include "analysis/graph.h"
#include "analysis/icall.h"
#include "analysis/lockclass.h"
#include "analysis/reclaim.h"
#include "analysis/fntext.h"
#include "base/util.h"

#define RECLAIM_DEPTH 8 /* calls followed from an entry function (on 6.1 fs/ every longer chain read by hand was false) */

struct reclaim {
	struct rclass *v;
	size_t n, cap;
	size_t nentries;
	uint32_t *pin; size_t npin; /* directories that pin every dentry they instantiate (pinning_dirs()) */
	uint32_t *pseudo; size_t npseudo; /* files of pseudo filesystems (init_pseudo()) */
	uint32_t *ent_fs; /* per function: entry_fs() of the ops entry it is (0: none), for code outside fs/ */
	unsigned char **mreach; /* per function that tests PF_MEMALLOC: its calls reached in reclaim, else NULL */
	size_t npinned;  /* via=dcache entries of those directories, left out */
	uint32_t *edirs; /* the directories of the entries (sorted, each once) */
	size_t nedirs;
	/* class -> first index in v (direct entries before kswapd ones): key/val
	 * by the class without its wrapper parameter ("@1|X" -> X), dkey/dval by
	 * the directory form of a typed class ("fs/btrfs:.mutex"), which only an
	 * untyped held class is looked up in */
	uint32_t *key, *dkey;
	int *val, *dval;
	size_t hcap;
	/* memo of reclaim_takes_in: (class, directory) -> index in v, or -1 */
	uint64_t *mkey;
	int *mval;
	size_t mcap, mn;
	/* the calls of entry functions the walk left out for a live= gate
	 * (`if (!inode->i_nlink) ...` in ->evict_inode), with their row */
	struct rgate { int call, row; } *gates;
	size_t ngates, capgates;
	unsigned char *fsq; /* per a->fstops[i]: FSQ_* bits (quiet_index()) */
};

struct entry {
	int fn, row, ref;
	uint32_t dir;
	unsigned char *reach; /* live= row: per call of fn, 1 when it runs with the freed object's
				 live member non-zero (inode->i_nlink: reclaim evicts linked inodes), else NULL */
};

static size_t hslot_in(const uint32_t *keys, size_t cap, uint32_t k)
{
	size_t i = ((size_t)k * 2654435761u) & (cap - 1);
	while (keys[i] && keys[i] != k)
		i = (i + 1) & (cap - 1);
	return i;
}

static void index_in(struct reclaim *R, uint32_t *keys, int *vals, uint32_t k, int idx)
{
	if (!k)
		return;
	size_t s = hslot_in(keys, R->hcap, k);
	if (!keys[s]) {
		keys[s] = k;
		vals[s] = idx;
	} else if (R->v[vals[s]].kswapd && !R->v[idx].kswapd) {
		vals[s] = idx; /* a direct path beats a kswapd one */
	}
}

/* "@1|jffs2_inode_info.sem" -> "jffs2_inode_info.sem": the class a wrapper's
 * parameter names, wherever it is keyed again */
static uint32_t class_base(uint32_t cls)
{
	return lock_class_unkeyed(cls);
}

/* The model reclaim row a ref's `init:FIELD` / `assign:FIELD` names, or NULL. */
static const struct mrow *entry_row(const struct model *m, const char *how)
{
	const char *f = ref_stored_field(how);
	if (!f)
		return NULL;
	const char *dot = strrchr(f, '.');
	for (size_t i = 0; i < m->n; i++) {
		const struct mrow *r = &m->rows[i];
		if (r->kind != ROW_RECLAIM || r->never || !mrow_applies(m, r))
			continue;
		const char *rn = istr(r->name), *rdot = strchr(rn, '.');
		if (dot && dot != f ? strcmp(rn, f) == 0 : strcmp(rdot + 1, dot ? dot + 1 : f) == 0)
			return r;
	}
	return NULL;
}

/* Does a `kind=none file=PATH` row say that reclaim never runs entry `name`
 * of file `path` (nsfs: no inode or dentry of it sits on an LRU)? */
static int never_entry(const struct model *m, uint32_t name, const char *path)
{
	for (size_t i = 0; i < m->n; i++) {
		const struct mrow *r = &m->rows[i];
		if (r->kind == ROW_RECLAIM && r->never && r->name == name && mrow_applies(m, r) &&
		    strcmp(istr(r->in_file), path) == 0)
			return 1;
	}
	return 0;
}

/* Does reclaim row name `rn` ("super_operations.evict_inode") name the member
 * an indirect call goes through (`field`: the same, or ".evict_inode" when the
 * front end did not know the struct)? */
static int row_names_field(const char *rn, const char *field)
{
	return strcmp(rn, field) == 0 || (field[0] == '.' && strcmp(strchr(rn, '.'), field) == 0);
}

static int in_set(const uint32_t *v, size_t n, uint32_t x)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] == x)
			return 1;
	return 0;
}

/* Does function u never return (a `noreturn` row: panic(), BUG())? What it
 * does runs while the kernel dies: gfs2_assert_warn() -> panic() ->
 * ftrace_dump() -> mmap_read_lock() put mmap_lock into gfs2's reclaim set. */
static int never_returns(const struct analysis *a, int u)
{
	return a->noreturn && a->noreturn[u];
}

/* Does a `deferred ... when=reclaim` row say that function f's direct call c
 * never runs its callee in reclaim (gfs2_evict_inode() deletes an unlinked
 * inode only outside it: evict_should_delete() defers under PF_MEMALLOC)? */
static int deferred_in_reclaim(const struct analysis *a, int f, int c)
{
	const struct mrow *rows[8];
	int n = model_find(a->model, ROW_DEFERRED, a->prog->calls[c].callee, rows, 8);
	for (int i = 0; i < n; i++)
		if (rows[i]->in_reclaim && rows[i]->from == a->prog->funcs[f].name)
			return 1;
	return 0;
}

/* Per function that tests `current->flags & PF_MEMALLOC`, or a run-time debug
 * switch (model/debug.txt), in a condition: which of its calls reclaim, where
 * the flag is set and the debug checks are off, can reach
 * (reached_in_reclaim(); evict_should_delete() defers a gfs2 delete there,
 * btrfs_btree_balance_dirty() returns early, ubifs's dbg_check_inode_size()
 * returns 0 before it takes tnc_mutex). The others get NULL: every call. */
static unsigned char **memalloc_reach(struct analysis *a)
{
	const struct program *p = a->prog;
	unsigned char **m = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof(*m));
	for (size_t i = 0; i < p->nitems; i++) {
		const struct item *it = &p->items[i];
		if (it->kind != IT_IF || it->fn < 0 || !it->ctext || m[it->fn])
			continue;
		const char *t = strstr(istr(it->ctext), "PF_MEMALLOC");
		if ((!t || t[11] == '_') && !model_text_names(a->model, ROW_DEBUG, istr(it->ctext), 1))
			continue;
		int f = it->fn;
		m[f] = xmalloc(p->funcs[f].ncalls ? (size_t)p->funcs[f].ncalls : 1);
		reached_in_reclaim(a, f, m[f]);
	}
	return m;
}

/* Is the i-th call of function f one that reclaim never makes (a PF_MEMALLOC test)? */
static int dead_in_reclaim(const struct reclaim *R, int f, int i)
{
	return R->mreach && R->mreach[f] && !R->mreach[f][i];
}

/* Is the indirect call c into u an entry that a `kind=none` row says reclaim
 * never runs for u's file (evict() -> ->evict_inode into nsfs_evict())? */
static int never_target(const struct analysis *a, int c, int u)
{
	const struct program *p = a->prog;
	const char *field = istr(p->calls[c].callee);
	const char *path = p->files[p->funcs[u].file].path;
	for (size_t i = 0; i < a->model->n; i++) {
		const struct mrow *r = &a->model->rows[i];
		if (r->kind != ROW_RECLAIM || !r->never || !mrow_applies(a->model, r) || strcmp(istr(r->in_file), path) != 0)
			continue;
		if (row_names_field(istr(r->name), field))
			return 1;
	}
	const struct reclaim *R = a->reclaim;
	if (R && (R->npin || R->npseudo)) { /* ->evict_inode into a filesystem that pins its dentries, or a pseudo one */
		uint32_t d = intern(p->files[p->funcs[u].file].dir);
		int hit = in_set(R->pseudo, R->npseudo, intern(path));
		for (size_t k = 0; k < R->npin && !hit; k++)
			hit = R->pin[k] == d;
		for (size_t i = 0; hit && i < a->model->n; i++) {
			const struct mrow *r = &a->model->rows[i];
			if (r->kind == ROW_RECLAIM && r->via_dcache && mrow_applies(a->model, r) &&
			    row_names_field(istr(r->name), field))
				return 1;
		}
	}
	return 0;
}

static void collect_entries(const struct analysis *a, struct entry **v, size_t *n)
{
	const struct program *p = a->prog;
	size_t cap = 0;
	for (size_t i = 0; i < p->nrefs; i++) {
		const struct ref *rf = &p->refs[i];
		const struct mrow *r = entry_row(a->model, istr(rf->how));
		if (!r)
			continue;
		int f = graph_resolve_in(a, rf->file, rf->fn, rf->name);
		if (f < 0 || never_entry(a->model, r->name, p->files[rf->file].path))
			continue;
		struct entry e = {f, (int)(r - a->model->rows), (int)i, intern(p->files[rf->file].dir), NULL};
		VEC_PUSH(*v, *n, cap, e);
	}
}

static int cmp_entry(const void *x, const void *y)
{
	const struct entry *a = x, *b = y;
	if (a->dir != b->dir)
		return strcmp(istr(a->dir), istr(b->dir));
	return a->ref - b->ref;
}

#define NCONST 4

/* Constants parameters of a function hold on a reclaim walk into it. */
struct cstate {
	int n;
	int k[NCONST];
	long long v[NCONST];
};

struct bfs {
	int *stamp, *parent, *depth, *from; /* per function */
	uint32_t *fs;  /* per function: the filesystem the path is in, 0 generic */
	int *queue;
	size_t qcap;
	int cur;
	struct binds *binds; /* function-pointer arguments bound on this filesystem's walks */
	/* per function: the live= entry (with reach) it is in its own filesystem,
	 * and whether this walk entered it through that entry's member (generic
	 * evict() -> ->evict_inode): then its calls that run only for an unlinked
	 * inode are no reclaim path here either */
	const struct entry **live;
	char *via_live;
	/* constant arguments carried along the walk (issue 11 point 6 for reclaim
	 * paths): per function, the constants its parameters hold on every walk
	 * into it so far, and the calls they leave reachable (NULL: every call) */
	struct cstate *cs;
	unsigned char **creach;
	/* the live= gate carried into callees (ni_clear(ntfs_i(inode)) from
	 * ntfs_evict_inode(), which tests `!ni->vfs_inode.i_nlink` itself): per
	 * function, the parameter that is the freed object on every walk into it
	 * so far (-1: none), and the calls it makes with that object's live member
	 * non-zero (NULL: every call) */
	int *lobj;
	unsigned char **lreach;
	uint32_t *lmem; /* per function: the member lobj's gate is about (i_nlink) */
	/* the live= members of the model's reclaim rows, each once: a caller's
	 * own test of one gates its callee too (call_gate()) */
	uint32_t lives[4];
	int nlives;
	const uint32_t *pmask; /* per function: parameters tested in a condition or passed on (bit k) */
	const uint32_t *tmask; /* per function: parameters tested in a condition */
	/* per function: a lock wrapper whose locks its parameters choose
	 * (xfs_ilock(ip, lock_flags)): 1, 0 not, -1 not yet known. Its own
	 * acquisitions are read per call into it, with that call's constants */
	signed char *fwrap;
	char *allconst; /* per flag wrapper: every walk into it so far passed constants it tests */
};

/* Does indirect call c call through the member of entry e's row
 * ("super_operations.evict_inode", or an untyped ".evict_inode")? */
static int icall_of_entry(const struct analysis *a, int c, const struct entry *e)
{
	const char *callee = istr(a->prog->calls[c].callee);
	const char *row = istr(a->model->rows[e->row].name);
	const char *cm = strrchr(callee, '.'), *rm = strrchr(row, '.');
	if (!cm || !rm || strcmp(cm, rm) != 0)
		return 0;
	return cm == callee || ((size_t)(cm - callee) == (size_t)(rm - row) && strncmp(callee, row, (size_t)(rm - row)) == 0);
}

/* The lock class call c takes (sleeping, not a trylock), or 0. */
static uint32_t takes(struct analysis *a, int c)
{
	const struct mrow *r = flow_lock_row(a, c, 0);
	if (!r)
		return 0;
	if (a->call_cls[c] == UINT32_MAX)
		a->call_cls[c] = lock_class(a, c, r);
	return a->call_cls[c];
}

static void add_class(struct analysis *a, struct reclaim *R, const struct bfs *B, const struct entry *E, int nent,
		      uint32_t cls, int c, int kswapd)
{
	const struct program *p = a->prog;
	struct rclass rc;
	memset(&rc, 0, sizeof(rc));
	rc.cls = cls;
	int f = p->calls[c].fn, root = f;
	while (B->parent[root] >= 0) /* the entry the chain starts at (a walk with fewer constants may have re-parented it) */
		root = p->calls[B->parent[root]].fn;
	const struct entry *e = &E[B->from[root]];
	rc.dir = e->dir;
	rc.row = e->row;
	rc.ref = e->ref;
	rc.acquire = c;
	rc.kswapd = kswapd;
	const struct mrow *lr = flow_lock_row(a, c, 0);
	rc.shared = lr && lr->shared;
	int n = 0;
	for (int g = f; B->parent[g] >= 0; g = p->calls[B->parent[g]].fn)
		n++;
	rc.path = xmalloc(sizeof(int) * (size_t)(n ? n : 1));
	rc.npath = n;
	for (int g = f, k = n; B->parent[g] >= 0; g = p->calls[B->parent[g]].fn)
		rc.path[--k] = B->parent[g];
	(void)nent;
	VEC_PUSH(R->v, R->n, R->cap, rc);
}

/* The filesystem a reclaim path from entry e is in: the one of the code that
 * stores the entry function (fs/ext4 for ext4_evict_inode); for an ops table of
 * a filesystem written in one file of fs/ (binfmt_misc.c, nsfs.c) that file;
 * generic entries (super_cache_scan() as a shrinker) 0: they enter a filesystem
 * at their first indirect call. */
static uint32_t entry_fs(const struct analysis *a, const struct entry *e)
{
	const struct program *p = a->prog;
	const char *dir = istr(e->dir);
	uint32_t fs = fs_of(a, dir);
	if (fs)
		return fs;
	const char *row = istr(a->model->rows[e->row].name);
	/* an ops table of a filesystem outside a registering fs/ directory (one
	 * file of fs/: binfmt_misc.c; shmem in mm/, bpffs in kernel/bpf/, dma-buf's
	 * pseudo filesystem): that file */
	if (strncmp(row, "shrinker.", 9) != 0)
		return intern(p->files[p->refs[e->ref].file].path);
	return 0;
}

/* The refs that store into member `policy` (super_operations.drop_inode),
 * found once per policy: a scan of every ref per filesystem had been 3% of a
 * whole-kernel run. */
struct polrefs {
	uint32_t policy;
	int *refs, n, cap, built;
};

static const struct polrefs *policy_refs(const struct analysis *a, uint32_t policy, struct polrefs *pr)
{
	if (pr->built && pr->policy == policy)
		return pr;
	const struct program *p = a->prog;
	const char *pol = istr(policy);
	pr->n = 0;
	pr->policy = policy;
	pr->built = 1;
	for (size_t i = 0; i < p->nrefs; i++) {
		const char *field = ref_stored_field(istr(p->refs[i].how));
		if (field && row_names_field(pol, field))
			VEC_PUSH(pr->refs, pr->n, pr->cap, (int)i);
	}
	return pr;
}

/* Does filesystem fs (entry_fs) store into member `policy`
 * (super_operations.drop_inode) only functions of dropper rows, or none? */
static int policy_drops(const struct analysis *a, uint32_t fs, uint32_t policy, struct polrefs *pr)
{
	const struct program *p = a->prog;
	const struct polrefs *P = policy_refs(a, policy, pr);
	for (int i = 0; i < P->n; i++) {
		const struct ref *rf = &p->refs[P->refs[i]];
		uint32_t rfs = fs_of(a, p->files[rf->file].dir); /* the ref's filesystem as entry_fs() names it */
		if (!rfs)
			rfs = intern(p->files[rf->file].path);
		if (rfs != fs)
			continue;
		if (!model_find1(a->model, ROW_DROPPER, rf->name))
			return 0;
	}
	return 1;
}

/* The structs of the ops tables reclaim enters a filesystem through (a
 * reclaim row's struct, other than the shrinker), and file_system_type, as
 * interned names (0 when the scan never named one); *n gets the count. */
static uint32_t *fs_ops_structs(const struct model *m, int *n)
{
	uint32_t *v = NULL;
	int cap = 0;
	*n = 0;
	VEC_PUSH(v, *n, cap, intern_lookup_n("file_system_type", 16));
	for (size_t i = 0; i < m->n; i++) {
		const struct mrow *r = &m->rows[i];
		if (r->kind != ROW_RECLAIM)
			continue;
		const char *rn = istr(r->name), *dot = strchr(rn, '.');
		if (dot && dot != rn && strncmp(rn, "shrinker.", 9) != 0)
			VEC_PUSH(v, *n, cap, intern_lookup_n(rn, (size_t)(dot - rn)));
	}
	return v;
}

/* Every other method of a filesystem outside a registering fs/ directory (its
 * file_system_type's ->kill_sb, its super_operations) belongs to the file that
 * stores it, as its reclaim entries do: resctrl's rdt_kill_sb() to
 * arch/x86/kernel/cpu/resctrl/rdtgroup.c, so that an ecryptfs path's
 * deactivate_super() -> ->kill_sb does not go on into it. Only a method
 * defined in the file that stores it. */
static void fs_methods(const struct analysis *a, uint32_t *ent_fs)
{
	const struct program *p = a->prog;
	int nops;
	uint32_t *ops = fs_ops_structs(a->model, &nops);
	for (size_t i = 0; i < p->nrefs; i++) {
		const struct ref *rf = &p->refs[i];
		const char *how = istr(rf->how);
		const char *field = ref_stored_field(how);
		const char *dot = field ? strchr(field, '.') : NULL;
		uint32_t st = dot && dot != field ? intern_lookup_n(field, (size_t)(dot - field)) : 0;
		int is_ops = 0;
		for (int k = 0; st && k < nops && !is_ops; k++)
			is_ops = ops[k] == st;
		if (!is_ops)
			continue;
		int f = graph_resolve_in(a, rf->file, rf->fn, rf->name);
		if (f < 0 || ent_fs[f] || fs_of(a, p->files[rf->file].dir) || p->funcs[f].file != rf->file)
			continue; /* (a library function stored there, simple_statfs(), stays generic) */
		ent_fs[f] = intern(p->files[rf->file].path);
	}	free(ops);
}

/* The filesystem of function u for the walks: its fs/ directory, else the
 * entry_fs() of the ops entry it is (shmem_evict_inode(): "mm/shmem.c"), else
 * 0 (generic code). evict()'s ->evict_inode from shmem's iput() then goes
 * into shmem's method only, not binfmt_misc's. */
static uint32_t walk_fs(const struct analysis *a, int u)
{
	uint32_t fs = fs_of_func(a, u);
	return fs ? fs : a->reclaim && a->reclaim->ent_fs ? a->reclaim->ent_fs[u] : 0;
}

/* Set E[i].reach for the entries of a live= row (->evict_inode) of a
 * filesystem whose policy= member drops the objects the live member says are
 * dead (an unlinked inode is evicted at its last iput, never by reclaim): which
 * calls of the entry function run with that member of the freed parameter
 * ("inode->i_nlink") non-zero. */
static void set_live(struct analysis *a, struct entry *E, int n, struct polrefs *pr)
{
	const struct program *p = a->prog;
	uint32_t memo_fs = 0, memo_pol = 0;
	int memo = 0;
	for (int i = 0; i < n; i++) {
		const struct mrow *r = &a->model->rows[E[i].row];
		uint32_t fs = entry_fs(a, &E[i]);
		const struct func *fn = &p->funcs[E[i].fn];
		if (!r->live || r->freed_obj < 0 || r->freed_obj >= fn->nparams || !fs)
			continue;
		if (!r->policy) { /* live= without a policy: the member is non-zero whatever the filesystem */
			memo_fs = 0;
			memo = 1;
		} else if (fs != memo_fs || r->policy != memo_pol) { /* one scan of the refs per filesystem */
			memo_fs = fs;
			memo_pol = r->policy;
			memo = policy_drops(a, fs, r->policy, pr);
		}
		if (!memo)
			continue;
		E[i].reach = xmalloc(fn->ncalls ? (size_t)fn->ncalls : 1);
		reached_if_nonzero(a, E[i].fn, r->freed_obj, r->live, E[i].reach);
	}
}

static int returns_owned(const struct analysis *a, int w, const struct mrow *r, int depth);

/* Does function f assign variable v from a call that returns a dentry with a
 * reference the caller owns: a src= call of pinner row r (lookup_one_len()),
 * or a function of the scan that returns such a dentry
 * (binderfs_create_dentry())? */
static int owned_dentry(const struct analysis *a, int f, uint32_t v, const struct mrow *r, int depth)
{
	const struct program *p = a->prog;
	const struct func *fn = &p->funcs[f];
	for (int i = 0; v && i < fn->ncalls; i++) {
		const struct call *o = &p->calls[fn->calls[i]];
		if (o->is_icall || o->lhs != v)
			continue;
		for (int k = 0; k < r->nsrcs; k++)
			if (o->callee == r->srcs[k])
				return 1;
		if (depth < 2 && o->target >= 0 && o->target != f && returns_owned(a, o->target, r, depth + 1))
			return 1;
	}
	return 0;
}

/* Does function w return a local it assigned from a call owned_dentry()
 * accepts (`dentry = lookup_one_len(...); ... return dentry;`)? The return
 * statement is read in w's text (the facts' `return` records carry no
 * expression). */
static int returns_owned(const struct analysis *a, int w, const struct mrow *r, int depth)
{
	const struct program *p = a->prog;
	const struct func *fn = &p->funcs[w];
	for (int i = 0; i < fn->ncalls; i++) {
		const struct call *o = &p->calls[fn->calls[i]];
		if (o->is_icall || !o->lhs || !is_ident(istr(o->lhs)) || !owned_dentry(a, w, o->lhs, r, depth))
			continue;
		const struct srcfile *sf = fn_src((struct analysis *)a, fn);
		struct fnuse u;
		if (!fnuse_begin(&u, sf, fn, istr(o->lhs)))
			return 0;
		while (fnuse_next(&u)) {
			const char *line = u.line[u.at.line - 1];
			const char *q = u.s;
			while (q > line && (q[-1] == ' ' || q[-1] == '\t'))
				q--;
			if (q - line >= 6 && strncmp(q - 6, "return", 6) == 0 &&
			    (q - line == 6 || !(isalnum((unsigned char)q[-7]) || q[-7] == '_')) && fnuse_after(&u) == ';')
				return 1;
		}
	}
	return 0;
}

/* Does function f call r's drop= (dput()) on dentry text d after call c? */
static int dropped_after(const struct analysis *a, int f, const struct call *c, uint32_t d, const struct mrow *r)
{
	const struct program *p = a->prog;
	const struct func *fn = &p->funcs[f];
	for (int i = 0; i < fn->ncalls; i++) {
		const struct call *o = &p->calls[fn->calls[i]];
		if (!o->is_icall && o->callee == r->drop && o->nargs && o->args[0] == d && pos_cmp(o->pos, c->pos) > 0)
			return 1;
	}
	return 0;
}

/* The directories whose code pins every dentry it instantiates: each call of
 * a pinner row (d_instantiate(), d_add(), ...) with an inode sits in a
 * function that also calls the row's hold= (dget()) on the same dentry, as
 * ramfs, shmem and bpffs do (`d_instantiate(dentry, inode); dget(dentry);`),
 * or that instantiates a dentry it owns a reference to and keeps it
 * (owned_dentry(), dropped_after(): binderfs).
 * The dentry shrinker never kills such a dentry and its inode keeps a
 * reference, so reclaim evicts no inode of that filesystem: it is evicted at
 * the unlink or the unmount that drops the pin. A pinner row without hold=
 * (init_pseudo()) makes the filesystem of its file a pseudo one (*pseudo: the
 * files): its dentries are never hashed, so the last dput() kills them, and
 * its inodes go at their last iput(). */
static uint32_t *pinning_dirs(const struct analysis *a, size_t *n, uint32_t **pseudo, size_t *npseudo)
{
	const struct program *p = a->prog;
	uint32_t *yes = NULL, *no = NULL;
	size_t ny = 0, cy = 0, nn = 0, cn = 0, cf = 0;
	*pseudo = NULL;
	*npseudo = 0;
	for (size_t c = 0; c < p->ncalls; c++) {
		const struct call *cl = &p->calls[c];
		const struct mrow *r = cl->is_icall || cl->fn < 0 ? NULL : model_find1(a->model, ROW_PINNER, cl->callee);
		if (r && !r->hold) { /* init_pseudo(): a pseudo filesystem, no dentry of it is ever hashed */
			VEC_PUSH(*pseudo, *npseudo, cf, intern(p->files[cl->file].path));
			continue;
		}
		if (!r || !cl->nargs || (cl->nargs > 1 && strcmp(istr(cl->args[1]), "NULL") == 0))
			continue; /* d_add(dentry, NULL): a negative dentry, no inode */
		const struct func *fn = &p->funcs[cl->fn];
		int held = 0;
		for (int i = 0; i < fn->ncalls && !held; i++) {
			const struct call *o = &p->calls[fn->calls[i]];
			held = !o->is_icall && o->callee == r->hold && o->nargs && o->args[0] == cl->args[0];
		}
		/* or the dentry came with a reference the function owns and keeps:
		 * `dentry = lookup_one_len(...); ... d_instantiate(dentry, inode);`
		 * with no dput(dentry) after (binderfs, debugfs-like trees) */
		if (!held && r->nsrcs && is_ident(istr(cl->args[0])))
			held = owned_dentry(a, cl->fn, cl->args[0], r, 0) &&
			       !dropped_after(a, cl->fn, cl, cl->args[0], r);
		uint32_t d = intern(p->files[cl->file].dir);
		if (held)
			VEC_PUSH(yes, ny, cy, d);
		else
			VEC_PUSH(no, nn, cn, d);
	}
	size_t w = 0;
	for (size_t i = 0; i < ny; i++) {
		int bad = 0;
		for (size_t j = 0; j < nn && !bad; j++)
			bad = no[j] == yes[i];
		for (size_t j = 0; j < w && !bad; j++)
			bad = yes[j] == yes[i];
		if (!bad)
			yes[w++] = yes[i];
	}
	free(no);
	*n = w;
	return yes;
}

/* Is the i-th call of entry function f (entered as entry e) one reclaim never
 * makes: reached only when the freed object's live= member is 0? */
static int dead_in_entry(const struct entry *e, int i)
{
	return e && e->reach && !e->reach[i];
}

/* Is `name` a whole word of text t, not a member (after `.` or `->`)? */
static int word_in(const char *t, const char *name)
{
	size_t n = strlen(t);
	for (const char *q = word_find(t, n, t, name); q; q = word_find(t, n, q + 1, name))
		if (q == t || (q[-1] != '.' && q[-1] != '>'))
			return 1;
	return 0;
}

/* Per function, the parameters (bit k, k < 31) that a condition of it tests
 * (*tmask) or that it passes on as a call's argument as they are (*pmask,
 * which includes the tested ones): only constants for those are carried. */
static void param_masks(const struct analysis *a, uint32_t **pmask, uint32_t **tmask)
{
	const struct program *p = a->prog;
	uint32_t *pm = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof(uint32_t));
	uint32_t *tm = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof(uint32_t));
	for (size_t i = 0; i < p->nitems; i++) {
		const struct item *it = &p->items[i];
		if (it->kind != IT_IF || it->fn < 0 || !it->ctext)
			continue;
		const struct func *fn = &p->funcs[it->fn];
		const char *t = istr(it->ctext);
		for (int k = 0; k < fn->nparams && k < 31; k++)
			if (!(tm[it->fn] & (1u << k)) && word_in(t, istr(p->params[fn->param0 + k].name)))
				tm[it->fn] |= 1u << k;
	}
	for (size_t f = 0; f < p->nfuncs; f++) {
		const struct func *fn = &p->funcs[f];
		pm[f] = tm[f];
		for (int i = 0; i < fn->ncalls; i++) {
			const struct call *cl = &p->calls[fn->calls[i]];
			for (int j = 0; j < cl->nargs; j++)
				for (int k = 0; k < fn->nparams && k < 31; k++)
					if (cl->args[j] == p->params[fn->param0 + k].name)
						pm[f] |= 1u << k;
		}
	}
	*pmask = pm;
	*tmask = tm;
}

/* The constants call c (in f, whose parameters hold B->cs[f]) gives u's
 * parameters: a constant argument, or f's parameter passed on as it is. */
static void call_consts(const struct analysis *a, const struct bfs *B, int f, int c, int u, struct cstate *out)
{
	const struct program *p = a->prog;
	const struct call *cl = &p->calls[c];
	const struct cstate *in = &B->cs[f];
	out->n = 0;
	for (int j = 0; j < cl->nargs && j < p->funcs[u].nparams && j < 31 && out->n < NCONST; j++) {
		if (!(B->pmask[u] & (1u << j)))
			continue;
		long long v;
		int known = arg_macro_constant(a, istr(cl->args[j]), &v);
		for (int i = 0; i < in->n && !known; i++)
			if (cl->args[j] == p->params[p->funcs[f].param0 + in->k[i]].name) {
				v = in->v[i];
				known = 1;
			}
		if (known) {
			out->k[out->n] = j;
			out->v[out->n++] = v;
		}
	}
}

/* Keep in *cs only the constants *nx has too (a walk into the function with
 * fewer constants reaches more); returns whether *cs lost one. */
static int cs_meet(struct cstate *cs, const struct cstate *nx)
{
	int w = 0;
	for (int i = 0; i < cs->n; i++) {
		int keep = 0;
		for (int j = 0; j < nx->n && !keep; j++)
			keep = nx->k[j] == cs->k[i] && nx->v[j] == cs->v[i];
		if (keep) {
			cs->k[w] = cs->k[i];
			cs->v[w++] = cs->v[i];
		}
	}
	int lost = w < cs->n;
	cs->n = w;
	return lost;
}

/* Is u on the walk's chain to f (f itself or an ancestor)? Then a call of f
 * into u is a recursion, and u keeps its chain. */
static int on_chain(const struct analysis *a, const struct bfs *B, int f, int u)
{
	for (int g = f, n = 0; n <= RECLAIM_DEPTH + 1; n++) {
		if (g == u)
			return 1;
		if (B->parent[g] < 0)
			return 0;
		g = a->prog->calls[B->parent[g]].fn;
	}
	return 1; /* longer than any chain the walk makes: leave it */
}

/* Set B->creach[u] from B->cs[u]: the calls u's constants leave reachable,
 * NULL when none of them is tested in u. */
static void cs_reach(struct analysis *a, struct bfs *B, int u)
{
	free(B->creach[u]);
	B->creach[u] = NULL;
	const struct cstate *cs = &B->cs[u];
	int tested = 0;
	for (int i = 0; i < cs->n && !tested; i++)
		tested = (B->tmask[u] >> cs->k[i]) & 1u;
	if (!tested)
		return;
	const struct func *fn = &a->prog->funcs[u];
	B->creach[u] = xmalloc(fn->ncalls ? (size_t)fn->ncalls : 1);
	reached_with_consts(a, u, cs->k, cs->v, cs->n, B->creach[u]);
}

/* Is one of directories x, y the other or below it ("drivers/gpu/drm" and
 * "drivers/gpu/drm/msm")? */
static int dir_related(const char *x, const char *y)
{
	size_t nx = strlen(x), ny = strlen(y);
	if (nx > ny) {
		const char *t = x;
		x = y;
		y = t;
		size_t tn = nx;
		nx = ny;
		ny = tn;
	}
	return strncmp(x, y, nx) == 0 && (y[nx] == 0 || y[nx] == '/');
}

/* The driver a reclaim walk starts in: the directory of its entries when they
 * are under drivers/ (a driver's shrinker), else 0. */
static uint32_t driver_dir(uint32_t dir)
{
	return strncmp(istr(dir), "drivers/", 8) == 0 ? dir : 0;
}

/* Is u a function of another driver than the walk's (ddir: driver_dir())? An
 * indirect call on a driver's reclaim path works on that driver's objects: the
 * msm GEM shrinker's drm_gem_object_put() -> ->free goes into msm's method, not
 * into xen's or another DRM driver's. Code outside drivers/ (mm/, lib/) and the
 * driver's parent directories (drivers/gpu/drm) stay open to it. */
static int other_driver(const struct analysis *a, uint32_t ddir, int u)
{
	if (!ddir)
		return 0;
	const char *ud = a->prog->files[a->prog->funcs[u].file].dir;
	return strncmp(ud, "drivers/", 8) == 0 && !dir_related(istr(ddir), ud);
}

static int passed_as(const struct analysis *a, int c, int f, int k, int u);

/* The parameter of u that call c (in f) passes the freed object as, when f
 * runs under the entry's live= gate (B->lobj[f]), or -1. */
static int live_param(const struct analysis *a, const struct bfs *B, int f, int c, int u)
{
	return B->lobj[f] >= 0 && a->prog->calls[c].target == u ? passed_as(a, c, f, B->lobj[f], u) : -1;
}

/* Enter u with the object its parameter k points to known to have member
 * `member` non-zero (k < 0: no gate): u's calls reached so (B->lreach). */
static void live_enter(struct analysis *a, struct bfs *B, int u, int k, uint32_t member)
{
	free(B->lreach[u]);
	B->lreach[u] = NULL;
	B->lobj[u] = -1;
	if (k < 0 || !member)
		return;
	B->lobj[u] = k;
	B->lmem[u] = member;
	B->lreach[u] = xmalloc(a->prog->funcs[u].ncalls ? (size_t)a->prog->funcs[u].ncalls : 1);
	reached_if_nonzero(a, u, k, member, B->lreach[u]);
}

/* Does a condition of f test member m (`inode->i_nlink`)? */
static int tests_member(const struct analysis *a, int f, uint32_t m)
{
	const struct program *p = a->prog;
	const struct func *fn = &p->funcs[f];
	const char *ms = istr(m);
	size_t ml = strlen(ms);
	for (int i = 0; i < fn->nitems; i++) {
		const struct item *it = &p->items[fn->items[i]];
		if (it->kind != IT_IF || !it->ctext)
			continue;
		const char *t = istr(it->ctext);
		for (const char *q = strstr(t, ms); q; q = strstr(q + 1, ms))
			if (q > t && (q[-1] == '>' || q[-1] == '.') && !(isalnum((unsigned char)q[ml]) || q[ml] == '_'))
				return 1;
	}
	return 0;
}

/* The gate direct call c (in f) carries into u: the parameter of u that
 * points to an object whose live member (*member) is non-zero at the call, or
 * -1. Either f runs under a gate and passes that object on (live_param()),
 * or f makes the call only after testing the member of an object it passes
 * (ubifs_write_inode(): `if (inode->i_nlink) err = ubifs_jnl_write_inode(c,
 * inode);` -- and ubifs_jnl_write_inode() walks the xattrs, taking
 * tnc_mutex, only when `!inode->i_nlink`). */
static int call_gate(struct analysis *a, const struct bfs *B, int f, int c, int u, uint32_t *member)
{
	const struct program *p = a->prog;
	*member = 0;
	if (p->calls[c].target != u)
		return -1;
	int k = live_param(a, B, f, c, u);
	if (k >= 0) {
		*member = B->lmem[f];
		return k;
	}
	const struct func *fn = &p->funcs[f];
	for (int m = 0; m < B->nlives; m++) {
		if (!tests_member(a, f, B->lives[m]))
			continue;
		for (int q = 0; q < fn->nparams && q < 31; q++) {
			if (!(B->tmask[f] & (1u << q)))
				continue;
			int ku = passed_as(a, c, f, q, u);
			if (ku >= 0 && !reached_if_zero(a, f, q, B->lives[m], c)) {
				*member = B->lives[m];
				return ku;
			}
		}
	}
	return -1;
}

/* Breadth-first from one filesystem's entry functions E[0..n): the classes
 * its reclaim takes, each once (kswapd-only entries in a second round). */
static void note_gate(struct reclaim *R, int c, int row)
{
	for (size_t k = 0; k < R->ngates; k++)
		if (R->gates[k].call == c)
			return;
	struct rgate g = {c, row};
	VEC_PUSH(R->gates, R->ngates, R->capgates, g);
}

/* Record that the walk met class cls at call c (in a function the walk
 * reached, with B's chain to it), once per class: the first chain found is
 * the shortest; a writer replaces a reader as evidence. */
static void record_take(struct analysis *a, struct reclaim *R, const struct bfs *B, const struct entry *E, int n,
			size_t first, uint32_t cls, int c, int kswapd)
{
	int seen = -1;
	for (size_t k = first; k < R->n && seen < 0; k++)
		if (R->v[k].cls == cls)
			seen = (int)k;
	if (seen < 0) {
		add_class(a, R, B, E, n, cls, c, kswapd);
	} else if (R->v[seen].shared && !R->v[seen].kswapd) {
		const struct mrow *lr = flow_lock_row(a, c, 0);
		if (lr && !lr->shared && !kswapd) { /* a writer beats a reader as evidence */
			free(R->v[seen].path);
			R->v[seen] = R->v[--R->n];
			add_class(a, R, B, E, n, cls, c, kswapd);
		}
	}
}

/* Is u a lock wrapper whose parameters choose what it takes: it tests a
 * parameter and takes a lock itself (xfs_ilock(): `if (lock_flags &
 * XFS_IOLOCK_EXCL) down_write_nested(&VFS_I(ip)->i_rwsem, ...)`)? */
static int flag_wrapper(struct analysis *a, struct bfs *B, int u)
{
	if (B->fwrap[u] < 0) {
		const struct func *fn = &a->prog->funcs[u];
		int takes_any = 0;
		for (int i = 0; i < fn->ncalls && !takes_any; i++)
			takes_any = takes(a, fn->calls[i]) != 0;
		B->fwrap[u] = (signed char)(B->tmask[u] && takes_any);
	}
	return B->fwrap[u];
}

/* Call c (in f) into the flag wrapper u, passing constants u tests: the
 * locks u takes with them. The walk's state of u is met over all its callers
 * (xfs_ilock() is called with ILOCK from xfs_reclaim_inode() and with other
 * flags elsewhere), so while every call into u passes such constants
 * (B->allconst), u's own acquisitions are read here, per call, instead. A
 * call that passes none (evict() -> ->evict_inode) leaves them to u's walk,
 * with its live= gate. */
static int consts_tested(const struct bfs *B, int u, const struct cstate *nx)
{
	for (int i = 0; i < nx->n; i++)
		if ((B->tmask[u] >> nx->k[i]) & 1u)
			return 1;
	return 0;
}

static void wrapper_takes(struct analysis *a, struct reclaim *R, struct bfs *B, const struct entry *E, int n,
			  size_t first, int f, int c, int u, const struct cstate *nx, int kswapd)
{
	const struct func *fn = &a->prog->funcs[u];
	unsigned char *reach = xmalloc(fn->ncalls ? (size_t)fn->ncalls : 1);
	reached_with_consts(a, u, nx->k, nx->v, nx->n, reach);
	int saved = B->parent[u], saved_from = B->from[u];
	B->parent[u] = c; /* the chain: f's, then c */
	B->from[u] = B->from[f];
	for (int i = 0; i < fn->ncalls; i++) {
		if (!reach[i] || dead_in_reclaim(R, u, i))
			continue;
		uint32_t cls = takes(a, fn->calls[i]);
		if (cls)
			record_take(a, R, B, E, n, first, cls, fn->calls[i], kswapd);
	}
	B->parent[u] = saved;
	B->from[u] = saved_from;
	free(reach);
}

/* One pass of one filesystem's walk (one_fs()): what its steps share. */
struct walk {
	struct analysis *a;
	struct reclaim *R;
	struct bfs *B;
	const struct entry *E;
	int n;        /* entries */
	size_t first; /* the filesystem's classes start at R->v[first] */
	uint32_t ddir;
	int kswapd;   /* this pass walks the kswapd-only entries */
	size_t qt;    /* the queue's tail */
};

/* Queue the pass's entry functions, each once. */
static void walk_entries(struct walk *W)
{
	struct analysis *a = W->a;
	struct bfs *B = W->B;
	for (int i = 0; i < W->n; i++) {
		int f = W->E[i].fn;
		if (a->model->rows[W->E[i].row].kswapd != W->kswapd || B->stamp[f] == B->cur)
			continue;
		B->stamp[f] = B->cur;
		B->parent[f] = -1;
		B->depth[f] = 0;
		B->from[f] = i;
		B->fs[f] = entry_fs(a, &W->E[i]);
		B->cs[f].n = 0;
		free(B->creach[f]);
		B->creach[f] = NULL;
		free(B->lreach[f]);
		B->lreach[f] = NULL; /* the entry's own calls: dead_in_entry() */
		B->lobj[f] = W->E[i].reach ? a->model->rows[W->E[i].row].freed_obj : -1;
		B->lmem[f] = a->model->rows[W->E[i].row].live;
		binds_start(B->binds, a, f);
		VEC_PUSH(B->queue, W->qt, B->qcap, f);
	}
}

/* The classes call c (in f) takes: its own lock, or the classes its target
 * returns holding (a lock wrapper's; a flag wrapper's are read per call by
 * wrapper_takes()). tc: the constants c passes its direct target. */
static void walk_takes(struct walk *W, int f, int c, const struct cstate *tc)
{
	struct analysis *a = W->a;
	struct bfs *B = W->B;
	const struct program *p = a->prog;
	/* a flag wrapper's own acquisitions: read at each call into it */
	uint32_t cls = B->parent[f] >= 0 && flag_wrapper(a, B, f) && B->allconst[f] ? 0 : takes(a, c);
	/* the lock a wrapper takes on the object its caller passes and returns
	 * holding (inode_lock() of include/linux/fs.h): its callers record it,
	 * keyed by their argument (below), not its body by its parameter */
	for (int g = 0; cls && lock_class_keyed(cls) && B->parent[f] >= 0 && g < p->funcs[f].ngen; g++)
		if (p->funcs[f].gen[g].kind == HK_LOCK && p->funcs[f].gen[g].cls == cls)
			cls = 0;
	if (cls)
		record_take(a, W->R, B, W->E, W->n, W->first, cls, c, W->kswapd);
	int t = p->calls[c].target;
	if (t >= 0 && flag_wrapper(a, B, t) && consts_tested(B, t, tc))
		return;
	for (int g = 0; t >= 0 && g < p->funcs[t].ngen; g++) {
		const struct held *h = &p->funcs[t].gen[g];
		uint32_t wc = h->kind == HK_LOCK && h->cls && lock_class_keyed(h->cls) ? lock_class_at(a, c, h->cls) : 0;
		int dup = 0;
		for (size_t k = W->first; k < W->R->n && wc && !dup; k++)
			dup = W->R->v[k].cls == wc;
		if (wc && !dup && !lock_class_keyed(wc))
			add_class(a, W->R, B, W->E, W->n, wc, c, W->kswapd);
	}
}

/* Call c (in f) into target u (j < 0: its direct target, else the j-th
 * indirect one), with the constants nx it passes: u's walk, entered for the
 * first time or again when c brings it more. */
static void walk_into(struct walk *W, int f, int c, int j, int u, const struct cstate *nx)
{
	struct analysis *a = W->a;
	struct bfs *B = W->B;
	if (flag_wrapper(a, B, u) &&
	    !(j >= 0 && (never_target(a, c, u) || other_driver(a, W->ddir, u) ||
			 (walk_fs(a, u) && B->fs[f] && walk_fs(a, u) != B->fs[f])))) {
		int tested = consts_tested(B, u, nx);
		if (tested)
			wrapper_takes(a, W->R, B, W->E, W->n, W->first, f, c, u, nx, W->kswapd);
		if (B->stamp[u] != B->cur) {
			B->allconst[u] = (char)tested;
		} else if (B->allconst[u] && !tested) {
			B->allconst[u] = 0; /* u's walk reads its own acquisitions again */
			VEC_PUSH(B->queue, W->qt, B->qcap, u);
		}
	}
	if (B->stamp[u] == B->cur) {
		/* it passes a function for one of u's parameters that no walk
		 * into u passed yet, or fewer constants: through u again (a chain
		 * now through this call) */
		int again = binds_enter(B->binds, a, c, u);
		uint32_t gm;
		if (B->lobj[u] >= 0 && B->parent[u] >= 0 &&
		    (j >= 0 || call_gate(a, B, f, c, u, &gm) != B->lobj[u] || gm != B->lmem[u])) {
			live_enter(a, B, u, -1, 0); /* also reached without the gate */
			again = 1;
		}
		if (B->cs[u].n && cs_meet(&B->cs[u], nx)) {
			cs_reach(a, B, u);
			if (B->parent[u] >= 0 && !on_chain(a, B, f, u)) {
				B->parent[u] = c;
				B->depth[u] = B->depth[f] + 1;
			}
			again = 1;
		}
		if (again)
			VEC_PUSH(B->queue, W->qt, B->qcap, u);
		return;
	}
	/* An indirect call goes to the filesystem of the object it works on: a
	 * path in one filesystem's code does not go on into another's ops
	 * (generic code dispatching on an object of this filesystem reaches this
	 * filesystem's functions) */
	uint32_t ufs = walk_fs(a, u), cfs = B->fs[f];
	if (j >= 0 && ufs && cfs && ufs != cfs)
		return;
	if (j >= 0 && (never_target(a, c, u) || other_driver(a, W->ddir, u)))
		return;
	B->stamp[u] = B->cur;
	B->parent[u] = c;
	B->via_live[u] = (char)(j >= 0 && B->live[u] && icall_of_entry(a, c, B->live[u]));
	B->depth[u] = B->depth[f] + 1;
	B->from[u] = B->from[f];
	B->fs[u] = cfs ? cfs : j >= 0 ? ufs : 0; /* entered through its ops */
	B->cs[u] = *nx;
	cs_reach(a, B, u);
	uint32_t gm = 0;
	int gk = j < 0 ? call_gate(a, B, f, c, u, &gm) : -1;
	live_enter(a, B, u, gk, gm);
	binds_enter(B->binds, a, c, u);
	VEC_PUSH(B->queue, W->qt, B->qcap, u);
}

/* The calls of f the walk follows: not those its entry's gate, a PF_MEMALLOC
 * test or its constants leave unreached. */
static void walk_fn(struct walk *W, int f)
{
	struct analysis *a = W->a;
	struct bfs *B = W->B;
	const struct program *p = a->prog;
	const struct func *fn = &p->funcs[f];
	const struct entry *ent = B->parent[f] < 0 ? &W->E[B->from[f]] : B->via_live[f] ? B->live[f] : NULL;
	for (int i = 0; i < fn->ncalls; i++) {
		int c = fn->calls[i];
		if (dead_in_entry(ent, i)) {
			note_gate(W->R, c, ent->row);
			continue;
		}
		if (dead_in_reclaim(W->R, f, i) || (B->creach[f] && !B->creach[f][i]) || (B->lreach[f] && !B->lreach[f][i]))
			continue;
		int t = p->calls[c].target;
		struct cstate tc = {0};
		if (t >= 0)
			call_consts(a, B, f, c, t, &tc);
		walk_takes(W, f, c, &tc);
		int ni;
		const int *it = binds_targets(B->binds, a, c, &ni);
		if (!it)
			it = icall_targets(a, c, &ni);
		for (int j = -1; j < ni && B->depth[f] < RECLAIM_DEPTH; j++) {
			int u = j < 0 ? t : it[j];
			if (u < 0 || never_returns(a, u) || (j < 0 && deferred_in_reclaim(a, f, c)))
				continue;
			struct cstate nx;
			if (j < 0)
				nx = tc;
			else
				call_consts(a, B, f, c, u, &nx);
			walk_into(W, f, c, j, u, &nx);
		}
	}
}

static void one_fs(struct analysis *a, struct reclaim *R, struct bfs *B, const struct entry *E, int n)
{
	struct walk W = {a, R, B, E, n, R->n, n ? driver_dir(E[0].dir) : 0, 0, 0};
	for (W.kswapd = 0; W.kswapd < 2; W.kswapd++) {
		B->cur++;
		size_t qh = 0;
		W.qt = 0;
		walk_entries(&W);
		while (qh < W.qt)
			walk_fn(&W, B->queue[qh++]);
	}
}

/* ---------------------------------------------------------------- freed objects */

/* One state of the second walk: function f entered with its parameter k
 * pointing to the object reclaim frees (-1: none of them does). */
struct fstate {
	int f, k, depth;
	uint32_t fs;
	int ent; /* the entry f is, at depth 0, or -1 */
};

/* The parameter of callee u through which call c (in f, whose parameter k is the
 * freed object) passes that object on, or -1. */
static int passed_as(const struct analysis *a, int c, int f, int k, int u)
{
	const struct program *p = a->prog;
	const struct call *cl = &p->calls[c];
	if (k < 0)
		return -1;
	for (int j = 0; j < cl->nargs && j < p->funcs[u].nparams && j < 31; j++)
		if (lock_on_object(a, f, istr(cl->args[j]), k))
			return j;
	return -1;
}

/* The argument an indirect call c passes as the object reclaim frees: the
 * `object=` of the reclaim row its member names (evict() -> ->evict_inode), or -1. */
static int freed_arg_of_call(const struct analysis *a, int c)
{
	const struct call *cl = &a->prog->calls[c];
	if (!cl->is_icall)
		return -1;
	const char *field = istr(cl->callee);
	for (size_t i = 0; i < a->model->n; i++) {
		const struct mrow *r = &a->model->rows[i];
		if (r->kind != ROW_RECLAIM || r->never || r->freed_obj < 0 || !mrow_applies(a->model, r))
			continue;
		if (row_names_field(istr(r->name), field))
			return r->freed_obj;
	}
	return -1;
}

/* Note that the walk met class cls in R->v[first..), and whether on some
 * object other than the freed one (bit 2) or on it (bit 1). */
static void mark(struct reclaim *R, size_t first, uint32_t cls, unsigned char *how, int on)
{
	for (size_t q = first; q < R->n; q++)
		if (R->v[q].cls == cls)
			how[q - first] |= on ? 1 : 2;
}

/* The second walk over one filesystem's reclaim paths: which classes are taken
 * only on the object reclaim frees. The same paths as one_fs() (filesystem
 * boundaries, kind=none rows, depth, the functions one_fs() bound to
 * parameters), but a function is walked once per way the freed object comes in. */
static void freed_pass(struct analysis *a, struct reclaim *R, const struct entry *E, int n, size_t first,
		       const struct binds *binds)
{
	const struct program *p = a->prog;
	if (R->n == first)
		return;
	uint32_t ddir = n ? driver_dir(E[0].dir) : 0;
	unsigned char *other = xcalloc(R->n - first, 1);
	uint32_t *seen = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof(uint32_t)); /* bit k+1: state (f, k) queued */
	struct fstate *q = NULL;
	size_t qn = 0, qcap = 0, qh = 0;
	for (int i = 0; i < n; i++) {
		if (a->model->rows[E[i].row].kswapd)
			continue; /* kswapd's own waits are no recursion of this task (missing-nofs skips them) */
		int k = a->model->rows[E[i].row].freed_obj;
		if (k >= p->funcs[E[i].fn].nparams || k > 30)
			k = -1;
		if (seen[E[i].fn] & (1u << (k + 1)))
			continue;
		seen[E[i].fn] |= 1u << (k + 1);
		struct fstate st = {E[i].fn, k, 0, entry_fs(a, &E[i]), i};
		VEC_PUSH(q, qn, qcap, st);
	}
	while (qh < qn) {
		struct fstate st = q[qh++];
		const struct func *fn = &p->funcs[st.f];
		for (int i = 0; i < fn->ncalls; i++) {
			int c = fn->calls[i];
			const struct call *cl = &p->calls[c];
			if (dead_in_entry(st.ent >= 0 ? &E[st.ent] : NULL, i) || dead_in_reclaim(R, st.f, i))
				continue;
			uint32_t cls = takes(a, c);
			if (cls) {
				const struct mrow *r = flow_lock_row(a, c, 0);
				int ai = r && r->arg_idx >= 0 ? r->arg_idx : 0;
				mark(R, first, cls, other,
				     r && !r->fs && ai < cl->nargs && lock_on_object(a, st.f, istr(cl->args[ai]), st.k));
			}
			int t = cl->target;
			for (int g = 0; t >= 0 && g < p->funcs[t].ngen; g++) { /* a lock wrapper's class here */
				const struct held *h = &p->funcs[t].gen[g];
				if (h->kind != HK_LOCK || !h->cls || !lock_class_keyed(h->cls))
					continue;
				uint32_t wc = lock_class_at(a, c, h->cls);
				const char *hs = istr(h->cls);
				long pk = hs[0] == '@' ? strtol(hs + 1, NULL, 10) : -1;
				mark(R, first, wc, other,
				     pk >= 0 && pk < cl->nargs && lock_on_object(a, st.f, istr(cl->args[pk]), st.k));
			}
			int ni;
			const int *it = binds_targets(binds, a, c, &ni);
			if (!it)
				it = icall_targets(a, c, &ni);
			int fa = ni ? freed_arg_of_call(a, c) : -1; /* once per call, not per target */
			for (int j = -1; j < ni && st.depth < RECLAIM_DEPTH; j++) {
				int u = j < 0 ? t : it[j];
				if (u < 0 || never_returns(a, u) || (j < 0 && deferred_in_reclaim(a, st.f, c)))
					continue;
				uint32_t ufs = walk_fs(a, u);
				if (j >= 0 && ufs && st.fs && ufs != st.fs)
					continue;
				if (j >= 0 && (never_target(a, c, u) || other_driver(a, ddir, u)))
					continue;
				int k2 = j >= 0 && fa >= 0 && fa < p->funcs[u].nparams && fa <= 30 ? fa
												 : passed_as(a, c, st.f, st.k, u);
				if (seen[u] & (1u << (k2 + 1)))
					continue;
				seen[u] |= 1u << (k2 + 1);
				struct fstate nx = {u, k2, st.depth + 1, st.fs ? st.fs : j >= 0 ? ufs : 0, -1};
				VEC_PUSH(q, qn, qcap, nx);
			}
		}
	}
	for (size_t i = first; i < R->n; i++)
		R->v[i].freed_only = other[i - first] == 1; /* met, and only on the freed object */
	free(other);
	free(seen);
	free(q);
}

/* The walks' state for nf functions (struct bfs), and its release. */
static void bfs_init(struct analysis *a, struct bfs *B, size_t nf)
{
	memset(B, 0, sizeof(*B));
	B->stamp = xcalloc(nf, sizeof(int));
	B->parent = xmalloc(nf * sizeof(int));
	B->depth = xmalloc(nf * sizeof(int));
	B->from = xmalloc(nf * sizeof(int));
	B->fs = xmalloc(nf * sizeof(uint32_t));
	B->queue = xmalloc(nf * sizeof(int));
	B->qcap = nf;
	B->binds = binds_new();
	B->cur = 0;
	B->cs = xcalloc(nf, sizeof(*B->cs));
	B->creach = xcalloc(nf, sizeof(*B->creach));
	B->lreach = xcalloc(nf, sizeof(*B->lreach));
	B->fwrap = xmalloc(nf);
	memset(B->fwrap, -1, nf);
	B->allconst = xcalloc(nf, 1);
	B->lobj = xmalloc(nf * sizeof(int));
	for (size_t i = 0; i < nf; i++)
		B->lobj[i] = -1;
	B->lmem = xcalloc(nf, sizeof(uint32_t));
	for (size_t r = 0; r < a->model->n; r++) {
		uint32_t m = a->model->rows[r].live;
		int dup = !m || a->model->rows[r].kind != ROW_RECLAIM;
		for (int i = 0; i < B->nlives && !dup; i++)
			dup = B->lives[i] == m;
		if (!dup && B->nlives < (int)(sizeof(B->lives) / sizeof(B->lives[0])))
			B->lives[B->nlives++] = m;
	}
	uint32_t *pmask, *tmask;
	param_masks(a, &pmask, &tmask);
	B->pmask = pmask;
	B->tmask = tmask;
}

static void bfs_free(struct bfs *B, size_t nf)
{
	free(B->stamp);
	free(B->parent);
	free(B->depth);
	free(B->from);
	free(B->fs);
	free(B->queue);
	for (size_t i = 0; i < nf; i++) {
		free(B->creach[i]);
		free(B->lreach[i]);
	}
	free(B->creach);
	free(B->lreach);
	free(B->lobj);
	free(B->lmem);
	free(B->fwrap);
	free(B->allconst);
	free(B->cs);
	free((void *)B->pmask);
	free((void *)B->tmask);
	free(B->live);
	free(B->via_live);
	binds_free(B->binds);
}

/* The entries by directory (E sorted so): per group [gb[g], ge[g]) the
 * entries the walk starts from, a pinning or pseudo filesystem's via=dcache
 * ones moved after ge[g] (no reclaim path), and their live= reach set first,
 * so that a walk entering another filesystem's entry function through
 * generic code applies its reach too. Returns the number of groups. */
static size_t entry_groups(struct analysis *a, struct reclaim *R, struct entry *E, size_t ne, struct polrefs *pr,
			   size_t *gb, size_t *ge)
{
	const struct program *p = a->prog;
	size_t ng = 0;
	for (size_t i = 0; i < ne;) {
		size_t j = i;
		while (j < ne && E[j].dir == E[i].dir)
			j++;
		size_t end = j;
		int pinned = 0;
		for (size_t k = 0; k < R->npin && !pinned; k++)
			pinned = R->pin[k] == E[i].dir;
		if (pinned || R->npseudo) { /* its via=dcache entries are none: move them to the end of the group */
			size_t w = i;
			for (size_t k = i; k < j; k++)
				if (!a->model->rows[E[k].row].via_dcache ||
				    (!pinned && !in_set(R->pseudo, R->npseudo, intern(p->files[p->refs[E[k].ref].file].path)))) {
					struct entry t = E[w];
					E[w++] = E[k];
					E[k] = t;
				}
			R->npinned += j - w;
			j = w;
		}
		if (j > i)
			set_live(a, E + i, (int)(j - i), pr);
		gb[ng] = i;
		ge[ng++] = j;
		i = end;
	}
	return ng;
}

/* The classes the walks found, indexed by class and by its directory form
 * (reclaim_takes()); classes met only on the freed object are left out. */
static void index_classes(struct analysis *a, struct reclaim *R)
{
	R->hcap = 64;
	while (R->hcap < R->n * 4 + 64)
		R->hcap *= 2;
	R->key = xcalloc(R->hcap, sizeof(*R->key));
	R->val = xcalloc(R->hcap, sizeof(*R->val));
	R->dkey = xcalloc(R->hcap, sizeof(*R->dkey));
	R->dval = xcalloc(R->hcap, sizeof(*R->dval));
	for (size_t k = 0; k < R->n; k++) {
		if (R->v[k].freed_only)
			continue;
		uint32_t b = class_base(R->v[k].cls);
		index_in(R, R->key, R->val, b, (int)k);
		index_in(R, R->dkey, R->dval, lock_class_dirform(a, b), (int)k);
	}
}

static void quiet_index(struct analysis *a, struct reclaim *R);

void reclaim_run(struct analysis *a)
{
	const struct program *p = a->prog;
	struct reclaim *R = xcalloc(1, sizeof(*R));
	a->reclaim = R;
	struct entry *E = NULL;
	size_t ne = 0;
	collect_entries(a, &E, &ne);
	struct polrefs pr = {0};
	R->nentries = ne;
	R->ent_fs = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof(uint32_t));
	R->mreach = memalloc_reach(a);
	for (size_t k = 0; k < ne; k++) /* a method defined where it is stored: generic_delete_inode() stays generic */
		if (E[k].fn >= 0 && !R->ent_fs[E[k].fn] && p->funcs[E[k].fn].file == p->refs[E[k].ref].file)
			R->ent_fs[E[k].fn] = entry_fs(a, &E[k]);
	fs_methods(a, R->ent_fs);
	if (ne)
		qsort(E, ne, sizeof(*E), cmp_entry);
	size_t nf = p->nfuncs ? p->nfuncs : 1;
	struct bfs B;
	bfs_init(a, &B, nf);
	R->pin = pinning_dirs(a, &R->npin, &R->pseudo, &R->npseudo);
	size_t *gb = xmalloc((ne + 1) * sizeof(size_t)), *ge = xmalloc((ne + 1) * sizeof(size_t));
	size_t ng = entry_groups(a, R, E, ne, &pr, gb, ge);
	B.live = xcalloc(nf, sizeof(*B.live));
	B.via_live = xcalloc(nf, 1);
	for (size_t k = 0; k < ne; k++)
		if (E[k].reach && E[k].fn >= 0 && !B.live[E[k].fn])
			B.live[E[k].fn] = &E[k];
	for (size_t g = 0; g < ng; g++) {
		size_t i = gb[g], j = ge[g];
		size_t first = R->n;
		R->edirs = xrealloc(R->edirs, (R->nedirs + 1) * sizeof(*R->edirs));
		R->edirs[R->nedirs++] = E[i].dir;
		if (j > i) {
			binds_reset(B.binds);
			one_fs(a, R, &B, E + i, (int)(j - i));
			freed_pass(a, R, E + i, (int)(j - i), first, B.binds);
		}
	}
	free(gb);
	free(ge);
	free(pr.refs);
	index_classes(a, R);
	quiet_index(a, R);
	bfs_free(&B, nf);
	for (size_t i = 0; i < ne; i++)
		free(E[i].reach);
	free(E);
}

void reclaim_free(struct analysis *a)
{
	struct reclaim *R = a->reclaim;
	if (!R)
		return;
	for (size_t k = 0; k < R->n; k++)
		free(R->v[k].path);
	free(R->v);
	free(R->key);
	free(R->val);
	free(R->dkey);
	free(R->dval);
	free(R->mkey);
	free(R->mval);
	free(R->edirs);
	free(R->fsq);
	free(R->pin);
	free(R->pseudo);
	free(R->ent_fs);
	free(R->gates);
	for (size_t f = 0; R->mreach && f < a->prog->nfuncs; f++)
		free(R->mreach[f]);
	free(R->mreach);
	free(R);
	a->reclaim = NULL;
}

/* Does function f take class base `want` (lock_class_base()), itself or in
 * its direct callees, depth levels down, among the first 256 functions
 * looked at? The call that does in *at. */
/* takes() without its memo, for the report side (the analysis is const there). */
static uint32_t takes_c(const struct analysis *a, int c)
{
	const struct mrow *r = flow_lock_row(a, c, 0);
	if (!r)
		return 0;
	return a->call_cls && a->call_cls[c] != UINT32_MAX ? a->call_cls[c] : lock_class(a, c, r);
}

static int takes_below(const struct analysis *a, int f, uint32_t want, int depth, int *seen, int *nseen, int *at)
{
	const struct program *p = a->prog;
	for (int k = 0; k < *nseen; k++)
		if (seen[k] == f)
			return 0;
	if (*nseen >= 256)
		return 0; /* a bounded look: each function once, at most 256 of them */
	seen[(*nseen)++] = f;
	const struct func *fn = &p->funcs[f];
	for (int i = 0; i < fn->ncalls; i++) {
		int c = fn->calls[i];
		uint32_t cls = takes_c(a, c);
		if (cls && lock_class_base(cls) == want) {
			*at = c;
			return 1;
		}
		int t = p->calls[c].target;
		if (t >= 0 && depth > 0 && takes_below(a, t, want, depth - 1, seen, nseen, at))
			return 1;
	}
	return 0;
}

int reclaim_gated(const struct analysis *a, uint32_t cls, const char *dir, int *gate, int *at, int *row)
{
	const struct reclaim *R = a->reclaim;
	const struct program *p = a->prog;
	if (!R || !cls || !dir)
		return 0;
	uint32_t want = lock_class_base(cls);
	for (size_t k = 0; k < R->ngates; k++) {
		const struct call *g = &p->calls[R->gates[k].call];
		if (g->target < 0 || strcmp(p->files[g->file].dir, dir) != 0)
			continue;
		int seen[256], nseen = 0, c = -1;
		uint32_t tc = takes_c(a, R->gates[k].call);
		if ((tc && lock_class_base(tc) == want && (c = R->gates[k].call) >= 0) ||
		    takes_below(a, g->target, want, 6, seen, &nseen, &c)) {
			*gate = R->gates[k].call;
			*at = c;
			*row = R->gates[k].row;
			return 1;
		}
	}
	return 0;
}

const struct rclass *reclaim_takes(const struct analysis *a, uint32_t cls)
{
	const struct reclaim *R = a->reclaim;
	if (!R || !cls || !R->n)
		return NULL;
	/* the same class; for a typed class (struct.member) also the untyped
	 * form reclaim holds when it did not know the struct (dir:.member); for
	 * an untyped class any typed class of that directory and member. Two
	 * different struct types never match. */
	cls = class_base(cls);
	size_t s = hslot_in(R->key, R->hcap, cls);
	if (R->key[s])
		return &R->v[R->val[s]];
	uint32_t d = lock_class_dirform(a, cls);
	if (d && (s = hslot_in(R->key, R->hcap, d), R->key[s]))
		return &R->v[R->val[s]];
	if (!d && (s = hslot_in(R->dkey, R->hcap, cls), R->dkey[s]))
		return &R->v[R->dval[s]];
	return NULL;
}

static const struct rclass *takes_in(const struct analysis *a, uint32_t cls, const char *dir)
{
	const struct rclass *any = reclaim_takes(a, cls);
	/* generic code: fs/ itself, mm/, include/, and the libraries of fs/ that
	 * register no filesystem (fs/quota's dqio_sem, held by v2_get_next_id(),
	 * is the one f2fs's eviction takes through dquot_initialize() -> dqget()
	 * -> dquot_acquire() -> v2_write_dquot()) */
	if (!any || !dir || !fs_of(a, dir) || lock_class_level(a, cls) == LC_GLOBAL)
		return any;
	const struct reclaim *R = a->reclaim;
	uint32_t d = intern(dir), b = class_base(cls), df = lock_class_dirform(a, b);
	const struct rclass *best = NULL;
	for (size_t k = 0; k < R->n; k++) {
		const struct rclass *r = &R->v[k];
		if (r->dir != d || r->freed_only)
			continue;
		/* as in reclaim_takes() */
		uint32_t rb = class_base(r->cls);
		if (rb != b && !(df && rb == df) && !(!df && lock_class_dirform(a, rb) == b))
			continue;
		if (!best || (best->kswapd && !r->kswapd))
			best = r;
	}
	return best;
}


enum { FSQ_LOUD = 1, FSQ_WALKED = 2 };

static void fsq_mark(const struct analysis *a, unsigned char *q, uint32_t fs, unsigned char bit)
{
	int i = fs_slot(a, fs);
	if (i >= 0)
		q[i] |= bit;
}

/* R->fsq, once per run: per filesystem, whether its reclaim entries were
 * walked, and whether it is not quiet (a class in its reclaim lock set, a
 * model lock, setter or handle row of it, or a function stored into a
 * writeback member of model/writeback.txt: reclaim may wait for its I/O,
 * which no lock shows). */
static void quiet_index(struct analysis *a, struct reclaim *R)
{
	const struct program *p = a->prog;
	unsigned char *q = xcalloc(a->nfstops ? a->nfstops : 1, 1);
	for (size_t i = 0; i < R->nedirs; i++)
		fsq_mark(a, q, fs_of(a, istr(R->edirs[i])), FSQ_WALKED);
	for (size_t k = 0; k < R->n; k++)
		if (!R->v[k].freed_only)
			fsq_mark(a, q, fs_of(a, istr(R->v[k].dir)), FSQ_LOUD);
	const struct mrow *wb[16];
	int nwb = 0;
	for (size_t r = 0; r < a->model->n; r++) {
		const struct mrow *row = &a->model->rows[r];
		if (!mrow_applies(a->model, row))
			continue;
		if (row->kind == ROW_WRITEBACK && nwb < (int)(sizeof(wb) / sizeof(wb[0])))
			wb[nwb++] = row;
		if ((row->kind == ROW_LOCK || row->kind == ROW_SETTER || row->kind == ROW_HANDLE) && row->fs) {
			char *dir = xasprintf("fs/%s", istr(row->fs)); /* the rows' fs=erofs is fs/erofs */
			fsq_mark(a, q, intern_lookup(dir), FSQ_LOUD);
			free(dir);
		}
	}
	for (size_t i = 0; i < p->nrefs && nwb; i++) {
		const char *f = ref_stored_field(istr(p->refs[i].how));
		const char *dot = f ? strrchr(f, '.') : NULL;
		if (!dot)
			continue;
		for (int r = 0; r < nwb; r++) {
			const char *rn = istr(wb[r]->name);
			/* STRUCT.MEMBER, or .MEMBER where the front end could not type the store */
			if (dot == f ? strcmp(strrchr(rn, '.'), dot) == 0 : strcmp(rn, f) == 0) {
				fsq_mark(a, q, fs_of(a, p->files[p->refs[i].file].dir), FSQ_LOUD);
				break;
			}
		}
	}
	R->fsq = q;
}

int reclaim_fs_quiet(const struct analysis *a, uint32_t fs, int *walked)
{
	const struct reclaim *R = a->reclaim;
	int i = R && R->fsq ? fs_slot(a, fs) : -1;
	*walked = i >= 0 && (R->fsq[i] & FSQ_WALKED);
	return i >= 0 && !(R->fsq[i] & FSQ_LOUD);
}

int reclaim_walked(const struct analysis *a, const char *dir)
{
	const struct reclaim *R = a->reclaim;
	uint32_t d = dir ? intern_lookup(dir) : 0;
	for (size_t i = 0; R && d && i < R->nedirs; i++)
		if (R->edirs[i] == d)
			return 1;
	return 0;
}

const struct rclass *reclaim_takes_in(const struct analysis *a, uint32_t cls, const char *dir)
{
	struct reclaim *R = a->reclaim;
	if (!R || !cls || !R->n)
		return NULL;
	/* a lock taken through a parameter ("@0|myfs_sb_info.gc_lock", keyed for the
	 * callers of a wrapper) is, in this function, the plain class */
	cls = lock_class_unkeyed(cls);
	uint64_t k = ((uint64_t)intern(dir ? dir : "") << 32) | cls;
	if (R->mn * 2 >= R->mcap) { /* grow: rehash */
		size_t ocap = R->mcap;
		uint64_t *ok = R->mkey;
		int *ov = R->mval;
		R->mcap = ocap ? ocap * 2 : 1024;
		R->mkey = xcalloc(R->mcap, sizeof(*R->mkey));
		R->mval = xcalloc(R->mcap, sizeof(*R->mval));
		for (size_t i = 0; i < ocap; i++)
			if (ok[i]) {
				size_t s = (size_t)(ok[i] * 0x9E3779B97F4A7C15ull >> 20) & (R->mcap - 1);
				while (R->mkey[s])
					s = (s + 1) & (R->mcap - 1);
				R->mkey[s] = ok[i];
				R->mval[s] = ov[i];
			}
		free(ok);
		free(ov);
	}
	size_t s = (size_t)(k * 0x9E3779B97F4A7C15ull >> 20) & (R->mcap - 1);
	while (R->mkey[s] && R->mkey[s] != k)
		s = (s + 1) & (R->mcap - 1);
	if (!R->mkey[s]) {
		const struct rclass *r = takes_in(a, cls, dir);
		R->mkey[s] = k;
		R->mval[s] = r ? (int)(r - R->v) : -1;
		R->mn++;
	}
	return R->mval[s] >= 0 ? &R->v[R->mval[s]] : NULL;
}

void reclaim_chain(const struct analysis *a, const struct rclass *r, struct chain *out)
{
	const struct program *p = a->prog;
	const struct ref *rf = &p->refs[r->ref];
	const struct mrow *row = &a->model->rows[r->row];
	const char *how = istr(rf->how);
	chain_add(out, HOP_RECLAIM, p->files[rf->file].path, rf->pos.line, -1, -1, r->row,
		  "%s reclaim calls %s() as %s (%s)", r->kswapd ? "kswapd" : "direct", istr(rf->name),
		  strchr(how, ':') + 1, istr(row->name));
	for (int k = 0; k < r->npath; k++) {
		const struct call *c = &p->calls[r->path[k]];
		int next = k + 1 < r->npath ? p->calls[r->path[k + 1]].fn : p->calls[r->acquire].fn;
		if (c->is_icall || c->target != next)
			chain_add(out, HOP_RECLAIM, p->files[c->file].path, c->pos.line, r->path[k], c->fn, -1,
				  "%s() calls %s() through %s", istr(p->funcs[c->fn].name), istr(p->funcs[next].name),
				  istr(c->callee));
		else
			chain_add(out, HOP_RECLAIM, p->files[c->file].path, c->pos.line, r->path[k], c->fn, -1,
				  "%s() calls %s()", istr(p->funcs[c->fn].name), istr(c->callee));
	}
	const struct call *c = &p->calls[r->acquire];
	chain_add(out, HOP_RECLAIM, p->files[c->file].path, c->pos.line, r->acquire, c->fn, -1,
		  "%s() takes %s: %s(%s)", istr(p->funcs[c->fn].name), lock_class_name(r->cls), istr(c->callee),
		  c->nargs ? istr(c->args[0]) : "");
}

void reclaim_counts(const struct analysis *a, size_t *entries, size_t *classes)
{
	*entries = a->reclaim ? a->reclaim->nentries : 0;
	*classes = a->reclaim ? a->reclaim->n : 0;
}

void reclaim_explain(const struct analysis *a, FILE *out)
{
	const struct reclaim *R = a->reclaim;
	const struct program *p = a->prog;
	for (size_t k = 0; R && k < R->n; k++) {
		const struct rclass *r = &R->v[k];
		if (!k || R->v[k - 1].dir != r->dir)
			fprintf(out, "%s%s: reclaim lock set\n", k ? "\n" : "", istr(r->dir));
		fprintf(out, "  %s%s%s\n", lock_class_name(r->cls), r->kswapd ? " (kswapd only)" : "",
			r->freed_only ? " (only on the object reclaim frees: not in the set)" : "");
		struct chain ch = {0};
		reclaim_chain(a, r, &ch);
		for (int i = 0; i < ch.nev; i++)
			fprintf(out, "\t%s:%d: %s\n", ch.ev[i].file, ch.ev[i].line, ch.ev[i].what);
		chain_free(&ch);
	}
	for (size_t k = 0; R && k < R->npin; k++)
		fprintf(out, "%s%s: pins every dentry it instantiates (pinner rows: d_instantiate() with dget(), or with the reference lookup_one_len() gave kept): reclaim "
			"evicts none of its inodes, its via=dcache entries are no reclaim paths\n", k || R->n ? "\n" : "",
			istr(R->pin[k]));
	for (size_t k = 0; R && k < R->npseudo; k++)
		fprintf(out, "%s%s: a pseudo filesystem (init_pseudo()): its dentries are never hashed, its via=dcache "
			"entries are no reclaim paths\n", k || R->n || R->npin ? "\n" : "", istr(R->pseudo[k]));
	/* model lock rows of a filesystem that no reclaim path takes */
	int head = 0;
	for (size_t i = 0; i < a->model->n; i++) {
		const struct mrow *r = &a->model->rows[i];
		if (r->kind != ROW_LOCK || !r->fs || !mrow_applies(a->model, r))
			continue;
		int seen = 0;
		for (size_t k = 0; R && k < R->n && !seen; k++) {
			const struct mrow *t = flow_lock_row((struct analysis *)a, R->v[k].acquire, 0);
			seen = t == r;
		}
		if (!seen) {
			if (!head++)
				fprintf(out, "\nmodel lock rows no reclaim path takes (they still count as lock contexts):\n");
			fprintf(out, "  %s (%s, %s:%d)\n", istr(r->name), istr(r->fs), r->file ? r->file : "?", r->line);
		}
	}
	(void)p;
}
