/* dummy.c - the locks a path holds where a journal handle may be a dummy (see
 * dummy.h). */
#include <stdlib.h>

#include "analysis/context.h"
#include "analysis/dummy.h"
#include "analysis/flow.h"
#include "analysis/icall.h"
#include "base/util.h"

int dummy_in_file(const struct analysis *a, const char *file)
{
	const struct model *m = a->model;
	for (size_t i = 0; i < m->n; i++) {
		const struct mrow *r = &m->rows[i];
		if ((r->kind == ROW_SETTER || r->kind == ROW_HANDLE) && r->dummy_dir && mrow_applies(m, r) &&
		    mrow_dummy_in(r, file))
			return 1;
	}
	return 0;
}

/* Does held entry h open a scope that stays open when dummy handles open none:
 * a NOFS/NOIO scope of the scope API, or a setter whose row says nothing of a
 * dummy for the file that started it? */
static int real_scope(const struct analysis *a, const struct held *h)
{
	if (h->kind == HK_SCOPE)
		return 1;
	if (h->kind != HK_SETTER)
		return 0;
	const struct program *p = a->prog;
	const struct mrow *r = h->row >= 0 ? &a->model->rows[h->row] : NULL;
	const char *file = h->call >= 0 ? p->files[p->calls[h->call].file].path : "";
	return !r || !r->dummy_dir || !mrow_dummy_in(r, file);
}

/* Is call c in generic code or in a function of filesystem fs? A caller in
 * another filesystem reaches the site through generic dispatch on its own objects (f2fs_lock_op() held around a VFS
 * helper that calls every filesystem's ->get_acl): no path of this one. */
static int same_fs(const struct analysis *a, int c, uint32_t fs)
{
	int f = a->prog->calls[c].fn;
	uint32_t cfs = f >= 0 ? fs_of_func(a, f) : 0;
	return !cfs || cfs == fs;
}

/* The states before call c: 1 with *lock set when one of them holds a lock
 * `counts` accepts and no real scope; 0 when every one holds a real scope (the
 * path is covered above c too), or c lies in another filesystem than fs; 2
 * when one holds neither (what c's callers hold decides). */
static int at_call(struct analysis *a, int c, uint32_t fs, dummy_counts_fn counts, const void *ctx, int *lock)
{
	if (!same_fs(a, c, fs))
		return 0;
	const struct stateset *ss = flow_states(a, c);
	if (!ss || ss->n == 0)
		return 2;
	int up = 0;
	for (int k = 0; k < ss->n; k++) {
		const struct astate *s = &ss->s[k];
		int covered = 0, lk = -1;
		for (int j = 0; j < s->n; j++) {
			const struct held *h = &s->h[j];
			if (real_scope(a, h))
				covered = 1;
			else if (h->kind == HK_LOCK && lk < 0 && h->call >= 0 && held_counts(a, h) && counts(a, h->call, ctx))
				lk = h->call;
		}
		if (covered)
			continue;
		if (lk >= 0) {
			*lock = lk;
			return 1;
		}
		up = 1;
	}
	return up ? 2 : 0;
}

int dummy_lock_above(struct analysis *a, int c, dummy_counts_fn counts, const void *ctx)
{
	const struct program *p = a->prog;
	uint32_t fs = p->calls[c].fn >= 0 ? fs_of_func(a, p->calls[c].fn) : 0;
	enum { LIMIT = 4096 };
	int lock = -1;
	int r = at_call(a, c, fs, counts, ctx, &lock);
	if (r == 1)
		return lock;
	if (r == 0 || p->calls[c].fn < 0)
		return -1;
	unsigned char *seen = xcalloc(p->nfuncs ? p->nfuncs : 1, 1);
	int *q = xmalloc(sizeof(int) * LIMIT);
	int qh = 0, qt = 0;
	q[qt++] = p->calls[c].fn;
	seen[p->calls[c].fn] = 1;
	while (qh < qt && lock < 0) {
		const struct func *fn = &p->funcs[q[qh++]];
		for (int w = 0; w < 2 && lock < 0; w++) {
			const int *cs = w ? fn->icallers : fn->callers;
			int n = w ? fn->nicallers : fn->ncallers;
			for (int i = 0; i < n && lock < 0; i++) {
				int cc = cs[i], v = p->calls[cc].fn;
				if (v < 0 || seen[v])
					continue;
				r = at_call(a, cc, fs, counts, ctx, &lock);
				if (r == 2 && qt < LIMIT && fs && fs_of_func(a, v) == fs) {
					seen[v] = 1;
					q[qt++] = v;
				}
			}
		}
	}
	free(seen);
	free(q);
	return lock;
}
