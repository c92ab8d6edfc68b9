/* analysis.c - the analysis phases in order, on loaded facts and a model. */
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "analysis/cfg.h"
#include "analysis/context.h"
#include "analysis/feasible.h"
#include "analysis/flow.h"
#include "analysis/fntext.h"
#include "analysis/graph.h"
#include "analysis/icall.h"
#include "analysis/lockclass.h"
#include "analysis/noio.h"
#include "analysis/reclaim.h"
#include "analysis/regions.h"
#include "analysis/sites.h"
#include "base/util.h"

void analysis_run(struct analysis *a, struct sites *s, struct regions *r)
{
	double t = now_seconds();
	a->nedges = graph_build(a);
	icall_resolve(a);
	fn_src_drop(a);
	a->t_graph = now_seconds() - t;
	a->m_graph = peak_rss_mib();
	t = now_seconds();
	flow_run(a);
	a->t_flow = now_seconds() - t;
	a->m_flow = peak_rss_mib();
	t = now_seconds();
	reclaim_run(a);
	context_run(a);
	noio_run(a);
	sites_build(a, s);
	regions_build(a, s, r);
	a->t_ctx = now_seconds() - t;
	a->m_ctx = peak_rss_mib();
}

void analysis_free(struct analysis *a, struct sites *s, struct regions *r)
{
	sites_free(s);
	regions_free(r);
	for (size_t c = 0; a->states && c < a->prog->ncalls; c++)
		ss_free(&a->states[c]);
	free(a->states);
	for (size_t f = 0; a->ctx && f < a->prog->nfuncs; f++) {
		struct fsents *F = a->ctx[f].fse;
		for (int i = 0; F && i < F->n; i++) {
			free(F->v[i].fsb);
			free(F->v[i].fsr);
			free(F->v[i].fsbits);
		}
		if (F)
			free(F->v);
		free(F);
	}
	free(a->ctx);
	free(a->func_fs);
	free(a->sysdef);
	free(a->imb);
	free(a->noio_entry);
	free(a->trans_handle);
	free(a->noreturn);
	for (size_t f = 0; a->cfgs && f < a->prog->nfuncs; f++)
		cfg_free(&a->cfgs[f]);
	free(a->cfgs);
	lockclass_free(a);
	free(a->call_cls);
	free(a->icall_sum);
	free(a->fn_head);
	free(a->fn_next);
	free(a->mac_head);
	free(a->mac_next);
	reclaim_free(a);
	icall_free(a);
	feasible_free(a);
	fn_src_drop(a);
	memset(a, 0, sizeof(*a));
}
