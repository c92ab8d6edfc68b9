/* facts.c - parse gfpfacts version 1 (docs/FACTS.md) into the program. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts/program.h"
#include "base/util.h"

struct pending_arg {
	pos_t tok, call;
	int idx;
};
struct pending_var {
	pos_t tok;
	uint32_t var;
};
struct pending_param {
	int fn, idx;
	uint32_t name, type;
};
struct pending_assign {
	pos_t call;
	uint32_t var;
};

struct ctx {
	struct program *p;
	const char *path;
	int lineno;
	char *err;
	size_t errlen;
	int file;
	size_t call0, gfp0, fn0;
	struct pending_arg *pa; size_t npa, cappa;
	struct pending_var *pv; size_t npv, cappv;
	struct pending_assign *pas; size_t npas, cappas;
	struct pending_param *pp; size_t npp, cappp;
	int last_fn;
};

#define FERR(c, ...)                                                          \
	do {                                                                  \
		int o_ = snprintf((c)->err, (c)->errlen, "%s:%d: error: ", (c)->path, (c)->lineno); \
		if (o_ > 0 && (size_t)o_ < (c)->errlen)                       \
			snprintf((c)->err + o_, (c)->errlen - (size_t)o_, __VA_ARGS__); \
		return -1;                                                    \
	} while (0)

static int parse_pos(struct ctx *c, const char *s, pos_t *out)
{
	char *e;
	long l = strtol(s, &e, 10);
	if (e == s || *e != ':' || l < 1)
		FERR(c, "bad position '%s' (expected LINE:COL)", s);
	const char *cs = e + 1;
	long col = strtol(cs, &e, 10);
	if (e == cs || *e || col < 0)
		FERR(c, "bad position '%s' (expected LINE:COL)", s);
	out->line = (int)l;
	out->col = (int)col;
	return 0;
}

static int parse_opt_pos(struct ctx *c, const char *s, pos_t *out, int *present)
{
	if (strcmp(s, "-") == 0) {
		*present = 0;
		out->line = out->col = 0;
		return 0;
	}
	*present = 1;
	return parse_pos(c, s, out);
}

static int find_fn(struct ctx *c, const char *name)
{
	if (strcmp(name, "-") == 0)
		return -1;
	uint32_t id = intern_lookup(name);
	if (!id)
		return -1;
	/* records of one function come in runs: try the last answer first */
	if (c->last_fn >= (int)c->fn0 && c->last_fn < (int)c->p->nfuncs && c->p->funcs[c->last_fn].name == id)
		return c->last_fn;
	for (size_t i = c->fn0; i < c->p->nfuncs; i++)
		if (c->p->funcs[i].name == id)
			return c->last_fn = (int)i;
	return -1;
}

static int need(struct ctx *c, int nf, int want, const char *kind)
{
	if (nf != want)
		FERR(c, "'%s' record needs %d fields, has %d", kind, want, nf);
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

static int parse_int(struct ctx *c, const char *s, long max, const char *what, long *out)
{
	char *e;
	long v = strtol(s, &e, 10);
	if (e == s || *e || v < 0 || v >= max)
		FERR(c, "bad %s '%s'", what, s);
	*out = v;
	return 0;
}

/* `cfg FN NBLOCKS ENTRY EXIT` and `bb FN ID SUCCS EVENTS IF` (docs/FACTS.md). */
static int cfg_record(struct ctx *c, char **f, int nf)
{
	struct program *p = c->p;
	int is_cfg = f[0][0] == 'c';
	if (need(c, nf, is_cfg ? 5 : 6, f[0]))
		return -1;
	int fid = find_fn(c, f[1]);
	if (fid < 0)
		FERR(c, "'%s' record for '%s', which has no 'fn' record before it", f[0], f[1]);
	struct func *fn = &p->funcs[fid];
	if (is_cfg) {
		long n, en, ex;
		if (parse_int(c, f[2], 1000000, "block count", &n))
			return -1;
		if (n < 1)
			FERR(c, "bad block count '%s'", f[2]);
		if (parse_int(c, f[3], n, "entry block", &en) || parse_int(c, f[4], n, "exit block", &ex))
			return -1;
		if (fn->cfg_n)
			return 0; /* a second definition under #ifdef: keep the first */
		fn->cfg_n = (int)n;
		fn->cfg_entry = (int)en;
		fn->cfg_exit = (int)ex;
		fn->bbs = xmalloc(sizeof(int) * (size_t)n);
		for (long i = 0; i < n; i++)
			fn->bbs[i] = -1;
		return 0;
	}
	if (!fn->cfg_n)
		FERR(c, "'bb' record for '%s' before its 'cfg' record", f[1]);
	long id;
	if (parse_int(c, f[2], fn->cfg_n, "block id", &id))
		return -1;
	if (fn->bbs[id] >= 0)
		FERR(c, "block %ld of '%s' given twice", id, f[1]);
	struct bblock b;
	memset(&b, 0, sizeof(b));
	b.fn = fid;
	b.id = (int)id;
	if (strcmp(f[5], "-") != 0 && parse_pos(c, f[5], &b.ifpos))
		return -1;
	/* SUCCS: comma-separated ids, x for an edge never taken; - for none */
	if (strcmp(f[3], "-") != 0) {
		for (char *s = f[3]; s; ) {
			char *comma = strchr(s, ',');
			if (comma)
				*comma = 0;
			long v = -1;
			if (strcmp(s, "x") != 0 && parse_int(c, s, fn->cfg_n, "successor", &v))
				goto bad;
			b.succ = xrealloc(b.succ, sizeof(int) * (size_t)(b.nsucc + 1));
			b.succ[b.nsucc++] = (int)v;
			s = comma ? comma + 1 : NULL;
		}
	}
	/* EVENTS: comma-separated LINE:COL:CALLEE; - for none */
	if (strcmp(f[4], "-") != 0) {
		for (char *s = f[4]; s; ) {
			char *comma = strchr(s, ',');
			if (comma)
				*comma = 0;
			char *c1 = strchr(s, ':');
			char *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
			if (!c2 || !c2[1]) {
				snprintf(c->err, c->errlen, "%s:%d: error: bad call '%s' in 'bb' record (want LINE:COL:CALLEE)",
					 c->path, c->lineno, s);
				goto bad;
			}
			*c2 = 0;
			pos_t ps;
			if (parse_pos(c, s, &ps))
				goto bad;
			b.evpos = xrealloc(b.evpos, sizeof(pos_t) * (size_t)(b.nev + 1));
			b.evcallee = xrealloc(b.evcallee, sizeof(uint32_t) * (size_t)(b.nev + 1));
			b.evpos[b.nev] = ps;
			b.evcallee[b.nev++] = intern(c2 + 1);
			s = comma ? comma + 1 : NULL;
		}
	}
	fn->bbs[id] = (int)p->nbbs;
	VEC_PUSH(p->bbs, p->nbbs, p->capbbs, b);
	return 0;
bad:
	free(b.succ);
	free(b.evpos);
	free(b.evcallee);
	return -1;
}

static int record(struct ctx *c, char **f, int nf)
{
	struct program *p = c->p;
	const char *k = f[0];
	if (strcmp(k, "fn") == 0) {
		if (need(c, nf, 5, k))
			return -1;
		struct func fn;
		memset(&fn, 0, sizeof(fn));
		fn.name = intern(f[1]);
		fn.file = c->file;
		if (strcmp(f[2], "static") == 0)
			fn.is_static = 1;
		else if (strcmp(f[2], "extern") != 0)
			FERR(c, "linkage must be static or extern, not '%s'", f[2]);
		if (parse_pos(c, f[3], &fn.start))
			return -1;
		int has;
		if (parse_opt_pos(c, f[4], &fn.end, &has))
			return -1;
		fn.param0 = -1;
		fn.alloc_gfp_param = -1;
		fn.alloc_via_call = -1;
		if (find_fn(c, f[1]) >= 0)
			return 0; /* duplicate definition under #ifdef: keep the first */
		VEC_PUSH(p->funcs, p->nfuncs, p->capfuncs, fn);
	} else if (strcmp(k, "param") == 0) {
		if (need(c, nf, 5, k))
			return -1;
		char *e;
		long idx = strtol(f[2], &e, 10);
		if (e == f[2] || *e || idx < 0 || idx > 255)
			FERR(c, "bad parameter index '%s'", f[2]);
		struct pending_param pp = {find_fn(c, f[1]), (int)idx, intern(f[3]), intern(f[4])};
		if (pp.fn >= 0)
			VEC_PUSH(c->pp, c->npp, c->cappp, pp);
	} else if (strcmp(k, "call") == 0 || strcmp(k, "icall") == 0) {
		if (nf < 6)
			FERR(c, "'%s' record needs at least 6 fields, has %d", k, nf);
		struct call cl;
		memset(&cl, 0, sizeof(cl));
		cl.file = c->file;
		cl.fn = find_fn(c, f[1]);
		cl.is_icall = k[0] == 'i';
		if (parse_pos(c, f[2], &cl.pos) || parse_pos(c, f[3], &cl.end))
			return -1;
		cl.callee = intern(f[4]);
		char *e;
		long na = strtol(f[5], &e, 10);
		if (e == f[5] || *e || na < 0 || na > 256)
			FERR(c, "bad argument count '%s'", f[5]);
		if (nf != 6 + na)
			FERR(c, "'%s' record says %ld arguments but has %d", k, na, nf - 6);
		cl.nargs = (int)na;
		cl.args = na ? xmalloc(sizeof(uint32_t) * (size_t)na) : NULL;
		for (int i = 0; i < na; i++)
			cl.args[i] = intern(f[6 + i]);
		cl.target = -1;
		VEC_PUSH(p->calls, p->ncalls, p->capcalls, cl);
	} else if (strcmp(k, "assign") == 0) {
		if (need(c, nf, 4, k))
			return -1;
		struct pending_assign a;
		if (parse_pos(c, f[2], &a.call))
			return -1;
		a.var = intern(f[3]);
		VEC_PUSH(c->pas, c->npas, c->cappas, a);
	} else if (strcmp(k, "gfp") == 0) {
		if (need(c, nf, 5, k))
			return -1;
		struct gfptok g;
		memset(&g, 0, sizeof(g));
		g.file = c->file;
		g.fn = find_fn(c, f[1]);
		if (parse_pos(c, f[2], &g.pos) || parse_pos(c, f[3], &g.end))
			return -1;
		g.token = intern(f[4]);
		g.call = g.argidx = -1;
		VEC_PUSH(p->gfps, p->ngfps, p->capgfps, g);
	} else if (strcmp(k, "gfparg") == 0) {
		if (need(c, nf, 4, k))
			return -1;
		struct pending_arg a;
		if (parse_pos(c, f[1], &a.tok) || parse_pos(c, f[2], &a.call))
			return -1;
		char *e;
		long idx = strtol(f[3], &e, 10);
		if (e == f[3] || *e || idx < 0)
			FERR(c, "bad argument index '%s'", f[3]);
		a.idx = (int)idx;
		VEC_PUSH(c->pa, c->npa, c->cappa, a);
	} else if (strcmp(k, "gfpvar") == 0) {
		if (need(c, nf, 3, k))
			return -1;
		struct pending_var v;
		if (parse_pos(c, f[1], &v.tok))
			return -1;
		v.var = intern(f[2]);
		VEC_PUSH(c->pv, c->npv, c->cappv, v);
	} else if (strcmp(k, "gfpval") == 0) {
		if (need(c, nf, 3, k))
			return -1;
		pos_t tmp;
		if (parse_pos(c, f[1], &tmp))
			return -1;
	} else if (strcmp(k, "ref") == 0) {
		if (need(c, nf, 5, k))
			return -1;
		struct ref r;
		r.file = c->file;
		r.fn = find_fn(c, f[1]);
		if (parse_pos(c, f[2], &r.pos))
			return -1;
		r.name = intern(f[3]);
		r.how = intern(f[4]);
		VEC_PUSH(p->refs, p->nrefs, p->caprefs, r);
	} else if (strcmp(k, "export") == 0) {
		if (need(c, nf, 3, k))
			return -1;
		struct export_ x;
		x.name = intern(f[1]);
		x.file = c->file;
		if (parse_pos(c, f[2], &x.pos))
			return -1;
		VEC_PUSH(p->exports, p->nexports, p->capexports, x);
	} else if (strcmp(k, "define") == 0) {
		if (nf < 3)
			FERR(c, "'define' record needs at least 3 fields, has %d", nf);
		pos_t tmp;
		if (parse_pos(c, f[2], &tmp))
			return -1;
		struct macro mc;
		mc.name = intern(f[1]);
		mc.file = c->file;
		mc.ncalled = nf - 3;
		mc.called = mc.ncalled ? xmalloc(sizeof(uint32_t) * (size_t)mc.ncalled) : NULL;
		for (int i = 0; i < mc.ncalled; i++)
			mc.called[i] = intern(f[3 + i]);
		VEC_PUSH(p->macros, p->nmacros, p->capmacros, mc);
	} else if (strcmp(k, "proto") == 0) {
		if (need(c, nf, 3, k))
			return -1;
		pos_t tmp;
		if (parse_pos(c, f[2], &tmp))
			return -1;
		VEC_PUSH(p->protos, p->nprotos, p->capprotos, intern(f[1]));
	} else if (strcmp(k, "defval") == 0) {
		if (need(c, nf, 4, k))
			return -1;
		struct cdefine d;
		d.name = intern(f[1]);
		d.value = intern(f[3]);
		d.file = c->file;
		if (parse_pos(c, f[2], &d.pos))
			return -1;
		VEC_PUSH(p->defines, p->ndefines, p->capdefines, d);
	} else if (strcmp(k, "struct") == 0) {
		if (nf < 4)
			FERR(c, "'struct' record needs at least 4 fields, has %d", nf);
		struct cstruct st;
		st.name = intern(f[1]);
		st.file = c->file;
		if (parse_pos(c, f[2], &st.pos))
			return -1;
		char *e;
		long nm = strtol(f[3], &e, 10);
		if (e == f[3] || *e || nm < 0 || nm > 4096)
			FERR(c, "bad member count '%s'", f[3]);
		if (nf != 4 + nm)
			FERR(c, "'struct' record says %ld members but has %d", nm, nf - 4);
		st.nmembers = (int)nm;
		st.members = nm ? xmalloc(sizeof(uint32_t) * (size_t)nm) : NULL;
		for (int i = 0; i < nm; i++)
			st.members[i] = intern(f[4 + i]);
		VEC_PUSH(p->structs, p->nstructs, p->capstructs, st);
	} else if (strcmp(k, "cfg") == 0 || strcmp(k, "bb") == 0) {
		return cfg_record(c, f, nf);
	} else if (strcmp(k, "ctxfn") == 0 || strcmp(k, "ctx") == 0 || strcmp(k, "gfpflow") == 0 ||
		   strcmp(k, "gfpret") == 0 || strcmp(k, "gfpstore") == 0) {
		/* the sparse front end's lock-context and gfp-value records
		 * (sparse/README.md), not used by the core yet */
		int want = !strcmp(k, "ctxfn") ? 6 : !strcmp(k, "ctx") ? 7 : !strcmp(k, "gfpflow") ? 6
			 : !strcmp(k, "gfpret") ? 3 : 5;
		if (need(c, nf, want, k))
			return -1;
		pos_t tmp;
		if ((!strcmp(k, "ctx") || !strcmp(k, "gfpflow") || !strcmp(k, "gfpstore")) && parse_pos(c, f[2], &tmp))
			return -1;
	} else if (strcmp(k, "skipped") == 0) {
		if (need(c, nf, 3, k))
			return -1;
		struct sfile *sf = &p->files[c->file];
		sf->skipped = xrealloc(sf->skipped, sizeof(char *) * (size_t)(sf->nskipped + 1));
		sf->skipped[sf->nskipped++] = xasprintf("%s: %s", f[1], f[2]);
	} else {
		struct item it;
		memset(&it, 0, sizeof(it));
		it.file = c->file;
		int has;
		if (strcmp(k, "if") == 0) {
			if (nf != 10 && nf != 11)
				FERR(c, "'if' record needs 10 or 11 fields, has %d", nf);
			if (nf == 11)
				it.ctext = intern(f[10]);
			it.kind = IT_IF;
			if (parse_pos(c, f[2], &it.pos) || parse_pos(c, f[3], &it.s1) || parse_pos(c, f[4], &it.e1) ||
			    parse_pos(c, f[5], &it.s2) || parse_pos(c, f[6], &it.e2) ||
			    parse_opt_pos(c, f[7], &it.s3, &it.has_else) || parse_opt_pos(c, f[8], &it.e3, &has))
				return -1;
			if (has != it.has_else)
				FERR(c, "else span must have both ends or be '-\t-'");
			if (strncmp(f[9], "call:", 5) == 0) {
				it.ck = CK_CALL;
				it.name = intern(f[9] + 5);
			} else if (strncmp(f[9], "not:", 4) == 0) {
				it.ck = CK_NOT;
				it.name = intern(f[9] + 4);
			} else if (strcmp(f[9], "-") == 0) {
				it.ck = CK_NONE;
			} else {
				FERR(c, "bad condition '%s' (expected call:NAME, not:NAME or -)", f[9]);
			}
		} else if (strcmp(k, "loop") == 0) {
			if (need(c, nf, 6, k))
				return -1;
			it.kind = IT_LOOP;
			if (parse_pos(c, f[2], &it.pos) || parse_pos(c, f[3], &it.s1) || parse_pos(c, f[4], &it.e1))
				return -1;
			it.name = intern(f[5]);
		} else if (strcmp(k, "switch") == 0) {
			if (need(c, nf, 5, k))
				return -1;
			it.kind = IT_SWITCH;
			if (parse_pos(c, f[2], &it.pos) || parse_pos(c, f[3], &it.s1) || parse_pos(c, f[4], &it.e1))
				return -1;
		} else if (strcmp(k, "goto") == 0 || strcmp(k, "label") == 0) {
			if (need(c, nf, 4, k))
				return -1;
			it.kind = k[0] == 'g' ? IT_GOTO : IT_LABEL;
			if (parse_pos(c, f[2], &it.pos))
				return -1;
			it.name = intern(f[3]);
		} else if (strcmp(k, "return") == 0 || strcmp(k, "break") == 0 ||
			   strcmp(k, "continue") == 0 || strcmp(k, "case") == 0) {
			if (need(c, nf, 3, k))
				return -1;
			it.kind = k[0] == 'r' ? IT_RETURN : k[0] == 'b' ? IT_BREAK : k[1] == 'o' ? IT_CONTINUE : IT_CASE;
			if (parse_pos(c, f[2], &it.pos))
				return -1;
		} else {
			FERR(c, "unknown record '%s'", k);
		}
		it.fn = find_fn(c, f[1]);
		VEC_PUSH(p->items, p->nitems, p->capitems, it);
	}
	return 0;
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
	VEC_PUSH(p->files, p->nfiles, p->capfiles, sf);
}

void program_add_failed(struct program *p, const char *src_path, const char *error)
{
	add_file(p, src_path);
	p->files[p->nfiles - 1].failed = 1;
	p->files[p->nfiles - 1].error = xstrdup(error ? error : "front end failed");
}

static int parse_pass(struct ctx *c, const char *text, int pass)
{
	struct program *p = c->p;
	const char *facts_path = c->path;
	char *err = c->err;
	size_t errlen = c->errlen;
	c->lineno = 0;
	const char *s = text;
	int rc = 0;
	int header = 0;
	char *f[300];
	while (*s) {
		const char *e = strchr(s, '\n');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		c->lineno++;
		char *line = xstrndup(s, n);
		if (n && line[n - 1] == '\r')
			line[n - 1] = 0;
		if (line[0] == 0 || (line[0] == '#' && header >= 3)) {
			free(line);
			goto next;
		}
		int nf = 0;
		char *q = line;
		for (;;) {
			if (nf == 300) {
				snprintf(err, errlen, "%s:%d: error: too many fields", facts_path, c->lineno);
				rc = -1;
				break;
			}
			f[nf++] = q;
			char *t = strchr(q, '\t');
			if (!t)
				break;
			*t = 0;
			q = t + 1;
		}
		if (rc) {
			free(line);
			break;
		}
		if (header == 0) {
			if (nf != 2 || strcmp(f[0], "gfpfacts") != 0) {
				snprintf(err, errlen, "%s:%d: error: not a facts file (first line must be 'gfpfacts<TAB>1')",
					 facts_path, c->lineno);
				rc = -1;
			} else if (strcmp(f[1], "1") != 0) {
				snprintf(err, errlen, "%s:%d: error: facts version %s is not supported (this gfpcheck reads version 1)",
					 facts_path, c->lineno, f[1]);
				rc = -1;
			}
			header = 1;
		} else if (header == 1) {
			if (nf < 2 || strcmp(f[0], "frontend") != 0) {
				snprintf(err, errlen, "%s:%d: error: expected 'frontend' line", facts_path, c->lineno);
				rc = -1;
			}
			header = 2;
		} else if (header == 2) {
			if (nf != 2 || strcmp(f[0], "status") != 0 ||
			    (strcmp(f[1], "ok") != 0 && strcmp(f[1], "partial") != 0)) {
				snprintf(err, errlen, "%s:%d: error: expected 'status<TAB>ok|partial'", facts_path, c->lineno);
				rc = -1;
			} else {
				p->files[c->file].partial = f[1][0] == 'p';
			}
			header = 3;
		} else {
			if ((pass == 1) == (strcmp(f[0], "fn") == 0))
				rc = record(c, f, nf);
		}
		free(line);
		if (rc)
			break;
	next:
		if (!e)
			break;
		s = e + 1;
	}
	if (!rc && header < 3) {
		snprintf(err, errlen, "%s:%d: error: truncated facts file (header incomplete)", facts_path, c->lineno);
		rc = -1;
	}
	return rc;
}

int facts_load_text(struct program *p, const char *facts_path, const char *text, const char *src_path,
		    char *err, size_t errlen)
{
	struct ctx c;
	memset(&c, 0, sizeof(c));
	c.p = p;
	c.path = facts_path;
	c.err = err;
	c.errlen = errlen;
	add_file(p, src_path);
	c.file = (int)p->nfiles - 1;
	c.call0 = p->ncalls;
	c.gfp0 = p->ngfps;
	c.fn0 = p->nfuncs;
	c.last_fn = -1;
	int rc = parse_pass(&c, text, 1);
	if (!rc)
		rc = parse_pass(&c, text, 2);
	if (!rc) {
		/* Sort calls and gfp tokens of this file by position, then resolve pending links. */
		if (p->ncalls > c.call0)
			qsort(p->calls + c.call0, p->ncalls - c.call0, sizeof(struct call), cmp_call_pos);
		if (p->ngfps > c.gfp0)
			qsort(p->gfps + c.gfp0, p->ngfps - c.gfp0, sizeof(struct gfptok), cmp_gfp_pos);
		for (size_t i = 0; i < c.npa; i++) {
			int g = find_gfp(&c, c.pa[i].tok);
			int cl = find_call(&c, c.pa[i].call);
			if (g < 0 || cl < 0)
				continue;
			struct gfptok *gt = &p->gfps[g];
			if (gt->call < 0 || pos_cmp(p->calls[cl].pos, p->calls[gt->call].pos) > 0) {
				gt->call = cl;
				gt->argidx = c.pa[i].idx;
			}
		}
		for (size_t i = 0; i < c.npv; i++) {
			int g = find_gfp(&c, c.pv[i].tok);
			if (g >= 0)
				p->gfps[g].var = c.pv[i].var;
		}
		/* Parameters: contiguous per function, in index order; a gap ends the list. */
		for (size_t fi = c.fn0; fi < p->nfuncs; fi++) {
			struct func *fn = &p->funcs[fi];
			fn->param0 = (int)p->nparams;
			for (int want = 0;; want++) {
				size_t k;
				for (k = 0; k < c.npp; k++)
					if (c.pp[k].fn == (int)fi && c.pp[k].idx == want)
						break;
				if (k == c.npp)
					break;
				struct param pa = {c.pp[k].name, c.pp[k].type};
				VEC_PUSH(p->params, p->nparams, p->capparams, pa);
				fn->nparams++;
			}
		}
		for (size_t i = 0; i < c.npas; i++) {
			int cl = find_call(&c, c.pas[i].call);
			if (cl >= 0)
				p->calls[cl].lhs = c.pas[i].var;
		}
	}
	free(c.pa);
	free(c.pv);
	free(c.pas);
	free(c.pp);
	return rc;
}

int facts_load(struct program *p, const char *facts_path, const char *src_path, char *err, size_t errlen)
{
	char *text = read_file(facts_path, NULL);
	if (!text) {
		snprintf(err, errlen, "%s: error: cannot read facts file", facts_path);
		return -1;
	}
	int rc = facts_load_text(p, facts_path, text, src_path, err, errlen);
	free(text);
	return rc;
}

void program_free(struct program *p)
{
	for (size_t i = 0; i < p->nfiles; i++) {
		free(p->files[i].path);
		free(p->files[i].error);
		free(p->files[i].dir);
		for (int j = 0; j < p->files[i].nskipped; j++)
			free(p->files[i].skipped[j]);
		free(p->files[i].skipped);
	}
	for (size_t i = 0; i < p->nfuncs; i++) {
		free(p->funcs[i].calls);
		free(p->funcs[i].items);
		free(p->funcs[i].callers);
		free(p->funcs[i].gen);
		free(p->funcs[i].kill);
		free(p->funcs[i].kill_cls);
		free(p->funcs[i].icallers);
		free(p->funcs[i].bbs);
	}
	for (size_t i = 0; i < p->nbbs; i++) {
		free(p->bbs[i].succ);
		free(p->bbs[i].evpos);
		free(p->bbs[i].evcallee);
	}
	free(p->bbs);
	for (size_t i = 0; i < p->ncalls; i++)
		free(p->calls[i].args);
	free(p->files);
	free(p->funcs);
	free(p->params);
	free(p->calls);
	free(p->gfps);
	free(p->refs);
	free(p->items);
	free(p->exports);
	free(p->protos);
	for (size_t i = 0; i < p->nmacros; i++)
		free(p->macros[i].called);
	free(p->macros);
	free(p->defines);
	for (size_t i = 0; i < p->nstructs; i++)
		free(p->structs[i].members);
	free(p->structs);
	free(p->include_names);
}
