/* srcscan.c - find `gfpcheck:` directives in the comments of a C source: a small
 * lexer that knows comments, string and character literals and line splices. */
#include "facts/srcscan.h"

#include <string.h>

struct scan {
	const char *s;
	size_t len;
	size_t i;          /* next byte */
	int line;          /* line of byte i */
	size_t line_start; /* offset of that line's first byte */
	void (*fn)(void *, const struct src_directive *);
	void *arg;
	size_t count;
};

static void advance(struct scan *sc)
{
	if (sc->s[sc->i] == '\n') {
		sc->line++;
		sc->line_start = sc->i + 1;
	}
	sc->i++;
}

static const char tag[] = "gfpcheck:";
#define TAGLEN (sizeof(tag) - 1)

/* The directives of the comment body [from, to) (between the opener and the
 * closer, or the end of a line comment). */
static void directives(struct scan *sc, size_t from, size_t to)
{
	const char *s = sc->s;
	/* line and line start of `from` are tracked as we go */
	int line = sc->line;
	size_t ls = sc->line_start;
	size_t i = from;
	while (i + TAGLEN <= to) {
		if (s[i] == '\n') {
			line++;
			ls = i + 1;
			i++;
			continue;
		}
		if (s[i] != 'g' || memcmp(s + i, tag, TAGLEN) != 0) {
			i++;
			continue;
		}
		size_t e = i + TAGLEN;
		while (e < to && s[e] != '\n' && !(e + TAGLEN <= to && memcmp(s + e, tag, TAGLEN) == 0))
			e++;
		if (s[e - 1] == '\r')
			e--; /* CRLF: the CR belongs to the line end */
		struct src_directive d = {line, (int)(i - ls) + 1, (int)(e - ls) + 1, s + i, e - i};
		sc->fn(sc->arg, &d);
		sc->count++;
		i = e;
	}
}

size_t src_directives(const char *src, size_t len, void (*fn)(void *arg, const struct src_directive *d), void *arg)
{
	struct scan sc = {src, len, 0, 1, 0, fn, arg, 0};
	const char *s = src;
	while (sc.i < len) {
		char c = s[sc.i];
		if (c == '"' || c == '\'') {
			/* a literal: to the matching quote; an unescaped newline ends it */
			advance(&sc);
			while (sc.i < len && s[sc.i] != c && s[sc.i] != '\n') {
				if (s[sc.i] == '\\' && sc.i + 1 < len)
					advance(&sc);
				advance(&sc);
			}
			if (sc.i < len && s[sc.i] == c)
				advance(&sc);
		} else if (c == '/' && sc.i + 1 < len && s[sc.i + 1] == '*') {
			size_t from = sc.i + 2, to = from;
			while (to + 1 < len && !(s[to] == '*' && s[to + 1] == '/'))
				to++;
			if (to + 1 >= len)
				to = len; /* unterminated: to the end */
			sc.i = from;
			directives(&sc, from, to);
			while (sc.i < to)
				advance(&sc);
			sc.i = to + 2 <= len ? to + 2 : len;
		} else if (c == '/' && sc.i + 1 < len && s[sc.i + 1] == '/') {
			/* to the end of the line; a backslash before the newline continues it */
			size_t from = sc.i + 2, to = from;
			for (; to < len && s[to] != '\n'; to++)
				;
			/* directives() stops at the newline; continued lines are more comment */
			for (;;) {
				size_t b = to;
				if (b > from && s[b - 1] == '\r')
					b--;
				if (to < len && b > from && s[b - 1] == '\\') {
					for (to++; to < len && s[to] != '\n'; to++)
						;
					continue;
				}
				break;
			}
			sc.i = from;
			directives(&sc, from, to);
			while (sc.i < to)
				advance(&sc);
		} else {
			advance(&sc);
		}
	}
	return sc.count;
}
