/* icall.c - indirect calls resolved (see icall.h). */
#include <stdlib.h>
#include <string.h>

#include "analysis/fntext.h"
#include "analysis/graph.h"
#include "analysis/icall.h"
#include "analysis/lockclass.h"
#include "base/util.h"

/* A function stored into a member: member name, struct type (0 unknown), the
 * directory of the code that stores it. */
struct store {
	uint32_t member, type, dir;
	uint32_t tree; /* the top directory of the storing code: "fs", "mm", "drivers", ... */
	int fn;
};

/* "mm/slab.c" -> "mm", "fs/ext4/inode.c" -> "fs"; under drivers/, arch/,
 * sound/ and net/ one tree per subsystem or architecture: "drivers/md/raid5.c"
 * -> "drivers/md", "net/ceph/auth.c" -> "net/ceph"; "" for the root. */
static uint32_t tree_of(const char *path)
{
	const char *sl = strchr(path, '/');
	if (!sl)
		return intern("");
	size_t n = (size_t)(sl - path);
	if ((n == 7 && strncmp(path, "drivers", 7) == 0) || (n == 4 && strncmp(path, "arch", 4) == 0) ||
	    (n == 5 && strncmp(path, "sound", 5) == 0) || (n == 3 && strncmp(path, "net", 3) == 0)) {
		const char *s2 = strchr(sl + 1, '/');
		if (s2)
			n = (size_t)(s2 - path);
	}
	return intern_n(path, n);
}

/* May an untyped call of code in tree `ct` reach a function stored by code of
 * tree `st`? Only within one tree (a header's static initialiser, include/,
 * counts for every tree): `filp->f_op->flush()` in fs/open.c is not dm-log's
 * `.flush`, `pool->free()` in mm/mempool.c not raid5's `.free`, etnaviv's
 * `ops->unmap()` (drivers/gpu) not xenbus's `.unmap` (drivers/xen), and no
 * architecture's code reaches another's. */
static int same_tree(uint32_t ct, uint32_t st)
{
	return ct == st || strcmp(istr(st), "include") == 0;
}

static int cmp_store(const void *x, const void *y)
{
	const struct store *a = x, *b = y;
	if (a->member != b->member)
		return a->member < b->member ? -1 : 1;
	if (a->fn != b->fn)
		return a->fn - b->fn;
	return a->type < b->type ? -1 : a->type > b->type;
}

/* "init:super_operations.alloc_inode", "assign:.f", "init:f" -> member, type */
static int parse_field(const char *f, uint32_t *member, uint32_t *type)
{
	const char *dot = strrchr(f, '.');
	if (!dot) {
		*member = intern(f);
		*type = 0;
		return *f != 0;
	}
	*member = intern(dot + 1);
	*type = dot > f ? intern_n(f, (size_t)(dot - f)) : 0;
	return dot[1] != 0;
}

/* The filesystem a directory belongs to ("fs/ext4" for fs/ext4/...), or 0 for
 * generic code (fs/ itself, mm/, include/, ...). */
static uint32_t fs_top(const char *dir)
{
	if (strncmp(dir, "fs/", 3) != 0)
		return 0;
	const char *e = strchr(dir + 3, '/');
	return e ? intern_n(dir, (size_t)(e - dir)) : intern(dir);
}

static int cmp_u32(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
	return a < b ? -1 : a > b;
}

/* The fs/ directories that register a filesystem: a function of theirs is
 * stored into a file_system_type (`.mount`, `.init_fs_context`, `.kill_sb`). */
static void fs_index(struct analysis *a)
{
	const struct program *p = a->prog;
	size_t cap = 0;
	for (size_t r = 0; r < p->nrefs; r++) {
		const char *how = istr(p->refs[r].how);
		const char *f = ref_stored_field(how);
		if (!f || strncmp(f, "file_system_type.", 17) != 0)
			continue;
		uint32_t t = fs_top(p->files[p->refs[r].file].dir);
		if (t)
			VEC_PUSH(a->fstops, a->nfstops, cap, t);
	}
	if (a->nfstops)
		qsort(a->fstops, a->nfstops, sizeof(uint32_t), cmp_u32);
}

int fs_slot(const struct analysis *a, uint32_t fs)
{
	size_t lo = 0, hi = a->nfstops;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (a->fstops[mid] < fs)
			lo = mid + 1;
		else
			hi = mid;
	}
	return fs && lo < a->nfstops && a->fstops[lo] == fs ? (int)lo : -1;
}

uint32_t fs_of(const struct analysis *a, const char *dir)
{
	uint32_t t = fs_top(dir);
	return t && fs_slot(a, t) >= 0 ? t : 0;
}

uint32_t fs_of_func(const struct analysis *a, int f)
{
	const struct program *p = a->prog;
	if (!a->func_fs) { /* a memo: asked at every call edge of the context pass */
		struct analysis *w = (struct analysis *)a;
		w->func_fs = xmalloc(sizeof(uint32_t) * (p->nfuncs ? p->nfuncs : 1));
		for (size_t i = 0; i < p->nfuncs; i++)
			w->func_fs[i] = UINT32_MAX;
	}
	if (a->func_fs[f] == UINT32_MAX)
		a->func_fs[f] = fs_of(a, p->files[p->funcs[f].file].dir);
	return a->func_fs[f];
}

static void push_target(struct icalls *I, int c, int t)
{
	if (!I->n[c])
		I->first[c] = (int)I->ntgt;
	VEC_PUSH(I->tgt, I->ntgt, I->captgt, t);
	I->n[c]++;
}

static void add_icaller(struct func *fn, int c)
{
	VEC_PUSH(fn->icallers, fn->nicallers, fn->capicallers, c);
}

/* What a member call is known to be: the struct type (0 unknown), whether
 * gfpcheck inferred it, and where the call is. */
struct mcall {
	uint32_t type;
	int inferred;
	int nargs;
	uint32_t myfs, ctree, fstree;
};

/* Can the call reach the function of store s? */
static int store_fits(const struct program *p, const struct mcall *m, const struct store *s)
{
	if (m->type && s->type && s->type != m->type)
		return 0;
	if (p->funcs[s->fn].nparams != m->nargs)
		return 0; /* it cannot be called here: another struct's member of
			     that name (tomoyo_io_buffer.read for key_type.read),
			     or another file's static function of that name */
	if (m->myfs && s->dir && s->dir != m->myfs)
		return 0; /* another filesystem's ops table */
	if (m->myfs && !m->type && s->dir != m->myfs)
		return 0; /* `.func` of an unknown struct in a filesystem: its own stores only */
	if ((!m->type || !s->type) && !same_tree(m->ctree, s->tree))
		return 0; /* ... and elsewhere its own tree's, also for a store the
			     front end could not type (ceph_authorizer.destroy is no
			     xt_target's `.destroy`) */
	if (m->type && !same_tree(m->ctree, s->tree) && s->tree != m->fstree)
		return 0; /* a typed call leaves its tree only for a filesystem's
			     method (mm/'s `vma->vm_ops->pfn_mkwrite()`), whoever typed
			     it (the front end, or gfpcheck: expr_struct_type()).
			     Generic code of other subsystems dispatches to objects
			     gfpcheck cannot follow: fs/notify's
			     `group->ops->freeing_mark()` on dnotify's marks is no
			     audit group's (12 false missing-nofs findings in
			     kernel/audit*), and letting every typed call of
			     drivers/, net/ and include/ reach any tree doubled the
			     context phase of the whole 6.1 tree (6.7 s -> 15 s)
			     without changing a finding */
	return 1;
}

/* The number of functions the stores S[lo..] of the member give the call. */
static int count_fits(const struct program *p, const struct mcall *m, const struct store *S, size_t ns, size_t lo,
		      uint32_t member)
{
	int n = 0, last = -1;
	for (size_t i = lo; i < ns && S[i].member == member; i++)
		if (store_fits(p, m, &S[i]) && S[i].fn != last) {
			last = S[i].fn;
			n++;
		}
	return n;
}

/* Calls through struct members. */
static void member_calls(struct analysis *a, struct icalls *I, struct store *S, size_t ns)
{
	struct program *p = a->prog;
	const uint32_t fstree = intern("fs");
	for (size_t c = 0; c < p->ncalls; c++) {
		const struct call *cl = &p->calls[c];
		if (!cl->is_icall || cl->fn < 0 || istr(cl->callee)[0] == '=')
			continue; /* `=VAR`: var_calls() */
		I->sites++;
		uint32_t member, type;
		if (!parse_field(istr(cl->callee), &member, &type)) {
			I->unresolved_none++;
			continue;
		}
		struct mcall m = {type, 0, cl->nargs, fs_of(a, p->files[cl->file].dir), tree_of(p->files[cl->file].path),
				  fstree};
		if (!type && cl->recv) {
			/* the front end did not type the receiver (Coccinelle types a
			 * variable, not a member chain): its declared types do
			 * (`vma->vm_ops->pfn_mkwrite(vmf)`: vm_area_struct.vm_ops is a
			 * `const struct vm_operations_struct *`) */
			m.type = expr_struct_type(a, cl->fn, istr(cl->recv));
			m.inferred = m.type != 0;
		}
		if (!m.type && p->files[cl->file].context) {
			/* `.member` in a header of include/ read as context (the
			 * crypto_shash_init() of include/crypto/hash.h): every store of
			 * that member name in the scan, of any subsystem, would do */
			I->unresolved_none++;
			continue;
		}
		/* the stores of this member: binary search for the first */
		size_t lo = 0, hi = ns;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (S[mid].member < member)
				lo = mid + 1;
			else
				hi = mid;
		}
		int n = count_fits(p, &m, S, ns, lo, member);
		if (!n && m.inferred) {
			/* no store of the inferred type: the inference may be wrong (two
			 * locals of one name in different blocks, `funcs` in
			 * drm_atomic_helper_commit_planes()); resolve as the front end
			 * wrote it */
			m.type = 0;
			m.inferred = 0;
			n = count_fits(p, &m, S, ns, lo, member);
		}
		I->typed_here += m.inferred;
		if (!n) {
			I->unresolved_none++;
			continue;
		}
		if (n > ICALL_MAX) {
			I->unresolved_many++;
			continue;
		}
		int last = -1;
		for (size_t i = lo; i < ns && S[i].member == member; i++) {
			const struct store *s = &S[i];
			if (!store_fits(p, &m, s) || s->fn == last)
				continue;
			last = s->fn;
			push_target(I, (int)c, s->fn);
			add_icaller(&p->funcs[s->fn], (int)c);
		}
		I->resolved++;
		if (n > I->maxn)
			I->maxn = n;
		VEC_PUSH(I->counts, I->ncounts, I->capcounts, (size_t)n);
	}
}

uint32_t icall_arg_name(uint32_t arg)
{
	const char *t = istr(arg);
	if (*t == '&')
		t++;
	return is_ident(t) ? intern_lookup(t) : 0;
}

int icall_param_named(const struct program *p, int g, uint32_t name)
{
	for (int i = 0; i < p->funcs[g].nparams; i++)
		if (p->params[p->funcs[g].param0 + i].name == name)
			return i;
	return -1;
}

#define FORWARD_DEPTH 3 /* callers that pass a parameter of their own on, followed up */

/* The functions the callers of g pass for its parameter k, into *out (each
 * once): a function name (or &name), and where a caller passes on a parameter
 * of its own (block_write_full_page(page, get_block, wbc) ->
 * __block_write_full_page(inode, page, get_block, ...)), what its callers pass
 * for that one, up to FORWARD_DEPTH callers up. */
static void passed_funcs(struct analysis *a, int g, int k, int depth, int **out, size_t *n, size_t *cap)
{
	const struct program *p = a->prog;
	for (int i = 0; i < p->funcs[g].ncallers; i++) {
		const struct call *cc = &p->calls[p->funcs[g].callers[i]];
		if (k >= cc->nargs)
			continue;
		uint32_t id = icall_arg_name(cc->args[k]);
		int f = id ? graph_resolve_in(a, cc->file, cc->fn, id) : -1;
		int j = f < 0 && id && cc->fn >= 0 && cc->fn != g && depth < FORWARD_DEPTH ? icall_param_named(p, cc->fn, id) : -1;
		if (j >= 0)
			passed_funcs(a, cc->fn, j, depth + 1, out, n, cap);
		int dup = f < 0;
		for (size_t q = 0; q < *n && !dup; q++)
			dup = (*out)[q] == f;
		if (!dup)
			VEC_PUSH(*out, *n, *cap, f);
	}
}

/* Calls through a function-pointer parameter: `fill_super(s, fc)` where
 * fill_super is a parameter of type `int (*)(...)`; each caller passes a
 * function name (or &name) for it, or passes on its own parameter
 * (passed_funcs()). More than ICALL_MAX functions: none. */
static void param_calls(struct analysis *a, struct icalls *I)
{
	struct program *p = a->prog;
	int *v = NULL;
	size_t nv = 0, capv = 0;
	for (size_t c = 0; c < p->ncalls; c++) {
		const struct call *cl = &p->calls[c];
		if (cl->fn < 0 || cl->target >= 0)
			continue;
		/* the Coccinelle and Clang front ends write `icall ... =VAR`, others a
		 * plain call of the parameter's name */
		uint32_t var = cl->callee;
		if (cl->is_icall) {
			const char *f = istr(cl->callee);
			if (f[0] != '=')
				continue;
			var = intern(f + 1);
		}
		/* a call of a parameter's name goes through it whatever its type
		 * says (a typedef of a function pointer, `filldir_t`, too) */
		int k = icall_param_named(p, cl->fn, var);
		if (k < 0)
			continue;
		I->param_calls++;
		if (k < 32) {
			I->pk[c] = (signed char)k;
			I->pmask[cl->fn] |= 1u << k;
		}
		nv = 0;
		passed_funcs(a, cl->fn, k, 0, &v, &nv, &capv);
		if (nv > ICALL_MAX) {
			I->unresolved_many++;
			continue;
		}
		for (size_t i = 0; i < nv; i++) {
			push_target(I, (int)c, v[i]);
			add_icaller(&p->funcs[v[i]], (int)c);
		}
	}
	free(v);
}

/* The parameter of function f an argument text names (`ea_call`, `&cb`), or -1. */
static int arg_param(const struct program *p, int f, uint32_t arg)
{
	uint32_t id = icall_arg_name(arg);
	return id ? icall_param_named(p, f, id) : -1;
}

/* pmask: a parameter passed on as an argument for a parameter that matters in
 * the callee (ea_foreach(ip, ea_call, data) -> ea_foreach_i(ip, bh, ea_call,
 * data), which calls it) matters too; FORWARD_DEPTH rounds, as passed_funcs()
 * follows them. */
static void param_masks(struct analysis *a, struct icalls *I)
{
	struct program *p = a->prog;
	for (int round = 0; round < FORWARD_DEPTH; round++) {
		int grew = 0;
		for (size_t c = 0; c < p->ncalls; c++) {
			const struct call *cl = &p->calls[c];
			if (cl->fn < 0 || !cl->nargs || !p->funcs[cl->fn].nparams)
				continue;
			uint32_t want = 0;
			if (cl->target >= 0)
				want = I->pmask[cl->target];
			for (int i = 0; i < I->n[c]; i++)
				want |= I->pmask[I->tgt[I->first[c] + i]];
			for (int j = 0; want && j < cl->nargs && j < 32; j++) {
				if (!(want & (1u << j)))
					continue;
				int k = arg_param(p, cl->fn, cl->args[j]);
				if (k >= 0 && k < 32 && !(I->pmask[cl->fn] & (1u << k))) {
					I->pmask[cl->fn] |= 1u << k;
					grew = 1;
				}
			}
		}
		if (!grew)
			break;
	}
}

/* Calls through a local function pointer, `fp(...)` after `fp = myfn;` or
 * `int (*fp)(int) = myfn;`: the functions stored into that variable in the same
 * function (`ref ... assign:=fp`). */
/* Is name a local variable of function fn (`local` records)? */
static int is_local(const struct program *p, int fn, uint32_t name)
{
	const struct func *g = &p->funcs[fn];
	for (int i = 0; i < g->nlocals; i++)
		if (p->locals[g->local0 + i].name == name)
			return 1;
	return 0;
}

struct varstore {
	int fn, ref;
};

static int cmp_varstore(const void *x, const void *y)
{
	const struct varstore *a = x, *b = y;
	if (a->fn != b->fn)
		return a->fn < b->fn ? -1 : 1;
	return a->ref < b->ref ? -1 : a->ref > b->ref;
}

static void var_calls(struct analysis *a, struct icalls *I)
{
	struct program *p = a->prog;
	/* the stores into variables (`assign:=VAR`), ordered by function */
	struct varstore *V = NULL;
	size_t nv = 0, capv = 0;
	for (size_t r = 0; r < p->nrefs; r++)
		if (p->refs[r].fn >= 0 && strncmp(istr(p->refs[r].how), "assign:=", 8) == 0) {
			struct varstore v = {p->refs[r].fn, (int)r};
			VEC_PUSH(V, nv, capv, v);
		}
	if (nv)
		qsort(V, nv, sizeof(*V), cmp_varstore);
	for (size_t c = 0; c < p->ncalls && nv; c++) {
		const struct call *cl = &p->calls[c];
		if (cl->fn < 0 || I->n[c] || cl->target >= 0)
			continue;
		const char *var;
		if (cl->is_icall) {
			if (istr(cl->callee)[0] != '=')
				continue;
			var = istr(cl->callee) + 1;
		} else if (is_local(p, cl->fn, cl->callee)) {
			var = istr(cl->callee); /* `fp(x)` with `get_block_t *fp` */
		} else {
			continue;
		}
		size_t lo = 0, hi = nv;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (V[mid].fn < cl->fn)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (size_t i = lo; i < nv && V[i].fn == cl->fn; i++) {
			const struct ref *rf = &p->refs[V[i].ref];
			if (strcmp(istr(rf->how) + 8, var) != 0)
				continue;
			int f = graph_resolve_in(a, rf->file, rf->fn, rf->name);
			int dup = f < 0;
			for (int j = 0; j < I->n[c] && !dup; j++)
				dup = I->tgt[I->first[c] + j] == f;
			if (!dup) {
				push_target(I, (int)c, f);
				add_icaller(&p->funcs[f], (int)c);
			}
		}
		if (I->n[c])
			I->var_calls++;
	}
	free(V);
}

/* Is parameter k of function g only called (`fn(cur, level, data)`), tested
 * (`if (!fn)`), or passed on as an argument to a parameter of another function
 * that is itself only called (up to FORWARD_DEPTH functions on), and is every
 * call through it resolved? Then a function passed for it has its callers in
 * the resolved calls: nothing stores its address where gfpcheck cannot follow
 * it (INIT_WORK(&w, fn), `ctx->fn = fn`, kthread_run(fn, ...) all fail the test).
 * Decided from the facts' text of g's body; memo: 1 yes, 2 no, 3 deciding. */
static int param_call_only(struct analysis *a, const struct icalls *I, unsigned char *memo, int g, int k, int depth)
{
	const struct program *p = a->prog;
	const struct func *fn = &p->funcs[g];
	if (k >= fn->nparams)
		return 0;
	unsigned char *m = &memo[fn->param0 + k];
	if (*m)
		return *m == 1;
	if (depth > FORWARD_DEPTH)
		return 0;
	*m = 3;
	uint32_t name = p->params[fn->param0 + k].name;
	const char *nm = istr(name);
	int ok = 1, used = 0;
	/* a call through the variable has the callee text "=NAME" */
	size_t nl = strlen(nm);
	char *eq = xmalloc(nl + 2);
	eq[0] = '=';
	memcpy(eq + 1, nm, nl + 1);
	uint32_t through = intern_lookup(eq);
	free(eq);
	for (int i = 0; i < fn->ncalls && ok; i++) { /* every call through it resolved */
		const struct call *cl = &p->calls[fn->calls[i]];
		if (cl->target < 0 && ((cl->is_icall && through && cl->callee == through) || cl->callee == name))
			ok = I->n[fn->calls[i]] > 0;
	}
	struct fnuse u;
	if (ok && !fnuse_begin(&u, fn_src(a, fn), fn, nm))
		ok = 0;
	while (ok && fnuse_next(&u)) {
		char after = fnuse_after(&u), before = fnuse_before(&u);
		used = 1;
		if (fnuse_called(&u))
			continue; /* a call through it */
		int arg = 0;
		for (int i = 0; i < fn->ncalls && ok; i++) {
			int c = fn->calls[i];
			const struct call *cl = &p->calls[c];
			if (!pos_in(u.at, cl->pos, cl->end))
				continue;
			for (int j = 0; j < cl->nargs && ok; j++) {
				if (cl->args[j] != name)
					continue;
				arg = 1;
				ok = cl->target >= 0 && cl->target != g && param_call_only(a, I, memo, cl->target, j, depth + 1);
			}
		}
		if (arg)
			continue;
		int test = 0; /* `if (fn)`, `if (!fn || ...)` */
		for (int i = 0; i < fn->nitems && !test; i++) {
			const struct item *it = &p->items[fn->items[i]];
			test = it->kind == IT_IF && pos_in(u.at, it->s1, it->e1) && strchr("!(&|", before) && before &&
			       strchr(")&|", after) && after;
		}
		ok = test;
	}
	*m = ok && used ? 1 : 2;
	return *m == 1;
}

void icall_resolve(struct analysis *a)
{
	struct program *p = a->prog;
	fs_index(a);
	struct icalls *I = xcalloc(1, sizeof(*I));
	size_t nc = p->ncalls ? p->ncalls : 1;
	I->first = xmalloc(sizeof(int) * nc);
	I->n = xcalloc(nc, sizeof(int));
	I->pk = xmalloc(nc);
	memset(I->pk, -1, nc);
	I->pmask = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof(uint32_t));
	struct store *S = NULL;
	size_t ns = 0, caps = 0;
	for (size_t r = 0; r < p->nrefs; r++) {
		const struct ref *rf = &p->refs[r];
		const char *how = istr(rf->how);
		const char *f = ref_stored_field(how);
		struct store s;
		if (!f || !parse_field(f, &s.member, &s.type))
			continue;
		s.fn = graph_resolve_in(a, rf->file, rf->fn, rf->name);
		if (s.fn < 0)
			continue;
		s.dir = fs_of(a, p->files[rf->file].dir);
		s.tree = tree_of(p->files[rf->file].path);
		VEC_PUSH(S, ns, caps, s);
	}
	if (ns)
		qsort(S, ns, sizeof(*S), cmp_store);
	member_calls(a, I, S, ns);
	param_calls(a, I);
	var_calls(a, I);
	param_masks(a, I);
	free(S);
	a->icalls = I;
	/* functions whose address is only stored into members: their callers are the
	 * indirect calls that resolve to them */
	unsigned char *other = xcalloc(p->nfuncs ? p->nfuncs : 1, 1);
	int *nargref = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof(int)), *narg = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof(int));
	for (size_t r = 0; r < p->nrefs; r++) {
		const char *how = istr(p->refs[r].how);
		/* stored into a member: those calls are resolved; into a variable
		 * (`assign:=fp`): it may go on from there */
		if (strncmp(how, "init:", 5) == 0 || (strncmp(how, "assign:", 7) == 0 && how[7] != '='))
			continue;
		int f = graph_resolve_in(a, p->refs[r].file, p->refs[r].fn, p->refs[r].name);
		if (f < 0)
			continue;
		if (strcmp(how, "arg") == 0)
			nargref[f]++; /* judged with its call below */
		else
			other[f] = 1;
	}
	/* passed as an argument: to a parameter that is only called, its callers
	 * are those calls (param_calls()); to anything else, unknown */
	unsigned char *memo = xcalloc(p->nparams ? p->nparams : 1, 1);
	for (size_t c = 0; c < p->ncalls; c++)
		for (int i = 0; i < p->calls[c].nargs; i++) {
			uint32_t id = icall_arg_name(p->calls[c].args[i]);
			int f = id ? graph_resolve_in(a, p->calls[c].file, p->calls[c].fn, id) : -1;
			if (f < 0)
				continue;
			narg[f]++;
			if (other[f])
				continue;
			int g = p->calls[c].target;
			if (g < 0 || p->calls[c].is_icall || !param_call_only(a, I, memo, g, i, 0))
				other[f] = 1;
		}
	free(memo);
	for (size_t f = 0; f < p->nfuncs; f++)
		if (nargref[f] > narg[f])
			other[f] = 1; /* an argument of a call the facts do not record */
	free(nargref);
	free(narg);
	for (size_t f = 0; f < p->nfuncs; f++) {
		struct func *fn = &p->funcs[f];
		fn->addr_escapes = other[f];
		fn->icall_only = fn->addr_taken && !other[f] && fn->nicallers && !fn->exported && !fn->in_include &&
				 !fn->model_root;
	}
	free(other);
}

void icall_free(struct analysis *a)
{
	struct icalls *I = a->icalls;
	if (!I)
		return;
	free(I->first);
	free(I->n);
	free(I->tgt);
	free(I->pk);
	free(I->pmask);
	free(I->counts);
	free(I);
	a->icalls = NULL;
	free(a->fstops);
	a->fstops = NULL;
	a->nfstops = 0;
}

static int cmp_size(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	return a < b ? -1 : a > b;
}

size_t icall_median(const struct icalls *I)
{
	if (!I->ncounts)
		return 0;
	size_t *v = xmalloc(sizeof(size_t) * I->ncounts);
	memcpy(v, I->counts, sizeof(size_t) * I->ncounts);
	qsort(v, I->ncounts, sizeof(*v), cmp_size);
	size_t m = v[I->ncounts / 2];
	free(v);
	return m;
}

int icall_param(const struct analysis *a, int c)
{
	return a->icalls ? a->icalls->pk[c] : -1;
}

uint32_t icall_param_mask(const struct analysis *a, int f)
{
	return a->icalls && f >= 0 ? a->icalls->pmask[f] : 0;
}

const int *icall_targets(const struct analysis *a, int c, int *n)
{
	const struct icalls *I = a->icalls;
	*n = I ? I->n[c] : 0;
	return *n ? &I->tgt[I->first[c]] : NULL;
}
