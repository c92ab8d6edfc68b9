/* engine.c - the one interpreter: lock, scope and transaction state over a
 * function's CFG (cfg.h), whichever builder made it. A worklist over the blocks
 * carries sets of abstract states (one per path shape); each call event applies
 * the call's transfer (flow.c apply_call), and the two edges of a block ended by
 * an `if` get the branch rules (trylock, error check, correlated conditions:
 * flow.c branch_states). Edges a front end proved never taken are skipped. The
 * states before each call are recorded, and the states that reach the exit
 * block are the function's exit states.
 *
 * In a region probe (F->probe set: regions.c) the same run also carries one
 * virtual entry, HK_REGION: the probe event opens it, the region's release calls
 * close it, and per call the engine records whether paths arrive inside it,
 * outside it, or both. */
#include <stdlib.h>
#include <string.h>

#include "analysis/cfg.h"
#include "analysis/flow_int.h"
#include "base/util.h"

/* The probe's virtual event: open the region on every live path. */
static void probe_open(struct fa *F, struct stateset *st)
{
	struct probe *P = F->probe;
	if (st->n)
		P->reached = 1;
	for (int i = 0; i < st->n; i++) {
		struct astate *s = &st->s[i];
		int in = 0;
		for (int j = 0; j < s->n; j++)
			in |= s->h[j].kind == HK_REGION;
		if (in) {
			P->twice = 1;
			continue;
		}
		struct held h = {HK_REGION, 0, -1, 0, -1, 0};
		if (s->n < MAXHELD)
			s->h[s->n++] = h;
	}
}

/* Before call c in a probe: where paths arrive, and the release's effect. */
static void probe_call(struct fa *F, int c, struct stateset *st)
{
	struct probe *P = F->probe;
	int k = probe_index(F, c);
	if (k < 0)
		return;
	for (int i = 0; i < st->n; i++) {
		struct astate *s = &st->s[i];
		int in = -1;
		for (int j = 0; j < s->n; j++)
			if (s->h[j].kind == HK_REGION)
				in = j;
		P->at[k] |= in >= 0 ? PROBE_IN : PROBE_OUT;
		if (in >= 0 && P->rel[k]) {
			memmove(&s->h[in], &s->h[in + 1], sizeof(s->h[0]) * (size_t)(s->n - in - 1));
			s->n--;
		}
	}
}

static void run_events(struct fa *F, const struct cfg_block *B, struct stateset *st, struct stateset *tmp)
{
	for (int k = 0; k < B->nev; k++) {
		int c = B->ev[k];
		if (c == CFG_PROBE) {
			probe_open(F, st);
			continue;
		}
		if (F->probe)
			probe_call(F, c, st);
		else
			record_state(F, c, st);
		for (int i = 0; i < st->n; i++)
			apply_call(F, c, &st->s[i]);
		ss_copy(tmp, st); /* dedupe after transfer */
		ss_copy(st, tmp);
	}
}

void engine_run(struct fa *F, const struct fcfg *g)
{
	const struct program *p = F->p;
	int nb = g->n;
	struct stateset *in = xcalloc((size_t)nb, sizeof(*in));
	int *queue = xmalloc(sizeof(int) * (size_t)nb);
	unsigned char *queued = xcalloc((size_t)nb, 1);
	int qh = 0, qn = 0; /* ring buffer: head, count */
	struct astate empty;
	memset(&empty, 0, sizeof(empty));
	ss_add(&in[g->entry], &empty);
	queue[0] = g->entry;
	queued[g->entry] = 1;
	qn = 1;
	struct stateset st = {0}, t = {0}, e = {0}, tmp = {0};
	while (qn) {
		int b = queue[qh];
		qh = (qh + 1) % nb;
		qn--;
		queued[b] = 0;
		const struct cfg_block *B = &g->b[b];
		ss_copy(&st, &in[b]);
		run_events(F, B, &st, &tmp);
		if (b == g->exit) {
			ss_union(&F->exits, &st);
			continue;
		}
		const struct item *it = B->nsucc == 2 ? B->ifit : NULL;
		if (it) { /* the then edge gets t, the else edge e */
			int cond_call = -1;
			if (it->ck != CK_NONE)
				for (int k = 0; k < B->nev; k++)
					if (B->ev[k] >= 0 && p->calls[B->ev[k]].callee == it->name)
						cond_call = B->ev[k];
			ss_copy(&t, &st);
			ss_copy(&e, &st);
			branch_states(F, it, cond_call, &t, &e);
		}
		for (int s = 0; s < B->nsucc; s++) {
			int to = B->succ[s];
			if (to < 0)
				continue;
			const struct stateset *out = it ? (s == 0 ? &t : &e) : &st;
			if (ss_union(&in[to], out) && !queued[to]) {
				queue[(qh + qn) % nb] = to;
				qn++;
				queued[to] = 1;
			}
		}
	}
	for (int b = 0; b < nb; b++)
		ss_free(&in[b]);
	ss_free(&st);
	ss_free(&t);
	ss_free(&e);
	ss_free(&tmp);
	free(in);
	free(queue);
	free(queued);
}
