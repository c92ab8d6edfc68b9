/* fix.c - the fixing engine: source files, edits, patch groups, the findings
 * fixed at their own site, and the order in which findings become edits and
 * edits become output (see fix.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "fix/fix.h"
#include "rules/rules.h"

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

int fix_is_stale(const char *why)
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

void fix_group_why(struct fgroup *g, const struct finding *f)
{
	if (g->why.len)
		return;
	sb_addf(&g->why, "For example, %s() at %s:%d:\n", f->function, f->file, f->line);
	for (int i = 0, shown = 0; i < f->nev && shown < 8; i++) {
		/* keep body lines short: a long hop without its parenthesised note */
		const struct evidence *e = &f->ev[i];
		shown += e->kind != HOP_OTHERS; /* eight hops of the path, with the other callers beside them */
		int n = (int)strlen(e->what);
		if ((int)strlen(e->file) + n > 64)
			n = e->brief;
		sb_addf(&g->why, "  %s:%d: %.*s\n", e->file, e->line, n, e->what);
	}
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
		if (mrow_dummy_in(r, f->file)) {
			G->dummy_dir = r->dummy_dir; /* the mask changes where the handle is a dummy */
			G->nfc = 0;
		}
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

/* ---- findings fixed at their own site (FIX_TOKEN, FIX_MASK, FIX_CALL) ---- */

/* FIX_TOKEN: the GFP_NOFS token becomes GFP_KERNEL; another NOFS token (KM_NOFS)
 * is dropped from its mask. */
static const char *fix_at_token(struct fixer *F, const struct finding *f, int gi)
{
	struct ffile *ff = fix_file(F, f->file);
	if (f->tok >= 0 && strcmp(istr(F->a->prog->gfps[f->tok].token), "GFP_NOFS") == 0)
		return fix_token(F, ff, f->line, f->col, gi);
	return fix_mask(F, ff, f->line, f->col, f->fix, gi);
}

/* FIX_MASK: the mask expression becomes the finding's fix. */
static const char *fix_at_mask(struct fixer *F, const struct finding *f, int gi)
{
	return fix_mask(F, fix_file(F, f->file), f->line, f->col, f->fix, gi);
}

/* FIX_CALL: a NOFS (NOIO) scope around the one call. */
static const char *fix_at_call(struct fixer *F, const struct finding *f, int gi)
{
	return f->call < 0 ? "the call is not in the facts" : fix_scope_call(F, f->call, f->fix, f->noio, gi);
}

/* The fix of each kind of the rule table (rules.def FIX_*) made at a finding's own
 * site; FIX_REGION is fix_region.c's. NULL or why it was not made. */
typedef const char *site_fix_fn(struct fixer *F, const struct finding *f, int gi);
static site_fix_fn *const site_fix[] = {
	[FIX_TOKEN] = fix_at_token,
	[FIX_MASK] = fix_at_mask,
	[FIX_CALL] = fix_at_call,
};

static void fix_sites(struct fixer *F)
{
	for (size_t i = 0; i < F->fs->n; i++) {
		const struct finding *f = &F->fs->v[i];
		site_fix_fn *fn = site_fix[rule_table[f->rid].fix];
		if (!(F->o->rules & (1u << f->rid)) || !f->fix || !fn || f->suppressed)
			continue;
		fix_file(F, f->file);
		int gi = fix_group(F, f->file, f->rid);
		const char *why = fn(F, f, gi);
		if (why) {
			fix_note(F, f->file, f->line, "%s not fixed: %s", f->rule, why);
			F->nstale += fix_is_stale(why);
			continue;
		}
		struct fgroup *G = &F->g[gi];
		sb_addf(&G->sites, "  %s:%d %s(): %s\n", f->file, f->line, f->function, f->fix);
		G->nsites++;
		fix_file(F, f->file)->nsites++;
		if (rule_table[f->rid].nfc == NFC_NO)
			G->nfc = 0;
		fix_group_why(G, f);
		group_scopes(G, F->a, f);
	}
}

/* ---- the edits settled, then written ---- */

/* Sort the files and their edits; drop overlapping edits, the second path of a
 * file reached twice, and the files whose bytes are not those analysed. */
static void settle_edits(struct fixer *F)
{
	if (F->nf)
		qsort(F->f, F->nf, sizeof(*F->f), cmp_file);
	for (size_t i = 0; i < F->nf; i++) {
		struct ffile *f = &F->f[i];
		if (f->ne)
			qsort(f->e, f->ne, sizeof(*f->e), cmp_edit);
		size_t w = 0;
		for (size_t k = 0; k < f->ne; k++) {
			if (w && f->e[k].off < f->e[w - 1].off + f->e[w - 1].len) {
				fix_note(F, f->path, 0, "overlapping edits at byte %zu; the later one is dropped", f->e[k].off);
				free(f->e[k].ins);
				continue;
			}
			f->e[w++] = f->e[k];
		}
		f->ne = w;
	}
	fix_drop_linked_twins(F);
	unanalysed_bytes(F);
}

/* One unified diff of every change, to the output. */
static void print_diff(const struct fixer *F)
{
	for (size_t i = 0; i < F->nf; i++) {
		const struct ffile *f = &F->f[i];
		if (!f->ne)
			continue;
		struct strbuf sb = {0};
		int ad = 0, de = 0;
		fix_udiff(&sb, f->path, f->text, f->len, f->e, f->ne, &ad, &de);
		if (sb.len)
			fwrite(sb.s, 1, sb.len, F->o->out);
		sb_free(&sb);
	}
}

/* What was changed (and written, with --apply), what was not; 2 when a fix
 * was not made because the source is not what was analysed, else 0. */
static int summary(const struct fixer *F, const struct fix_counts *c)
{
	size_t nchanged = 0;
	int nsites = 0;
	for (size_t i = 0; i < F->nf; i++)
		if (F->f[i].ne) {
			nchanged++;
			nsites += F->f[i].nsites;
		}
	nsites -= c->nsites_failed;
	nchanged -= c->nfailed;
	if (!F->o->quiet)
		fprintf(stderr, "gfpcheck: fix: %d site%s changed in %zu file%s (%zu patch group%s)%s\n", nsites,
			nsites == 1 ? "" : "s", nchanged, nchanged == 1 ? "" : "s", F->ng, F->ng == 1 ? "" : "s",
			F->nrefused ? "; see the notes above for what was left alone" : "");
	if (F->nstale)
		fprintf(stderr,
			"gfpcheck: fix: %d fix%s not made: the source is not what was analysed (see above); run gfpcheck "
			"again\n",
			F->nstale, F->nstale == 1 ? "" : "es");
	if (c->nfailed) /* even with -q: the exit status alone would not say which */
		fprintf(stderr, "gfpcheck: fix: %d site%s in %zu file%s NOT written: %s\n", c->nsites_failed,
			c->nsites_failed == 1 ? "" : "s", c->nfailed, c->nfailed == 1 ? "" : "s", c->notw.s);
	return F->nstale ? 2 : 0;
}

static void fixer_free(struct fixer *F)
{
	for (size_t i = 0; i < F->nf; i++) {
		struct ffile *f = &F->f[i];
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
	free(F->f);
	for (size_t i = 0; i < F->ng; i++) {
		free(F->g[i].dir);
		free(F->g[i].prefix);
		free(F->g[i].lock);
		sb_free(&F->g[i].sites);
		sb_free(&F->g[i].why);
	}
	free(F->g);
}

int fix_run(struct analysis *a, const struct sites *s, const struct regions *R, const struct findings *fs,
	    const struct fix_opts *o)
{
	struct fixer F;
	memset(&F, 0, sizeof(F));
	F.a = a;
	F.s = s;
	F.R = R;
	F.fs = fs;
	F.o = o;
	fix_sites(&F);   /* each finding of a token, mask or call rule at its own site */
	fix_regions(&F); /* the regions and groups the FIX_REGION findings name */
	settle_edits(&F);
	int rc = 0;
	if (o->diff)
		print_diff(&F);
	if (o->patch_dir && fix_write_series(&F, o->patch_dir))
		rc = 2;
	struct fix_counts c;
	memset(&c, 0, sizeof(c));
	if (o->apply && fix_apply_files(&F, &c))
		rc = 2;
	if (summary(&F, &c))
		rc = 2;
	sb_free(&c.notw);
	fixer_free(&F);
	return rc;
}
