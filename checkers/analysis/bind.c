/* bind.c - function-pointer arguments bound along a walk (see bind.h). */
#include <stdlib.h>
#include <string.h>

#include "analysis/bind.h"
#include "analysis/graph.h"
#include "analysis/icall.h"
#include "base/util.h"

/* One bound parameter: function u's parameter j, bound to the functions v
 * (each once), or to anything. */
struct bslot {
	int u, j; /* u -1: an empty slot */
	int any;
	int *v;
	int n, cap;
};

struct binds {
	struct bslot *s;
	size_t cap, used;
};

struct binds *binds_new(void)
{
	struct binds *B = xcalloc(1, sizeof(*B));
	B->cap = 64;
	B->s = xmalloc(B->cap * sizeof(*B->s));
	for (size_t i = 0; i < B->cap; i++)
		B->s[i].u = -1;
	return B;
}

void binds_reset(struct binds *B)
{
	for (size_t i = 0; i < B->cap; i++) {
		if (B->s[i].u >= 0)
			free(B->s[i].v);
		B->s[i].u = -1;
	}
	B->used = 0;
}

void binds_free(struct binds *B)
{
	if (!B)
		return;
	binds_reset(B);
	free(B->s);
	free(B);
}

static size_t bhash(int u, int j, size_t cap)
{
	return (((size_t)(unsigned)u * 2654435761u) ^ (size_t)j * 40503u) & (cap - 1);
}

static struct bslot *find(const struct binds *B, int u, int j)
{
	size_t i = bhash(u, j, B->cap);
	while (B->s[i].u >= 0) {
		if (B->s[i].u == u && B->s[i].j == j)
			return &B->s[i];
		i = (i + 1) & (B->cap - 1);
	}
	return NULL;
}

static struct bslot *get(struct binds *B, int u, int j)
{
	struct bslot *s = find(B, u, j);
	if (s)
		return s;
	if ((B->used + 1) * 2 > B->cap) {
		struct bslot *old = B->s;
		size_t oc = B->cap;
		B->cap *= 2;
		B->s = xmalloc(B->cap * sizeof(*B->s));
		for (size_t i = 0; i < B->cap; i++)
			B->s[i].u = -1;
		for (size_t i = 0; i < oc; i++) {
			if (old[i].u < 0)
				continue;
			size_t k = bhash(old[i].u, old[i].j, B->cap);
			while (B->s[k].u >= 0)
				k = (k + 1) & (B->cap - 1);
			B->s[k] = old[i];
		}
		free(old);
	}
	size_t i = bhash(u, j, B->cap);
	while (B->s[i].u >= 0)
		i = (i + 1) & (B->cap - 1);
	s = &B->s[i];
	memset(s, 0, sizeof(*s));
	s->u = u;
	s->j = j;
	B->used++;
	return s;
}

static int bind_any(struct binds *B, int u, int j)
{
	struct bslot *s = get(B, u, j);
	if (s->any)
		return 0;
	s->any = 1;
	return 1;
}

static int bind_fn(struct binds *B, int u, int j, int h)
{
	struct bslot *s = get(B, u, j);
	if (s->any)
		return 0;
	for (int i = 0; i < s->n; i++)
		if (s->v[i] == h)
			return 0;
	if (s->n >= ICALL_MAX) { /* as many as icall.c gives up on: anything */
		s->any = 1;
		return 1;
	}
	VEC_PUSH(s->v, s->n, s->cap, h);
	return 1;
}

void binds_start(struct binds *B, const struct analysis *a, int f)
{
	uint32_t m = icall_param_mask(a, f);
	for (int j = 0; m; j++, m >>= 1)
		if (m & 1)
			bind_any(B, f, j);
}

int binds_enter(struct binds *B, const struct analysis *a, int c, int u)
{
	const struct program *p = a->prog;
	const struct call *cl = &p->calls[c];
	uint32_t m = icall_param_mask(a, u);
	int grew = 0;
	for (int j = 0; m && j < 32; j++) {
		if (!(m & (1u << j)))
			continue;
		if (j >= cl->nargs) {
			grew |= bind_any(B, u, j);
			continue;
		}
		const char *t = istr(cl->args[j]);
		if (strcmp(t, "NULL") == 0 || strcmp(t, "0") == 0)
			continue; /* no function: no call through it */
		uint32_t id = icall_arg_name(cl->args[j]);
		int h = id ? graph_resolve_in(a, cl->file, cl->fn, id) : -1;
		if (h >= 0) {
			grew |= bind_fn(B, u, j, h);
			continue;
		}
		int k = id && cl->fn >= 0 ? icall_param_named(p, cl->fn, id) : -1;
		const struct bslot *from = k >= 0 ? find(B, cl->fn, k) : NULL;
		if (!from || from->any) {
			grew |= bind_any(B, u, j);
			continue;
		}
		int n = from->n; /* (bind_fn() may move the slots) */
		int *v = xmalloc(sizeof(int) * (size_t)(n ? n : 1));
		memcpy(v, from->v, sizeof(int) * (size_t)n);
		for (int i = 0; i < n; i++)
			grew |= bind_fn(B, u, j, v[i]);
		free(v);
	}
	return grew;
}

const int *binds_targets(const struct binds *B, const struct analysis *a, int c, int *n)
{
	*n = 0;
	int k = icall_param(a, c), f = a->prog->calls[c].fn;
	if (k < 0 || f < 0)
		return NULL;
	const struct bslot *s = find(B, f, k);
	if (!s || s->any)
		return NULL;
	*n = s->n;
	return s->v ? s->v : (const int *)&s->n; /* n 0: nothing bound, no target */
}
