/* gfpargs.c - the call arguments that hold gfp tokens (see gfpargs.h). */
#include "analysis/gfpargs.h"

void gfp_args(const struct analysis *a, void (*fn)(void *ctx, int call, int arg, int tok), void *ctx)
{
	const struct program *p = a->prog;
	int lastc = -1, lasta = -1;
	/* gfp tokens are sorted by position within a file; an argument's tokens are adjacent */
	for (size_t g = 0; g < p->ngfps; g++) {
		const struct gfptok *t = &p->gfps[g];
		if (t->call < 0 || t->argidx < 0 || t->argidx >= p->calls[t->call].nargs)
			continue;
		if (t->call == lastc && t->argidx == lasta)
			continue;
		lastc = t->call;
		lasta = t->argidx;
		fn(ctx, t->call, t->argidx, (int)g);
	}
}
