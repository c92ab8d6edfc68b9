/* noio.c - which calls run inside a NOIO scope on every path: in their own
 * function (flow states) or because every caller, transitively, is inside one. */
#include <stdlib.h>

#include "analysis/context.h"
#include "analysis/flow.h"
#include "analysis/noio.h"
#include "base/util.h"

static int state_noio(const struct astate *s, int *origin)
{
	for (int j = 0; j < s->n; j++)
		if (s->h[j].kind == HK_SCOPE && s->h[j].scope == SK_NOIO) {
			if (origin)
				*origin = s->h[j].call;
			return 1;
		}
	return 0;
}

static int call_noio_with(const struct analysis *a, const int *entry, int c, int *origin)
{
	const struct call *cl = &a->prog->calls[c];
	int e = cl->fn >= 0 && entry[cl->fn];
	const struct stateset *st = &a->states[c];
	if (!st->n)
		return e;
	for (int k = 0; k < st->n; k++)
		if (!state_noio(&st->s[k], origin) && !e)
			return 0;
	return 1;
}

/* Greatest fixpoint: a function is entered inside a NOIO scope when it has
 * callers, all known, and every call to it is inside one. */
void noio_run(struct analysis *a)
{
	const struct program *p = a->prog;
	int *e = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof(int));
	for (size_t f = 0; f < p->nfuncs; f++)
		e[f] = p->funcs[f].ncallers > 0 && !func_is_root(a, (int)f) && !p->funcs[f].addr_taken;
	for (int changed = 1, round = 0; changed && round < 100; round++) {
		changed = 0;
		for (size_t f = 0; f < p->nfuncs; f++) {
			if (!e[f])
				continue;
			const struct func *fn = &p->funcs[f];
			for (int i = 0; i < fn->ncallers; i++)
				if (!call_noio_with(a, e, fn->callers[i], NULL)) {
					e[f] = 0;
					changed = 1;
					break;
				}
		}
	}
	a->noio_entry = e;
}

int call_always_noio(const struct analysis *a, int c, int *origin)
{
	const int *e = a->noio_entry;
	const struct program *p = a->prog;
	*origin = -1;
	if (!call_noio_with(a, e, c, origin))
		return 0;
	/* no local save: follow one caller chain to the save */
	for (int hop = 0; *origin < 0 && hop < 20; hop++) {
		int f = p->calls[c].fn;
		if (f < 0 || !p->funcs[f].ncallers)
			break;
		c = p->funcs[f].callers[0];
		call_noio_with(a, e, c, origin);
	}
	return 1;
}

