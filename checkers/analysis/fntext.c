/* fntext.c - identifiers in a function's body, from the facts' source text. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/fntext.h"
#include "base/util.h"

static int idch(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

const struct srcfile *fn_src(struct analysis *a, const struct func *fn)
{
	return file_src(a, fn->file);
}

const struct srcfile *file_src(struct analysis *a, int file)
{
	if (!a->src) {
		a->src = xmalloc(sizeof(*a->src));
		srccache_init(a->src, a->prog);
	}
	return src_file(a->src, a->prog->files[file].path);
}

void fn_src_drop(struct analysis *a)
{
	if (!a->src)
		return;
	srccache_free(a->src);
	free(a->src);
	a->src = NULL;
}

/* The position just after the body's opening brace: after the parameter
 * list's closing parenthesis (nesting counted from the first `(` after the
 * start), the first `{`. */
static int body_start(const struct srcfile *sf, const struct func *fn, int *ln, const char **q)
{
	int depth = 0, seen = 0;
	for (int l = fn->start.line; l <= fn->end.line && l <= sf->nlines; l++) {
		const char *s = sf->line[l - 1];
		if (l == fn->start.line)
			s += (size_t)fn->start.col > strlen(s) ? strlen(s) : (size_t)(fn->start.col > 0 ? fn->start.col - 1 : 0);
		for (; *s; s++) {
			if (*s == '(') {
				depth++;
				seen = 1;
			} else if (*s == ')') {
				depth--;
			} else if (*s == '{' && seen && depth == 0) {
				*ln = l;
				*q = s + 1;
				return 1;
			}
		}
	}
	return 0;
}

int fnuse_begin(struct fnuse *u, const struct srcfile *sf, const struct func *fn, const char *name)
{
	memset(u, 0, sizeof(*u));
	u->line = sf->line;
	u->nlines = sf->nlines;
	u->fn = fn;
	u->name = name;
	u->n = strlen(name);
	return sf->text && u->n && fn->start.line >= 1 && body_start(sf, fn, &u->ln, &u->q);
}

int fnuse_next(struct fnuse *u)
{
	for (; u->ln <= u->fn->end.line && u->ln <= u->nlines; u->ln++, u->q = NULL) {
		const char *line = u->line[u->ln - 1];
		const char *s = u->q ? u->q : line;
		while (*s) {
			if (u->comment) {
				const char *e = strstr(s, "*/");
				if (!e) {
					s += strlen(s);
					break;
				}
				u->comment = 0;
				s = e + 2;
				continue;
			}
			if (s[0] == '/' && s[1] == '*') {
				u->comment = 1;
				s += 2;
				continue;
			}
			if (s[0] == '/' && s[1] == '/')
				break;
			if (*s == '"' || *s == '\'') { /* a literal: to its closing quote on this line */
				char qc = *s++;
				while (*s && *s != qc)
					s += s[0] == '\\' && s[1] ? 2 : 1;
				if (*s)
					s++;
				continue;
			}
			if (!idch(*s) || (s > line && idch(s[-1]))) {
				s++;
				continue;
			}
			const char *b = s;
			while (idch(*s))
				s++;
			if ((size_t)(s - b) != u->n || strncmp(b, u->name, u->n) != 0)
				continue;
			const char *p = b;
			while (p > line && (p[-1] == ' ' || p[-1] == '\t'))
				p--;
			if (p > line && (p[-1] == '.' || (p[-1] == '>' && p > line + 1 && p[-2] == '-')))
				continue;
			pos_t at = {u->ln, (int)(b - line) + 1};
			if (pos_cmp(at, u->fn->end) >= 0)
				return 0;
			u->at = at;
			u->s = b;
			u->q = s;
			return 1;
		}
	}
	return 0;
}

char fnuse_after(const struct fnuse *u)
{
	const char *s = u->s + u->n;
	while (*s == ' ' || *s == '\t')
		s++;
	return *s;
}

char fnuse_before(const struct fnuse *u)
{
	const char *line = u->line[u->at.line - 1];
	const char *s = u->s;
	while (s > line && (s[-1] == ' ' || s[-1] == '\t'))
		s--;
	return s > line ? s[-1] : 0;
}

static const char *skip_blank(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

int fnuse_called(const struct fnuse *u)
{
	const char *e = skip_blank(u->s + u->n);
	if (*e == '(')
		return 1;
	if (*e != ')' || *skip_blank(e + 1) != '(' || fnuse_before(u) != '*')
		return 0;
	const char *line = u->line[u->at.line - 1], *s = u->s;
	while (s > line && (s[-1] == ' ' || s[-1] == '\t'))
		s--;
	s--; /* the '*' */
	while (s > line && (s[-1] == ' ' || s[-1] == '\t'))
		s--;
	return s > line && s[-1] == '(';
}
