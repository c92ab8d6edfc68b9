/* sites.c - find allocation sites and their path classes. */
#include <stdlib.h>
#include <string.h>

#include "analysis/context.h"
#include "analysis/flow.h"
#include "model/gfpexpr.h"
#include "analysis/graph.h"
#include "analysis/sites.h"
#include "base/util.h"

/* Classes a wrapper adds by itself around its allocation; PC_INHERIT: the caller's. */
#define PC_INHERIT 64u

/* The classes wrapper w adds around its allocations, over every call that
 * passes its gfp parameter on (ext4_mb_init_group() allocates first in
 * ext4_mb_get_buddy_page_lock(), then in ext4_mb_init_cache() with the buddy
 * pages locked), and the states at each; PC_INHERIT where nothing of its own
 * is held (the caller's classes then apply). */
static unsigned internal_call_cls(const struct analysis *a, int c, int depth, int *origin, int *lock);

/* *lock gets the call that took the first counting lock the wrapper holds
 * around an allocation (whatever scope its callers hold), when there is one. */
static unsigned internal_cls(const struct analysis *a, int w, int depth, int *origin, int *lock)
{
	const struct program *p = a->prog;
	const struct func *fn = &p->funcs[w];
	if (depth > 8 || fn->alloc_via_call < 0)
		return PC_INHERIT;
	unsigned out = internal_call_cls(a, fn->alloc_via_call, depth, origin, lock);
	for (int i = 0; i < fn->ncalls; i++) {
		int c = fn->calls[i];
		if (c != fn->alloc_via_call && wrapper_passes_gfp(a, fn, &p->calls[c])) {
			int o = -1;
			unsigned b = internal_call_cls(a, c, depth, &o, lock);
			if ((b & ~out & ~PC_INHERIT) && o >= 0)
				*origin = o;
			out |= b;
		}
	}
	return out;
}

static unsigned internal_call_cls(const struct analysis *a, int c, int depth, int *origin, int *lock)
{
	const struct program *p = a->prog;
	const struct stateset *st = &a->states[c];
	unsigned out = 0;
	int n = st->n ? st->n : 1;
	for (int k = 0; k < n; k++) {
		const struct astate *s = st->n ? &st->s[k] : NULL;
		unsigned b = 0;
		for (int j = 0; s && j < s->n && !b; j++)
			if (s->h[j].kind == HK_SCOPE)
				b = PC_SCOPE, *origin = s->h[j].call;
		for (int j = 0; s && j < s->n && !b; j++)
			if (s->h[j].kind == HK_SETTER)
				b = PC_TRANS, *origin = s->h[j].call;
		if (!b) {
			int t = p->calls[c].target;
			unsigned inner = (t >= 0 && p->funcs[t].alloc_gfp_param >= 0) ? internal_cls(a, t, depth + 1, origin, lock)
										: PC_INHERIT;
			for (int j = 0; s && j < s->n && (inner & PC_INHERIT); j++)
				if (held_counts(a, &s->h[j])) {
					inner = (inner & ~PC_INHERIT) | PC_LOCK;
					*origin = s->h[j].call;
					if (*lock < 0)
						*lock = s->h[j].call;
				}
			b = inner;
		}
		out |= b;
	}
	return out;
}

static void site_classes(const struct analysis *a, struct asite *s)
{
	classes_at(a, s->call, &s->cv);
	/* nothing held (PC_NONE) and reclaim kept out (PC_BLOCKED), what
	 * nofs-no-context claims, brought only by paths a caller's constant
	 * arguments rule out (feasible.c), are no paths, as long as another
	 * class is left (class_feasible() builds CFGs on first use) */
	static const unsigned claims[] = {PC_NONE, PC_BLOCKED};
	for (int j = 0; j < 2; j++) {
		unsigned bit = claims[j];
		int i = pc_index(bit);
		if ((s->cv.cls & bit) && (s->cv.cls & ~bit) && s->cv.inherited[i] &&
		    !class_feasible((struct analysis *)a, s->call, bit)) {
			s->cv.cls &= ~bit;
			s->cv.origin[i] = -1;
			s->cv.inherited[i] = 0;
		}
	}
	if (s->via < 0)
		return;
	int origin = -1;
	unsigned in = internal_cls(a, s->via, 0, &origin, &s->inner_lock);
	unsigned st = s->cv.cls & (PC_SCOPE | PC_TRANS);
	if (in & PC_INHERIT) {
		in &= ~PC_INHERIT;
		if (st && !(s->cv.cls & ~(PC_SCOPE | PC_TRANS)))
			in &= ~PC_LOCK; /* every caller path is in a scope: the wrapper's lock changes nothing */
	} else if (st && (in & PC_LOCK) && !(in & (PC_SCOPE | PC_TRANS))) {
		/* a lock the wrapper holds around its allocation: a caller's path
		 * inside a NOFS scope or a transaction stays so (the scope is the
		 * task's), only its other paths take the wrapper's lock
		 * (ext4_mb_init_group(sb, group, GFP_NOFS) inside a handle) */
		int others = (s->cv.cls & ~(PC_SCOPE | PC_TRANS)) != 0;
		for (int i = 0; i < PC_NKINDS; i++)
			if ((s->cv.cls & (1u << i)) && !((1u << i) & (PC_SCOPE | PC_TRANS))) {
				s->cv.cls &= ~(1u << i);
				s->cv.origin[i] = -1;
				s->cv.inherited[i] = 0;
			}
		if (!others)
			in = 0;
	} else {
		memset(&s->cv, 0, sizeof(s->cv));
		for (int i = 0; i < PC_NKINDS; i++)
			s->cv.origin[i] = -1;
	}
	for (int i = 0; i < PC_NKINDS; i++)
		if ((in & (1u << i)) && !(s->cv.cls & (1u << i))) {
			s->cv.cls |= 1u << i;
			s->cv.origin[i] = origin;
			s->cv.inherited[i] = 0;
		}
}

/* GFP_NOFS, or a flag the model gives role=nofs (XFS's KM_NOFS) */
static int is_nofs_token(const struct model *m, uint32_t tok, uint32_t nofs)
{
	if (tok == nofs)
		return 1;
	const struct mrow *r = model_find1(m, ROW_FLAG, tok);
	return r && r->role_nofs;
}

static int is_reclaim_composite(const struct model *m, uint32_t tok)
{
	uint32_t b;
	return !gfp_flag_bits(m, tok, &b) && (b & (GB_DIRECT_RECLAIM | GB_KSWAPD_RECLAIM)) && strncmp(istr(tok), "__", 2);
}

void sites_build(struct analysis *a, struct sites *S)
{
	struct program *p = a->prog;
	const struct model *m = a->model;
	uint32_t nofs = intern("GFP_NOFS"), kernel = intern("GFP_KERNEL"), fsbit = intern("__GFP_FS");
	uint32_t kbits = 0;
	gfp_flag_bits(m, kernel, &kbits);
	/* gfp tokens per call: a linked list through next[] */
	int *first = xmalloc(sizeof(int) * (p->ncalls ? p->ncalls : 1));
	int *next = xmalloc(sizeof(int) * (p->ngfps ? p->ngfps : 1));
	for (size_t c = 0; c < p->ncalls; c++)
		first[c] = -1;
	/* and tokens assigned to variables, per function */
	int *vfirst = xmalloc(sizeof(int) * (p->nfuncs ? p->nfuncs : 1));
	int *vnext = xmalloc(sizeof(int) * (p->ngfps ? p->ngfps : 1));
	for (size_t f = 0; f < p->nfuncs; f++)
		vfirst[f] = -1;
	for (size_t g = p->ngfps; g-- > 0;) {
		next[g] = vnext[g] = -1;
		if (p->gfps[g].call >= 0) {
			next[g] = first[p->gfps[g].call];
			first[p->gfps[g].call] = (int)g;
		}
		if (p->gfps[g].var && p->gfps[g].fn >= 0) {
			vnext[g] = vfirst[p->gfps[g].fn];
			vfirst[p->gfps[g].fn] = (int)g;
		}
	}
	for (size_t c = 0; c < p->ncalls; c++) {
		const struct call *cl = &p->calls[c];
		if (cl->is_icall || cl->fn < 0)
			continue;
		int gi, via = -1;
		const struct mrow *ar = model_find1(m, ROW_ALLOC, cl->callee);
		if (ar) {
			gi = ar->gfp_idx;
		} else if (cl->target >= 0 && !cl->via_macro && p->funcs[cl->target].alloc_gfp_param >= 0) {
			via = cl->target;
			gi = p->funcs[cl->target].alloc_gfp_param;
		} else {
			continue;
		}
		struct asite s;
		memset(&s, 0, sizeof(s));
		s.call = (int)c;
		s.via = via;
		s.tok = s.nofs_tok = s.inner_lock = -1;
		if (gi < 0) {
			s.mask = kbits;
			s.mask_known = 1;
			site_classes(a, &s);
			VEC_PUSH(S->v, S->n, S->cap, s);
			continue;
		}
		if (gi >= cl->nargs)
			continue;
		const char *x = istr(cl->args[gi]);
		s.expr = cl->args[gi];
		int any = 0;
		for (int g = first[c]; g >= 0; g = next[g]) {
			if (p->gfps[g].argidx != gi)
				continue;
			if (!any)
				s.tok = g;
			any = 1;
			if (s.nofs_tok < 0 && is_nofs_token(m, p->gfps[g].token, nofs))
				s.nofs_tok = g;
		}
		if (any) {
			s.mask_known = gfp_eval(m, x, &s.mask) == 0;
			site_classes(a, &s);
			VEC_PUSH(S->v, S->n, S->cap, s);
			continue;
		}
		if (!is_ident(x) || func_gfp_param(p, &p->funcs[cl->fn], cl->args[gi]) >= 0)
			continue; /* an expression we cannot see into, or the wrapper's own parameter */
		/* A local variable: every composite flag assigned to it in this function. */
		for (int g = vfirst[cl->fn]; g >= 0; g = vnext[g]) {
			const struct gfptok *t = &p->gfps[g];
			if (t->var != cl->args[gi] || !is_reclaim_composite(m, t->token))
				continue;
			struct asite v = s;
			v.tok = (int)g;
			v.nofs_tok = is_nofs_token(m, t->token, nofs) ? (int)g : -1;
			v.expr = t->token;
			v.mask_known = !gfp_flag_bits(m, t->token, &v.mask);
			for (int h = vfirst[cl->fn]; h >= 0; h = vnext[h]) /* `x = GFP_KERNEL & ~__GFP_FS` */
				if (p->gfps[h].var == t->var && p->gfps[h].token == fsbit && p->gfps[h].pos.line == t->pos.line)
					v.mask_known = 0;
			site_classes(a, &v);
			VEC_PUSH(S->v, S->n, S->cap, v);
		}
	}
	free(first);
	free(next);
	free(vfirst);
	free(vnext);
}

void sites_free(struct sites *s)
{
	free(s->v);
	memset(s, 0, sizeof(*s));
}
