/* nofs-mapping: mapping_set_gfp_mask() with a mask that clears __GFP_FS (or
 * __GFP_IO): every page-cache allocation of that mapping is NOFS (NOIO) from
 * then on, whoever makes it and whatever locks are held. Information for the
 * NOFS cleanup: such a mapping is a place where GFP_NOFS is used wholesale
 * (Hocko's LSFMM 2016 plan: scopes instead). Reported with the page-cache calls
 * of the same file on the same mapping expression, which inherit the mask. No
 * fix. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/lockclass.h"
#include "model/gfpexpr.h"
#include "rules/rules.h"
#include "base/util.h"

/* Is the mapping text `inode->i_mapping`-like, rooted at a parameter or local of
 * fn that is a `struct inode *`? Another function's variable of that name is
 * another inode: only fn's own calls count then. */
static int per_inode(const struct analysis *a, int fn, const char *map)
{
	size_t n = 0;
	while ((map[n] >= 'a' && map[n] <= 'z') || (map[n] >= 'A' && map[n] <= 'Z') || map[n] == '_' ||
	       (n && map[n] >= '0' && map[n] <= '9'))
		n++;
	if (!n || (map[n] != '-' && map[n] != '.'))
		return 0;
	char *root = xstrndup(map, n);
	uint32_t id = intern_lookup(root);
	free(root);
	uint32_t t = id ? var_type(a, fn, id) : 0;
	char norm[32];
	size_t k = 0;
	for (const char *q = t ? istr(t) : ""; *q && k + 1 < sizeof(norm); q++)
		if (*q != ' ')
			norm[k++] = *q;
	norm[k] = 0;
	return strcmp(norm, "structinode*") == 0; /* not struct inode_info *, ... */
}

/* Does call u use the mapping `map` (argument text) of set call c through a
 * page-cache call of the model (model/pagecache.txt: it reads the mapping's mask
 * or allocates the mapping's pages with it)? Not the mask argument of any
 * mapping_set_gfp_mask() (it is read before the set), not a call that passes a
 * mask of its own (gfp=), and for a per-inode mapping only in c's function. */
static int inherits(const struct analysis *a, const struct call *c, const struct call *u, uint32_t map, int inode)
{
	const struct program *p = a->prog;
	if (u->is_icall || u->file != c->file || u == c || (inode && u->fn != c->fn))
		return 0;
	/* before the set in its function: it read the old mask, as loop.c's
	 * `lo->old_gfp_mask = mapping_gfp_mask(mapping);` saves it to restore */
	if (u->fn == c->fn && pos_cmp(u->pos, c->pos) < 0)
		return 0;
	const struct mrow *r = model_find1(a->model, ROW_PAGECACHE, u->callee);
	if (!r || r->gfp_idx >= 0 || r->arg_idx < 0 || r->arg_idx >= u->nargs || u->args[r->arg_idx] != map)
		return 0;
	const struct func *g = u->fn >= 0 ? &p->funcs[u->fn] : NULL;
	for (int i = 0; g && i < g->ncalls; i++) { /* inside a set call's mask argument */
		const struct call *s = &p->calls[g->calls[i]];
		if (s != u && s->callee == c->callee && !s->is_icall && pos_in(u->pos, s->pos, s->end))
			return 0;
	}
	return 1;
}

/* Does the text clear flag `w` with `~`: ~__GFP_FS, ~(__GFP_FS | ...)? */
static int clears(const char *text, const char *w)
{
	size_t wl = strlen(w);
	for (const char *t = strchr(text, '~'); t; t = strchr(t + 1, '~')) {
		const char *q = t + 1;
		while (*q == ' ')
			q++;
		size_t lim;
		if (*q == '(') {
			int d = 0;
			const char *e = q;
			for (; *e; e++)
				if (*e == '(')
					d++;
				else if (*e == ')' && --d == 0)
					break;
			lim = (size_t)(e - q);
		} else {
			lim = strspn(q, "_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");
		}
		for (const char *h = strstr(q, w); h && (size_t)(h - q) + wl <= lim; h = strstr(h + 1, w))
			if (h[wl] != '_' && !(h[wl] >= 'A' && h[wl] <= 'Z') && (h == q || h[-1] != '_'))
				return 1;
	}
	return 0;
}

static void index_calls(const struct program *p, int **first, int **next)
{
	*first = xmalloc(sizeof(int) * (p->nfiles ? p->nfiles : 1));
	*next = xmalloc(sizeof(int) * (p->ncalls ? p->ncalls : 1));
	for (size_t f = 0; f < p->nfiles; f++)
		(*first)[f] = -1;
	for (size_t k = p->ncalls; k-- > 0;) {
		int f = p->calls[k].file;
		(*next)[k] = f >= 0 && (size_t)f < p->nfiles ? (*first)[f] : -1;
		if (f >= 0 && (size_t)f < p->nfiles)
			(*first)[f] = (int)k;
	}
}

void rule_nofs_mapping(struct rulectx *rc)
{
	struct analysis *a = rc->a;
	const struct program *p = a->prog;
	uint32_t set = intern_lookup("mapping_set_gfp_mask");
	/* The calls of each file in order (next[k]: the file's next call after
	 * k, -1 at its end), made at the first set call: a use is in the set
	 * call's file, and walking every call of the scan for each set call cost
	 * a whole kernel a second. */
	int *first = NULL, *next = NULL;
	for (size_t c = 0; set && c < p->ncalls; c++) {
		const struct call *cl = &p->calls[c];
		if (cl->is_icall || cl->callee != set || cl->nargs != 2 || cl->fn < 0)
			continue;
		const char *m = istr(cl->args[1]);
		uint32_t bits;
		int nofs = 0, noio = 0;
		if (!gfp_eval(a->model, m, &bits)) {
			if (!(bits & GB_DIRECT_RECLAIM))
				continue;
			nofs = !(bits & GB_FS);
			noio = !(bits & GB_IO);
		} else {
			nofs = clears(m, "__GFP_FS");
			noio = clears(m, "__GFP_IO");
		}
		if (!nofs && !noio)
			continue;
		const char *kind = noio ? "NOIO" : "NOFS";
		int inode = per_inode(a, cl->fn, istr(cl->args[0]));
		if (!first)
			index_calls(p, &first, &next);
		int n = 0;
		for (int k = cl->file >= 0 ? first[cl->file] : -1; k >= 0; k = next[k])
			n += inherits(a, cl, &p->calls[k], cl->args[0], inode);
		struct finding *f = finding_at_token(rc, R_nofs_mapping, CONF_LOW, -1, (int)c);
		/* Information, both ways: hand reviews found the mask needed
		 * throughout on most real mappings (metadata caches, a loop
		 * device's backing file: 2026-12-05, -07-c, -07-d), so the message
		 * says when to keep it before it says when a scope is narrower. */
		char uses[64] = "";
		if (n)
			snprintf(uses, sizeof(uses), " (%d call%s in this file use%s its mask)", n, n == 1 ? "" : "s",
				 n == 1 ? "s" : "");
		finding_msg(f, "mapping_set_gfp_mask(%s, %s) makes every page-cache allocation of this mapping %s%s: "
			       "keep it if every use needs %s (a metadata cache read and written inside the "
			       "filesystem's own transactions or I/O, a backing file of a block device); where only "
			       "some uses run under a lock that reclaim takes, a scope at that lock is narrower",
			    istr(cl->args[0]), m, kind, uses, kind);
		int shown = 0;
		for (int k = cl->file >= 0 ? first[cl->file] : -1; k >= 0 && shown < 5; k = next[k]) {
			const struct call *u = &p->calls[k];
			if (inherits(a, cl, u, cl->args[0], inode)) {
				const struct mrow *r = model_find1(a->model, ROW_PAGECACHE, u->callee);
				finding_hop(f, HOP_ALLOC, p->files[u->file].path, u->pos.line, (int)k, u->fn,
					    (int)(r - a->model->rows), "%s(%s%s, ...) in %s() inherits it", istr(u->callee),
					    r->arg_idx ? "..., " : "", istr(cl->args[0]), func_name(a, u->fn));
				shown++;
			}
		}
	}
	free(first);
	free(next);
}
