/* graph.c - call graph, roots and wrapper inference. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/fntext.h"
#include "analysis/graph.h"
#include "base/util.h"

/* The name index (struct analysis): name id -> first function with that name
 * (fn_head), fn_next chains the rest; the same for function-like macros. */
static void build_name_index(struct analysis *a)
{
	const struct program *p = a->prog;
	free(a->fn_head);
	free(a->fn_next);
	a->nhead = intern_count() + 1;
	a->fn_head = xmalloc(sizeof(int) * a->nhead);
	for (size_t i = 0; i < a->nhead; i++)
		a->fn_head[i] = -1;
	a->fn_next = xmalloc(sizeof(int) * (p->nfuncs ? p->nfuncs : 1));
	for (size_t i = p->nfuncs; i-- > 0;) {
		uint32_t n = p->funcs[i].name;
		a->fn_next[i] = a->fn_head[n];
		a->fn_head[n] = (int)i;
	}
}

/* How close a header's directory h is to a caller's directory d, for a static
 * inline defined in that header: 3 the same directory, 2 one is an ancestor of
 * the other (fs/xfs/xfs_buf.h used from fs/xfs/libxfs/), 1 both below the same
 * two-level directory (fs/xfs/libxfs/xfs_btree.h used from fs/xfs/scrub/: a
 * Makefile -I of the same module), 0 unrelated. */
static int header_near(const char *h, const char *d)
{
	if (strcmp(h, d) == 0)
		return 3;
	size_t lh = strlen(h), ld = strlen(d);
	if ((lh < ld && strncmp(d, h, lh) == 0 && d[lh] == '/') || (ld < lh && strncmp(h, d, ld) == 0 && h[ld] == '/'))
		return 2;
	size_t i = 0;
	int slashes = 0;
	while (h[i] && h[i] == d[i]) {
		if (h[i] == '/' && ++slashes == 2)
			return 1;
		i++;
	}
	return 0;
}

const char *ref_stored_field(const char *how)
{
	return strncmp(how, "init:", 5) == 0 ? how + 5 : strncmp(how, "assign:", 7) == 0 ? how + 7 : NULL;
}

int graph_resolve_in(const struct analysis *a, int file, int fn, uint32_t name)
{
	const struct program *p = a->prog;
	if (fn >= 0) {
		const struct func *g = &p->funcs[fn];
		for (int i = 0; i < g->nparams; i++)
			if (p->params[g->param0 + i].name == name)
				return -1;
		for (int i = 0; i < g->nlocals; i++)
			if (p->locals[g->local0 + i].name == name)
				return -1;
	}
	return graph_resolve(a, file, name);
}

/* The architecture directory of a path ("x86" of arch/x86/kernel/x.c), as a
 * pointer into the path and its length; 0 when the file is not under arch/. */
static size_t arch_of(const char *path, const char **name)
{
	if (strncmp(path, "arch/", 5) != 0)
		return 0;
	const char *e = strchr(path + 5, '/');
	*name = path + 5;
	return e ? (size_t)(e - path - 5) : 0;
}

/* Is function f defined through a definer row's macro, MACROn(name, ...)
 * (model/build.txt: SYSCALL_DEFINEn, COMPAT_SYSCALL_DEFINEn)? The front end
 * names it `name`, but the kernel's symbol is another (sys_name,
 * __do_sys_name), which only the syscall table calls: mm/compaction.c's
 * migrate_pages() is mm/migrate.c's, not SYSCALL_DEFINE4(migrate_pages, ...)
 * of mm/mempolicy.c. Only a function with no parameter the front end could
 * read whose name stands where such a macro puts it (column strlen(MACRO) + 3)
 * has its line read (the facts' text), once per function asked. */
static int definer_def(const struct analysis *a, int f)
{
	struct analysis *w = (struct analysis *)a; /* a memo */
	if (!w->sysdef) {
		w->sysdef = xcalloc(a->prog->nfuncs ? a->prog->nfuncs : 1, 1);
		for (size_t r = 0; r < a->model->n; r++) { /* the columns such names stand at */
			const struct mrow *row = &a->model->rows[r];
			size_t col = strlen(istr(row->name)) + 3;
			if (row->kind == ROW_DEFINER && mrow_applies(a->model, row) && col < 64)
				w->sysdef_cols |= (uint64_t)1 << col;
		}
	}
	if (w->sysdef[f])
		return w->sysdef[f] == 2;
	const struct func *fn = &a->prog->funcs[f];
	const struct srcfile *sf = NULL;
	if (!fn->nparams && fn->start.col > 0 && fn->start.col < 64 && (w->sysdef_cols >> fn->start.col & 1))
		sf = fn_src(w, fn);
	int yes = 0;
	if (sf && sf->text && fn->start.line >= 1 && fn->start.line <= sf->nlines) {
		const char *l = sf->line[fn->start.line - 1];
		int c = fn->start.col - 1;
		if (c > 0 && (size_t)c <= strlen(l)) {
			while (c > 0 && (l[c - 1] == ' ' || l[c - 1] == '\t'))
				c--;
			if (c > 0 && l[c - 1] == '(') {
				int e = --c; /* the macro's name ends with a digit at e - 1 */
				while (c > 0 && (isalnum((unsigned char)l[c - 1]) || l[c - 1] == '_'))
					c--;
				if (e - c >= 2 && isdigit((unsigned char)l[e - 1]))
					yes = model_find1(a->model, ROW_DEFINER, intern_lookup_n(l + c, (size_t)(e - 1 - c))) != NULL;
			}
		}
	}
	w->sysdef[f] = (unsigned char)(yes ? 2 : 1);
	return yes;
}

/* How well an extern definition in file sf fits a caller in dir whose
 * architecture is (sel, nsel): 4 the caller's own directory, 3 the
 * architecture's own directory under arch/, 2 outside arch/, 1 another
 * architecture's. A whole tree holds one
 * definition of arch_get_random_seed_longs() and its kind per architecture;
 * the kernel links one of them, the caller's (arch/A/ code) or the one of
 * the architecture built (a->arch, --arch). */
static int extern_fit(const struct sfile *sf, const char *dir, const char *sel, size_t nsel)
{
	if (strcmp(sf->dir, dir) == 0)
		return 4;
	const char *an;
	size_t n = arch_of(sf->path, &an);
	if (!n)
		return 2;
	return n == nsel && strncmp(an, sel, n) == 0 ? 3 : 1;
}

/* Whether a header path is under arch/SEL/include/ (arch/x86/include/asm/x.h):
 * what <asm/x.h> names when the kernel is built for SEL. */
static int arch_include(const char *path, const char *sel, size_t nsel)
{
	const char *an;
	size_t n = arch_of(path, &an);
	return n && n == nsel && strncmp(an, sel, n) == 0 && strncmp(an + n, "/include/", 9) == 0;
}

int graph_resolve(const struct analysis *a, int file, uint32_t name)
{
	const struct program *p = a->prog;
	const int *head = a->fn_head, *nextf = a->fn_next;
	if (name >= a->nhead)
		return -1;
	int ext = -1, ext_fit = -1, hdr = -1, hdr_near = 0;
	const char *dir = p->files[file].dir;
	int host = p->files[file].host;
	const char *sel = NULL; /* the architecture whose definitions the caller links, nsel bytes */
	size_t nsel = 0;
	int selected = 0;
	for (int f = head[name]; f >= 0; f = nextf[f]) {
		const struct func *fn = &p->funcs[f];
		if (fn->file == file)
			return f;
		const struct sfile *sf = &p->files[fn->file];
		if (sf->host != host)
			continue; /* a host program and the kernel do not call each other */
		if (!fn->is_static && definer_def(a, f))
			continue; /* sys_NAME, called from the syscall table only */
		if (!selected && (fn->is_static ? sf->is_header : ext >= 0)) {
			selected = 1;
			nsel = arch_of(p->files[file].path, &sel);
			if (!nsel && a->arch) {
				sel = a->arch;
				nsel = strlen(sel);
			}
		}
		if (fn->is_static) {
			/* a static inline in a header of the caller's module, of include/,
			 * or of the architecture's include/ (<asm/x.h>) */
			if (sf->is_header) {
				int near = header_near(sf->dir, dir);
				if (!near && (strncmp(sf->path, "include/", 8) == 0 || arch_include(sf->path, sel, nsel)))
					near = 1;
				if (near > hdr_near) {
					hdr = f;
					hdr_near = near;
				}
			}
			continue;
		}
		if (ext < 0) {
			ext = f; /* the only one, most often: no ranking needed */
			continue;
		}
		if (ext_fit < 0)
			ext_fit = extern_fit(&p->files[p->funcs[ext].file], dir, sel, nsel);
		int fit = extern_fit(sf, dir, sel, nsel);
		if (fit > ext_fit) {
			ext = f;
			ext_fit = fit;
		}
	}
	if (ext < 0)
		return hdr;
	if (hdr < 0)
		return ext;
	/* An extern definition wins over a static inline of the same name in a
	 * header: the header one is the stub of `#ifdef CONFIG_X ... #else static
	 * inline`. Not another architecture's extern: the build's <asm/x.h> inline
	 * (arch_get_random_seed_longs() of arch/x86/include/asm/archrandom.h) or the
	 * generic stub is what the kernel built for it links, not
	 * arch/powerpc/kernel/setup-common.c's. */
	if (ext_fit < 0)
		ext_fit = extern_fit(&p->files[p->funcs[ext].file], dir, sel, nsel);
	return ext_fit >= 2 ? ext : hdr;
}

int func_gfp_param(const struct program *p, const struct func *fn, uint32_t name)
{
	for (int i = 0; i < fn->nparams; i++) {
		const struct param *pa = &p->params[fn->param0 + i];
		if (pa->name == name)
			return strstr(istr(pa->type), "gfp_t") ? i : -1;
	}
	return -1;
}

/* Index of the gfp_t parameter named (as a whole word) in text, or -1. */
static int gfp_param_in(const struct program *p, const struct func *fn, const char *text)
{
	for (int i = 0; i < fn->nparams; i++) {
		const struct param *pa = &p->params[fn->param0 + i];
		if (strstr(istr(pa->type), "gfp_t") && has_word(text, istr(pa->name)))
			return i;
	}
	return -1;
}

/* The gfp argument of call cl: a model allocator's, or the gfp parameter of
 * a wrapper it calls directly; -1 when none. */
static int call_gfp_arg(const struct analysis *a, const struct call *cl)
{
	const struct mrow *ar = cl->is_icall ? NULL : model_find1(a->model, ROW_ALLOC, cl->callee);
	if (ar)
		return ar->gfp_idx;
	if (cl->target >= 0 && !cl->via_macro)
		return a->prog->funcs[cl->target].alloc_gfp_param;
	return -1;
}

int wrapper_passes_gfp(const struct analysis *a, const struct func *fn, const struct call *cl)
{
	int gi = call_gfp_arg(a, cl);
	return fn->alloc_gfp_param >= 0 && gi >= 0 && gi < cl->nargs &&
	       gfp_param_in(a->prog, fn, istr(cl->args[gi])) == fn->alloc_gfp_param;
}

/* A call to a function-like macro: the first function its body calls. The macro
 * is looked up in the calling file, then in headers of the same directory, then
 * anywhere (include/). */
static void build_macro_index(struct analysis *a)
{
	const struct program *p = a->prog;
	free(a->mac_head);
	free(a->mac_next);
	a->mac_head = xmalloc(sizeof(int) * a->nhead);
	for (size_t i = 0; i < a->nhead; i++)
		a->mac_head[i] = -1;
	a->mac_next = xmalloc(sizeof(int) * (p->nmacros ? p->nmacros : 1));
	for (size_t i = p->nmacros; i-- > 0;) {
		uint32_t n = p->macros[i].name;
		a->mac_next[i] = n < a->nhead ? a->mac_head[n] : -1;
		if (n < a->nhead)
			a->mac_head[n] = (int)i;
	}
}

static int resolve_macro(const struct analysis *a, int file, uint32_t name, int depth)
{
	const struct program *p = a->prog;
	const int *mhead = a->mac_head, *mnext = a->mac_next;
	if (depth > 4 || name >= a->nhead)
		return -1;
	const struct macro *best = NULL;
	int rank = 99;
	for (int i = mhead[name]; i >= 0; i = mnext[i]) {
		const struct macro *m = &p->macros[i];
		int r = m->file == file ? 0 : strcmp(p->files[m->file].dir, p->files[file].dir) == 0 ? 1 : 2;
		if (r < rank) {
			rank = r;
			best = m;
		}
	}
	if (!best)
		return -1;
	for (int k = 0; k < best->ncalled; k++) {
		int t = graph_resolve(a, file, best->called[k]);
		if (t < 0)
			t = resolve_macro(a, file, best->called[k], depth + 1);
		if (t >= 0)
			return t;
	}
	return -1;
}

/* Functions a header of the tree's include/ declares (a `proto` record that is
 * not static, or an extern definition there): other code of the kernel may call
 * them, so their callers are not all known.  From the facts alone: the headers'
 * facts come with every scan of a tree whose root has include/. */
static void mark_include(struct analysis *a)
{
	struct program *p = a->prog;
	unsigned char *mark = xcalloc(a->nhead, 1);
	for (size_t i = 0; i < p->nprotos; i++) {
		const struct proto *pr = &p->protos[i];
		if (pr->kind != PK_STATIC && pr->kind != PK_STATIC_INLINE && pr->name < a->nhead &&
		    strncmp(p->files[pr->file].path, "include/", 8) == 0)
			mark[pr->name] = 1;
	}
	for (size_t f = 0; f < p->nfuncs; f++) {
		const struct func *fn = &p->funcs[f];
		if (!fn->is_static && fn->name < a->nhead && strncmp(p->files[fn->file].path, "include/", 8) == 0)
			mark[fn->name] = 1;
	}
	for (size_t f = 0; f < p->nfuncs; f++) {
		struct func *fn = &p->funcs[f];
		if (!fn->is_static && fn->name < a->nhead && mark[fn->name])
			fn->in_include = 1;
	}
	free(mark);
}

/* Host programs: files whose text includes a system header the model's
 * hostheader rows name (stdio.h, unistd.h, sys/...): tools/, scripts/, UML's
 * *_user.c, arch/x/boot's build tools; and the files of a hostdir row's
 * directories, programs linked on their own (arch/ARCH/boot/: the boot wrappers and
 * decompressors). Their calls are to the C library and to each other, never
 * into the kernel, and the kernel never calls them. */
static void mark_host(struct analysis *a)
{
	struct program *p = a->prog;
	uint32_t sys = intern("sys/");
	const char *dirs[16]; /* the hostdir rows' patterns (one in the shipped model) */
	int nd = 0;
	for (size_t r = 0; r < a->model->n && nd < 16; r++)
		if (a->model->rows[r].kind == ROW_HOSTDIR && mrow_applies(a->model, &a->model->rows[r]))
			dirs[nd++] = istr(a->model->rows[r].name);
	for (size_t i = 0; i < p->nfiles; i++) {
		struct sfile *sf = &p->files[i];
		sf->host = 0;
		for (int d = 0; d < nd && !sf->host; d++)
			sf->host = model_path_under(dirs[d], sf->path);
		for (int k = 0; k < sf->nsysinc && !sf->host; k++) {
			const char *h = istr(sf->sysinc[k]);
			sf->host = model_find1(a->model, ROW_HOSTHDR, sf->sysinc[k]) != NULL ||
				   (strncmp(h, "sys/", 4) == 0 && model_find1(a->model, ROW_HOSTHDR, sys) != NULL);
		}
	}
}

/* Test modules: files that initialise a struct a testsuite row names
 * (KUnit's kunit_suite, `static struct kunit_suite x = { .test_cases = ... }`).
 * Their functions run from the test executor, not from the kernel's work
 * (context.c). */
static void mark_tests(struct analysis *a)
{
	struct program *p = a->prog;
	for (size_t i = 0; i < p->nfiles; i++)
		p->files[i].test = 0;
	for (size_t r = 0; r < p->nrefs; r++) {
		const char *field = ref_stored_field(istr(p->refs[r].how));
		const char *dot = field ? strchr(field, '.') : NULL;
		if (!dot || dot == field || p->refs[r].file < 0)
			continue;
		uint32_t st = intern_lookup_n(field, (size_t)(dot - field));
		if (st && model_find1(a->model, ROW_TESTSUITE, st))
			p->files[p->refs[r].file].test = 1;
	}
}

/* A public function (exported, or declared under include/) that no other
 * directory calls is a root: modules outside the scan may call it. Unless it
 * is a helper of a library whose users the scan holds: its file's public
 * interface is called from another directory, and every scanned call of it is
 * in its own file, from a static function or from one that another directory
 * calls. fs/quota's qtree_delete_dquot() is exported, but called only
 * by qtree_release_dquot() beside it, which ocfs2 and quota_v2 call: the paths
 * through qtree_release_dquot() are all the paths there are in the tree.  A
 * public function also called by a global function of its own file that no
 * other directory calls stays a root: that caller may have users elsewhere. */
static void mark_library_users(struct program *p)
{
	uint8_t *used = xcalloc(p->nfiles ? p->nfiles : 1, 1);
	for (size_t f = 0; f < p->nfuncs; f++) {
		const struct func *fn = &p->funcs[f];
		if ((fn->exported || fn->in_include) && fn->called_elsewhere)
			used[fn->file] = 1;
	}
	for (size_t f = 0; f < p->nfuncs; f++) {
		struct func *fn = &p->funcs[f];
		if (!(fn->exported || fn->in_include) || fn->called_elsewhere || !used[fn->file])
			continue;
		int ok = 0;
		for (int i = 0; i < fn->ncallers; i++) {
			const struct call *cl = &p->calls[fn->callers[i]];
			if (p->files[cl->file].context)
				continue;
			const struct func *c = cl->fn >= 0 ? &p->funcs[cl->fn] : NULL;
			if (cl->file != fn->file || !c || !(c->is_static || c->called_elsewhere)) {
				ok = 0;
				break;
			}
			ok = 1;
		}
		fn->users_in_scan = (uint8_t)ok;
	}
	free(used);
}

/* A `deferred` model row (without when=reclaim) names this call: CALLER hands
 * NAME to task_work or a worker on every path the analysis can reach (mntput_no_expire() ->
 * cleanup_mnt()), so NAME does not run in the caller's context and the call is
 * no edge of the graph. */
static int deferred_call(const struct analysis *a, const struct call *cl)
{
	const struct mrow *rows[8];
	int n = model_find(a->model, ROW_DEFERRED, cl->callee, rows, 8);
	for (int i = 0; i < n; i++)
		if (rows[i]->from == a->prog->funcs[cl->fn].name && !rows[i]->in_reclaim)
			return 1; /* (a when=reclaim row cuts only reclaim walks: reclaim.c) */
	return 0;
}

/* Each function's calls and items, in program order. */
/* Each function's calls and structure items, in ascending order (source
 * order), as slices of two arrays of the program (a counting sort): one
 * allocation each, not two per function. */
static void list_calls_items(struct program *p)
{
	size_t nf = p->nfuncs;
	for (int pass = 0; pass < 2; pass++) {
		size_t n = pass ? p->nitems : p->ncalls, used = 0;
		int **pool = pass ? &p->fnitems : &p->fncalls;
		free(*pool);
		*pool = xmalloc(sizeof(int) * (n ? n : 1));
		for (size_t f = 0; f < nf; f++)
			*(pass ? &p->funcs[f].nitems : &p->funcs[f].ncalls) = 0;
		for (size_t i = 0; i < n; i++) {
			int fn = pass ? p->items[i].fn : p->calls[i].fn;
			if (fn >= 0)
				(*(pass ? &p->funcs[fn].nitems : &p->funcs[fn].ncalls))++;
		}
		for (size_t f = 0; f < nf; f++) {
			int k = pass ? p->funcs[f].nitems : p->funcs[f].ncalls;
			*(pass ? &p->funcs[f].items : &p->funcs[f].calls) = k ? *pool + used : NULL;
			used += (size_t)k;
			*(pass ? &p->funcs[f].nitems : &p->funcs[f].ncalls) = 0;
		}
		for (size_t i = 0; i < n; i++) {
			int fn = pass ? p->items[i].fn : p->calls[i].fn;
			if (fn < 0)
				continue;
			struct func *F = &p->funcs[fn];
			if (pass)
				F->items[F->nitems++] = (int)i;
			else
				F->calls[F->ncalls++] = (int)i;
		}
	}
}

/* The target of every direct call: a function, else a function-like macro,
 * else none (-1). */
static void resolve_calls(struct analysis *a)
{
	struct program *p = a->prog;
	for (size_t c = 0; c < p->ncalls; c++) {
		struct call *cl = &p->calls[c];
		if (cl->is_icall || cl->fn < 0)
			continue;
		/* A modelled name (allocator, lock, scope...) is not followed into its body. */
		cl->target = graph_resolve_in(a, cl->file, cl->fn, cl->callee);
		if (cl->target < 0 && p->nmacros) {
			cl->target = resolve_macro(a, cl->file, cl->callee, 0);
			cl->via_macro = cl->target >= 0;
		}
		if (cl->target >= 0 && deferred_call(a, cl))
			cl->target = -1;
	}
}

/* Each function's callers, and whether another directory calls it.  The
 * number of edges. */
static int link_callers(struct program *p)
{
	int edges = 0;
	for (size_t c = 0; c < p->ncalls; c++) {
		struct call *cl = &p->calls[c];
		if (cl->target < 0)
			continue;
		struct func *t = &p->funcs[cl->target];
		if (t->ncallers == t->capcallers) {
			t->capcallers = t->capcallers ? t->capcallers * 2 : 4;
			t->callers = xrealloc(t->callers, sizeof(int) * (size_t)t->capcallers);
		}
		t->callers[t->ncallers++] = (int)c;
		/* (a header of include/ read as context is no scanned user) */
		if (!t->called_elsewhere && cl->file != t->file && !p->files[cl->file].context &&
		    strcmp(p->files[cl->file].dir, p->files[t->file].dir) != 0)
			t->called_elsewhere = 1;
		edges++;
	}
	return edges;
}

/* Functions whose address a `ref` record takes (an initializer, an
 * assignment): addr_taken, and entry_only when every such ref stores it in a
 * field the model names as an entry point. */
static void mark_refs(struct analysis *a)
{
	struct program *p = a->prog;
	for (size_t r = 0; r < p->nrefs; r++) {
		const struct ref *rf = &p->refs[r];
		int f = graph_resolve_in(a, rf->file, rf->fn, rf->name);
		if (f < 0)
			continue;
		struct func *fn = &p->funcs[f];
		const char *how = istr(rf->how);
		int entry = strncmp(how, "init:", 5) == 0 && model_entry(a->model, how + 5);
		if (strcmp(how, "arg") != 0)
			fn->cb_only = 0; /* an `arg` ref is judged with its call below */
		if (!fn->addr_taken) {
			fn->addr_taken = 1;
			fn->addr_how = rf->how;
			fn->entry_only = (uint8_t)entry;
			if (entry)
				fn->entry_field = intern(how + 5);
		} else if (!entry) {
			fn->entry_only = 0;
		} else if (fn->entry_only && !model_entry(a->model, how + 5)->scope &&
			   !model_entry(a->model, how + 5)->blocks_reclaim) {
			fn->entry_field = intern(how + 5); /* also a plain entry: "nothing held" wins */
		}
	}
}

/* A function named as an argument of any call (module_init(fn), INIT_WORK(&w, fn),
 * a callback parameter, __ATTR(..., fn) at file scope) has its address taken. */
static void mark_arg_refs(struct analysis *a)
{
	struct program *p = a->prog;
	for (size_t c = 0; c < p->ncalls; c++) {
		const struct call *cl = &p->calls[c];
		for (int i = 0; i < cl->nargs; i++) {
			/* the argument's text is interned: its id is the name's, unless
			 * it is written &name */
			uint32_t id = cl->args[i];
			const char *t = istr(id);
			if (*t == '&')
				id = is_ident(++t) ? intern_lookup(t) : 0;
			if (!id || id >= a->nhead || a->fn_head[id] < 0 || !is_ident(t))
				continue;
			int f = graph_resolve_in(a, cl->file, cl->fn, id);
			const struct mrow *cb = cl->is_icall ? NULL : model_find1(a->model, ROW_CALLBACK, cl->callee);
			if (f >= 0 && cb && cb->arg_idx == i && p->funcs[f].cb_only) {
				p->funcs[f].cb_only = 1; /* passed as fill_super: see model/callbacks.txt */
				p->funcs[f].cb_call = (int)c;
			} else if (f >= 0) {
				p->funcs[f].cb_only = 0;
			}
			if (f >= 0)
				p->funcs[f].entry_only = 0;
			if (f >= 0 && !p->funcs[f].addr_taken) {
				p->funcs[f].addr_taken = 1;
				p->funcs[f].addr_how = intern("arg");
			}
		}
	}
}

/* Who takes each function's address (cb_only: only as the one callback
 * argument the model names, cb_call that call). */
static void mark_address_taken(struct analysis *a)
{
	struct program *p = a->prog;
	for (size_t f = 0; f < p->nfuncs; f++) {
		p->funcs[f].cb_only = -1;
		p->funcs[f].cb_call = -1;
	}
	mark_refs(a);
	mark_arg_refs(a);
	for (size_t f = 0; f < p->nfuncs; f++)
		if (p->funcs[f].cb_only < 0 || !p->funcs[f].addr_taken)
			p->funcs[f].cb_only = 0;
}

/* Exported functions and the roots the model names. */
static void mark_exports_roots(struct analysis *a)
{
	struct program *p = a->prog;
	for (size_t x = 0; x < p->nexports; x++) {
		int f = graph_resolve(a, p->exports[x].file, p->exports[x].name);
		if (f >= 0)
			p->funcs[f].exported = 1;
	}
	free(a->noreturn);
	a->noreturn = xcalloc(p->nfuncs ? p->nfuncs : 1, 1);
	for (size_t f = 0; f < p->nfuncs; f++) {
		if (model_find1(a->model, ROW_ROOT, p->funcs[f].name))
			p->funcs[f].model_root = 1;
		a->noreturn[f] = model_find1(a->model, ROW_NORETURN, p->funcs[f].name) != NULL;
	}
}

/* The parameter of fn that one of its calls passes as the gfp argument of an
 * allocator (or of another wrapper): 1 when found now. */
static int find_wrapper_param(struct analysis *a, struct func *fn)
{
	const struct program *p = a->prog;
	for (int i = 0; i < fn->ncalls; i++) {
		const struct call *cl = &p->calls[fn->calls[i]];
		int gi = call_gfp_arg(a, cl);
		if (gi < 0 || gi >= cl->nargs)
			continue;
		int pi = gfp_param_in(p, fn, istr(cl->args[gi]));
		if (pi >= 0) {
			fn->alloc_gfp_param = pi;
			fn->alloc_via_call = fn->calls[i];
			return 1;
		}
	}
	return 0;
}

/* Allocator wrappers: a function passing its own gfp_t parameter to the gfp argument
 * of an allocator (or of another wrapper) is an allocator too. */
static void infer_wrappers(struct analysis *a)
{
	struct program *p = a->prog;
	/* A function is looked at again only when one of its callees became a
	 * wrapper since the last look (dirty): the others would find nothing
	 * new. The rounds and their order are those of looking at every
	 * function each round. */
	unsigned char *dirty = xmalloc(p->nfuncs ? p->nfuncs : 1);
	memset(dirty, 1, p->nfuncs ? p->nfuncs : 1);
	for (int round = 0; round < 16; round++) {
		int changed = 0;
		for (size_t f = 0; f < p->nfuncs; f++) {
			struct func *fn = &p->funcs[f];
			if (!dirty[f] || fn->alloc_gfp_param >= 0 || !fn->nparams)
				continue;
			dirty[f] = 0;
			if (model_find1(a->model, ROW_ALLOC, fn->name))
				continue;
			if (find_wrapper_param(a, fn)) {
				changed = 1;
				for (int i = 0; i < fn->ncallers; i++)
					if (p->calls[fn->callers[i]].fn >= 0)
						dirty[p->calls[fn->callers[i]].fn] = 1;
			}
		}
		if (!changed)
			break;
	}
	free(dirty);
}

int graph_build(struct analysis *a)
{
	struct program *p = a->prog;
	mark_host(a);
	mark_tests(a);
	build_name_index(a);
	list_calls_items(p);
	build_macro_index(a);
	resolve_calls(a);
	int edges = link_callers(p);
	mark_address_taken(a);
	mark_exports_roots(a);
	mark_include(a);
	mark_library_users(p);
	infer_wrappers(a);
	return edges;
}
