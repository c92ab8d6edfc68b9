/* feasible.c - pruning hops that constant arguments make impossible (see
 * feasible.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cexpr.h"
#include "analysis/cfg.h"
#include "analysis/context.h"
#include "analysis/feasible.h"
#include "analysis/flow_int.h"
#include "analysis/graph.h"
#include "analysis/icall.h"
#include "analysis/lockclass.h"
#include "base/util.h"

#define MAXCONST 8

struct consts {
	uint32_t name[MAXCONST];
	long long val[MAXCONST];
	unsigned char nonzero[MAXCONST]; /* the value is not known, only that it is not 0 */
	int n;
	/* the function the walk is in; its parameter objk points to an object
	 * whose member `live` is non-zero (-1/0: none): `X->live` and `Y.live` for
	 * any X and &Y that denote that object (a converter's local:
	 * `to_bch_ei(vinode)->v.i_nlink`) are non-zero too */
	struct analysis *a;
	int fn, objk, depth;
	uint32_t live;
	int memalloc; /* `current->flags & PF_MEMALLOC` is true (the walk is in reclaim) */
};

/* The value of a constant argument text, or 0 when it is none. */
static int const_value(const char *t, long long *v)
{
	while (*t == ' ' || *t == '(')
		t++;
	size_t n = strlen(t);
	while (n && (t[n - 1] == ' ' || t[n - 1] == ')'))
		n--;
	if ((n == 4 && strncmp(t, "NULL", 4) == 0) || (n == 5 && strncmp(t, "false", 5) == 0)) {
		*v = 0;
		return 1;
	}
	if (n == 4 && strncmp(t, "true", 4) == 0) {
		*v = 1;
		return 1;
	}
	if (!n || !isdigit((unsigned char)t[0]))
		return 0;
	char *e;
	long long x = strtoll(t, &e, 0);
	while (e < t + n && (*e == 'U' || *e == 'L' || *e == 'u' || *e == 'l'))
		e++;
	if (e != t + n)
		return 0;
	*v = x;
	return 1;
}

/* Is text a constant written with flag macros: identifiers that are all
 * upper case (XFS_ILOCK_SHARED, (1u << 3)), numbers and operators, whose
 * value the `defval` facts give (*v)? A lower-case identifier (a variable, a
 * function) makes it none. */
static int macro_constant(const struct analysis *a, const char *t, long long *v)
{
	int ids = 0;
	for (const char *c = t; *c;) {
		if (isalpha((unsigned char)*c) || *c == '_') {
			const char *w = c;
			int lower = 0;
			while (isalnum((unsigned char)*c) || *c == '_')
				lower |= islower((unsigned char)*c++);
			if (lower && !(w > t && isdigit((unsigned char)w[-1]))) /* (1u, 0UL suffixes) */
				return 0;
			ids++;
		} else {
			c++;
		}
	}
	return ids && a && cexpr_eval(a, t, 4096, v, NULL, NULL) == 0;
}

int arg_macro_constant(const struct analysis *a, const char *text, long long *v)
{
	return const_value(text, v) || macro_constant(a, text, v);
}

/* Three-valued evaluation of condition text s[b, e): 1 true, 0 false, -1 unknown. */
static int eval(const struct consts *K, const char *s, size_t b, size_t e);

static void trim(const char *s, size_t *b, size_t *e)
{
	for (;;) {
		while (*b < *e && s[*b] == ' ')
			(*b)++;
		while (*e > *b && s[*e - 1] == ' ')
			(*e)--;
		/* (WARN_ON() and WARN_ON_ONCE() return their condition's truth) */
		const char *wrap[] = {"unlikely(", "likely(", "WARN_ON_ONCE(", "WARN_ON(", "("};
		int stripped = 0;
		for (int w = 0; w < 5 && !stripped; w++) {
			size_t l = strlen(wrap[w]);
			if (*e - *b <= l || strncmp(s + *b, wrap[w], l) != 0 || s[*e - 1] != ')')
				continue;
			size_t i = paren_close(s, *b + l - 1, *e);
			if (i == *e - 1) {
				*b += l;
				(*e)--;
				stripped = 1;
			}
		}
		if (!stripped)
			return;
	}
}

/* The offset of the last top-level two-character operator op in s[b, e), or 0. */
static size_t top_op(const char *s, size_t b, size_t e, const char *op)
{
	int d = 0;
	size_t at = 0;
	for (size_t i = b; i + 1 < e; i++) {
		if (s[i] == '(' || s[i] == '[')
			d++;
		else if (s[i] == ')' || s[i] == ']')
			d--;
		else if (!d && s[i] == op[0] && s[i + 1] == op[1])
			at = i;
	}
	return at;
}

/* Is t the test `current->flags & PF_MEMALLOC` (either order, any spacing)? */
static int is_memalloc_test(const char *t)
{
	char buf[64];
	size_t n = 0;
	for (; *t && n + 1 < sizeof(buf); t++)
		if (*t != ' ' && *t != '\t')
			buf[n++] = *t;
	buf[n] = 0;
	return !*t && (strcmp(buf, "current->flags&PF_MEMALLOC") == 0 || strcmp(buf, "PF_MEMALLOC&current->flags") == 0);
}

/* The offset of the last top-level binary `&` in s[b, e) (not `&&`, not the
 * unary address-of), or 0. */
static size_t top_bitand(const char *s, size_t b, size_t e)
{
	int d = 0;
	size_t at = 0;
	for (size_t i = b; i < e; i++) {
		char c = s[i];
		if (c == '(' || c == '[')
			d++;
		else if (c == ')' || c == ']')
			d--;
		if (d || c != '&')
			continue;
		if ((i + 1 < e && s[i + 1] == '&') || (i > b && s[i - 1] == '&'))
			continue;
		size_t j = i;
		while (j > b && s[j - 1] == ' ')
			j--;
		if (j > b && (isalnum((unsigned char)s[j - 1]) || s[j - 1] == '_' || s[j - 1] == ')'))
			at = i;
	}
	return at;
}

/* The other operand of a flag test (`lock_flags & XFS_IOLOCK_EXCL`) whose
 * one side the walk knows: a flag macro's value. */
static int bit_operand(const struct consts *K, const char *s, size_t b, size_t e, long long *v)
{
	trim(s, &b, &e);
	char *t = xstrndup(s + b, e - b);
	int k = macro_constant(K->a, t, v);
	free(t);
	return k;
}

/* Is t a call `NAME(...)` of a model debug row (a run-time debug check that
 * is off unless debugfs or a module parameter enables it: ubifs's
 * dbg_is_chk_gen())? */
static int debug_switch(const struct analysis *a, const char *t)
{
	size_t n = 0;
	while (isalnum((unsigned char)t[n]) || t[n] == '_')
		n++;
	const char *q = t + n;
	while (*q == ' ')
		q++;
	size_t len = strlen(t);
	if (!n || *q != '(' || t[len - 1] != ')' || paren_close(t, (size_t)(q - t), len) != len - 1)
		return 0;
	uint32_t id = intern_lookup_n(t, n);
	return id && model_find1(a->model, ROW_DEBUG, id) != NULL;
}

/* The value of operand s[b, e): 0 unknown, 1 known (*v), 2 known to be non-zero only. */
static int operand(const struct consts *K, const char *s, size_t b, size_t e, long long *v)
{
	trim(s, &b, &e);
	size_t band = top_bitand(s, b, e);
	if (band && K->memalloc) { /* `current->flags & PF_MEMALLOC` is the test below */
		char *t = xstrndup(s + b, e - b);
		if (is_memalloc_test(t))
			band = 0;
		free(t);
	}
	if (band) { /* x & y: known when both are, 0 when one is 0 */
		long long l, r;
		int lk = operand(K, s, b, band, &l), rk = operand(K, s, band + 1, e, &r);
		/* a flag macro's value is looked up only against a known value */
		if (lk == 1 && !rk)
			rk = bit_operand(K, s, band + 1, e, &r);
		else if (rk == 1 && !lk)
			lk = bit_operand(K, s, b, band, &l);
		if ((lk == 1 && l == 0) || (rk == 1 && r == 0)) {
			*v = 0;
			return 1;
		}
		if (lk == 1 && rk == 1) {
			*v = l & r;
			return 1;
		}
		return 0;
	}
	char *t = xstrndup(s + b, e - b);
	int ok = const_value(t, v);
	if (!ok && K->memalloc && is_memalloc_test(t))
		ok = 2; /* PF_MEMALLOC is set in reclaim: the test is non-zero */
	if (!ok && K->memalloc && K->a && debug_switch(K->a, t)) {
		*v = 0; /* a run-time debug check, off unless enabled (model debug rows) */
		ok = 1;
	}
	if (!ok) {
		uint32_t id = intern_lookup(t);
		for (int i = 0; id && i < K->n && !ok; i++)
			if (K->name[i] == id) {
				*v = K->val[i];
				ok = K->nonzero[i] ? 2 : 1;
			}
	}
	if (!ok && K->a && K->live && K->objk >= 0) { /* the live member through another name of the object */
		const char *m = istr(K->live);
		size_t n = strlen(t), ml = strlen(m);
		if (n > ml + 2 && strcmp(t + n - ml, m) == 0) {
			size_t base = n - ml;
			if (t[base - 1] == '>' && t[base - 2] == '-') {
				t[base - 2] = 0;
				ok = lock_on_object(K->a, K->fn, t, K->objk) ? 2 : 0;
			} else if (t[base - 1] == '.') {
				char *amp = xasprintf("&%.*s", (int)(base - 1), t);
				ok = lock_on_object(K->a, K->fn, amp, K->objk) ? 2 : 0;
				free(amp);
			}
		}
	}
	if (!ok && K->a && K->depth < 3 && is_ident(t)) { /* a local flag: `bool delete = !inode->i_nlink && ...;` */
		uint32_t init = flag_init_expr(K->a, K->fn, intern(t));
		if (init) {
			struct consts K2 = *K;
			K2.depth++;
			const char *x = istr(init);
			int r = eval(&K2, x, 0, strlen(x));
			if (r >= 0) {
				*v = r;
				ok = 1;
			}
		}
	}
	free(t);
	return ok;
}

/* The offset of the last top-level relational operator (<, >, <=, >=) in s[b, e),
 * or 0; *len gets its length. `->`, `<<` and `>>` are no such operator. */
static size_t top_rel(const char *s, size_t b, size_t e, size_t *len)
{
	int d = 0;
	size_t at = 0;
	for (size_t i = b; i < e; i++) {
		char c = s[i];
		if (c == '(' || c == '[')
			d++;
		else if (c == ')' || c == ']')
			d--;
		if (d || (c != '<' && c != '>'))
			continue;
		if (c == '>' && i > b && s[i - 1] == '-')
			continue; /* -> */
		if (i + 1 < e && s[i + 1] == c) {
			i++; /* << or >> */
			continue;
		}
		if (i > b) {
			at = i;
			*len = i + 1 < e && s[i + 1] == '=' ? 2 : 1;
			i += *len - 1;
		}
	}
	return at;
}

/* x OP c for a value x known only to be non-zero: the live= members are counts
 * (unsigned, i_nlink), so non-zero means at least 1. -1 when not decided. */
static int rel_nonzero(char op, int orequal, long long c)
{
	if (op == '>')
		return (orequal ? c == 0 || c == 1 : c == 0) ? 1 : -1; /* x > 0, x >= 1, x >= 0 */
	return (orequal ? c == 0 : c == 0 || c == 1) ? 0 : -1;  /* x < 1, x < 0, x <= 0 */
}

static int eval(const struct consts *K, const char *s, size_t b, size_t e)
{
	trim(s, &b, &e);
	if (b >= e)
		return -1;
	size_t at;
	if ((at = top_op(s, b, e, "||"))) {
		int l = eval(K, s, b, at), r = eval(K, s, at + 2, e);
		return l == 1 || r == 1 ? 1 : l == 0 && r == 0 ? 0 : -1;
	}
	if ((at = top_op(s, b, e, "&&"))) {
		int l = eval(K, s, b, at), r = eval(K, s, at + 2, e);
		return l == 0 || r == 0 ? 0 : l == 1 && r == 1 ? 1 : -1;
	}
	int eq = 0;
	if ((at = top_op(s, b, e, "==")) || ((at = top_op(s, b, e, "!=")) && (eq = 1))) {
		long long l, r;
		int lk = operand(K, s, b, at, &l), rk = operand(K, s, at + 2, e, &r);
		if (!lk || !rk)
			return -1;
		if (lk == 1 && rk == 1)
			return eq ? l != r : l == r;
		if (lk == 2 && rk == 2)
			return -1;
		if ((lk == 1 ? l : r) != 0)
			return -1; /* non-zero against a non-zero number: not known */
		return eq; /* x != 0 is true, x == 0 false */
	}
	size_t rl = 0;
	if ((at = top_rel(s, b, e, &rl))) {
		long long l, r;
		int lk = operand(K, s, b, at, &l), rk = operand(K, s, at + rl, e, &r);
		char op = s[at];
		int oe = rl == 2;
		if (lk == 1 && rk == 1)
			return op == '<' ? (oe ? l <= r : l < r) : (oe ? l >= r : l > r);
		if (lk == 2 && rk == 1)
			return rel_nonzero(op, oe, r);
		if (lk == 1 && rk == 2) /* c < x is x > c */
			return rel_nonzero(op == '<' ? '>' : '<', oe, l);
		return -1;
	}
	if (s[b] == '!' && (b + 1 >= e || s[b + 1] != '=')) {
		int v = eval(K, s, b + 1, e);
		return v < 0 ? -1 : !v;
	}
	long long v;
	int k = operand(K, s, b, e, &v);
	return !k ? -1 : k == 2 ? 1 : v != 0;
}

/* The blocks of function g's CFG reached from its entry when the conditions
 * are evaluated with the values K gives (seen[b] 1), stopping early once call
 * x is met (x < 0: never); the CFG, or NULL when g has none. Returns whether x
 * was met. */
static int walk(struct analysis *a, int g, int x, const struct consts *K, char **seen_out)
{
	struct fcfg *G = &a->cfgs[g];
	*seen_out = NULL;
	if (!G->n) {
		pos_t none = {0, 0};
		cfg_build(a, g, none, G);
	}
	if (!G->n)
		return 1;
	char *seen = xcalloc((size_t)G->n, 1);
	int *queue = xmalloc(sizeof(int) * (size_t)G->n);
	int qh = 0, qt = 0, found = 0;
	queue[qt++] = G->entry;
	seen[G->entry] = 1;
	while (qh < qt && !found) {
		const struct cfg_block *B = &G->b[queue[qh++]];
		for (int k = 0; k < B->nev && !found && x >= 0; k++)
			found = B->ev[k] == x;
		int v = -1;
		if (B->ifit && B->nsucc == 2 && B->ifit->ctext) {
			const char *t = istr(B->ifit->ctext);
			v = eval(K, t, 0, strlen(t));
			/* `if (want_delete)` on a flag set only where an earlier
			 * `if (!inode->i_nlink ...)` is taken: false when that is */
			uint32_t c = v < 0 ? flag_set_only_if(a, g, B->ifit) : 0;
			if (c && eval(K, istr(c), 0, strlen(istr(c))) == 0)
				v = 0;
		}
		for (int s = 0; s < B->nsucc; s++) {
			int to = B->succ[s];
			if (to < 0 || seen[to] || (v >= 0 && s == (v ? 1 : 0)))
				continue; /* the then edge (0) is dead when the condition is false */
			seen[to] = 1;
			queue[qt++] = to;
		}
	}
	free(queue);
	*seen_out = seen;
	return found;
}

/* Is call x of function g reached from g's entry with the values K gives? */
static int reached(struct analysis *a, int g, int x, const struct consts *K)
{
	char *seen;
	int found = walk(a, g, x, K, &seen);
	free(seen);
	return found;
}

int hop_feasible(struct analysis *a, int c, int x)
{
	int g = a->prog->calls[x].fn;
	if (g < 0 || a->prog->calls[c].target != g)
		return 1;
	return icall_hop_feasible(a, c, x);
}

/* icall_hop_feasible() by (c, x): the same pair is asked for again and again
 * (each site's caller search in context.c; on the whole 6.1 tree 1.6 million
 * questions, 0.4 million of them a walk of a CFG). Open addressing over
 * keys (c, x) + 1; 0 is an empty slot. */
struct hopmemo {
	uint64_t *key;
	unsigned char *val;
	size_t cap, n;
};

static size_t hopmemo_slot(const struct hopmemo *M, uint64_t k)
{
	size_t j = (size_t)((k * 0x9e3779b97f4a7c15ULL) >> 20) & (M->cap - 1);
	while (M->key[j] && M->key[j] != k)
		j = (j + 1) & (M->cap - 1);
	return j;
}

static void hopmemo_grow(struct hopmemo *M)
{
	struct hopmemo N = {xcalloc(M->cap ? 2 * M->cap : 4096, sizeof(uint64_t)), NULL, M->cap ? 2 * M->cap : 4096,
			    M->n};
	N.val = xmalloc(N.cap);
	for (size_t i = 0; i < M->cap; i++)
		if (M->key[i]) {
			size_t j = hopmemo_slot(&N, M->key[i]);
			N.key[j] = M->key[i];
			N.val[j] = M->val[i];
		}
	free(M->key);
	free(M->val);
	*M = N;
}

static int hop_walk(struct analysis *a, int c, int x);

int icall_hop_feasible(struct analysis *a, int c, int x)
{
	if (!a->hopmemo)
		a->hopmemo = xcalloc(1, sizeof(*a->hopmemo));
	struct hopmemo *M = a->hopmemo;
	if (2 * (M->n + 1) > M->cap)
		hopmemo_grow(M);
	uint64_t k = ((uint64_t)(uint32_t)c << 32 | (uint32_t)x) + 1;
	size_t j = hopmemo_slot(M, k);
	if (M->key[j])
		return M->val[j];
	int v = hop_walk(a, c, x);
	j = hopmemo_slot(M, k); /* (the walk asks no hop question, but be safe) */
	if (!M->key[j]) {
		M->key[j] = k;
		M->n++;
	}
	M->val[j] = (unsigned char)v;
	return v;
}

static int hop_walk(struct analysis *a, int c, int x)
{
	const struct program *p = a->prog;
	const struct call *cl = &p->calls[c];
	int g = p->calls[x].fn;
	if (g < 0)
		return 1;
	const struct func *fn = &p->funcs[g];
	struct consts K;
	memset(&K, 0, sizeof(K));
	K.objk = -1;
	for (int k = 0; k < cl->nargs && k < fn->nparams && K.n < MAXCONST; k++) {
		long long v;
		if (arg_macro_constant(a, istr(cl->args[k]), &v)) {
			K.name[K.n] = p->params[fn->param0 + k].name;
			K.nonzero[K.n] = 0;
			K.val[K.n++] = v;
		}
	}
	if (!K.n)
		return 1;
	return reached(a, g, x, &K);
}

/* K with one known value: the member `member` of the object g's parameter k
 * points to (`inode->i_nlink`). */
static void member_consts(struct analysis *a, int g, int k, uint32_t member, struct consts *K)
{
	const struct func *fn = &a->prog->funcs[g];
	memset(K, 0, sizeof(*K));
	char *text = xasprintf("%s->%s", istr(a->prog->params[fn->param0 + k].name), istr(member));
	K->name[0] = intern(text);
	free(text);
	K->n = 1;
	K->a = a;
	K->fn = g;
}

void reached_if_nonzero(struct analysis *a, int g, int k, uint32_t member, unsigned char *reach)
{
	const struct func *fn = &a->prog->funcs[g];
	struct consts K;
	member_consts(a, g, k, member, &K);
	K.val[0] = 1;
	K.nonzero[0] = 1;
	K.objk = k;
	K.live = member;
	char *seen;
	walk(a, g, -1, &K, &seen);
	const struct fcfg *G = &a->cfgs[g];
	for (int i = 0; i < fn->ncalls; i++)
		reach[i] = !seen; /* no CFG: every call */
	for (int b = 0; seen && b < G->n; b++)
		for (int e = 0; seen[b] && e < G->b[b].nev; e++)
			for (int i = 0; i < fn->ncalls; i++)
				if (fn->calls[i] == G->b[b].ev[e])
					reach[i] = 1;
	free(seen);
}

int reached_if_zero(struct analysis *a, int g, int k, uint32_t member, int x)
{
	struct consts K;
	member_consts(a, g, k, member, &K); /* the value 0, known */
	K.objk = -1;
	K.memalloc = 1;
	return reached(a, g, x, &K);
}

int arg_constant(const char *text, long long *v)
{
	return const_value(text, v);
}

void reached_with_consts(struct analysis *a, int g, const int *ks, const long long *vs, int n, unsigned char *reach)
{
	const struct func *fn = &a->prog->funcs[g];
	struct consts K;
	memset(&K, 0, sizeof(K));
	K.a = a;
	K.fn = g;
	K.objk = -1;
	K.memalloc = 1; /* the walks that carry constants are reclaim's */
	for (int i = 0; i < n && K.n < MAXCONST; i++) {
		if (ks[i] < 0 || ks[i] >= fn->nparams)
			continue;
		K.name[K.n] = a->prog->params[fn->param0 + ks[i]].name;
		K.val[K.n++] = vs[i];
	}
	char *seen;
	walk(a, g, -1, &K, &seen);
	const struct fcfg *G = &a->cfgs[g];
	for (int i = 0; i < fn->ncalls; i++)
		reach[i] = !seen; /* no CFG: every call */
	for (int b = 0; seen && b < G->n; b++)
		for (int e = 0; seen[b] && e < G->b[b].nev; e++)
			for (int i = 0; i < fn->ncalls; i++)
				if (fn->calls[i] == G->b[b].ev[e])
					reach[i] = 1;
	free(seen);
}

void reached_in_reclaim(struct analysis *a, int g, unsigned char *reach)
{
	const struct func *fn = &a->prog->funcs[g];
	struct consts K;
	memset(&K, 0, sizeof(K));
	K.a = a;
	K.fn = g;
	K.objk = -1;
	K.memalloc = 1;
	char *seen;
	walk(a, g, -1, &K, &seen);
	const struct fcfg *G = &a->cfgs[g];
	for (int i = 0; i < fn->ncalls; i++)
		reach[i] = !seen; /* no CFG: every call */
	for (int b = 0; seen && b < G->n; b++)
		for (int e = 0; seen[b] && e < G->b[b].nev; e++)
			for (int i = 0; i < fn->ncalls; i++)
				if (fn->calls[i] == G->b[b].ev[e])
					reach[i] = 1;
	free(seen);
}

/* memo per call: 0 unknown, 1 in progress, 2 feasible, 3 infeasible */
struct lp {
	struct analysis *a;
	unsigned char *memo;
	int *next;   /* per call: the caller call of the feasible path found, -1 at the origin */
	int *orig;   /* per call: the acquire */
};

/* Does caller call c, whose callee calls function tgt through its parameter
 * k (a call of a function-pointer parameter, icall.c param_calls()), pass tgt
 * for it? A function name passes only itself; anything else (a parameter
 * passed on, a variable) may pass tgt. */
static int binds(struct analysis *a, int c, int k, int tgt)
{
	const struct program *p = a->prog;
	const struct call *cl = &p->calls[c];
	if (k < 0 || k >= cl->nargs || tgt < 0)
		return 1;
	uint32_t id = icall_arg_name(cl->args[k]);
	int f = id ? graph_resolve_in(a, cl->file, cl->fn, id) : -1;
	return f < 0 || f == tgt;
}

/* Is the lock class at call x held on a feasible path? tgt is the function
 * call x leads to on the path below it (-1 at the site): when x calls through
 * a parameter of its function, the caller above must pass tgt for it
 * (security_inode_init_security()'s `initxattrs` is btrfs_initxattrs() when
 * btrfs calls it, not shmem's), so such an x is searched for each tgt, not
 * memoised. */
static int feasible_at(struct lp *L, int x, int tgt, int depth)
{
	struct analysis *a = L->a;
	const struct program *p = a->prog;
	int pk = tgt >= 0 ? icall_param(a, x) : -1;
	if (pk < 0 && L->memo[x] >= 2)
		return L->memo[x] == 2;
	if (L->memo[x] == 1 || depth > 40)
		return 0;
	unsigned char was = L->memo[x];
	L->memo[x] = 1;
	struct classev cv;
	classes_at(a, x, &cv);
	int k = pc_index(PC_LOCK), ok = 0;
	if ((cv.cls & PC_LOCK) && !cv.inherited[k]) {
		L->next[x] = -1;
		L->orig[x] = cv.origin[k];
		ok = 1;
	}
	int g = p->calls[x].fn;
	/* the direct callers, then the indirect calls that resolve here (icall.c) */
	int nd = g >= 0 ? p->funcs[g].ncallers : 0, ni = g >= 0 ? p->funcs[g].nicallers : 0;
	for (int i = 0; !ok && g >= 0 && (cv.cls & PC_LOCK) && i < nd + ni; i++) {
		int c = i < nd ? p->funcs[g].callers[i] : p->funcs[g].icallers[i - nd];
		struct classev cc;
		classes_at(a, c, &cc);
		if (!(cc.cls & PC_LOCK) || !binds(a, c, pk, tgt) || !hop_feasible(a, c, x) ||
		    !feasible_at(L, c, g, depth + 1))
			continue;
		L->next[x] = c;
		L->orig[x] = L->orig[c];
		ok = 1;
	}
	if (!ok && g >= 0 && (cv.cls & PC_LOCK) && a->ctx[g].must_hold) {
		/* g is annotated __must_hold(): every caller holds the lock,
		 * whether or not a visible one does */
		L->next[x] = -1;
		L->orig[x] = -1;
		ok = 1;
	}
	L->memo[x] = pk >= 0 ? was : ok ? 2 : 3;
	return ok;
}

int lock_path(struct analysis *a, int x, int *hops, int maxhops, int *origin)
{
	const struct program *p = a->prog;
	if (!a->lp) {
		struct lp *L = xcalloc(1, sizeof(*L));
		L->a = a;
		L->memo = xcalloc(p->ncalls ? p->ncalls : 1, 1);
		L->next = xmalloc(sizeof(int) * (p->ncalls ? p->ncalls : 1));
		L->orig = xmalloc(sizeof(int) * (p->ncalls ? p->ncalls : 1));
		a->lp = L;
	}
	struct lp *L = a->lp;
	if (!feasible_at(L, x, -1, 0))
		return -1;
	int n = 0;
	for (int c = L->next[x]; c >= 0 && n < maxhops; c = L->next[c])
		hops[n++] = c;
	*origin = L->orig[x];
	return n;
}

void feasible_free(struct analysis *a)
{
	struct lp *L = a->lp;
	if (L) {
		free(L->memo);
		free(L->next);
		free(L->orig);
		free(L);
		a->lp = NULL;
	}
	if (a->hopmemo) {
		free(a->hopmemo->key);
		free(a->hopmemo->val);
		free(a->hopmemo);
		a->hopmemo = NULL;
	}
}
