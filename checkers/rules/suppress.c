/* suppress.c - in-source suppressions of findings, from the facts' `suppress`
 * records (docs/FACTS.md). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "facts/program.h"
#include "rules/finding_filter.h"
#include "rules/rules.h"
#include "rules/suppress.h"
#include "base/util.h"

static const char *skip_sp(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

static void copy(char *dst, size_t cap, const char *s, size_t n)
{
	if (n >= cap)
		n = cap - 1;
	memcpy(dst, s, n);
	dst[n] = 0;
}

int suppression_parse(const char *directive, struct suppression *s)
{
	if (strncmp(directive, "gfpcheck:", 9) != 0)
		return 0;
	const char *p = skip_sp(directive + 9);
	if (strncmp(p, "ignore", 6) != 0 || (p[6] && p[6] != ' ' && p[6] != '\t'))
		return 0;
	memset(s, 0, sizeof(*s));
	p = skip_sp(p + 6);
	/* RULE[,RULE...]: names start with a letter */
	const char *list = p, *list_end = p;
	while (isalpha((unsigned char)*p)) {
		size_t rl = 0;
		while (isalnum((unsigned char)p[rl]) || p[rl] == '-' || p[rl] == '_')
			rl++;
		if (s->nrules == SUPPRESS_MAXRULES) {
			s->problem = "names too many rules";
			return 1;
		}
		copy(s->rules[s->nrules++], sizeof(s->rules[0]), p, rl);
		list_end = p + rl;
		p = skip_sp(p + rl);
		if (*p != ',')
			break;
		p = skip_sp(p + 1);
	}
	copy(s->subject, sizeof(s->subject), list, (size_t)(list_end - list));
	if (!s->nrules) {
		s->problem = "names no rule";
		return 1;
	}
	for (int i = 0; i < s->nrules; i++)
		if (rule_index(s->rules[i]) < 0) {
			copy(s->subject, sizeof(s->subject), s->rules[i], strlen(s->rules[i]));
			s->problem = "names an unknown rule";
			return 1;
		}
	if (strncmp(p, "--", 2) != 0) {
		s->problem = s->nrules > 1 ? "gives no reason (write `-- REASON` after the rules)"
					   : "gives no reason (write `-- REASON` after the rule)";
		return 1;
	}
	p = skip_sp(p + 2);
	const char *q = p + strlen(p);
	while (q > p && (q[-1] == ' ' || q[-1] == '\t'))
		q--;
	copy(s->reason, sizeof(s->reason), p, (size_t)(q - p));
	if (!s->reason[0])
		s->problem = "gives an empty reason";
	return 1;
}

/* A valid directive, where it is, and which of its rules have suppressed a
 * finding already (each rule of a directive suppresses one finding). */
struct dir {
	const char *file;
	int line;
	struct suppression s;
	unsigned used;
};

struct ctx {
	struct dir *d;
	size_t n;
	size_t nused;
	int show;
};

static int cmp_dir(const void *a, const void *b)
{
	const struct dir *x = a, *y = b;
	int r = strcmp(x->file, y->file);
	if (r)
		return r;
	return x->line != y->line ? (x->line < y->line ? -1 : 1) : 0;
}

/* An unused rule of a valid directive on `line` of f's file naming f's rule: the
 * directive (its rule marked used), else NULL. */
static const struct dir *take(struct ctx *c, const struct finding *f, int line)
{
	struct dir key;
	key.file = f->file;
	key.line = line;
	size_t lo = 0, hi = c->n;
	while (lo < hi) { /* first directive at or after (file, line) */
		size_t mid = (lo + hi) / 2;
		if (cmp_dir(&c->d[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < c->n && cmp_dir(&c->d[i], &key) == 0; i++)
		for (int r = 0; r < c->d[i].s.nrules; r++)
			if (!(c->d[i].used & (1u << r)) && strcmp(c->d[i].s.rules[r], f->rule) == 0) {
				c->d[i].used |= 1u << r;
				return &c->d[i];
			}
	return NULL;
}

static int keep(struct finding *f, void *arg)
{
	struct ctx *c = arg;
	if (f->rid == R_bad_suppression)
		return 1;
	const struct dir *d = take(c, f, f->line);
	if (!d && f->line > 1)
		d = take(c, f, f->line - 1);
	if (!d)
		return 1;
	c->nused++;
	if (!c->show)
		return 0;
	free(f->suppressed);
	f->suppressed = xstrdup(d->s.reason);
	return 1;
}

size_t suppress_apply(struct findings *fs, const struct program *p, int show)
{
	struct ctx c;
	memset(&c, 0, sizeof(c));
	c.show = show;
	c.d = xmalloc(sizeof(*c.d) * (p->ndirectives ? p->ndirectives : 1));
	for (size_t i = 0; i < p->ndirectives; i++) {
		const struct directive *di = &p->directives[i];
		struct dir *d = &c.d[c.n];
		if (!suppression_parse(istr(di->text), &d->s) || d->s.problem)
			continue;
		d->file = p->files[di->file].path;
		d->line = di->pos.line;
		d->used = 0;
		c.n++;
	}
	if (c.n > 1)
		qsort(c.d, c.n, sizeof(*c.d), cmp_dir); /* equal keys: any order, rules are per directive */
	size_t dropped = findings_filter(fs, keep, &c);
	size_t n = show ? c.nused : dropped;
	free(c.d);
	return n;
}

size_t findings_active(const struct findings *fs)
{
	size_t n = 0;
	for (size_t i = 0; i < fs->n; i++)
		n += !fs->v[i].suppressed;
	return n;
}
