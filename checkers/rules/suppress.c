/* suppress.c - in-source suppressions of findings. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "rules/finding_filter.h"
#include "rules/rules.h"
#include "facts/srclines.h"
#include "rules/suppress.h"
#include "base/util.h"

static const char *skip_sp(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

int suppression_parse(const char *line, struct suppression *s)
{
	const char *c1 = strstr(line, "/*"), *c2 = strstr(line, "//");
	const char *com = c1 && (!c2 || c1 < c2) ? c1 : c2;
	if (!com)
		return 0;
	const char *g = strstr(com + 2, "gfpcheck:");
	if (!g)
		return 0;
	const char *p = skip_sp(g + 9);
	if (strncmp(p, "ignore", 6) != 0 || (p[6] && p[6] != ' ' && p[6] != '\t' && p[6] != '*'))
		return 0;
	memset(s, 0, sizeof(*s));
	s->col = (int)(g - line) + 1;
	/* The directive ends at the comment's close (block comments) or line end. */
	const char *end = com == c1 ? strstr(g, "*/") : NULL;
	if (!end)
		end = line + strlen(line);
	s->col_end = (int)(end - line) + 1;
	p = skip_sp(p + 6);
	size_t rl = 0;
	while (isalpha((unsigned char)*p) && p + rl < end && (isalnum((unsigned char)p[rl]) || p[rl] == '-' || p[rl] == '_'))
		rl++;
	if (rl >= sizeof(s->rule))
		rl = sizeof(s->rule) - 1;
	memcpy(s->rule, p, rl);
	s->rule[rl] = 0;
	p = skip_sp(p + rl);
	if (!rl) {
		s->problem = "names no rule";
		return 1;
	}
	if (rule_index(s->rule) < 0) {
		s->problem = "names an unknown rule";
		return 1;
	}
	if (strncmp(p, "--", 2) != 0) {
		s->problem = "gives no reason (write `-- REASON` after the rule)";
		return 1;
	}
	p = skip_sp(p + 2);
	const char *q = end;
	while (q > p && (q[-1] == ' ' || q[-1] == '\t'))
		q--;
	size_t n = (size_t)(q - p);
	if (n >= sizeof(s->reason))
		n = sizeof(s->reason) - 1;
	memcpy(s->reason, p, n);
	s->reason[n] = 0;
	if (!n)
		s->problem = "gives an empty reason";
	return 1;
}

struct used {
	const char *file;
	int line;
};

struct ctx {
	struct srccache sc;
	struct used *used;
	size_t nused, capused;
	int show;
};

static int is_used(const struct ctx *c, const char *file, int line)
{
	for (size_t i = 0; i < c->nused; i++)
		if (c->used[i].line == line && strcmp(c->used[i].file, file) == 0)
			return 1;
	return 0;
}

/* A valid, unused directive for f's rule on `line`: its reason, else NULL. */
static const char *directive(struct ctx *c, const struct finding *f, int line, struct suppression *s)
{
	const char *text = src_line(&c->sc, f->file, line);
	if (!text || !suppression_parse(text, s) || s->problem || strcmp(s->rule, f->rule) != 0)
		return NULL;
	if (is_used(c, f->file, line))
		return NULL;
	return s->reason;
}

static int keep(struct finding *f, void *arg)
{
	struct ctx *c = arg;
	if (strcmp(f->rule, "bad-suppression") == 0)
		return 1;
	struct suppression s;
	int line = f->line;
	const char *why = directive(c, f, line, &s);
	if (!why && line > 1)
		why = directive(c, f, --line, &s);
	if (!why)
		return 1;
	struct used u = {f->file, line};
	VEC_PUSH(c->used, c->nused, c->capused, u);
	if (!c->show)
		return 0;
	free(f->suppressed);
	f->suppressed = xstrdup(why);
	return 1;
}

size_t suppress_apply(struct findings *fs, const char *root, int show)
{
	struct ctx c;
	memset(&c, 0, sizeof(c));
	srccache_init(&c.sc, root);
	c.show = show;
	/* keep() records pointers to the findings' file names: findings_filter frees
	 * the dropped findings only after the last call. */
	size_t dropped = findings_filter(fs, keep, &c);
	size_t n = show ? c.nused : dropped;
	free(c.used);
	srccache_free(&c.sc);
	return n;
}

size_t findings_active(const struct findings *fs)
{
	size_t n = 0;
	for (size_t i = 0; i < fs->n; i++)
		n += !fs->v[i].suppressed;
	return n;
}
