/* fix_region.c - the FIX_REGION fixes: a NOFS scope around each lock region, and
 * around every place of a region group, that a selected finding's payload names
 * (f->region, f->group; the regions and groups come from the analysis). No rule
 * is named here to decide what is wrapped: a region or group is wrapped for the
 * first rule, in rule_order(), whose findings name it.
 *
 * A region is wrapped only when one memalloc_nofs_save() after the acquire and a
 * restore before each release are balanced on every path (regions.c decides,
 * fix_scope.c checks the anchors against the source again); a group only when
 * a scope opens at every one of its places, all in one patch. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "fix/fix.h"
#include "rules/suppress.h"

static int region_rule(const struct finding *f)
{
	return !f->suppressed && rule_table[f->rid].fix == FIX_REGION;
}

/* The active finding whose payload (a region or a group) covers GFP_NOFS token
 * tok, or NULL. */
static const struct finding *payload_at_tok(const struct findings *fs, int tok)
{
	for (size_t i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->v[i];
		if (region_rule(f) && f->tok == tok && (f->region >= 0 || f->group >= 0))
			return f;
	}
	return NULL;
}

static int is_region_tok(const struct region *g, int tok)
{
	for (int k = 0; k < g->ntoks; k++)
		if (g->toks[k] == tok)
			return 1;
	return 0;
}

/* The active finding whose payload names region r at its allocation call c (not
 * at one of its GFP_NOFS tokens), or NULL. */
static const struct finding *payload_at_call(const struct fixer *F, int r, int c)
{
	const struct findings *fs = F->fs;
	for (size_t i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->v[i];
		if (region_rule(f) && f->region == r && f->call == c && !is_region_tok(&F->R->v[r], f->tok))
			return f;
	}
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

/* Why region r must not be wrapped for `rule` because a site of it is suppressed
 * (written to buf), or NULL. Wrapping rewrites every GFP_NOFS token of the region:
 * a nofs-to-scope suppression is how a user keeps such a flag as written, whatever
 * rule's scope would flip it. It also makes every __GFP_FS allocation in it NOFS:
 * when `rule` names the region at its allocations, a suppression of `rule` at
 * another of them says that one needs no scope. A site whose finding is in the
 * report is not suppressed. */
static const char *region_suppressed(const struct fixer *F, int r, int rule, char *buf, size_t n)
{
	const struct program *p = F->a->prog;
	const struct region *g = &F->R->v[r];
	for (int k = 0; k < g->ntoks; k++) {
		const struct gfptok *t = &p->gfps[g->toks[k]];
		int dl;
		if (!payload_at_tok(F->fs, g->toks[k]) && (dl = suppressed_at(p, t->file, t->pos.line, R_nofs_to_scope))) {
			snprintf(buf, n,
				 "its GFP_NOFS at %s:%d is suppressed (%s:%d: ignore nofs-to-scope) and the scope would "
				 "make it GFP_KERNEL: lift the suppression, or wrap the region by hand",
				 p->files[t->file].path, t->pos.line, p->files[t->file].path, dl);
			return buf;
		}
	}
	int at_allocs = 0;
	for (int k = 0; k < g->nfs && !at_allocs; k++) {
		const struct finding *f = payload_at_call(F, r, F->s->v[g->fs[k]].call);
		at_allocs = f && f->rid == rule;
	}
	for (int k = 0; at_allocs && k < g->nfs; k++) {
		const struct call *c = &p->calls[F->s->v[g->fs[k]].call];
		int dl;
		if (!payload_at_call(F, r, F->s->v[g->fs[k]].call) && (dl = suppressed_at(p, c->file, c->pos.line, rule))) {
			snprintf(buf, n,
				 "its allocation %s() at %s:%d is suppressed (%s:%d: ignore %s) and the scope would make "
				 "it NOFS: lift the suppression, or wrap the region by hand",
				 istr(c->callee), p->files[c->file].path, c->pos.line, p->files[c->file].path, dl,
				 rule_table[rule].id);
			return buf;
		}
	}
	return NULL;
}

/* Why a finding whose payload names no region or group gets no fix: where its
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

static void group_lock(struct fgroup *g, const char *name)
{
	if (!g->lock)
		g->lock = xstrdup(name);
	else if (*g->lock && strcmp(g->lock, name) != 0) {
		free(g->lock);
		g->lock = xstrdup("");
	}
}

/* Why region g cannot be wrapped before any edit (the scope API, the region's
 * shape, a suppression), or NULL; buf may hold the text. */
static const char *region_refused(const struct fixer *F, int r, int rule, char *buf, size_t n)
{
	const struct region *g = &F->R->v[r];
	int v = F->a->model->version, since = rule_table[rule].fix_on.since;
	if (!rule_fix_on(rule, v, 0)) { /* rules.def: memalloc_nofs_save() came with 4.12; unknown is new */
		snprintf(buf, n,
			 "this %d.%d tree predates the scope API of %d.%d (memalloc_nofs_save()/memalloc_nofs_restore())",
			 v / 1000, v % 1000, since / 1000, since % 1000);
		return buf;
	}
	if (!g->ok)
		return g->why;
	return region_suppressed(F, r, rule, buf, n);
}

/* The lines of the patch body for wrapped region g: the scope, then every site. */
static void region_sites(struct fixer *F, struct fgroup *G, const struct region *g)
{
	const struct program *p = F->a->prog;
	const struct call *ac = &p->calls[g->acquire];
	char *lk = region_lock_text(F->a, g);
	G->nregions++;
	group_lock(G, istr(ac->callee));
	sb_addf(&G->sites, "  %s() at %s:%d: scope opened after %s, closed before %d release%s\n",
		istr(p->funcs[g->fn].name), p->files[ac->file].path, ac->pos.line, lk, g->nrel, g->nrel == 1 ? "" : "s");
	free(lk);
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
}

/* The why of a patch group whose first change is region r: the lock context and
 * one example chain (a site in a callee when there is one). */
static void region_why(struct fixer *F, struct fgroup *G, int r)
{
	const struct program *p = F->a->prog;
	const struct region *g = &F->R->v[r];
	const struct call *ac = &p->calls[g->acquire];
	const struct mrow *row = g->row >= 0 ? &F->a->model->rows[g->row] : NULL;
	char *lk = region_lock_text(F->a, g);
	sb_addf(&G->why, "%s in %s() (%s:%d) takes a %s lock context%s%s.\n", lk, istr(p->funcs[g->fn].name),
		p->files[ac->file].path, ac->pos.line, row && row->fs ? istr(row->fs) : "filesystem", row && row->reason ? ": " : "",
		row && row->reason ? row->reason : "");
	free(lk);
	const struct finding *ex = NULL;
	for (int k = 0; k < g->ntoks && !ex; k++) {
		const struct gfptok *t = &p->gfps[g->toks[k]];
		const struct finding *f = payload_at_tok(F->fs, g->toks[k]);
		if (f && (t->fn != g->fn || k == g->ntoks - 1))
			ex = f;
	}
	for (int k = 0; k < g->nfs && !ex; k++)
		ex = payload_at_call(F, r, F->s->v[g->fs[k]].call);
	if (ex)
		fix_group_why(G, ex);
}

/* Wrap region r in a scope for `rule`; returns 1 when done. */
static int wrap_region(struct fixer *F, int r, int rule)
{
	const struct program *p = F->a->prog;
	const struct region *g = &F->R->v[r];
	const struct call *ac = &p->calls[g->acquire];
	const char *path = p->files[ac->file].path;
	char buf[PATH_MAX * 2 + 256];
	const char *why = region_refused(F, r, rule, buf, sizeof(buf));
	int gi = why ? -1 : fix_group(F, path, rule);
	if (!why && (why = fix_scope_region(F, g, gi)))
		F->nstale += fix_is_stale(why);
	if (why) {
		char *lk = region_lock_text(F->a, g);
		fix_note(F, path, ac->pos.line, "%s region of %s in %s() not wrapped: %s", rule_table[rule].id, lk,
			 istr(p->funcs[g->fn].name), why);
		free(lk);
		return 0;
	}
	struct fgroup *G = &F->g[gi];
	region_sites(F, G, g);
	if (!G->why.len)
		region_why(F, G, r);
	if (g->nfs)
		G->nfc = 0;
	return 1;
}

struct intvec {
	int *v;
	size_t n, cap;
};

/* The regions of group lg that no wrapped region (done) or earlier group already
 * opens a scope for; NULL with *why set when one cannot take a scope. */
static const struct region **group_places(struct fixer *F, const struct lockgroup *lg, const char *done,
					  const struct intvec *wrapped_acq, int *n, char *why, size_t whylen)
{
	const struct program *p = F->a->prog;
	const struct regions *R = F->R;
	const struct region **v = xcalloc(lg->nacq ? (size_t)lg->nacq : 1, sizeof(*v));
	*n = 0;
	for (int k = 0; k < lg->nacq; k++) {
		int wrapped = 0; /* by a region, or by an earlier group */
		for (size_t r = 0; r < R->n && !wrapped; r++)
			wrapped = done[r] && R->v[r].acquire == lg->acq[k].call;
		for (size_t r = 0; r < wrapped_acq->n && !wrapped; r++)
			wrapped = wrapped_acq->v[r] == lg->acq[k].call;
		if (wrapped)
			continue;
		const struct region *g = v[(*n)++] = &lg->reg[k];
		const struct call *ac = &p->calls[g->acquire];
		const char *w = !g->ok ? g->why : fix_scope_region_check(F, g);
		if (w) {
			char *lk = region_lock_text(F->a, g);
			snprintf(why, whylen, "the region of %s in %s() (%s:%d) cannot take a scope: %s", lk,
				 g->fn >= 0 ? istr(p->funcs[g->fn].name) : "", p->files[ac->file].path, ac->pos.line, w);
			free(lk);
			free(v);
			return NULL;
		}
	}
	return v;
}

/* The scopes of a group at its places, then its GFP_NOFS tokens flipped, all in
 * patch group gi. */
static void group_edits(struct fixer *F, const struct lockgroup *lg, const struct region **regs, int n, int gi,
			struct intvec *wrapped_acq)
{
	const struct program *p = F->a->prog;
	for (int k = 0; k < n; k++) {
		const struct call *ac = &p->calls[regs[k]->acquire];
		const char *w = fix_scope_region(F, regs[k], gi);
		VEC_PUSH(wrapped_acq->v, wrapped_acq->n, wrapped_acq->cap, regs[k]->acquire);
		struct fgroup *G = &F->g[gi];
		char *lk = region_lock_text(F->a, regs[k]);
		if (w) /* the checks passed a moment ago: only an internal inconsistency gets here */
			fix_note(F, p->files[ac->file].path, ac->pos.line, "%s group: the scope after %s not written: %s",
				 rule_table[G->rule].id, lk, w);
		G->nregions++;
		group_lock(G, istr(ac->callee));
		sb_addf(&G->sites, "  %s() at %s:%d: scope opened after %s, closed before %d release%s\n",
			istr(p->funcs[regs[k]->fn].name), p->files[ac->file].path, ac->pos.line, lk, regs[k]->nrel,
			regs[k]->nrel == 1 ? "" : "s");
		free(lk);
	}
	for (int k = 0; k < lg->ntoks; k++) {
		const struct gfptok *t = &p->gfps[lg->toks[k]];
		struct ffile *tf = fix_file(F, p->files[t->file].path);
		const char *w = fix_token(F, tf, t->pos.line, t->pos.col, gi);
		struct fgroup *G = &F->g[gi];
		if (w) {
			fix_note(F, p->files[t->file].path, t->pos.line, "GFP_NOFS of the group left as it is: %s", w);
			continue;
		}
		sb_addf(&G->sites, "    %s:%d %s(): GFP_NOFS -> GFP_KERNEL\n", p->files[t->file].path, t->pos.line,
			istr(p->funcs[t->fn].name));
		G->nsites++;
		fix_file(F, p->files[t->file].path)->nsites++;
	}
}

/* Group gi (lockgroups.c) for `rule`: the sites are flipped only when a scope
 * opens at every place the group's locks are taken, all in one patch: a site
 * flipped without them would allocate with __GFP_FS under a lock reclaim takes.
 * Returns 1 when written. */
static int wrap_group(struct fixer *F, int gi, int rule, const char *done, struct intvec *wrapped_acq)
{
	const struct lockgroup *lg = &F->R->groups.v[gi];
	const struct finding *first = NULL;
	int missing = 0;
	for (int k = 0; k < lg->ntoks; k++) {
		const struct finding *f = payload_at_tok(F->fs, lg->toks[k]);
		if (!f || f->group != gi)
			missing++;
		else if (!first)
			first = f;
	}
	char why[PATH_MAX + 512];
	int v = F->a->model->version, since = rule_table[rule].fix_on.since;
	int old_tree = !rule_fix_on(rule, v, 0); /* rules.def: the scope API of 4.12 */
	if (missing)
		snprintf(why, sizeof(why), "%d of its %d sites %s suppressed or not selected", missing, lg->ntoks,
			 missing == 1 ? "is" : "are");
	else if (old_tree)
		snprintf(why, sizeof(why), "this %d.%d tree predates the scope API of %d.%d", v / 1000, v % 1000,
			 since / 1000, since % 1000);
	int n = 0;
	const struct region **regs =
		missing || old_tree ? NULL : group_places(F, lg, done, wrapped_acq, &n, why, sizeof(why));
	if (!regs) {
		for (int k = 0; k < lg->ntoks; k++) {
			const struct finding *f = payload_at_tok(F->fs, lg->toks[k]);
			if (f && f->group == gi)
				fix_note(F, f->file, f->line, "%s group not fixed: %s", rule_table[rule].id, why);
		}
		return 0;
	}
	int pg = fix_group(F, first->file, rule);
	group_edits(F, lg, regs, n, pg, wrapped_acq);
	struct fgroup *G = &F->g[pg];
	G->nfc = 0; /* the scopes also cover what else those regions allocate */
	fix_group_why(G, first);
	free(regs);
	return 1;
}

/* The selected FIX_REGION rules in the order their claims are served: the rules
 * fixed by default first (so that naming another rule in --fix-rules never moves
 * a region out of the patch a default run puts it in), then the table's order. */
static int rule_order(const struct fixer *F, int *order)
{
	int n = 0;
	for (int pass = 1; pass >= 0; pass--)
		for (int k = 0; k < NRULES; k++)
			if (rule_table[k].fix == FIX_REGION && rule_table[k].fix_default == pass && (F->o->rules & (1u << k)))
				order[n++] = k;
	return n;
}

/* Per region (per group): the rules (bit 1 << rule) of the selected findings whose
 * payload names it. */
static void claims(const struct fixer *F, unsigned *region, unsigned *group)
{
	const struct findings *fs = F->fs;
	for (size_t i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->v[i];
		if (!region_rule(f) || !(F->o->rules & (1u << f->rid)))
			continue;
		if (f->region >= 0)
			region[f->region] |= 1u << f->rid;
		if (f->group >= 0)
			group[f->group] |= 1u << f->rid;
	}
}

/* The findings of selected rules whose payload names no region or group: nothing
 * is written, say why. */
static void note_unclaimed(struct fixer *F)
{
	const struct findings *fs = F->fs;
	for (size_t i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->v[i];
		if (!region_rule(f) || !(F->o->rules & (1u << f->rid)) || f->region >= 0 || f->group >= 0 || f->call < 0)
			continue;
		char buf[PATH_MAX + 512];
		fix_note(F, f->file, f->line, "%s not fixed: %s", f->rule, no_region_why(F, f, buf, sizeof(buf)));
	}
}

/* Lock regions with a single GFP_NOFS allocation are not worth a scope of their
 * own (nofs-to-scope's threshold, which a group's site escapes): say how many
 * were left, when that rule is fixed. */
static void note_singles(const struct fixer *F)
{
	const struct regions *R = F->R;
	int single = 0;
	for (size_t r = 0; r < R->n; r++)
		single += R->v[r].ntoks == 1 && R->groups.tokgroup[R->v[r].toks[0]] < 0;
	if (single && !F->o->quiet && (F->o->rules & (1u << R_nofs_to_scope)))
		fprintf(stderr,
			"gfpcheck: fix: %d lock region%s with a single GFP_NOFS allocation left as %s: "
			"not worth a scope of its own (the scope belongs at the lock once there are more)\n",
			single, single == 1 ? "" : "s", single == 1 ? "it is" : "they are");
}

void fix_regions(struct fixer *F)
{
	const struct regions *R = F->R;
	unsigned *creg = xcalloc(R->n ? R->n : 1, sizeof(unsigned));
	unsigned *cgrp = xcalloc(R->groups.n ? R->groups.n : 1, sizeof(unsigned));
	char *done = xcalloc(R->n ? R->n : 1, 1);
	int order[NRULES];
	int nrules = rule_order(F, order);
	claims(F, creg, cgrp);
	for (int i = 0; i < nrules; i++)
		for (size_t r = 0; r < R->n; r++)
			if (!done[r] && (creg[r] & (1u << order[i])))
				done[r] = (char)wrap_region(F, (int)r, order[i]);
	/* groups: a scope at every place their locks are taken, then the sites */
	char *gdone = xcalloc(R->groups.n ? R->groups.n : 1, 1);
	struct intvec wrapped_acq = {0};
	for (int i = 0; i < nrules; i++)
		for (size_t k = 0; k < R->groups.n; k++)
			if (!gdone[k] && (cgrp[k] & (1u << order[i])))
				gdone[k] = (char)wrap_group(F, (int)k, order[i], done, &wrapped_acq);
	free(wrapped_acq.v);
	note_unclaimed(F);
	note_singles(F);
	free(gdone);
	free(done);
	free(creg);
	free(cgrp);
}
