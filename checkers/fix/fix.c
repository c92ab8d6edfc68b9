/* fix.c - the fixing engine: source files, edits, patch groups, and the order in
 * which findings become edits (see fix.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/hash.h"
#include "base/wfile.h"
#include "fix/fix.h"
#include "rules/rules.h"
#include "rules/suppress.h"

unsigned fix_default_rules(void)
{
	unsigned r = 0;
	for (int k = 0; k < NRULES; k++)
		if (rule_table[k].fix_default)
			r |= 1u << k;
	return r;
}

/* ---- files and edits ---- */

const char fix_why_stale_nofs[] = "the source has no GFP_NOFS token at that position (changed since the analysis?)";
const char fix_why_stale_gfp[] = "the source has no gfp token at that position (changed since the analysis?)";
const char fix_why_stale_call[] = "a call in the facts is not at its position in the source (changed since the analysis?)";

static int is_stale(const char *why)
{
	return why == fix_why_stale_nofs || why == fix_why_stale_gfp || why == fix_why_stale_call;
}

const char *fix_gfp_at(const struct fixer *F, const struct ffile *f, int line, int col)
{
	const struct program *p = F->a->prog;
	for (size_t i = 0; i < p->ngfps; i++) {
		const struct gfptok *t = &p->gfps[i];
		if (t->pos.line == line && t->pos.col == col && strcmp(p->files[t->file].path, f->path) == 0)
			return istr(t->token);
	}
	return NULL;
}

/* A file whose bytes now are not those its facts were extracted from (the
 * facts' `source` hash) gets no fix: an edit computed on other bytes could
 * flip a flag whose scope was just removed (issue 13.2). */
static void unanalysed_bytes(struct fixer *F)
{
	const struct program *p = F->a->prog;
	for (size_t i = 0; i < F->nf; i++) {
		struct ffile *f = &F->f[i];
		if (!f->ne || !f->text)
			continue;
		const struct sfile *sf = NULL;
		for (size_t k = 0; k < p->nfiles && !sf; k++)
			if (strcmp(p->files[k].path, f->path) == 0)
				sf = &p->files[k];
		if (!sf || !sf->src_hash[0])
			continue; /* facts of a writer that records no hash */
		char hex[33];
		content_hash(f->text, f->len, hex);
		if (strcmp(hex, sf->src_hash) == 0)
			continue;
		fprintf(stderr,
			"gfpcheck: fix: %s: not fixed: its bytes are not those the analysis read (hash %s, the facts say "
			"%s): it changed since extraction; run gfpcheck again\n",
			f->path, hex, sf->src_hash);
		F->nstale += f->nsites ? f->nsites : 1;
		f->ne = 0;
		f->nsites = 0;
	}
}

struct ffile *fix_file(struct fixer *F, const char *path)
{
	for (size_t i = 0; i < F->nf; i++)
		if (strcmp(F->f[i].path, path) == 0)
			return &F->f[i];
	struct ffile f;
	memset(&f, 0, sizeof(f));
	f.path = xstrdup(path);
	char *full = xasprintf("%s/%s", F->o->root, path);
	f.text = read_file(full, &f.len);
	free(full);
	if (f.text) {
		f.hash = hash_bytes(f.text, f.len);
		size_t cap = 64;
		f.ls = xmalloc(sizeof(size_t) * cap);
		f.ls[f.nlines++] = 0;
		for (size_t i = 0; i < f.len; i++)
			if (f.text[i] == '\n' && i + 1 < f.len) {
				if ((size_t)f.nlines == cap) {
					cap *= 2;
					f.ls = xrealloc(f.ls, sizeof(size_t) * cap);
				}
				f.ls[f.nlines++] = i + 1;
			}
		f.has_sched_mm = strstr(f.text, "linux/sched/mm.h") != NULL;
	}
	VEC_PUSH(F->f, F->nf, F->capf, f);
	return &F->f[F->nf - 1];
}

long fix_off(const struct ffile *f, int line, int col)
{
	if (!f->text || line < 1 || line > f->nlines || col < 1)
		return -1;
	size_t o = f->ls[line - 1] + (size_t)(col - 1);
	size_t lend = line < f->nlines ? f->ls[line] : f->len;
	return o <= lend ? (long)o : -1;
}

void fix_edit(struct ffile *f, size_t off, size_t len, const char *ins, int group, int *seq)
{
	struct fedit e = {off, len, xstrdup(ins), group, (*seq)++};
	VEC_PUSH(f->e, f->ne, f->cap, e);
}

int fix_width(const char *s, const char *e)
{
	int w = 0;
	for (; s < e; s++)
		w = *s == '\t' ? (w / 8 + 1) * 8 : w + 1;
	return w;
}

void fix_note(struct fixer *F, const char *path, int line, const char *fmt, ...)
{
	F->nrefused++;
	if (F->o->quiet)
		return;
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "gfpcheck: fix: %s:%d: ", path, line);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

/* The subsystem directory of a path: fs/<name>, mm, drivers/<x>/<y>, ... */
static char *subsys_dir(const char *path)
{
	const char *s1 = strchr(path, '/');
	if (!s1)
		return xstrdup(".");
	size_t n1 = (size_t)(s1 - path);
	int two = (n1 == 2 && strncmp(path, "fs", 2) == 0) || (n1 == 3 && strncmp(path, "net", 3) == 0) ||
		  (n1 == 5 && strncmp(path, "drivers", 5) == 0) || (n1 == 7 && strncmp(path, "drivers", 7) == 0) ||
		  (n1 == 5 && strncmp(path, "sound", 5) == 0);
	if (!two)
		return xstrndup(path, n1);
	const char *s2 = strchr(s1 + 1, '/');
	if (!s2)
		return xstrndup(path, n1); /* fs/buffer.c -> fs */
	if (n1 == 7) {                     /* drivers/<x>/<y>/ */
		const char *s3 = strchr(s2 + 1, '/');
		if (s3)
			return xstrndup(path, (size_t)(s3 - path));
	}
	return xstrndup(path, (size_t)(s2 - path));
}

int fix_group(struct fixer *F, const char *path, int rule)
{
	char *dir = subsys_dir(path);
	for (size_t i = 0; i < F->ng; i++)
		if (F->g[i].rule == rule && strcmp(F->g[i].dir, dir) == 0) {
			free(dir);
			return (int)i;
		}
	struct fgroup g;
	memset(&g, 0, sizeof(g));
	g.dir = dir;
	const char *sl = strrchr(dir, '/');
	g.prefix = xstrdup(strcmp(dir, ".") == 0 ? "module" : sl ? sl + 1 : dir);
	g.rule = rule;
	g.nfc = 1;
	VEC_PUSH(F->g, F->ng, F->capg, g);
	return (int)F->ng - 1;
}

static void group_lock(struct fgroup *g, const char *name)
{
	if (!g->lock)
		g->lock = xstrdup(name);
	else if (*g->lock && strcmp(g->lock, name) != 0) {
		free(g->lock);
		g->lock = xstrdup("");
	}
}

static void group_why_ev(struct fgroup *g, const struct finding *f)
{
	if (g->why.len)
		return;
	sb_addf(&g->why, "For example, %s() at %s:%d:\n", f->function, f->file, f->line);
	for (int i = 0; i < f->nev && i < 8; i++) {
		/* keep body lines short: a long hop without its parenthesised note */
		const struct evidence *e = &f->ev[i];
		int n = (int)strlen(e->what);
		if ((int)strlen(e->file) + n > 64)
			n = e->brief;
		sb_addf(&g->why, "  %s:%d: %.*s\n", e->file, e->line, n, e->what);
	}
}

/* The active (not suppressed) finding of rule rid at gfp token tok, or NULL. */
static const struct finding *finding_of_tok(const struct findings *fs, int rid, int tok)
{
	for (size_t i = 0; i < fs->n; i++)
		if (fs->v[i].rid == rid && fs->v[i].tok == tok && !fs->v[i].suppressed)
			return &fs->v[i];
	return NULL;
}

/* The active missing-nofs finding of allocation call c, or NULL. */
static const struct finding *finding_of_call(const struct findings *fs, int rid, int call)
{
	for (size_t i = 0; i < fs->n; i++)
		if (fs->v[i].rid == rid && fs->v[i].call == call && !fs->v[i].suppressed)
			return &fs->v[i];
	return NULL;
}

/* The line of a valid `gfpcheck: ignore` directive naming rule rid on line `line`
 * of file `file` or on the line above (where suppressions apply), or 0. */
static int suppressed_at(const struct program *p, int file, int line, int rid)
{
	for (size_t i = 0; i < p->ndirectives; i++) {
		const struct directive *d = &p->directives[i];
		if (d->file != file || (d->pos.line != line && d->pos.line != line - 1))
			continue;
		struct suppression su;
		if (!suppression_parse(istr(d->text), &su) || su.problem)
			continue;
		for (int r = 0; r < su.nrules; r++)
			if (strcmp(su.rules[r], rule_table[rid].id) == 0)
				return d->pos.line;
	}
	return 0;
}

/* Why region g must not be wrapped for `rule` because a site of it is suppressed
 * (written to buf), or NULL. Wrapping rewrites every GFP_NOFS site of the region
 * (a nofs-to-scope suppression keeps that flag as written) and, for missing-nofs,
 * makes every __GFP_FS allocation in it NOFS (a missing-nofs suppression says that
 * one needs no scope). A site whose finding is in the report is not suppressed. */
static const char *region_suppressed(const struct fixer *F, const struct findings *fs, const struct region *g,
				     int rule, char *buf, size_t n)
{
	const struct program *p = F->a->prog;
	for (int k = 0; k < g->ntoks; k++) {
		const struct gfptok *t = &p->gfps[g->toks[k]];
		int dl;
		if (!finding_of_tok(fs, R_nofs_to_scope, g->toks[k]) &&
		    (dl = suppressed_at(p, t->file, t->pos.line, R_nofs_to_scope))) {
			snprintf(buf, n,
				 "its GFP_NOFS at %s:%d is suppressed (%s:%d: ignore nofs-to-scope) and the scope would "
				 "make it GFP_KERNEL: lift the suppression, or wrap the region by hand",
				 p->files[t->file].path, t->pos.line, p->files[t->file].path, dl);
			return buf;
		}
	}
	for (int k = 0; rule == R_missing_nofs && k < g->nfs; k++) {
		const struct call *c = &p->calls[F->s->v[g->fs[k]].call];
		int dl;
		if (!finding_of_call(fs, R_missing_nofs, F->s->v[g->fs[k]].call) &&
		    (dl = suppressed_at(p, c->file, c->pos.line, R_missing_nofs))) {
			snprintf(buf, n,
				 "its allocation %s() at %s:%d is suppressed (%s:%d: ignore missing-nofs) and the scope "
				 "would make it NOFS: lift the suppression, or wrap the region by hand",
				 istr(c->callee), p->files[c->file].path, c->pos.line, p->files[c->file].path, dl);
			return buf;
		}
	}
	return NULL;
}

/* Why a missing-nofs finding that lies in no lock region gets no fix: where its
 * lock context comes from, as the evidence says (buf holds the text). */
static const char *no_region_why(const struct fixer *F, const struct finding *f, char *buf, size_t n)
{
	const struct program *p = F->a->prog;
	const struct evidence *lk = NULL;
	for (int k = 0; k < f->nev && !lk; k++)
		if (f->ev[k].kind == HOP_LOCK)
			lk = &f->ev[k];
	if (!lk) {
		snprintf(buf, n, "no lock region holds the allocation (no lock acquire on its path): open the scope by hand");
		return buf;
	}
	const char *name = lk->call >= 0 ? istr(p->calls[lk->call].callee) : "the lock";
	int par = lk->call >= 0;
	if (lk->row >= 0 && F->a->model->rows[lk->row].try_)
		snprintf(buf, n,
			 "the lock context comes from the trylock %s%s at %s:%d, and a trylock forms no lock region "
			 "(it is held only on the path where it succeeded): open the scope by hand there",
			 name, par ? "()" : "", lk->file, lk->line);
	else
		snprintf(buf, n,
			 "no lock region holds the allocation as a whole (the lock context is %s%s at %s:%d): open the "
			 "scope by hand",
			 name, par ? "()" : "", lk->file, lk->line);
	return buf;
}

/* Wrap a region in a scope for `rule`; returns 1 when done. */
static int wrap_region(struct fixer *F, const struct findings *fs, const struct region *g, int rule)
{
	const struct program *p = F->a->prog;
	const struct call *ac = &p->calls[g->acquire];
	const char *path = p->files[ac->file].path;
	char *lk = region_lock_text(F->a, g);
	int v = F->a->model->version;
	if (v && v < 4012) { /* memalloc_nofs_save() came with 4.12; an unknown version is taken as new */
		fix_note(F, path, ac->pos.line,
			 "%s region of %s in %s() not wrapped: this %d.%d tree predates the scope API of 4.12 "
			 "(memalloc_nofs_save()/memalloc_nofs_restore())",
			 rule_table[rule].id, lk, istr(p->funcs[g->fn].name), v / 1000, v % 1000);
		free(lk);
		return 0;
	}
	if (!g->ok) {
		fix_note(F, path, ac->pos.line, "%s region of %s in %s() not wrapped: %s", rule_table[rule].id, lk,
			 istr(p->funcs[g->fn].name), g->why);
		free(lk);
		return 0;
	}
	char sbuf[PATH_MAX * 2 + 256];
	const char *sup = region_suppressed(F, fs, g, rule, sbuf, sizeof(sbuf));
	if (sup) {
		fix_note(F, path, ac->pos.line, "%s region of %s in %s() not wrapped: %s", rule_table[rule].id, lk,
			 istr(p->funcs[g->fn].name), sup);
		free(lk);
		return 0;
	}
	int gi = fix_group(F, path, rule);
	const char *why = fix_scope_region(F, g, gi);
	if (why) {
		F->nstale += is_stale(why);
		fix_note(F, path, ac->pos.line, "%s region of %s in %s() not wrapped: %s", rule_table[rule].id, lk,
			 istr(p->funcs[g->fn].name), why);
		free(lk);
		return 0;
	}
	struct fgroup *G = &F->g[gi];
	G->nregions++;
	group_lock(G, istr(ac->callee));
	sb_addf(&G->sites, "  %s() at %s:%d: scope opened after %s, closed before %d release%s\n",
		istr(p->funcs[g->fn].name), path, ac->pos.line, lk, g->nrel, g->nrel == 1 ? "" : "s");
	for (int k = 0; k < g->ntoks; k++) {
		const struct gfptok *t = &p->gfps[g->toks[k]];
		sb_addf(&G->sites, "    %s:%d %s(): GFP_NOFS -> GFP_KERNEL\n", p->files[t->file].path, t->pos.line,
			istr(p->funcs[t->fn].name));
		G->nsites++;
		fix_file(F, p->files[t->file].path)->nsites++;
	}
	for (int k = 0; k < g->nfs; k++) {
		const struct asite *x = &F->s->v[g->fs[k]];
		const struct call *c = &p->calls[x->call];
		sb_addf(&G->sites, "    %s:%d %s(): %s(%s) now runs inside the scope\n", p->files[c->file].path,
			c->pos.line, istr(p->funcs[c->fn].name), istr(c->callee), x->expr ? istr(x->expr) : "");
		G->nsites++;
		fix_file(F, p->files[c->file].path)->nsites++;
		G->nfc = 0;
	}
	if (!G->why.len) {
		const struct mrow *r = g->row >= 0 ? &F->a->model->rows[g->row] : NULL;
		sb_addf(&G->why, "%s in %s() (%s:%d) takes a %s lock context%s%s%s.\n", lk, istr(p->funcs[g->fn].name),
			path, ac->pos.line, r ? istr(r->fs) : "filesystem", r && r->reason ? ": " : "",
			r && r->reason ? r->reason : "", "");
		/* one example chain: a site in a callee when there is one */
		const struct finding *ex = NULL;
		for (int k = 0; k < g->ntoks && !ex; k++) {
			const struct gfptok *t = &p->gfps[g->toks[k]];
			const struct finding *f = finding_of_tok(fs, R_nofs_to_scope, g->toks[k]);
			if (f && (t->fn != g->fn || k == g->ntoks - 1))
				ex = f;
		}
		for (int k = 0; k < g->nfs && !ex; k++) {
			const struct asite *x = &F->s->v[g->fs[k]];
			ex = finding_of_call(fs, R_missing_nofs, x->call);
		}
		if (ex)
			group_why_ev(G, ex);
	}
	if (g->nfs)
		G->nfc = 0;
	free(lk);
	return 1;
}

struct intvec {
	int *v;
	size_t n, cap;
};

/* The regions of group lg that no wrapped region (done) already opens a scope
 * for, each built alone; NULL with *why set when one cannot take a scope. */
static struct region *group_regions(struct fixer *F, const struct regions *R, const struct lockgroup *lg,
				    const char *done, const struct intvec *wrapped_acq, int *n, char *why, size_t whylen)
{
	const struct program *p = F->a->prog;
	struct region *v = xcalloc((size_t)lg->nacq, sizeof(*v));
	*n = 0;
	for (int k = 0; k < lg->nacq; k++) {
		int wrapped = 0; /* by a region, or by an earlier group */
		for (size_t r = 0; r < R->n && !wrapped; r++)
			wrapped = done[r] && R->v[r].acquire == lg->acq[k].call;
		for (size_t r = 0; r < wrapped_acq->n && !wrapped; r++)
			wrapped = wrapped_acq->v[r] == lg->acq[k].call;
		if (wrapped)
			continue;
		struct region *g = &v[(*n)++];
		region_at(F->a, lg->acq[k].call, g);
		const struct call *ac = &p->calls[g->acquire];
		const char *w = !g->ok ? g->why : fix_scope_region_check(F, g);
		if (w) {
			char *lk = region_lock_text(F->a, g);
			snprintf(why, whylen, "the region of %s in %s() (%s:%d) cannot take a scope: %s", lk,
				 g->fn >= 0 ? istr(p->funcs[g->fn].name) : "", p->files[ac->file].path, ac->pos.line, w);
			free(lk);
			for (int j = 0; j < *n; j++)
				region_free(&v[j]);
			free(v);
			return NULL;
		}
	}
	return v;
}

/* A group of regions (lockgroups.c): the sites are flipped only when a scope
 * opens at every place the group's locks are taken, all in one patch: a site
 * flipped without them would allocate with __GFP_FS under a lock reclaim
 * takes. Returns 1 when written. */
static int wrap_group(struct fixer *F, const struct findings *fs, const struct regions *R, const struct lockgroup *lg,
		      const char *done, struct intvec *wrapped_acq)
{
	const struct program *p = F->a->prog;
	const struct finding *first = NULL;
	int missing = 0;
	for (int k = 0; k < lg->ntoks; k++) {
		const struct finding *f = finding_of_tok(fs, R_nofs_to_scope, lg->toks[k]);
		if (!f)
			missing++;
		else if (!first)
			first = f;
	}
	if (!first)
		return 0; /* not reported (suppressed, filtered out) */
	char why[PATH_MAX + 512];
	int v = F->a->model->version;
	if (missing)
		snprintf(why, sizeof(why), "%d of its %d sites %s suppressed or not selected", missing, lg->ntoks,
			 missing == 1 ? "is" : "are");
	else if (v && v < 4012)
		snprintf(why, sizeof(why), "this %d.%d tree predates the scope API of 4.12", v / 1000, v % 1000);
	int n = 0;
	struct region *regs = missing || (v && v < 4012) ? NULL : group_regions(F, R, lg, done, wrapped_acq, &n, why, sizeof(why));
	if (!regs) {
		for (int k = 0; k < lg->ntoks; k++) {
			const struct finding *f = finding_of_tok(fs, R_nofs_to_scope, lg->toks[k]);
			if (f)
				fix_note(F, f->file, f->line, "nofs-to-scope group not fixed: %s", why);
		}
		return 0;
	}
	int gi = fix_group(F, first->file, R_nofs_to_scope);
	struct fgroup *G = &F->g[gi];
	for (int k = 0; k < n; k++) {
		const struct call *ac = &p->calls[regs[k].acquire];
		const char *w = fix_scope_region(F, &regs[k], gi);
		VEC_PUSH(wrapped_acq->v, wrapped_acq->n, wrapped_acq->cap, regs[k].acquire);
		G = &F->g[gi];
		char *lk = region_lock_text(F->a, &regs[k]);
		if (w) /* the checks passed a moment ago: only an internal inconsistency gets here */
			fix_note(F, p->files[ac->file].path, ac->pos.line, "nofs-to-scope group: the scope after %s not written: %s",
				 lk, w);
		G->nregions++;
		group_lock(G, istr(ac->callee));
		sb_addf(&G->sites, "  %s() at %s:%d: scope opened after %s, closed before %d release%s\n",
			istr(p->funcs[regs[k].fn].name), p->files[ac->file].path, ac->pos.line, lk, regs[k].nrel,
			regs[k].nrel == 1 ? "" : "s");
		free(lk);
	}
	for (int k = 0; k < lg->ntoks; k++) {
		const struct gfptok *t = &p->gfps[lg->toks[k]];
		struct ffile *tf = fix_file(F, p->files[t->file].path);
		const char *w = fix_token(F, tf, t->pos.line, t->pos.col, gi);
		G = &F->g[gi];
		if (w) {
			fix_note(F, p->files[t->file].path, t->pos.line, "GFP_NOFS of the group left as it is: %s", w);
			continue;
		}
		sb_addf(&G->sites, "    %s:%d %s(): GFP_NOFS -> GFP_KERNEL\n", p->files[t->file].path, t->pos.line,
			istr(p->funcs[t->fn].name));
		G->nsites++;
		fix_file(F, p->files[t->file].path)->nsites++;
	}
	G->nfc = 0; /* the scopes also cover what else those regions allocate */
	group_why_ev(G, first);
	for (int k = 0; k < n; k++)
		region_free(&regs[k]);
	free(regs);
	return 1;
}

static int cmp_edit(const void *x, const void *y)
{
	const struct fedit *a = x, *b = y;
	if (a->off != b->off)
		return a->off < b->off ? -1 : 1;
	return a->seq - b->seq;
}

static int cmp_file(const void *x, const void *y)
{
	return strcmp(((const struct ffile *)x)->path, ((const struct ffile *)y)->path);
}

/* ---- writing the fixed files (--apply) ----
 * A file is written only when its bytes are still those the fix was computed on,
 * through a symbolic link to its target (which must lie inside the tree), and once
 * however many in-tree paths lead to it. A file with one link is replaced
 * atomically (temporary file, fsync, rename; mode and owner kept); a file with
 * several hard links is rewritten in place so that the links stay one file. */

/* The tree path that names the same file (device and inode) as an earlier one, so
 * that a file reached through two in-tree links is fixed once. */
static void drop_linked_twins(struct fixer *F)
{
	dev_t *dev = xcalloc(F->nf ? F->nf : 1, sizeof(*dev));
	ino_t *ino = xcalloc(F->nf ? F->nf : 1, sizeof(*ino));
	for (size_t i = 0; i < F->nf; i++) {
		struct ffile *f = &F->f[i];
		char *full = xasprintf("%s/%s", F->o->root, f->path);
		struct stat st;
		if (f->ne && stat(full, &st) == 0) {
			dev[i] = st.st_dev;
			ino[i] = st.st_ino;
		}
		free(full);
		for (size_t k = 0; k < i && f->ne && ino[i]; k++) {
			if (ino[k] != ino[i] || dev[k] != dev[i] || !F->f[k].ne)
				continue;
			if (!F->o->quiet)
				fprintf(stderr, "gfpcheck: fix: %s is the same file as %s (a link); fixed once, as %s\n",
					f->path, F->f[k].path, F->f[k].path);
			for (size_t j = 0; j < f->ne; j++)
				free(f->e[j].ins);
			f->ne = 0;
			f->nsites = 0;
		}
	}
	free(dev);
	free(ino);
}

/* Why the file cannot be written as it stands, or NULL. On NULL, *real is the
 * file to write (the link target for a symbolic link). */
static const char *check_target(const struct fixer *F, const struct ffile *f, char **real, char *buf, size_t n)
{
	char *full = xasprintf("%s/%s", F->o->root, f->path);
	char *rp = realpath(full, NULL), *rroot = realpath(F->o->root, NULL);
	free(full);
	const char *why = NULL;
	size_t rl = rroot ? strlen(rroot) : 0;
	if (!rp || !rroot) {
		snprintf(buf, n, "cannot resolve it: %s", strerror(errno));
		why = buf;
	} else if (strncmp(rp, rroot, rl) != 0 || (rp[rl] != '/' && !(rl == 1 && rroot[0] == '/'))) {
		snprintf(buf, n, "it is a link to %s, outside the tree", rp);
		why = buf;
	}
	free(rroot);
	if (why)
		free(rp);
	else
		*real = rp;
	return why;
}

/* Write the fixed text of f; 0, or -1 after naming the file and the reason. */
static int apply_file(const struct fixer *F, const struct ffile *f, const char *text, size_t len)
{
	char buf[PATH_MAX + 128], err[PATH_MAX + 256];
	char *real = NULL;
	const char *why = check_target(F, f, &real, buf, sizeof(buf));
	if (why) {
		fprintf(stderr, "gfpcheck: fix: %s not written: %s\n", f->path, why);
		return -1;
	}
	wfile_hold_signals(1);
	int rc = -1, fd = open(real, O_RDWR | O_NOFOLLOW);
	struct stat st;
	size_t cur_len = 0;
	char *cur = NULL;
	if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		fprintf(stderr, "gfpcheck: fix: %s not written: %s\n", f->path,
			fd < 0 ? strerror(errno) : "not a regular file");
		goto out;
	}
	if (!(st.st_mode & 0222) || access(real, W_OK) != 0) { /* root may write it: the user did not mean to */
		fprintf(stderr, "gfpcheck: fix: %s not written: it is read-only (make it writable to have it fixed)\n",
			f->path);
		goto out;
	}
	/* the bytes now in the file, read through the descriptor that is written */
	struct strbuf b = {0};
	char chunk[65536];
	ssize_t r;
	while ((r = read(fd, chunk, sizeof(chunk))) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			fprintf(stderr, "gfpcheck: fix: %s not written: cannot read it: %s\n", f->path, strerror(errno));
			sb_free(&b);
			goto out;
		}
		sb_addn(&b, chunk, (size_t)r);
	}
	cur = b.s;
	cur_len = b.len;
	if (cur_len != f->len || (cur_len && memcmp(cur, f->text, f->len) != 0)) {
		fprintf(stderr, "gfpcheck: fix: %s not written: it changed since it was analysed; run gfpcheck again\n",
			f->path);
		goto out;
	}
	if (st.st_nlink > 1) {
		if (!F->o->quiet)
			fprintf(stderr,
				"gfpcheck: fix: %s has %lu hard links: rewritten in place, so every link sees the fix\n",
				f->path, (unsigned long)st.st_nlink);
		if (wfile_rewrite_fd(fd, text, len) != 0) {
			fprintf(stderr, "gfpcheck: fix: %s: cannot write it: %s\n", f->path, strerror(errno));
			goto out;
		}
	} else if (wfile_replace_like(real, text, len, &st, err, sizeof(err))) {
		fprintf(stderr, "gfpcheck: fix: %s not written: %s\n", f->path, err);
		goto out;
	}
	rc = 0;
out:
	if (fd >= 0)
		close(fd);
	wfile_hold_signals(0);
	free(cur);
	free(real);
	return rc;
}

/* The name patches give the scopes a setter or handle row opens. */
static const char *row_kind_text(const struct mrow *r, char *buf, size_t n)
{
	if (r->lkind == LK_JOURNAL)
		return "journal handles";
	if (r->lkind == LK_SECTION) {
		snprintf(buf, n, "%s() sections", istr(r->name));
		return buf;
	}
	return "transactions";
}

/* Record in the group what its findings' evidence says about the scopes (setter
 * and handle rows): the name for the subject, and the rows for the body. */
static void group_scopes(struct fgroup *G, const struct analysis *a, const struct finding *f)
{
	for (int k = 0; k < f->nev; k++) {
		const struct evidence *e = &f->ev[k];
		if ((e->kind != HOP_TRANS && e->kind != HOP_HANDLE) || e->row < 0)
			continue;
		const struct mrow *r = &a->model->rows[e->row];
		int seen = 0;
		for (int i = 0; i < G->nrows; i++)
			seen |= G->rows[i] == e->row;
		if (!seen && G->nrows < (int)(sizeof(G->rows) / sizeof(G->rows[0])))
			G->rows[G->nrows++] = e->row;
		/* journal handles win over sections, sections over plain transactions */
		int pri = r->lkind == LK_JOURNAL ? 3 : r->lkind == LK_SECTION ? 2 : 1;
		if (pri > G->kind_pri) {
			G->kind_pri = pri;
			char buf[sizeof(G->kind)];
			snprintf(G->kind, sizeof(G->kind), "%s", row_kind_text(r, buf, sizeof(buf)));
		}
	}
}

int fix_run(struct analysis *a, const struct sites *s, const struct regions *R, const struct findings *fs,
	    const struct fix_opts *o)
{
	struct fixer F;
	memset(&F, 0, sizeof(F));
	F.a = a;
	F.s = s;
	F.o = o;
	const struct program *p = a->prog;
	/* 1. Findings fixed at their own site: a token, a mask, one call. */
	for (size_t i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->v[i];
		int r = f->rid;
		enum fix_kind kind = rule_table[r].fix;
		if (!(o->rules & (1u << r)) || !f->fix || kind == FIX_NONE || kind == FIX_REGION || f->suppressed)
			continue;
		struct ffile *ff = fix_file(&F, f->file);
		int gi = fix_group(&F, f->file, r);
		const char *why;
		if (kind == FIX_CALL)
			why = f->call < 0 ? "the call is not in the facts" : fix_scope_call(&F, f->call, f->fix, f->noio, gi);
		else if (kind == FIX_TOKEN && f->tok >= 0 && strcmp(istr(p->gfps[f->tok].token), "GFP_NOFS") == 0)
			why = fix_token(&F, ff, f->line, f->col, gi);
		else /* a mask, or a NOFS flag that is dropped (KM_NOFS) */
			why = fix_mask(&F, ff, f->line, f->col, f->fix, gi);
		if (why) {
			fix_note(&F, f->file, f->line, "%s not fixed: %s", f->rule, why);
			F.nstale += is_stale(why);
			continue;
		}
		struct fgroup *G = &F.g[gi];
		sb_addf(&G->sites, "  %s:%d %s(): %s\n", f->file, f->line, f->function, f->fix);
		G->nsites++;
		fix_file(&F, f->file)->nsites++;
		if (rule_table[r].nfc == NFC_NO)
			G->nfc = 0;
		group_why_ev(G, f);
		group_scopes(G, a, f);
	}
	/* 2. Lock regions: nofs-to-scope, then missing-nofs. A region is wrapped when
	 * a selected finding of the rule lies in it. */
	char *done = xcalloc(R->n ? R->n : 1, 1);
	int single = 0;
	int want_scope = (o->rules >> R_nofs_to_scope) & 1, want_miss = (o->rules >> R_missing_nofs) & 1;
	for (size_t r = 0; r < R->n && want_scope; r++) {
		const struct region *g = &R->v[r];
		int reported = 0;
		for (int k = 0; k < g->ntoks && !reported; k++)
			reported = finding_of_tok(fs, R_nofs_to_scope, g->toks[k]) != NULL;
		if (g->ntoks == 1 && R->groups.tokgroup[g->toks[0]] < 0)
			single++; /* a group's site is fixed with its group */
		if (g->ntoks >= 2 && reported)
			done[r] = (char)wrap_region(&F, fs, g, R_nofs_to_scope);
	}
	for (size_t r = 0; r < R->n && want_miss; r++) {
		const struct region *g = &R->v[r];
		int reported = 0;
		for (int k = 0; k < g->nfs && !reported; k++)
			reported = finding_of_call(fs, R_missing_nofs, s->v[g->fs[k]].call) != NULL;
		if (!done[r] && g->nfs && reported)
			done[r] = (char)wrap_region(&F, fs, g, R_missing_nofs);
	}
	/* 3. Groups of regions (nofs-to-scope groups): a scope at every place
	 * their locks are taken, then the sites flipped */
	struct intvec wrapped_acq = {0};
	for (size_t i = 0; i < R->groups.n && want_scope; i++)
		wrap_group(&F, fs, R, &R->groups.v[i], done, &wrapped_acq);
	free(wrapped_acq.v);
	/* missing-nofs findings no region holds: nothing is written, say why */
	for (size_t i = 0; i < fs->n && want_miss; i++) {
		const struct finding *f = &fs->v[i];
		if (f->rid != R_missing_nofs || f->suppressed || f->call < 0)
			continue;
		int in = 0;
		for (size_t k = 0; k < s->n && !in; k++)
			in = s->v[k].call == f->call && region_of_site(R, (int)k) >= 0;
		if (!in) {
			char buf[PATH_MAX + 512];
			fix_note(&F, f->file, f->line, "missing-nofs not fixed: %s", no_region_why(&F, f, buf, sizeof(buf)));
		}
	}
	if (single && !o->quiet && want_scope)
		fprintf(stderr,
			"gfpcheck: fix: %d lock region%s with a single GFP_NOFS allocation left as %s: "
			"not worth a scope of its own (the scope belongs at the lock once there are more)\n",
			single, single == 1 ? "" : "s", single == 1 ? "it is" : "they are");
	free(done);
	/* 3. Sort the edits; drop overlaps. */
	int rc = 0;
	if (F.nf)
		qsort(F.f, F.nf, sizeof(*F.f), cmp_file);
	for (size_t i = 0; i < F.nf; i++) {
		struct ffile *f = &F.f[i];
		if (f->ne)
			qsort(f->e, f->ne, sizeof(*f->e), cmp_edit);
		size_t w = 0;
		for (size_t k = 0; k < f->ne; k++) {
			if (w && f->e[k].off < f->e[w - 1].off + f->e[w - 1].len) {
				fix_note(&F, f->path, 0, "overlapping edits at byte %zu; the later one is dropped", f->e[k].off);
				free(f->e[k].ins);
				continue;
			}
			f->e[w++] = f->e[k];
		}
		f->ne = w;
	}
	drop_linked_twins(&F);
	unanalysed_bytes(&F);
	/* 4. Output. */
	size_t nchanged = 0, nfailed = 0;
	int nsites = 0, nsites_failed = 0;
	for (size_t i = 0; i < F.nf; i++)
		if (F.f[i].ne) {
			nchanged++;
			nsites += F.f[i].nsites;
		}
	if (o->diff) {
		for (size_t i = 0; i < F.nf; i++) {
			if (!F.f[i].ne)
				continue;
			struct strbuf sb = {0};
			int ad = 0, de = 0;
			fix_udiff(&sb, F.f[i].path, F.f[i].text, F.f[i].len, F.f[i].e, F.f[i].ne, &ad, &de);
			if (sb.len)
				fwrite(sb.s, 1, sb.len, o->out);
			sb_free(&sb);
		}
	}
	if (o->patch_dir && fix_write_series(&F, o->patch_dir))
		rc = 2;
	struct strbuf notw = {0};
	if (o->apply) {
		for (size_t i = 0; i < F.nf; i++) {
			struct ffile *f = &F.f[i];
			if (!f->ne)
				continue;
			size_t nl = 0;
			char *nt = fix_apply_text(f->text, f->len, f->e, f->ne, &nl);
			if (apply_file(&F, f, nt, nl)) {
				rc = 2;
				nfailed++;
				nsites_failed += f->nsites;
				sb_addf(&notw, "%s%s", notw.len ? ", " : "", f->path);
			}
			free(nt);
		}
	}
	if (!o->quiet && o->apply)
		fprintf(stderr, "gfpcheck: fix: %d site%s changed in %zu file%s (%zu patch group%s)%s\n",
			nsites - nsites_failed, nsites - nsites_failed == 1 ? "" : "s", nchanged - nfailed,
			nchanged - nfailed == 1 ? "" : "s", F.ng, F.ng == 1 ? "" : "s",
			F.nrefused ? "; see the notes above for what was left alone" : "");
	else if (!o->quiet)
		fprintf(stderr, "gfpcheck: fix: %d site%s changed in %zu file%s (%zu patch group%s)%s\n", nsites,
			nsites == 1 ? "" : "s", nchanged, nchanged == 1 ? "" : "s", F.ng, F.ng == 1 ? "" : "s",
			F.nrefused ? "; see the notes above for what was left alone" : "");
	if (F.nstale) {
		fprintf(stderr,
			"gfpcheck: fix: %d fix%s not made: the source is not what was analysed (see above); run gfpcheck "
			"again\n",
			F.nstale, F.nstale == 1 ? "" : "es");
		rc = 2;
	}
	if (nfailed) /* even with -q: the exit status alone would not say which */
		fprintf(stderr, "gfpcheck: fix: %d site%s in %zu file%s NOT written: %s\n", nsites_failed,
			nsites_failed == 1 ? "" : "s", nfailed, nfailed == 1 ? "" : "s", notw.s);
	sb_free(&notw);
	for (size_t i = 0; i < F.nf; i++) {
		struct ffile *f = &F.f[i];
		for (size_t k = 0; k < f->ne; k++)
			free(f->e[k].ins);
		for (size_t k = 0; k < f->ncookies; k++)
			free(f->cookies[k]);
		free(f->cookies);
		free(f->e);
		free(f->path);
		free(f->text);
		free(f->ls);
	}
	free(F.f);
	for (size_t i = 0; i < F.ng; i++) {
		free(F.g[i].dir);
		free(F.g[i].prefix);
		free(F.g[i].lock);
		sb_free(&F.g[i].sites);
		sb_free(&F.g[i].why);
	}
	free(F.g);
	return rc;
}
