/* common.c - helpers shared by the rules. */
#include <stdlib.h>
#include <string.h>

#include "analysis/context.h"
#include "model/gfpexpr.h"
#include "model/gfpmask.h"
#include "rules/rules.h"
#include "base/util.h"

const char *func_name(const struct analysis *a, int fn)
{
	return fn >= 0 ? istr(a->prog->funcs[fn].name) : "";
}

struct finding *finding_at_token(struct rulectx *rc, int rid, enum conf conf, int tok, int call)
{
	const struct program *p = rc->a->prog;
	struct finding *f;
	if (tok >= 0) {
		const struct gfptok *t = &p->gfps[tok];
		int ce = t->end.line == t->pos.line ? t->end.col : t->pos.col + (int)strlen(istr(t->token));
		f = finding_new(rc->out, rid, conf, p->files[t->file].path, t->pos.line, t->pos.col, ce,
				func_name(rc->a, t->fn));
	} else {
		const struct call *c = &p->calls[call];
		f = finding_new(rc->out, rid, conf, p->files[c->file].path, c->pos.line, c->pos.col,
				c->pos.col + (int)strlen(istr(c->callee)), func_name(rc->a, c->fn));
	}
	f->tok = tok;
	f->call = call;
	return f;
}

void finding_chain(struct rulectx *rc, struct finding *f, int c, unsigned bit, const struct classev *cv)
{
	struct chain ch = {0};
	chain_evidence(rc->a, &ch, c, bit, cv);
	finding_add_chain(f, &ch);
}

static int cmp_site(const void *x, const void *y)
{
	const struct asite *const *a = x, *const *b = y;
	return (*a)->nofs_tok != (*b)->nofs_tok ? ((*a)->nofs_tok < (*b)->nofs_tok ? -1 : 1)
						: ((*a)->call < (*b)->call ? -1 : (*a)->call > (*b)->call);
}

void nofs_tokens(struct rulectx *rc, void (*fn)(struct rulectx *rc, const struct nofs_tok *t))
{
	const struct sites *s = rc->s;
	const struct asite **v = xmalloc(sizeof(*v) * (s->n ? s->n : 1));
	size_t n = 0;
	for (size_t i = 0; i < s->n; i++)
		/* `GFP_KERNEL | GFP_NOFS` is GFP_KERNEL: no NOFS to remove (nofs-fs-conflict) */
		if (s->v[i].nofs_tok >= 0 && !(s->v[i].mask_known && (s->v[i].mask & GB_FS)))
			v[n++] = &s->v[i];
	qsort(v, n, sizeof(*v), cmp_site);
	for (size_t i = 0; i < n;) {
		struct nofs_tok t;
		memset(&t, 0, sizeof(t));
		t.tok = v[i]->nofs_tok;
		t.call = v[i]->call;
		t.cv = v[i]->cv;
		t.inner_lock = -1;
		size_t j = i;
		for (; j < n && v[j]->nofs_tok == t.tok; j++) {
			if (t.inner_lock < 0)
				t.inner_lock = v[j]->inner_lock;
			for (int k = 0; k < PC_NKINDS; k++)
				if ((v[j]->cv.cls & (1u << k)) && !(t.cv.cls & (1u << k))) {
					t.cv.cls |= 1u << k;
					t.cv.origin[k] = v[j]->cv.origin[k];
					t.cv.inherited[k] = v[j]->cv.inherited[k];
				}
			t.nsites++;
		}
		fn(rc, &t);
		i = j;
	}
	free(v);
}

const char *nofs_name(const struct analysis *a, const struct nofs_tok *t)
{
	return istr(a->prog->gfps[t->tok].token);
}

const char *nofs_advice(const struct analysis *a, const struct nofs_tok *t)
{
	return strcmp(nofs_name(a, t), "GFP_NOFS") == 0 ? "use GFP_KERNEL" : "drop the flag";
}

const struct mrow *chain_dummy_row(const struct analysis *a, const struct finding *f, int from)
{
	for (int i = from; i < f->nev; i++) {
		const struct mrow *r = f->ev[i].row >= 0 ? &a->model->rows[f->ev[i].row] : NULL;
		if (r && f->ev[i].file && mrow_dummy_in(r, f->ev[i].file))
			return r;
	}
	return NULL;
}

struct finding *nofs_finding(struct rulectx *rc, int rid, enum conf conf, const struct nofs_tok *t)
{
	const struct program *p = rc->a->prog;
	struct finding *f = finding_at_token(rc, rid, conf, t->tok, t->call);
	f->call = t->call;
	const struct gfptok *g = &p->gfps[t->tok];
	const char *expr = g->call >= 0 && g->argidx >= 0 && g->argidx < p->calls[g->call].nargs
				   ? istr(p->calls[g->call].args[g->argidx])
				   : "GFP_NOFS";
	const char *tn = istr(g->token);
	if (strcmp(tn, "GFP_NOFS") == 0) {
		f->fix = gfp_replace_token(expr, "GFP_NOFS", "GFP_KERNEL");
		f->tok_fix = "GFP_KERNEL";
	} else
		f->fix = gfp_drop_token(expr, tn); /* KM_NOFS | KM_MAYFAIL -> KM_MAYFAIL */
	return f;
}

const char *mask_tok_fix(const struct analysis *a, int tok, const char *fix, uint32_t bits)
{
	const char *base = fix ? mask_base(a->model, bits, NULL) : NULL;
	return tok >= 0 && base && strcmp(base, "GFP_KERNEL") == 0 && strcmp(istr(a->prog->gfps[tok].token), "GFP_NOFS") == 0
		       ? "GFP_KERNEL"
		       : NULL;
}

void note_no_scope_api(struct rulectx *rc, struct finding *f)
{
	if (rc->noted_no_scope_api)
		return;
	rc->noted_no_scope_api = 1;
	int v = rc->a->model->version, since = rule_table[f->rid].fix_on.since; /* rules.def: 4.12 */
	char *m = xasprintf("%s (this %d.%d tree predates the scope API of %d.%d: fixes that open a "
			    "memalloc_nofs scope are off for the whole report)",
			    f->message ? f->message : "", v / 1000, v % 1000, since / 1000, since % 1000);
	free(f->message);
	f->message = m;
}
