/* flow_cfg.c - lock and scope state over a function's control-flow graph.
 *
 * The Clang front end writes each function's CFG as Clang builds it (`cfg` and
 * `bb` records: successors, the calls of each block in evaluation order, the
 * `if` whose condition ends a block).  Where a function has one, the state is
 * computed on it instead of on the structure records: a worklist over the
 * blocks with the same sets of abstract states (one per path shape), the same
 * call transfer and the same branch rules (trylock, error check, correlated
 * conditions) as flow.c.  Edges Clang prunes as never taken (`if (0)`, the
 * `while (0)` of statement macros, a disabled IS_ENABLED()) and code after a
 * noreturn call are not followed (Clang knows them from the declarations and
 * from __builtin_unreachable(); the model's `noreturn` rows are for the
 * structure records); jumps hidden in macro bodies are. */
#include <stdlib.h>
#include <string.h>

#include "analysis/flow_int.h"
#include "base/util.h"

struct seq {
	int *c;
	int n, cap;
};

static void seq_insert(struct seq *q, int at, int call)
{
	if (q->n == q->cap) {
		q->cap = q->cap ? q->cap * 2 : 4;
		q->c = xrealloc(q->c, sizeof(int) * (size_t)q->cap);
	}
	memmove(&q->c[at + 1], &q->c[at], sizeof(int) * (size_t)(q->n - at));
	q->c[at] = call;
	q->n++;
}

/* First index in fn->calls (source order) whose position is >= pos. */
static int lower_bound(const struct program *p, const struct func *fn, pos_t pos)
{
	int lo = 0, hi = fn->ncalls;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (pos_cmp(p->calls[fn->calls[mid]].pos, pos) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The calls of each block.  A block event names a call by position and callee;
 * calls no event names (a macro as written, whose expansion is the event at the
 * same place; a call in an unevaluated operand) go just before the first event
 * at or after their position, or to the exit block. */
static void place_calls(const struct program *p, const struct func *fn, struct seq *seq)
{
	unsigned char *used = xcalloc((size_t)(fn->ncalls ? fn->ncalls : 1), 1);
	for (int b = 0; b < fn->cfg_n; b++) {
		if (fn->bbs[b] < 0)
			continue;
		const struct bblock *B = &p->bbs[fn->bbs[b]];
		for (int e = 0; e < B->nev; e++) {
			int first = -1, pick = -1;
			for (int i = lower_bound(p, fn, B->evpos[e]); i < fn->ncalls; i++) {
				const struct call *cl = &p->calls[fn->calls[i]];
				if (pos_cmp(cl->pos, B->evpos[e]) != 0)
					break;
				if (cl->callee != B->evcallee[e])
					continue;
				if (first < 0)
					first = i;
				if (!used[i]) {
					pick = i;
					break;
				}
			}
			if (pick < 0)
				pick = first;
			if (pick < 0)
				continue; /* a call the facts do not record */
			used[pick] = 1;
			seq_insert(&seq[b], seq[b].n, fn->calls[pick]);
		}
	}
	for (int i = 0; i < fn->ncalls; i++) {
		if (used[i])
			continue;
		const struct call *cl = &p->calls[fn->calls[i]];
		int best_b = -1, best_k = 0;
		pos_t best = {0, 0};
		for (int b = 0; b < fn->cfg_n; b++)
			for (int k = 0; k < seq[b].n; k++) {
				pos_t q = p->calls[seq[b].c[k]].pos;
				if (pos_cmp(q, cl->pos) >= 0 && (best_b < 0 || pos_cmp(q, best) < 0)) {
					best = q;
					best_b = b;
					best_k = k;
				}
			}
		if (best_b < 0) {
			best_b = fn->cfg_exit;
			best_k = seq[best_b].n;
		}
		seq_insert(&seq[best_b], best_k, fn->calls[i]);
	}
	free(used);
}

static const struct item *if_at(const struct program *p, const struct func *fn, pos_t pos)
{
	for (int i = 0; i < fn->nitems; i++) {
		const struct item *it = &p->items[fn->items[i]];
		if (it->kind == IT_IF && pos_cmp(it->pos, pos) == 0)
			return it;
	}
	return NULL;
}

void flow_cfg_run(struct fa *F)
{
	struct program *p = F->p;
	const struct func *fn = &p->funcs[F->fid];
	int nb = fn->cfg_n;
	struct seq *seq = xcalloc((size_t)nb, sizeof(*seq));
	place_calls(p, fn, seq);
	struct stateset *in = xcalloc((size_t)nb, sizeof(*in));
	int *queue = xmalloc(sizeof(int) * (size_t)nb);
	unsigned char *queued = xcalloc((size_t)nb, 1);
	int qh = 0, qn = 0; /* ring buffer: head, count */
	struct astate empty;
	memset(&empty, 0, sizeof(empty));
	ss_add(&in[fn->cfg_entry], &empty);
	queue[0] = fn->cfg_entry;
	queued[fn->cfg_entry] = 1;
	qn = 1;
	struct stateset st = {0}, t = {0}, e = {0}, tmp = {0};
	while (qn) {
		int b = queue[qh];
		qh = (qh + 1) % nb;
		qn--;
		queued[b] = 0;
		ss_copy(&st, &in[b]);
		for (int k = 0; k < seq[b].n; k++) {
			int c = seq[b].c[k];
			record_state(F, c, &st);
			for (int i = 0; i < st.n; i++)
				apply_call(F, c, &st.s[i]);
			ss_copy(&tmp, &st); /* dedupe after transfer */
			ss_copy(&st, &tmp);
		}
		if (b == fn->cfg_exit || fn->bbs[b] < 0) {
			if (b == fn->cfg_exit)
				ss_union(&F->exits, &st);
			continue;
		}
		const struct bblock *B = &p->bbs[fn->bbs[b]];
		const struct item *it = B->ifpos.line && B->nsucc == 2 ? if_at(p, fn, B->ifpos) : NULL;
		if (it) { /* the then edge gets t, the else edge e */
			int cond_call = -1;
			if (it->ck != CK_NONE)
				for (int k = 0; k < seq[b].n; k++)
					if (p->calls[seq[b].c[k]].callee == it->name)
						cond_call = seq[b].c[k];
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
	for (int b = 0; b < nb; b++) {
		ss_free(&in[b]);
		free(seq[b].c);
	}
	ss_free(&st);
	ss_free(&t);
	ss_free(&e);
	ss_free(&tmp);
	free(in);
	free(seq);
	free(queue);
	free(queued);
}
