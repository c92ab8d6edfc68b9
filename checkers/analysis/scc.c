/* scc.c - strongly connected components of the direct call graph (Tarjan,
 * with explicit stacks: kernel call chains are deeper than a C stack likes). */
#include <stdlib.h>
#include <string.h>

#include "analysis/scc.h"
#include "base/util.h"

static int calls_itself(const struct program *p, int f)
{
	const struct func *fn = &p->funcs[f];
	for (int i = 0; i < fn->ncalls; i++)
		if (p->calls[fn->calls[i]].target == f)
			return 1;
	return 0;
}

void scc_build(const struct program *p, struct sccs *out)
{
	size_t cap = p->nfuncs ? p->nfuncs : 1;
	int *index = xmalloc(sizeof(int) * cap), *low = xmalloc(sizeof(int) * cap);
	int *stk = xmalloc(sizeof(int) * cap), *cs = xmalloc(sizeof(int) * cap), *ci = xmalloc(sizeof(int) * cap);
	unsigned char *on = xcalloc(cap, 1);
	memset(index, -1, sizeof(int) * cap);
	out->members = xmalloc(sizeof(int) * cap);
	out->start = xmalloc(sizeof(int) * (cap + 1));
	out->cyclic = xmalloc(cap);
	int next = 0, nm = 0, nc = 0, sp = 0;
	for (size_t r = 0; r < p->nfuncs; r++) {
		if (index[r] >= 0)
			continue;
		int csp = 0;
		index[r] = low[r] = next++;
		stk[sp++] = (int)r;
		on[r] = 1;
		cs[csp] = (int)r;
		ci[csp++] = 0;
		while (csp) {
			int f = cs[csp - 1];
			const struct func *fn = &p->funcs[f];
			if (ci[csp - 1] < fn->ncalls) {
				int t = p->calls[fn->calls[ci[csp - 1]++]].target;
				if (t < 0)
					continue;
				if (index[t] < 0) {
					index[t] = low[t] = next++;
					stk[sp++] = t;
					on[t] = 1;
					cs[csp] = t;
					ci[csp++] = 0;
				} else if (on[t] && index[t] < low[f]) {
					low[f] = index[t];
				}
				continue;
			}
			csp--;
			if (csp && low[f] < low[cs[csp - 1]])
				low[cs[csp - 1]] = low[f];
			if (low[f] != index[f])
				continue;
			out->start[nc] = nm;
			int w;
			do {
				w = stk[--sp];
				on[w] = 0;
				out->members[nm++] = w;
			} while (w != f);
			out->cyclic[nc] = nm - out->start[nc] > 1 || calls_itself(p, f);
			nc++;
		}
	}
	out->start[nc] = nm;
	out->n = nc;
	free(index);
	free(low);
	free(stk);
	free(cs);
	free(ci);
	free(on);
}

void scc_free(struct sccs *s)
{
	free(s->members);
	free(s->start);
	free(s->cyclic);
	memset(s, 0, sizeof(*s));
}
