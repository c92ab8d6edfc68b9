/* flagvar.c - a condition on a local flag that one earlier branch sets:
 *
 *	bool seeding_dev = false;
 *	if (fs_devices->seeding) {
 *		seeding_dev = true;
 *		down_write(&sb->s_umount);
 *	}
 *	...
 *	if (seeding_dev)
 *		btrfs_init_sprout(fs_info);	// s_umount is held here
 *
 * When the local is assigned a true value only inside the then-branch of an
 * earlier `if (C)` whose branches flow.c correlates (it guards lock or scope
 * calls), and otherwise only false values, then `if (V)` taken implies that
 * `if (C)` was taken. The function's text comes from the facts (the `text`
 * record), read once per file. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/flow_int.h"
#include "analysis/fntext.h"
#include "facts/srclines.h"
#include "base/util.h"

static int idch(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* The identifier a condition text is, after spaces, outer parentheses and
 * likely()/unlikely(); 0 when it is anything else. */
static uint32_t bare_ident(const char *s)
{
	size_t n = strlen(s);
	for (;;) {
		while (n && *s == ' ')
			s++, n--;
		while (n && s[n - 1] == ' ')
			n--;
		if (n > 10 && strncmp(s, "unlikely(", 9) == 0 && s[n - 1] == ')') {
			s += 9, n -= 10;
			continue;
		}
		if (n > 8 && strncmp(s, "likely(", 7) == 0 && s[n - 1] == ')') {
			s += 7, n -= 8;
			continue;
		}
		if (n > 2 && s[0] == '(' && s[n - 1] == ')') {
			s++, n -= 2;
			continue;
		}
		break;
	}
	if (!n || isdigit((unsigned char)s[0]))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!idch(s[i]))
			return 0;
	return intern_lookup_n(s, n);
}

static int is_local(const struct program *p, const struct func *fn, uint32_t v)
{
	for (int i = 0; i < fn->nlocals; i++)
		if (p->locals[fn->local0 + i].name == v)
			return 1;
	return 0;
}

enum { USE_READ, USE_TRUE, USE_FALSE, USE_OTHER };

/* What the occurrence of the variable ending at `e` does: read it, assign a
 * true constant (`= true`, `= 1`), a false one (`= false`, `= 0`), or anything
 * else (another value, `++`, `|=`, its address taken: `&` before it, at `b`). */
static int use_kind(const char *line, const char *b, const char *e)
{
	const char *q = b;
	while (q > line && q[-1] == ' ')
		q--;
	if (q > line && q[-1] == '&' && !(q - 1 > line && q[-2] == '&'))
		return USE_OTHER;
	while (*e == ' ')
		e++;
	if ((e[0] == '+' && e[1] == '+') || (e[0] == '-' && e[1] == '-'))
		return USE_OTHER;
	if (e[0] && strchr("+-*/|&^%<>", e[0]) && e[1] == '=' && !(e[0] == '<' || e[0] == '>'))
		return USE_OTHER;
	if (e[0] == '<' && e[1] == '<' && e[2] == '=')
		return USE_OTHER;
	if (e[0] == '>' && e[1] == '>' && e[2] == '=')
		return USE_OTHER;
	if (e[0] != '=' || e[1] == '=')
		return USE_READ;
	e++;
	while (*e == ' ')
		e++;
	size_t n = 0;
	while (idch(e[n]))
		n++;
	const char *r = e + n;
	while (*r == ' ')
		r++;
	if (*r != ';' && *r != ',')
		return USE_OTHER;
	if ((n == 4 && strncmp(e, "true", 4) == 0) || (n == 1 && e[0] == '1'))
		return USE_TRUE;
	if ((n == 5 && strncmp(e, "false", 5) == 0) || (n == 1 && e[0] == '0'))
		return USE_FALSE;
	return USE_OTHER;
}

/* The next occurrence of variable `name` (length n) in function fn's text
 * after (*ln, *q) (start with *q NULL): not a member of something else, not
 * part of a longer name; 0 when there is none. */
static int next_use(const struct srcfile *sf, const struct func *fn, const char *name, size_t n, int *ln,
		    const char **q, pos_t *at)
{
	if (!*q)
		*ln = fn->start.line;
	for (; *ln <= fn->end.line && *ln <= sf->nlines; (*ln)++, *q = NULL) {
		const char *line = sf->line[*ln - 1];
		for (const char *s = strstr(*q ? *q + 1 : line, name); s; s = strstr(s + 1, name)) {
			if ((s > line && (idch(s[-1]) || s[-1] == '.' || (s[-1] == '>' && s > line + 1 && s[-2] == '-'))) ||
			    idch(s[n]))
				continue;
			pos_t p = {*ln, (int)(s - line) + 1};
			if (pos_cmp(p, fn->start) < 0 || pos_cmp(p, fn->end) >= 0)
				continue;
			*q = s;
			*at = p;
			return 1;
		}
	}
	return 0;
}

/* Scan the function's text for variable `name`: the positions of its true
 * assignments (at most `max`) in *trues, and how many false ones it has
 * besides the one at `init` (its declaration) in *nfalse (may be NULL); -1
 * when some use is neither a read nor a constant assignment. Returns the
 * number of true assignments. */
static int scan_uses(const struct srcfile *sf, const struct func *fn, const char *name, pos_t *trues, int max,
		     pos_t init, int *nfalse)
{
	size_t n = strlen(name);
	int nt = 0, ln = 0;
	const char *s = NULL;
	pos_t at;
	if (nfalse)
		*nfalse = 0;
	while (next_use(sf, fn, name, n, &ln, &s, &at)) {
		int k = use_kind(sf->line[ln - 1], s, s + n);
		if (k == USE_OTHER)
			return -1;
		if (k == USE_FALSE && nfalse && pos_cmp(at, init) != 0)
			(*nfalse)++;
		if (k == USE_TRUE) {
			if (nt >= max)
				return -1;
			trues[nt++] = at;
		}
	}
	return nt;
}

/* The condition text of an earlier `if` of function fid (one that `ok` accepts)
 * whose then-branch holds every true assignment of the local flag that `if`
 * item `it` tests (`if (V)`), or 0; every other use of V reads it or assigns
 * a false constant. */
static uint32_t alias_of(struct analysis *a, int fid, const struct item *it,
			 int (*ok)(const void *ctx, const struct item *x), const void *ctx)
{
	const struct program *p = a->prog;
	const struct func *fn = &p->funcs[fid];
	uint32_t v = it->ctext ? bare_ident(istr(it->ctext)) : 0;
	if (!v || !is_local(p, fn, v))
		return 0;
	int any = 0;
	for (int k = 0; k < fn->nitems && !any; k++) {
		const struct item *x = &p->items[fn->items[k]];
		any = x->kind == IT_IF && x->ctext && x->ctext != it->ctext && pos_cmp(x->e2, it->pos) <= 0 && ok(ctx, x);
	}
	if (!any)
		return 0;
	const struct srcfile *sf = fn_src(a, fn);
	if (!sf->text)
		return 0;
	pos_t trues[4];
	pos_t none = {0, 0};
	int nt = scan_uses(sf, fn, istr(v), trues, 4, none, NULL);
	if (nt <= 0)
		return 0;
	for (int k = 0; k < fn->nitems; k++) {
		const struct item *x = &p->items[fn->items[k]];
		if (x->kind != IT_IF || !x->ctext || x->ctext == it->ctext || pos_cmp(x->e2, it->pos) > 0 || !ok(ctx, x))
			continue;
		int all = 1;
		for (int i = 0; i < nt && all; i++)
			all = pos_in(trues[i], x->s2, x->e2);
		if (all)
			return x->ctext;
	}
	return 0;
}

/* The local flag a condition tests: `V` (*neg 0), `!V` (*neg 1) or `!V && ...`
 * (*neg 1, *conj 1); 0 for any other condition. */
static uint32_t flag_test(const char *text, int *neg, int *conj)
{
	char buf[256];
	size_t n = strlen(text), depth = 0, cut = n;
	*neg = *conj = 0;
	for (size_t i = 0; i + 1 < n; i++) {
		if (text[i] == '(')
			depth++;
		else if (text[i] == ')' && depth)
			depth--;
		else if (!depth && text[i] == '&' && text[i + 1] == '&') {
			cut = i;
			break;
		}
	}
	if (cut >= sizeof(buf))
		return 0;
	memcpy(buf, text, cut);
	buf[cut] = 0;
	const char *h = buf;
	while (*h == ' ')
		h++;
	if (*h == '!' && h[1] != '=') {
		*neg = 1;
		h++;
	} else if (cut != n) {
		return 0;
	}
	*conj = cut != n;
	return bare_ident(h);
}

/* Is the true assignment at `at` the first thing the then-branch of x does
 * that could leave it: no `if`, loop, switch, return, goto, break or continue
 * of the function starts between the branch's start and `at`? */
static int set_unconditionally(const struct program *p, const struct func *fn, const struct item *x, pos_t at)
{
	for (int k = 0; k < fn->nitems; k++) {
		const struct item *y = &p->items[fn->items[k]];
		if (y->kind != IT_LABEL && y->kind != IT_CASE && pos_in(y->pos, x->s2, at))
			return 0;
	}
	return 1;
}

/* Can control come back to `it` after passing it: a loop around it, or a
 * goto after it to a label before it? */
static int may_come_back(const struct program *p, const struct func *fn, const struct item *it)
{
	for (int k = 0; k < fn->nitems; k++) {
		const struct item *y = &p->items[fn->items[k]];
		if (y->kind == IT_LOOP && pos_in(it->pos, y->pos, y->e1))
			return 1;
		if (y->kind != IT_GOTO || pos_cmp(y->pos, it->pos) <= 0)
			continue;
		for (int j = 0; j < fn->nitems; j++) {
			const struct item *l = &p->items[fn->items[j]];
			if (l->kind == IT_LABEL && l->name == y->name && pos_cmp(l->pos, it->pos) <= 0)
				return 1;
		}
	}
	return 0;
}

int flag_conds(struct fa *F, const struct item *it, struct flagconds *out)
{
	const struct program *p = F->p;
	const struct func *fn = &p->funcs[F->fid];
	memset(out, 0, sizeof(*out));
	uint32_t v = it->ctext ? flag_test(istr(it->ctext), &out->neg, &out->conj) : 0;
	const struct local *l = NULL;
	for (int i = 0; v && i < fn->nlocals && !l; i++)
		if (p->locals[fn->local0 + i].name == v)
			l = &p->locals[fn->local0 + i];
	if (!l)
		return 0;
	int any = 0; /* an earlier correlated `if` first: the text is read only then */
	for (int k = 0; k < fn->nitems && !any; k++) {
		const struct item *x = &p->items[fn->items[k]];
		any = x->kind == IT_IF && x->ctext && x != it && pos_cmp(x->e2, it->pos) <= 0 && branch_correlated(F, x);
	}
	if (!any)
		return 0;
	const struct srcfile *sf = fn_src(F->a, fn);
	if (!sf->text)
		return 0;
	pos_t trues[FLAG_MAXCONDS];
	int nfalse;
	int nt = scan_uses(sf, fn, istr(v), trues, FLAG_MAXCONDS, l->pos, &nfalse);
	if (nt <= 0)
		return 0;
	/* Assignments after the test count only when control can come back. */
	if (!may_come_back(p, fn, it)) {
		int w = 0;
		for (int i = 0; i < nt; i++)
			if (pos_cmp(trues[i], it->pos) < 0)
				trues[w++] = trues[i];
		nt = w;
	}
	if (!nt)
		return 0;
	out->only_init_false = nfalse == 0;
	for (int i = 0; i < nt; i++) {
		/* the innermost earlier correlated `if` whose then-branch holds it */
		const struct item *best = NULL;
		for (int k = 0; k < fn->nitems; k++) {
			const struct item *x = &p->items[fn->items[k]];
			if (x->kind != IT_IF || !x->ctext || x == it || pos_cmp(x->e2, it->pos) > 0 ||
			    !pos_in(trues[i], x->s2, x->e2) || !branch_correlated(F, x))
				continue;
			if (!best || pos_cmp(x->s2, best->s2) > 0)
				best = x;
		}
		if (!best)
			return 0;
		int dup = -1;
		for (int j = 0; j < out->n; j++)
			if (out->cond[j] == best->ctext)
				dup = j;
		int must = set_unconditionally(p, fn, best, trues[i]);
		if (dup >= 0) {
			out->must[dup] |= (unsigned char)must;
			continue;
		}
		out->cond[out->n] = best->ctext;
		out->must[out->n++] = (unsigned char)must;
	}
	return out->n;
}

static int any_if(const void *ctx, const struct item *x)
{
	(void)ctx;
	(void)x;
	return 1;
}

uint32_t flag_set_only_if(struct analysis *a, int fid, const struct item *it)
{
	return alias_of(a, fid, it, any_if, NULL);
}

uint32_t flag_init_expr(struct analysis *a, int fid, uint32_t name)
{
	const struct program *p = a->prog;
	const struct func *fn = &p->funcs[fid];
	const struct local *l = NULL;
	for (int i = 0; i < fn->nlocals && !l; i++)
		if (p->locals[fn->local0 + i].name == name)
			l = &p->locals[fn->local0 + i];
	if (!l)
		return 0;
	const struct srcfile *sf = fn_src(a, fn);
	if (!sf->text || l->pos.line < 1 || l->pos.line > sf->nlines)
		return 0;
	const char *nm = istr(name);
	size_t n = strlen(nm);
	/* every other occurrence only reads it */
	int uln = 0;
	const char *u = NULL;
	pos_t at;
	while (next_use(sf, fn, nm, n, &uln, &u, &at))
		if (pos_cmp(at, l->pos) != 0 && use_kind(sf->line[uln - 1], u, u + n) != USE_READ)
			return 0;
	/* its declaration: NAME = EXPR; (over a few lines) */
	const char *line = sf->line[l->pos.line - 1];
	if ((size_t)l->pos.col > strlen(line) + 1 || strncmp(line + l->pos.col - 1, nm, n) != 0)
		return 0;
	const char *q = line + l->pos.col - 1 + n;
	while (*q == ' ' || *q == '\t')
		q++;
	if (*q != '=' || q[1] == '=')
		return 0;
	q++;
	char buf[512];
	size_t bn = 0;
	int depth = 0;
	for (int ln = l->pos.line; ln < l->pos.line + 6 && ln <= sf->nlines; ln++) {
		const char *c = ln == l->pos.line ? q : sf->line[ln - 1];
		for (; *c; c++) {
			if (*c == '(' || *c == '[')
				depth++;
			else if (*c == ')' || *c == ']')
				depth--;
			else if ((*c == ';' || *c == ',') && depth == 0) {
				buf[bn] = 0;
				size_t b = 0;
				while (buf[b] == ' ' || buf[b] == '\t')
					b++;
				while (bn > b && (buf[bn - 1] == ' ' || buf[bn - 1] == '\t'))
					buf[--bn] = 0;
				return bn > b ? intern(buf + b) : 0;
			}
			if (bn + 2 >= sizeof(buf))
				return 0;
			buf[bn++] = *c == '\t' ? ' ' : *c;
		}
		if (bn + 2 >= sizeof(buf))
			return 0;
		buf[bn++] = ' ';
	}
	return 0;
}
