/* facts.c - load gfpfacts version 2 (docs/FACTS.md) into the program.  The
 * records are checked field by field against the schema (facts.def through
 * schema.c); each kind then has a small store function. */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "facts/program.h"
#include "facts/facts_pre.h"
#include "facts/schema.h"
#include "base/util.h"

/* The system headers a source text includes: `#include <NAME>` where NAME has
 * no directory or lies under sys/ (the kernel's own headers always have one:
 * <linux/...>, <asm/...>). */
static void sys_includes(struct sfile *sf, const char *t, size_t n)
{
	int cap = 0;
	for (size_t i = 0; i < n;) {
		const char *eol = memchr(t + i, '\n', n - i);
		size_t e = eol ? (size_t)(eol - t) : n;
		size_t k = i;
		while (k < e && (t[k] == ' ' || t[k] == '\t'))
			k++;
		if (k < e && t[k] == '#') {
			k++;
			while (k < e && (t[k] == ' ' || t[k] == '\t'))
				k++;
			if (e - k > 8 && memcmp(t + k, "include", 7) == 0) {
				k += 7;
				while (k < e && (t[k] == ' ' || t[k] == '\t'))
					k++;
				const char *gt = k < e && t[k] == '<' ? memchr(t + k, '>', e - k) : NULL;
				if (gt) {
					size_t b = k + 1, len = (size_t)(gt - t) - b;
					const char *slash = memchr(t + b, '/', len);
					if (len && len < 64 && (!slash || (len > 4 && memcmp(t + b, "sys/", 4) == 0))) {
						char *name = xstrndup(t + b, len);
						if (sf->nsysinc == cap) {
							cap = cap ? cap * 2 : 4;
							sf->sysinc = xrealloc(sf->sysinc, sizeof(uint32_t) * (size_t)cap);
						}
						sf->sysinc[sf->nsysinc++] = intern(name);
						free(name);
					}
				}
			}
		}
		i = e + 1;
	}
}

struct pending_arg {
	pos_t tok, call;
	int idx;
};
struct pending_var {
	pos_t tok;
	uint32_t var;
};
struct pending_ctx {
	pos_t pos;
	int change;   /* 1 acquire, 2 release */
	uint32_t cls; /* lockclass.c's form, 0: unknown */
};
struct pending_ctxfn {
	uint32_t name;
	int in, out;
	uint32_t cls; /* lockclass.c's form, 0: unknown */
};
struct pending_param {
	int fn, idx;
	uint32_t name, type;
	size_t seq; /* order in the file: of two equal indexes the first wins */
};
struct pending_assign {
	pos_t call;
	uint32_t var;
	int fn;
};
struct pending_local {
	int fn;
	struct local l;
};

/* Buffers a load reuses from the file before (kept in the program: loading a
 * tree is thousands of small files). */
struct span {
	size_t off, len;
};
struct facts_bufs {
	struct pending_arg *pa; size_t npa, cappa;
	struct pending_var *pv; size_t npv, cappv;
	struct pending_assign *pas; size_t npas, cappas;
	struct pending_param *pp; size_t npp, cappp;
	struct pending_local *pl; size_t npl, cappl;
	struct pending_ctx *pc; size_t npc, cappc;
	struct pending_ctxfn *pf; size_t npf, cappf;
	/* functions of this file by name id: open addressing, 0 = empty */
	uint32_t *fkey; int *fval; size_t fcap, fn_count;
	/* the fields of the record being read */
	const char **fs; size_t *fl; struct fact_val *v; int capf;
	/* the record lines after the header */
	struct span *lines; size_t nlines, caplines;
};

struct ctx {
	struct program *p;
	const char *path;
	const char *text, *end; /* the whole file */
	const char *line;       /* start of the record being read (for messages) */
	char *err;
	size_t errlen;
	int file;
	size_t call0, gfp0, fn0;
	struct facts_bufs b;
	const struct facts_pre *pre; /* the records split and checked ahead, or NULL */
	size_t pre_d;                /* pre's line of body line i is i + pre_d */
	int have_source;
	long long source_size;
	int version;
};

/* The line number of c->line, counted only when a message needs it. */
static int lineno(const struct ctx *c)
{
	int n = 1;
	for (const char *s = c->text; s < c->line; s++) {
		s = memchr(s, '\n', (size_t)(c->line - s));
		if (!s)
			break;
		n++;
	}
	return n;
}

static int ferr(struct ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int ferr(struct ctx *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	error_at(c->err, c->errlen, c->path, lineno(c), fmt, ap);
	va_end(ap);
	return -1;
}

static uint32_t id_of(const struct fact_val *v)
{
	return v->hh ? intern_nh(v->s, v->n, v->h) : intern_n(v->s, v->n);
}

static pos_t pos_of(const struct fact_val *v)
{
	pos_t p = {v->p.line, v->p.col};
	return p;
}

/* ---- functions of this file by name ---- */

static void fmap_put(struct ctx *c, uint32_t id, int fi)
{
	if ((c->b.fn_count + 1) * 2 > c->b.fcap) {
		size_t ncap = c->b.fcap ? c->b.fcap * 2 : 64;
		uint32_t *nk = xcalloc(ncap, sizeof(*nk));
		int *nv = xmalloc(ncap * sizeof(*nv));
		for (size_t i = 0; i < c->b.fcap; i++)
			if (c->b.fkey[i]) {
				size_t j = c->b.fkey[i] & (ncap - 1);
				while (nk[j])
					j = (j + 1) & (ncap - 1);
				nk[j] = c->b.fkey[i];
				nv[j] = c->b.fval[i];
			}
		free(c->b.fkey);
		free(c->b.fval);
		c->b.fkey = nk;
		c->b.fval = nv;
		c->b.fcap = ncap;
	}
	size_t j = id & (c->b.fcap - 1);
	while (c->b.fkey[j])
		j = (j + 1) & (c->b.fcap - 1);
	c->b.fkey[j] = id;
	c->b.fval[j] = fi;
	c->b.fn_count++;
}

static int fmap_get(const struct ctx *c, uint32_t id)
{
	if (!c->b.fcap || !id)
		return -1;
	for (size_t j = id & (c->b.fcap - 1); c->b.fkey[j]; j = (j + 1) & (c->b.fcap - 1))
		if (c->b.fkey[j] == id)
			return c->b.fval[j];
	return -1;
}

/* The function named by an FN field, or -1 (`-`, or no `fn` record). */
static int find_fn(const struct ctx *c, const struct fact_val *v)
{
	if (v->n == 1 && v->s[0] == '-')
		return -1;
	return fmap_get(c, intern_lookup_n(v->s, v->n));
}

/* ---- store functions, one per kind: v[i] is field i after the keyword ---- */

static int st_fn(struct ctx *c, const struct fact_val *v, int nf)
{
	struct program *p = c->p;
	uint32_t name = id_of(&v[0]);
	if (fmap_get(c, name) >= 0)
		return 0; /* duplicate definition under #ifdef: keep the first */
	struct func fn;
	memset(&fn, 0, sizeof(fn));
	fn.name = name;
	fn.file = c->file;
	fn.is_static = v[1].i == 0;
	fn.start = pos_of(&v[2]);
	fn.end = pos_of(&v[3]);
	if (nf == 5)
		fn.ret_type = id_of(&v[4]);
	fn.param0 = -1;
	fn.alloc_gfp_param = -1;
	fn.alloc_via_call = -1;
	fmap_put(c, name, (int)p->nfuncs);
	VEC_PUSH(p->funcs, p->nfuncs, p->capfuncs, fn);
	return 0;
}

static int st_param(struct ctx *c, const struct fact_val *v, int nf)
{
	(void)nf;
	struct pending_param pp = {find_fn(c, &v[0]), (int)v[1].i, id_of(&v[2]), id_of(&v[3]), c->b.npp};
	if (pp.fn >= 0)
		VEC_PUSH(c->b.pp, c->b.npp, c->b.cappp, pp);
	return 0;
}

static int st_local(struct ctx *c, const struct fact_val *v, int nf)
{
	(void)nf;
	struct pending_local pl = {find_fn(c, &v[0]), {id_of(&v[2]), id_of(&v[3]), pos_of(&v[1]), 0, 0}};
	if (pl.fn >= 0)
		VEC_PUSH(c->b.pl, c->b.npl, c->b.cappl, pl);
	return 0;
}

/* n words for a call's arguments, from the program's argument blocks. */
static uint32_t *call_args(struct program *p, size_t n)
{
	enum { ARGBLK = 1 << 16 }; /* words */
	if (!p->nargblk || n > p->argcap - p->argused) {
		p->argcap = n > ARGBLK ? n : ARGBLK;
		p->argused = 0;
		VEC_PUSH(p->argblk, p->nargblk, p->capargblk, xmalloc(p->argcap * sizeof(uint32_t)));
	}
	uint32_t *r = p->argblk[p->nargblk - 1] + p->argused;
	p->argused += n;
	return r;
}

/* `call` and `icall`: icall has RECV before NARGS (a0: index of NARGS) */
static int st_call(struct ctx *c, const struct fact_val *v, int nf)
{
	struct program *p = c->p;
	struct call cl;
	memset(&cl, 0, sizeof(cl));
	cl.file = c->file;
	cl.fn = find_fn(c, &v[0]);
	cl.is_icall = c->line[0] == 'i';
	cl.pos = pos_of(&v[1]);
	cl.end = pos_of(&v[2]);
	cl.callee = id_of(&v[3]);
	int a0 = 4;
	if (cl.is_icall) {
		if (!(v[4].n == 1 && v[4].s[0] == '-'))
			cl.recv = id_of(&v[4]);
		a0 = 5;
	}
	cl.nargs = nf - a0 - 1;
	cl.args = cl.nargs ? call_args(p, (size_t)cl.nargs) : NULL;
	for (int i = 0; i < cl.nargs; i++)
		cl.args[i] = id_of(&v[a0 + 1 + i]);
	cl.target = -1;
	VEC_PUSH(p->calls, p->ncalls, p->capcalls, cl);
	return 0;
}

static int st_assign(struct ctx *c, const struct fact_val *v, int nf)
{
	(void)nf;
	struct pending_assign a = {pos_of(&v[1]), id_of(&v[2]), find_fn(c, &v[0])};
	VEC_PUSH(c->b.pas, c->b.npas, c->b.cappas, a);
	return 0;
}

static int st_gfp(struct ctx *c, const struct fact_val *v, int nf)
{
	(void)nf;
	struct program *p = c->p;
	struct gfptok g;
	memset(&g, 0, sizeof(g));
	g.file = c->file;
	g.fn = find_fn(c, &v[0]);
	g.pos = pos_of(&v[1]);
	g.end = pos_of(&v[2]);
	g.token = id_of(&v[3]);
	g.call = g.argidx = -1;
	VEC_PUSH(p->gfps, p->ngfps, p->capgfps, g);
	return 0;
}

static int st_gfparg(struct ctx *c, const struct fact_val *v, int nf)
{
	(void)nf;
	struct pending_arg a = {pos_of(&v[0]), pos_of(&v[1]), (int)v[2].i};
	VEC_PUSH(c->b.pa, c->b.npa, c->b.cappa, a);
	return 0;
}

static int st_gfpvar(struct ctx *c, const struct fact_val *v, int nf)
{
	(void)nf;
	struct pending_var pv = {pos_of(&v[0]), id_of(&v[1])};
	VEC_PUSH(c->b.pv, c->b.npv, c->b.cappv, pv);
	return 0;
}

static int st_ignore(struct ctx *c, const struct fact_val *v, int nf)
{
	(void)c, (void)v, (void)nf;
	return 0;
}

/* sparse's lock class text: `struct_type.member`, a global's name, or - */
static uint32_t ctx_class(const struct fact_val *v)
{
	if (v->n == 1 && v->s[0] == '-')
		return 0;
	if (memchr(v->s, '.', v->n))
		return intern_n(v->s, v->n);
	char *g = xasprintf("g:%.*s", (int)v->n, v->s);
	uint32_t id = intern(g);
	free(g);
	return id;
}

static int st_ctx(struct ctx *c, const struct fact_val *v, int nf)
{
	(void)nf;
	struct pending_ctx pc = {pos_of(&v[1]), v[3].s[0] == 'a' ? 1 : 2, ctx_class(&v[5])};
	VEC_PUSH(c->b.pc, c->b.npc, c->b.cappc, pc);
	return 0;
}

static int st_ctxfn(struct ctx *c, const struct fact_val *v, int nf)
{
	struct pending_ctxfn pf = {id_of(&v[0]), (int)v[1].i, (int)v[2].i, nf > 4 ? ctx_class(&v[4]) : 0};
	VEC_PUSH(c->b.pf, c->b.npf, c->b.cappf, pf);
	return 0;
}

static int st_target(struct ctx *c, const struct fact_val *v, int nf)
{
	(void)nf;
	struct sfile *sf = &c->p->files[c->file];
	sf->ptr_size = (int)v[0].i;
	sf->page_shift = (int)v[1].i;
	return 0;
}

static int st_argval(struct ctx *c, const struct fact_val *v, int nf)
{
	struct argval a = {c->file, (int)v[3].i, pos_of(&v[1]), id_of(&v[2]), v[4].i, nf > 5 ? v[5].i : -1};
	if (a.hi >= 0 && a.hi < a.lo)
		return ferr(c, "'argval' record with HI %lld below LO %lld", a.hi, a.lo);
	VEC_PUSH(c->p->argvals, c->p->nargvals, c->p->capargvals, a);
	return 0;
}

static int st_ref(struct ctx *c, const struct fact_val *v, int nf)
{
	(void)nf;
	struct ref r = {c->file, find_fn(c, &v[0]), pos_of(&v[1]), id_of(&v[2]), id_of(&v[3])};
	VEC_PUSH(c->p->refs, c->p->nrefs, c->p->caprefs, r);
	return 0;
}

static int st_export(struct ctx *c, const struct fact_val *v, int nf)
{
	(void)nf;
	struct export_ x = {id_of(&v[0]), c->file, pos_of(&v[1])};
	VEC_PUSH(c->p->exports, c->p->nexports, c->p->capexports, x);
	return 0;
}

static int st_proto(struct ctx *c, const struct fact_val *v, int nf)
{
	struct proto x = {id_of(&v[0]), c->file, pos_of(&v[1]), PK_UNKNOWN};
	if (nf == 3) {
		static const char *const kinds[] = {"extern", "static", "static-inline", "extern-inline"};
		for (int k = 0; k < 4; k++)
			if (v[2].n == strlen(kinds[k]) && memcmp(v[2].s, kinds[k], v[2].n) == 0)
				x.kind = (uint8_t)(PK_EXTERN + k);
	}
	VEC_PUSH(c->p->protos, c->p->nprotos, c->p->capprotos, x);
	return 0;
}

static int st_define(struct ctx *c, const struct fact_val *v, int nf)
{
	struct macro mc;
	mc.name = id_of(&v[0]);
	mc.file = c->file;
	mc.ncalled = nf - 2;
	mc.called = mc.ncalled ? xmalloc(sizeof(uint32_t) * (size_t)mc.ncalled) : NULL;
	for (int i = 0; i < mc.ncalled; i++)
		mc.called[i] = id_of(&v[2 + i]);
	VEC_PUSH(c->p->macros, c->p->nmacros, c->p->capmacros, mc);
	return 0;
}

static int st_defval(struct ctx *c, const struct fact_val *v, int nf)
{
	(void)nf;
	struct cdefine d = {id_of(&v[0]), id_of(&v[2]), c->file, pos_of(&v[1])};
	VEC_PUSH(c->p->defines, c->p->ndefines, c->p->capdefines, d);
	return 0;
}

static int st_struct(struct ctx *c, const struct fact_val *v, int nf)
{
	struct cstruct st;
	st.name = id_of(&v[0]);
	st.file = c->file;
	st.pos = pos_of(&v[1]);
	st.nmembers = nf - 3;
	st.members = st.nmembers ? xmalloc(sizeof(uint32_t) * (size_t)st.nmembers) : NULL;
	for (int i = 0; i < st.nmembers; i++)
		st.members[i] = id_of(&v[3 + i]);
	VEC_PUSH(c->p->structs, c->p->nstructs, c->p->capstructs, st);
	return 0;
}

static void push_item(struct ctx *c, struct item *it, const struct fact_val *fnv)
{
	it->file = c->file;
	it->fn = find_fn(c, fnv);
	VEC_PUSH(c->p->items, c->p->nitems, c->p->capitems, *it);
}

static int st_if(struct ctx *c, const struct fact_val *v, int nf)
{
	struct item it;
	memset(&it, 0, sizeof(it));
	it.kind = IT_IF;
	it.pos = pos_of(&v[1]);
	it.s1 = pos_of(&v[2]);
	it.e1 = pos_of(&v[3]);
	it.s2 = pos_of(&v[4]);
	it.e2 = pos_of(&v[5]);
	it.s3 = pos_of(&v[6]);
	it.e3 = pos_of(&v[7]);
	it.has_else = (int)v[6].i;
	if (v[6].i != v[7].i)
		return ferr(c, "else span must have both ends or be '-\t-'");
	it.ck = v[8].i == FACT_COND_CALL ? CK_CALL : v[8].i == FACT_COND_NOT ? CK_NOT : CK_NONE;
	if (it.ck != CK_NONE)
		it.name = intern_n(v[8].name, v[8].name_len);
	if (nf == 10)
		it.ctext = id_of(&v[9]);
	push_item(c, &it, &v[0]);
	return 0;
}

static int st_loop(struct ctx *c, const struct fact_val *v, int nf)
{
	struct item it;
	memset(&it, 0, sizeof(it));
	it.kind = nf == 5 ? IT_LOOP : IT_SWITCH;
	it.pos = pos_of(&v[1]);
	it.s1 = pos_of(&v[2]);
	it.e1 = pos_of(&v[3]);
	if (nf == 5)
		it.name = id_of(&v[4]);
	push_item(c, &it, &v[0]);
	return 0;
}

static int st_stmt(struct ctx *c, const struct fact_val *v, int nf)
{
	struct item it;
	memset(&it, 0, sizeof(it));
	switch (c->line[0]) {
	case 'r': it.kind = IT_RETURN; break;
	case 'b': it.kind = IT_BREAK; break;
	case 'g': it.kind = IT_GOTO; break;
	case 'l': it.kind = IT_LABEL; break;
	default: it.kind = c->line[1] == 'o' ? IT_CONTINUE : IT_CASE; break;
	}
	it.pos = pos_of(&v[1]);
	if (nf == 3)
		it.name = id_of(&v[2]);
	push_item(c, &it, &v[0]);
	return 0;
}

static int st_cfg(struct ctx *c, const struct fact_val *v, int nf)
{
	(void)nf;
	int fid = find_fn(c, &v[0]);
	if (fid < 0)
		return ferr(c, "'cfg' record for '%.*s', which has no 'fn' record", (int)v[0].n, v[0].s);
	struct func *fn = &c->p->funcs[fid];
	long long n = v[1].i;
	if (v[2].i >= n || v[3].i >= n)
		return ferr(c, "bad %s block '%lld' in 'cfg' record (expected a number 0..%lld)",
			    v[2].i >= n ? "entry" : "exit", v[2].i >= n ? v[2].i : v[3].i, n - 1);
	if (fn->cfg_n)
		return 0; /* a second definition under #ifdef: keep the first */
	fn->cfg_n = (int)n;
	fn->cfg_entry = (int)v[2].i;
	fn->cfg_exit = (int)v[3].i;
	fn->bbs = xmalloc(sizeof(int) * (size_t)n);
	for (long long i = 0; i < n; i++)
		fn->bbs[i] = -1;
	return 0;
}

static int st_bb(struct ctx *c, const struct fact_val *v, int nf)
{
	(void)nf;
	struct program *p = c->p;
	int fid = find_fn(c, &v[0]);
	if (fid < 0)
		return ferr(c, "'bb' record for '%.*s', which has no 'fn' record", (int)v[0].n, v[0].s);
	struct func *fn = &p->funcs[fid];
	if (!fn->cfg_n)
		return ferr(c, "'bb' record for '%.*s' before its 'cfg' record", (int)v[0].n, v[0].s);
	long long id = v[1].i;
	if (id >= fn->cfg_n)
		return ferr(c, "bad block id '%lld' in 'bb' record (the 'cfg' record says %d blocks)", id, fn->cfg_n);
	if (fn->bbs[id] >= 0)
		return ferr(c, "block %lld of '%.*s' given twice", id, (int)v[0].n, v[0].s);
	struct bblock b;
	memset(&b, 0, sizeof(b));
	b.fn = fid;
	b.id = (int)id;
	b.ifpos = pos_of(&v[4]);
	/* SUCCS and CALLS are well-formed (schema.c): split them */
	const struct fact_val *su = &v[2], *ca = &v[3];
	if (!(su->n == 1 && su->s[0] == '-')) {
		for (size_t i = 0; i <= su->n;) {
			const char *cm = memchr(su->s + i, ',', su->n - i);
			size_t e = cm ? (size_t)(cm - su->s) : su->n;
			long long s = -1;
			if (!(e - i == 1 && su->s[i] == 'x') &&
			    fact_parse_uint(su->s + i, e - i, 0, fn->cfg_n - 1, &s)) {
				free(b.succ);
				return ferr(c, "bad successor '%.*s' in 'bb' record (the 'cfg' record says %d blocks)",
					    (int)(e - i), su->s + i, fn->cfg_n);
			}
			b.succ = xrealloc(b.succ, sizeof(int) * (size_t)(b.nsucc + 1));
			b.succ[b.nsucc++] = (int)s;
			i = e + 1;
		}
	}
	if (!(ca->n == 1 && ca->s[0] == '-')) {
		for (size_t i = 0; i <= ca->n;) {
			const char *cm = memchr(ca->s + i, ',', ca->n - i);
			size_t e = cm ? (size_t)(cm - ca->s) : ca->n;
			const char *it = ca->s + i;
			const char *c1 = memchr(it, ':', e - i);
			const char *c2 = memchr(c1 + 1, ':', (size_t)(ca->s + e - (c1 + 1)));
			struct fact_pos fp;
			fact_parse_pos(it, (size_t)(c2 - it), &fp);
			pos_t ps = {fp.line, fp.col};
			b.evpos = xrealloc(b.evpos, sizeof(pos_t) * (size_t)(b.nev + 1));
			b.evcallee = xrealloc(b.evcallee, sizeof(uint32_t) * (size_t)(b.nev + 1));
			b.evpos[b.nev] = ps;
			b.evcallee[b.nev++] = intern_n(c2 + 1, (size_t)(ca->s + e - (c2 + 1)));
			i = e + 1;
		}
	}
	fn->bbs[id] = (int)p->nbbs;
	VEC_PUSH(p->bbs, p->nbbs, p->capbbs, b);
	return 0;
}

static int st_skipped(struct ctx *c, const struct fact_val *v, int nf)
{
	(void)nf;
	struct sfile *sf = &c->p->files[c->file];
	sf->skipped = xrealloc(sf->skipped, sizeof(char *) * (size_t)(sf->nskipped + 1));
	sf->skipped[sf->nskipped++] = xasprintf("%.*s: %.*s", (int)v[0].n, v[0].s, (int)v[1].n, v[1].s);
	return 0;
}

static int st_suppress(struct ctx *c, const struct fact_val *v, int nf)
{
	(void)nf;
	struct directive d = {c->file, pos_of(&v[0]), pos_of(&v[1]), id_of(&v[2])};
	VEC_PUSH(c->p->directives, c->p->ndirectives, c->p->capdirectives, d);
	return 0;
}

typedef int (*store_fn)(struct ctx *c, const struct fact_val *v, int nf);
static const store_fn store[FACT__N] = {
	[FACT_SKIPPED] = st_skipped, [FACT_FN] = st_ignore, /* pass 1 */
	[FACT_PARAM] = st_param,     [FACT_LOCAL] = st_local,
	[FACT_CALL] = st_call,	     [FACT_ICALL] = st_call,
	[FACT_ASSIGN] = st_assign,   [FACT_GFP] = st_gfp,	[FACT_GFPARG] = st_gfparg,
	[FACT_GFPVAR] = st_gfpvar,   [FACT_GFPVAL] = st_ignore, [FACT_REF] = st_ref,
	[FACT_EXPORT] = st_export,   [FACT_PROTO] = st_proto,	[FACT_DEFINE] = st_define,
	[FACT_DEFVAL] = st_defval,   [FACT_STRUCT] = st_struct, [FACT_IF] = st_if,
	[FACT_LOOP] = st_loop,	     [FACT_SWITCH] = st_loop,	[FACT_CASE] = st_stmt,
	[FACT_RETURN] = st_stmt,     [FACT_GOTO] = st_stmt,	[FACT_LABEL] = st_stmt,
	[FACT_BREAK] = st_stmt,	     [FACT_CONTINUE] = st_stmt, [FACT_CFG] = st_cfg,
	[FACT_BB] = st_bb,	     [FACT_SUPPRESS] = st_suppress, [FACT_CTXFN] = st_ctxfn,
	[FACT_CTX] = st_ctx,	     [FACT_GFPFLOW] = st_ignore, [FACT_GFPRET] = st_ignore,
	[FACT_GFPSTORE] = st_ignore, [FACT_TARGET] = st_target, [FACT_ARGVAL] = st_argval,
};

/* ---- reading records ---- */

/* Split the record at c->line (n bytes, no newline) into fields; the keyword is
 * field 0. */
static int split(struct ctx *c, size_t n)
{
	int nf = 0;
	const char *s = c->line, *e = s + n;
	for (;;) {
		if (nf == c->b.capf) {
			c->b.capf = c->b.capf ? c->b.capf * 2 : 64;
			c->b.fs = xrealloc(c->b.fs, sizeof(*c->b.fs) * (size_t)c->b.capf);
			c->b.fl = xrealloc(c->b.fl, sizeof(*c->b.fl) * (size_t)c->b.capf);
			c->b.v = xrealloc(c->b.v, sizeof(*c->b.v) * (size_t)c->b.capf);
		}
		const char *t = memchr(s, '\t', (size_t)(e - s));
		c->b.fs[nf] = s;
		c->b.fl[nf++] = (size_t)((t ? t : e) - s);
		if (!t)
			break;
		s = t + 1;
	}
	return nf;
}

/* Read one checked record at c->line: its kind, fields in c->b.v.  Returns the
 * kind, or -1 with a message. */
static const char nul_msg[] = "NUL byte in a facts file (facts are text; extract the facts again)";

static int read_record(struct ctx *c, size_t n, int *nfp)
{
	int nf = split(c, n);
	int k = fact_kind_find(c->b.fs[0], c->b.fl[0]);
	if (k < 0) {
		char shown[64];
		snprintf(shown, sizeof(shown), "%.*s", (int)(c->b.fl[0] > 40 ? 40 : c->b.fl[0]), c->b.fs[0]);
		return ferr(c, "unknown record '%s'", shown);
	}
	char msg[512];
	if (fact_record_check((enum fact_kind)k, c->b.fs + 1, c->b.fl + 1, nf - 1, c->b.v, msg, sizeof(msg)))
		return ferr(c, "%s", msg);
	*nfp = nf - 1;
	return k;
}

/* c->pre's line of body line i when it holds that line checked, else -1. */
static long pre_line(const struct ctx *c, size_t i)
{
	const struct facts_pre *pp = c->pre;
	size_t j = i + c->pre_d;
	return pp && j < pp->nlines && pp->off[j] == c->b.lines[i].off && pp->kind[j] >= 0 ? (long)j : -1;
}

/* Body line i (n bytes at c->line) as read_record() reads it, from c->pre
 * when it holds the line checked; *vp: its values. */
static int get_record(struct ctx *c, size_t i, size_t n, int *nfp, const struct fact_val **vp)
{
	long j = pre_line(c, i);
	if (j >= 0) {
		*nfp = c->pre->nf[j];
		*vp = c->pre->vals + c->pre->v0[j];
		return c->pre->kind[j];
	}
	*vp = c->b.v;
	return read_record(c, n, nfp);
}

/* The header: gfpfacts, frontend, [source], status (facts.def order). */
static int header(struct ctx *c, const char **sp)
{
	const char *s = *sp;
	int want = FACT_MAGIC;
	while (want <= FACT_STATUS) {
		c->line = s;
		if (s >= c->end)
			return ferr(c, "truncated facts file (header incomplete)");
		const char *next;
		size_t n = facts_next_line(s, c->end, &next);
		if (memchr(s, 0, n))
			return ferr(c, "%s", nul_msg);
		if (want == FACT_MAGIC) {
			int nf = split(c, n);
			if (c->b.fl[0] != 8 || memcmp(c->b.fs[0], "gfpfacts", 8) != 0 || nf != 2)
				return ferr(c, "not a facts file (first line must be 'gfpfacts<TAB>%d')", GFPFACTS_VERSION);
			/* version 1: as version 2 without source, text and end
			 * marker (the sparse front end writes it until it moves to
			 * facts_write.h) */
			c->version = c->b.fl[1] == 1 ? c->b.fs[1][0] - '0' : 0;
			if (c->version != 1 && c->version != GFPFACTS_VERSION)
				return ferr(c,
					    "facts version %.*s is not supported (this gfpcheck reads versions 1 and %d: "
					    "extract the facts again)",
					    (int)(c->b.fl[1] > 20 ? 20 : c->b.fl[1]), c->b.fs[1], GFPFACTS_VERSION);
		}
		int nf;
		int k = read_record(c, n, &nf);
		if (k < 0)
			return -1;
		if (want == FACT_SOURCE && k == FACT_STATUS)
			want = FACT_STATUS;
		if (k != want)
			return ferr(c, "expected a '%s' line here, not '%s'", fact_keyword((enum fact_kind)want),
				    fact_keyword((enum fact_kind)k));
		struct sfile *sf = &c->p->files[c->file];
		if (k == FACT_SOURCE) {
			memcpy(sf->src_hash, c->b.v[0].s, 32);
			sf->src_hash[32] = 0;
			sf->src_size = c->b.v[1].i;
			c->have_source = 1;
			c->source_size = c->b.v[1].i;
		} else if (k == FACT_STATUS) {
			sf->partial = c->b.v[0].i == 1;
		}
		want++;
		s = next;
	}
	*sp = s;
	return 0;
}

/* The record lines after the header, once: their spans in c->b.lines, up to a
 * `text` record (whose span is kept; the source bytes after it are skipped, not
 * read), and no NUL byte among them. */
static int lines(struct ctx *c, const char *s)
{
	struct facts_bufs *b = &c->b;
	b->nlines = 0;
	const char *region_end = c->end;
	while (s < c->end) {
		const char *next;
		size_t n = facts_next_line(s, c->end, &next);
		if (b->nlines == b->caplines) {
			b->caplines = b->caplines ? b->caplines * 2 : 1024;
			b->lines = xrealloc(b->lines, sizeof(*b->lines) * b->caplines);
		}
		b->lines[b->nlines].off = (size_t)(s - c->text);
		b->lines[b->nlines++].len = n;
		if (facts_is_text(s, n)) {
			region_end = next;
			next = facts_after_text(s, n, next, c->end); /* the source text: not records */
		}
		s = next;
	}
	const char *body = b->nlines ? c->text + b->lines[0].off : c->end;
	const char *z = body < region_end ? memchr(body, 0, (size_t)(region_end - body)) : NULL;
	if (z) {
		c->line = z;
		while (c->line > c->text && c->line[-1] != '\n')
			c->line--;
		return ferr(c, "%s", nul_msg);
	}
	return 0;
}

/* Pass 1: the `fn` records, so that every other record can name its function
 * whatever the order. */
static int pass_fn(struct ctx *c)
{
	for (size_t i = 0; i < c->b.nlines; i++) {
		const char *s = c->text + c->b.lines[i].off;
		size_t n = c->b.lines[i].len;
		if (n > 3 && s[0] == 'f' && s[1] == 'n' && s[2] == '\t') {
			c->line = s;
			int nf;
			const struct fact_val *v;
			if (get_record(c, i, n, &nf, &v) < 0)
				return -1;
			st_fn(c, v, nf);
		}
	}
	return 0;
}

/* The interning of a record's names and texts misses the cache (millions of
 * strings on a whole kernel): the slots of the next record's fields are
 * fetched while this one is stored. Numbers and positions are not interned. */
static void prefetch_fields(const char *s, size_t n)
{
	const char *e = s + n, *t = memchr(s, '\t', n);
	while (t) {
		s = t + 1;
		t = memchr(s, '\t', (size_t)(e - s));
		size_t fl = (size_t)((t ? t : e) - s);
		if (fl && !(s[0] >= '0' && s[0] <= '9'))
			intern_prefetch(s, fl);
	}
}

/* Prefetch the interning slots of body line i's names: with the hashes
 * c->pre worked out, else hashing the fields here. */
static void prefetch_line(const struct ctx *c, size_t i)
{
	long j = pre_line(c, i);
	if (j >= 0) {
		const struct fact_val *v = c->pre->vals + c->pre->v0[j];
		for (int f = 0; f < c->pre->nf[j]; f++)
			if (v[f].hh)
				intern_prefetch_h(v[f].h);
		return;
	}
	prefetch_fields(c->text + c->b.lines[i].off, c->b.lines[i].len);
}

/* Pass 2: every other record, then the tail (`text`, `end`). */
static int pass_body(struct ctx *c)
{
	int ended = 0, tail = 0;
	for (size_t i = 0; i < c->b.nlines; i++) {
		const char *s = c->text + c->b.lines[i].off;
		size_t n = c->b.lines[i].len;
		c->line = s;
		if (ended)
			return ferr(c, "data after the 'end' record");
		if (n == 0 || s[0] == '#' || (n > 3 && s[0] == 'f' && s[1] == 'n' && s[2] == '\t' && !tail))
			continue; /* comments, empty lines, and the `fn` records of pass 1 */
		if (i + 1 < c->b.nlines && !tail)
			prefetch_line(c, i + 1);
		int nf;
		const struct fact_val *v;
		int k = get_record(c, i, n, &nf, &v);
		if (k < 0)
			return -1;
		const struct fact_schema *sc = fact_schema((enum fact_kind)k);
		if (tail && k != FACT_END)
			return ferr(c, "a '%s' record after the 'text' record (only 'end' may follow the source text)",
				    sc->keyword);
		if (sc->place == FP_BODY) {
			if (store[k](c, v, nf))
				return -1;
		} else if (k == FACT_TEXT) {
			long long size = v[0].i;
			const char *next = s + n;
			next += next < c->end && *next == '\r';
			next += next < c->end && *next == '\n';
			if (size > c->end - next || (size < c->end - next && next[size] != '\n'))
				return ferr(c,
					    "truncated facts file: the 'text' record announces %lld bytes of source, "
					    "fewer follow",
					    size);
			if (c->have_source && size != c->source_size)
				return ferr(c, "the 'text' record holds %lld bytes, the 'source' record says %lld", size,
					    c->source_size);
			struct sfile *sf = &c->p->files[c->file];
			sf->text_off = next - c->text;
			sf->text_len = size;
			sys_includes(sf, next, (size_t)size);
			tail = 1;
		} else if (k == FACT_END) {
			ended = 1;
		} else {
			return ferr(c, "a '%s' record does not belong here", sc->keyword);
		}
	}
	if (!ended && c->version != 1) {
		c->line = c->end;
		return ferr(c, "truncated facts file: no 'end' record (the front end did not finish; extract again)");
	}
	return 0;
}

static int cmp_gfp_pos(const void *a, const void *b)
{
	const struct gfptok *x = a, *y = b;
	return pos_cmp(x->pos, y->pos);
}
static int cmp_call_pos(const void *a, const void *b)
{
	const struct call *x = a, *y = b;
	return pos_cmp(x->pos, y->pos);
}
static int cmp_param(const void *a, const void *b)
{
	const struct pending_param *x = a, *y = b;
	if (x->fn != y->fn)
		return x->fn < y->fn ? -1 : 1;
	if (x->idx != y->idx)
		return x->idx < y->idx ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int cmp_local(const void *a, const void *b)
{
	const struct pending_local *x = a, *y = b;
	if (x->fn != y->fn)
		return x->fn < y->fn ? -1 : 1;
	return pos_cmp(x->l.pos, y->l.pos);
}

static int find_gfp(struct ctx *c, pos_t pos)
{
	size_t lo = c->gfp0, hi = c->p->ngfps;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int r = pos_cmp(c->p->gfps[mid].pos, pos);
		if (r == 0)
			return (int)mid;
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

static int find_call(struct ctx *c, pos_t pos)
{
	size_t lo = c->call0, hi = c->p->ncalls;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int r = pos_cmp(c->p->calls[mid].pos, pos);
		if (r == 0)
			return (int)mid;
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* Sort calls and gfp tokens of this file by position, then resolve the links. */
static void link_file(struct ctx *c)
{
	struct program *p = c->p;
	if (p->ncalls > c->call0)
		qsort(p->calls + c->call0, p->ncalls - c->call0, sizeof(struct call), cmp_call_pos);
	if (p->ngfps > c->gfp0)
		qsort(p->gfps + c->gfp0, p->ngfps - c->gfp0, sizeof(struct gfptok), cmp_gfp_pos);
	for (size_t i = 0; i < c->b.npa; i++) {
		int g = find_gfp(c, c->b.pa[i].tok);
		int cl = find_call(c, c->b.pa[i].call);
		if (g < 0 || cl < 0)
			continue;
		struct gfptok *gt = &p->gfps[g];
		if (gt->call < 0 || pos_cmp(p->calls[cl].pos, p->calls[gt->call].pos) > 0) {
			gt->call = cl;
			gt->argidx = c->b.pa[i].idx;
		}
	}
	for (size_t i = 0; i < c->b.npv; i++) {
		int g = find_gfp(c, c->b.pv[i].tok);
		if (g >= 0)
			p->gfps[g].var = c->b.pv[i].var;
	}
	/* Parameters: per function in index order from 0; a gap ends the list. */
	if (c->b.npp)
		qsort(c->b.pp, c->b.npp, sizeof(*c->b.pp), cmp_param);
	size_t k = 0;
	for (size_t fi = c->fn0; fi < p->nfuncs; fi++) {
		struct func *fn = &p->funcs[fi];
		fn->param0 = (int)p->nparams;
		while (k < c->b.npp && c->b.pp[k].fn < (int)fi)
			k++;
		for (int want = 0; k < c->b.npp && c->b.pp[k].fn == (int)fi; k++) {
			if (c->b.pp[k].idx != want)
				continue; /* a repeated index, or after a gap */
			struct param pa = {c->b.pp[k].name, c->b.pp[k].type, 0};
			VEC_PUSH(p->params, p->nparams, p->capparams, pa);
			fn->nparams++;
			want++;
		}
	}
	/* Locals: per function in position order. */
	if (c->b.npl)
		qsort(c->b.pl, c->b.npl, sizeof(*c->b.pl), cmp_local);
	k = 0;
	for (size_t fi = c->fn0; fi < p->nfuncs; fi++) {
		struct func *fn = &p->funcs[fi];
		fn->local0 = (int)p->nlocals;
		while (k < c->b.npl && c->b.pl[k].fn < (int)fi)
			k++;
		for (; k < c->b.npl && c->b.pl[k].fn == (int)fi; k++) {
			VEC_PUSH(p->locals, p->nlocals, p->caplocals, c->b.pl[k].l);
			fn->nlocals++;
		}
	}
	for (size_t i = 0; i < c->b.npas; i++) {
		const struct pending_assign *pa = &c->b.pas[i];
		int cl = find_call(c, pa->call);
		if (cl >= 0)
			p->calls[cl].lhs = pa->var;
		if (pa->fn < 0)
			continue;
		/* which of the function's variables are written, and how (a lock
		 * argument's object identity, lockclass.c) */
		const struct func *fn = &p->funcs[pa->fn];
		for (int q = 0; q < fn->nparams; q++)
			if (p->params[fn->param0 + q].name == pa->var)
				p->params[fn->param0 + q].reassigned = 1;
		for (int q = 0; q < fn->nlocals; q++) {
			struct local *l = &p->locals[fn->local0 + q];
			if (l->name != pa->var)
				continue;
			if (l->nassign < 255)
				l->nassign++;
			if (cl < 0)
				l->plain_assign = 1;
		}
	}
	/* a function of this file annotated __must_hold(x): its callers hold x */
	for (size_t q = 0; q < c->b.npf; q++) {
		const struct pending_ctxfn *f = &c->b.pf[q];
		int fi = f->in == 1 && f->out == 1 && f->cls ? fmap_get(c, f->name) : -1;
		if (fi >= 0 && !p->funcs[fi].must_hold)
			p->funcs[fi].must_hold = f->cls;
	}
	/* the calls of annotated lock wrappers: the `ctx` record at the call of a
	 * function whose `ctxfn` says it only acquires (0 -> 1) or only releases */
	for (size_t i = 0; i < c->b.npc; i++) {
		int cl = find_call(c, c->b.pc[i].pos);
		while (cl > (int)c->call0 && pos_cmp(p->calls[cl - 1].pos, c->b.pc[i].pos) == 0)
			cl--;
		for (; cl >= 0 && (size_t)cl < p->ncalls && pos_cmp(p->calls[cl].pos, c->b.pc[i].pos) == 0; cl++) {
			struct call *x = &p->calls[cl];
			for (size_t q = 0; q < c->b.npf && !x->is_icall; q++) {
				const struct pending_ctxfn *f = &c->b.pf[q];
				if (f->name != x->callee)
					continue;
				int change = f->in == 0 && f->out > 0 ? 1 : f->in > 0 && f->out == 0 ? 2 : 0;
				if (change == c->b.pc[i].change) {
					x->ctx_change = change;
					x->ctx_cls = c->b.pc[i].cls;
				}
			}
		}
	}
}

static void add_file(struct program *p, const char *src_path)
{
	struct sfile sf;
	memset(&sf, 0, sizeof(sf));
	sf.path = xstrdup(src_path);
	size_t l = strlen(src_path);
	sf.is_header = l > 2 && strcmp(src_path + l - 2, ".h") == 0;
	const char *slash = strrchr(src_path, '/');
	sf.dir = slash ? xstrndup(src_path, (size_t)(slash - src_path)) : xstrdup(".");
	sf.src_size = -1;
	sf.text_len = -1;
	VEC_PUSH(p->files, p->nfiles, p->capfiles, sf);
}

void program_add_failed(struct program *p, const char *src_path, const char *error)
{
	add_file(p, src_path);
	p->files[p->nfiles - 1].failed = 1;
	p->files[p->nfiles - 1].error = xstrdup(error ? error : "front end failed");
}

static struct facts_bufs *bufs_of(struct program *p)
{
	if (!p->load_bufs)
		p->load_bufs = xcalloc(1, sizeof(struct facts_bufs));
	return p->load_bufs;
}

static void bufs_free(struct facts_bufs *b)
{
	if (!b)
		return;
	free(b->pa);
	free(b->pv);
	free(b->pas);
	free(b->pp);
	free(b->pl);
	free(b->pc);
	free(b->pf);
	free(b->fkey);
	free(b->fval);
	free(b->fs);
	free(b->fl);
	free(b->v);
	free(b->lines);
	free(b);
}

static int load_mem(struct program *p, const char *facts_path, const char *text, size_t len,
		    const struct facts_pre *pre, const char *src_path, char *err, size_t errlen);

int facts_load_mem(struct program *p, const char *facts_path, const char *text, size_t len, const char *src_path,
		   char *err, size_t errlen)
{
	return load_mem(p, facts_path, text, len, NULL, src_path, err, errlen);
}

/* pre's line of the first body line (the header's lines come before it). */
static size_t pre_delta(const struct ctx *c)
{
	const struct facts_pre *pp = c->pre;
	size_t off = c->b.nlines ? c->b.lines[0].off : 0;
	for (size_t j = 0; pp && j < pp->nlines && j < 16; j++) /* the header is 3 or 4 lines */
		if (pp->off[j] == off)
			return j;
	return 0; /* no match: get_record() reads every line again */
}

static int load_mem(struct program *p, const char *facts_path, const char *text, size_t len,
		    const struct facts_pre *pre, const char *src_path, char *err, size_t errlen)
{
	struct ctx c;
	memset(&c, 0, sizeof(c));
	struct facts_bufs *saved = bufs_of(p);
	c.b = *saved;
	c.b.npa = c.b.npv = c.b.npas = c.b.npp = c.b.npl = c.b.npc = c.b.npf = c.b.nlines = 0;
	if (c.b.fcap)
		memset(c.b.fkey, 0, c.b.fcap * sizeof(*c.b.fkey));
	c.b.fn_count = 0;
	c.p = p;
	c.path = facts_path;
	c.text = text;
	c.end = text + len;
	c.err = err;
	c.errlen = errlen;
	add_file(p, src_path);
	c.file = (int)p->nfiles - 1;
	c.call0 = p->ncalls;
	c.gfp0 = p->ngfps;
	c.fn0 = p->nfuncs;
	const char *body = text;
	int rc = header(&c, &body);
	if (!rc)
		rc = lines(&c, body);
	if (!rc && pre && pre->nlines) {
		c.pre = pre;
		c.pre_d = pre_delta(&c);
	}
	if (!rc)
		rc = pass_fn(&c);
	if (!rc)
		rc = pass_body(&c);
	if (!rc)
		link_file(&c);
	*saved = c.b; /* the buffers, for the next file */
	return rc;
}

int facts_load_text(struct program *p, const char *facts_path, const char *text, const char *src_path,
		    char *err, size_t errlen)
{
	int rc = facts_load_mem(p, facts_path, text, strlen(text), src_path, err, errlen);
	struct sfile *sf = &p->files[p->nfiles - 1];
	if (!rc && sf->text_len >= 0)
		sf->text = xstrndup(text + sf->text_off, (size_t)sf->text_len);
	return rc;
}

int facts_load_read(struct program *p, const char *facts_path, const char *text, size_t len,
			const struct facts_pre *pre, const char *src_path, char *err, size_t errlen)
{
	int rc = load_mem(p, facts_path, text, len, pre, src_path, err, errlen);
	if (!rc) {
		p->files[p->nfiles - 1].facts_path = xstrdup(facts_path);
		if (pre)
			p->files[p->nfiles - 1].facts_stamp = pre->stamp;
	}
	return rc;
}

void program_free(struct program *p)
{
	for (size_t i = 0; i < p->nfiles; i++) {
		free(p->files[i].path);
		free(p->files[i].error);
		free(p->files[i].dir);
		free(p->files[i].facts_path);
		free(p->files[i].text);
		for (int j = 0; j < p->files[i].nskipped; j++)
			free(p->files[i].skipped[j]);
		free(p->files[i].skipped);
		free(p->files[i].sysinc);
	}
	for (size_t i = 0; i < p->nfuncs; i++) {
		free(p->funcs[i].callers);
		free(p->funcs[i].gen);
		free(p->funcs[i].kill);
		free(p->funcs[i].kill_cls);
		free(p->funcs[i].cgen);
		free(p->funcs[i].icallers);
		free(p->funcs[i].bbs);
	}
	for (size_t i = 0; i < p->nbbs; i++) {
		free(p->bbs[i].succ);
		free(p->bbs[i].evpos);
		free(p->bbs[i].evcallee);
	}
	free(p->bbs);
	free(p->fncalls);
	free(p->fnitems);
	for (size_t i = 0; i < p->nargblk; i++)
		free(p->argblk[i]);
	free(p->argblk);
	free(p->files);
	free(p->funcs);
	free(p->params);
	free(p->locals);
	free(p->calls);
	free(p->gfps);
	free(p->refs);
	free(p->items);
	free(p->exports);
	free(p->protos);
	free(p->directives);
	for (size_t i = 0; i < p->nmacros; i++)
		free(p->macros[i].called);
	free(p->macros);
	free(p->defines);
	free(p->defidx);
	for (size_t i = 0; i < p->nstructs; i++)
		free(p->structs[i].members);
	free(p->structs);
	free(p->argvals);
	bufs_free(p->load_bufs);
}

int facts_tree_read(const char *dir, char **root, char **kernel, char *err, size_t errlen)
{
	return facts_tree_read_scanned(dir, root, kernel, NULL, NULL, err, errlen);
}

int facts_tree_read_scanned(const char *dir, char **root, char **kernel, char ***scanned, size_t *nscanned,
			    char *err, size_t errlen)
{
	*root = *kernel = NULL;
	size_t capsc = 0;
	if (nscanned)
		*nscanned = 0;
	if (scanned)
		*scanned = NULL;
	char *path = xasprintf("%s/gfpfacts.tree", dir);
	size_t len = 0;
	char *text = read_file(path, &len);
	if (!text) {
		free(path);
		return 0;
	}
	struct program dummy;
	memset(&dummy, 0, sizeof(dummy));
	struct ctx c;
	memset(&c, 0, sizeof(c));
	c.p = &dummy;
	c.path = path;
	c.text = text;
	c.end = text + len;
	c.err = err;
	c.errlen = errlen;
	int rc = 0, ended = 0;
	const char *s = text;
	for (int i = 0; !rc && s < c.end; i++) {
		const char *next;
		size_t n = facts_next_line(s, c.end, &next);
		c.line = s;
		int nf, k = ended ? -2 : read_record(&c, n, &nf);
		if (k == -2)
			rc = ferr(&c, "data after the 'end' record");
		else if (k < 0)
			rc = -1;
		else if ((i == 0) != (k == FACT_MAGIC) || (i == 1) != (k == FACT_FRONTEND) ||
			 (i > 1 && fact_schema((enum fact_kind)k)->place != FP_TREE && k != FACT_END))
			rc = ferr(&c, "a '%s' record does not belong here (a tree file holds gfpfacts, frontend, tree, "
				      "kernel, scanned and end)",
				  fact_keyword((enum fact_kind)k));
		else if (k == FACT_TREE)
			*root = xstrndup(c.b.v[0].s, c.b.v[0].n);
		else if (k == FACT_KERNEL && !(c.b.v[0].n == 1 && c.b.v[0].s[0] == '-'))
			*kernel = xstrndup(c.b.v[0].s, c.b.v[0].n);
		else if (k == FACT_SCANNED && scanned)
			VEC_PUSH(*scanned, *nscanned, capsc, xstrndup(c.b.v[0].s, c.b.v[0].n));
		else if (k == FACT_END)
			ended = 1;
		s = next;
	}
	if (!rc && (!ended || !*root)) {
		c.line = c.end;
		rc = ferr(&c, "%s", !ended ? "truncated tree file: no 'end' record" : "no 'tree' record");
	}
	if (rc) {
		free(*root);
		free(*kernel);
		*root = *kernel = NULL;
		for (size_t i = 0; scanned && i < *nscanned; i++)
			free((*scanned)[i]);
		if (scanned) {
			free(*scanned);
			*scanned = NULL;
			*nscanned = 0;
		}
	}
	free(c.b.fs);
	free(c.b.fl);
	free(c.b.v);
	free(text);
	free(path);
	return rc ? -1 : 1;
}
