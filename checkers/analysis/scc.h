/* scc.h - strongly connected components of the direct call graph.
 *
 * A summary-based pass (flow.c) that visits the components callees first
 * analyses a function outside every cycle once, with its callees' summaries
 * final; only the members of a cycle need rounds. Components come out in
 * Tarjan's order, which is that order: a component is emitted after every
 * component it calls into. Only direct calls (call.target) are edges. */
#ifndef GFPCHECK_SCC_H
#define GFPCHECK_SCC_H
#include "facts/program.h"

struct sccs {
	int *members;  /* every function once, grouped by component, callees' components first */
	int *start;    /* component k is members[start[k] .. start[k + 1]) */
	int n;         /* number of components */
	unsigned char *cyclic;  /* per component: it has a cycle (two members, or one calling itself) */
};

void scc_build(const struct program *p, struct sccs *out);
void scc_free(struct sccs *s);

#endif
