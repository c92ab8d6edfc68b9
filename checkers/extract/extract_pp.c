/* extract_pp.c - facts of files that hold nothing but preprocessor lines,
 * without spatch.
 *
 * Such a file (register maps, generated headers, lists of constants: a third
 * of the bytes of a kernel tree) gives gfpfacts.cocci nothing but `define`
 * and `defval` records, and those come from a scan of the file's bytes in
 * python (the last rule of gfpfacts.cocci).  This is the same scan in C, line
 * for line, so the facts are the same and spatch is not started for them
 * (tests/extract checks that both agree).  The rules:
 *  - A directive is a logical line (backslash-newline joins lines, a block
 *    comment may span lines) whose first token, after white space and
 *    comments, is '#'.
 *  - Conditional groups: a branch `#if C` or `#elif C` whose C is an integer
 *    constant 0 is dead, and so is every branch after one whose C is a
 *    non-zero integer constant; everything inside a dead branch is dead.
 *  - `#define NAME(PARAMS) BODY` outside dead branches gives `define NAME
 *    LINE:COL CALLED...` when BODY calls something: each identifier followed
 *    by '(' (outside strings), once, minus the parameters, keywords and
 *    __builtin*; LINE:COL is where NAME is.
 *  - `#define NAME VALUE` outside dead branches gives `defval NAME LINE:COL
 *    VALUE` when VALUE, without comments and with white space folded, is not
 *    empty; LINE:COL is where the '#' is.  Columns count bytes, from 1.
 * Values are written as UTF-8, a byte sequence that is not replaced by
 * U+FFFD as python's "replace" decoding does (one per maximal subpart). */
#include "extract/exint.h"
#include "base/utf8.h"

#include <stdlib.h>
#include <string.h>

static int is_ws(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

static int is_ws_nl(unsigned char c)
{
	return is_ws(c) || c == '\n';
}

static int is_id0(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

static int is_id(unsigned char c)
{
	return is_id0(c) || (c >= '0' && c <= '9');
}

/* Index after the string or character literal starting at d[i]; an
 * unterminated one ends before the newline. */
static size_t quote_end(const unsigned char *d, size_t n, size_t i)
{
	unsigned char q = d[i++];
	while (i < n) {
		unsigned char c = d[i];
		if (c == '\\' && i + 1 < n) {
			i += 2;
			continue;
		}
		if (c == q)
			return i + 1;
		if (c == '\n')
			return i;
		i++;
	}
	return n;
}

/* End of the block comment starting at d[i] ("/" "*"): after its close, or n. */
static size_t block_end(const unsigned char *d, size_t n, size_t i)
{
	for (size_t j = i + 2; j + 1 < n; j++)
		if (d[j] == '*' && d[j + 1] == '/')
			return j + 2;
	return n;
}

static size_t count_nl(const unsigned char *d, size_t a, size_t b, size_t *last)
{
	size_t k = 0;
	for (size_t j = a; j < b; j++)
		if (d[j] == '\n') {
			k++;
			*last = j + 1;
		}
	return k;
}

struct directive {
	size_t line, col, off; /* line and column of '#', offset just after it */
	size_t end_line;       /* its last line */
	struct strbuf text;    /* to the end of the logical line, splices removed */
};

/* The directive from d[i] (just after '#'): its text into t; returns the end
 * index, adds the newlines crossed to *line and moves *ls to the last line
 * start crossed. */
static size_t directive(const unsigned char *d, size_t n, size_t i, struct strbuf *t, size_t *line, size_t *ls)
{
	while (i < n) {
		unsigned char c = d[i];
		if (c == '\n')
			break;
		if (c == '\\' && i + 1 < n && d[i + 1] == '\n') {
			i += 2;
			(*line)++;
			*ls = i;
		} else if (c == '/' && i + 1 < n && d[i + 1] == '*') {
			size_t j = block_end(d, n, i);
			*line += count_nl(d, i, j, ls);
			sb_addn(t, (const char *)d + i, j - i);
			i = j;
		} else if (c == '/' && i + 1 < n && d[i + 1] == '/') {
			size_t j = i;
			while (j < n && d[j] != '\n') {
				if (d[j] == '\\' && j + 1 < n && d[j + 1] == '\n') {
					(*line)++;
					*ls = j + 2;
					j += 2;
					continue;
				}
				sb_addc(t, (char)d[j]);
				j++;
			}
			i = j;
		} else if (c == '"' || c == '\'') {
			size_t j = quote_end(d, n, i);
			sb_addn(t, (const char *)d + i, j - i);
			i = j;
		} else {
			sb_addc(t, (char)c);
			i++;
		}
	}
	return i;
}

/* Walk d: call fn for every directive; returns 0 when some token outside
 * the directives was met (the file is not preprocessor-only), else 1. */
static int scan(const unsigned char *d, size_t n, void (*fn)(void *, struct directive *), void *arg)
{
	size_t i = 0, line = 1, ls = 0;
	int start = 1, pp_only = 1;
	while (i < n) {
		unsigned char c = d[i];
		if (c == '\n') {
			i++;
			line++;
			ls = i;
			start = 1;
		} else if (c == '\\' && i + 1 < n && d[i + 1] == '\n') {
			i += 2;
			line++;
			ls = i;
		} else if (is_ws(c)) {
			i++;
		} else if (c == '/' && i + 1 < n && d[i + 1] == '*') {
			size_t j = block_end(d, n, i);
			line += count_nl(d, i, j, &ls);
			i = j;
		} else if (c == '/' && i + 1 < n && d[i + 1] == '/') {
			while (i < n && d[i] != '\n') {
				if (d[i] == '\\' && i + 1 < n && d[i + 1] == '\n') {
					line++;
					ls = i + 2;
					i += 2;
					continue;
				}
				i++;
			}
		} else if (c == '#' && start) {
			struct directive dv;
			dv.line = line;
			dv.col = i - ls + 1;
			dv.off = i + 1;
			memset(&dv.text, 0, sizeof(dv.text));
			i = directive(d, n, i + 1, &dv.text, &line, &ls);
			dv.end_line = line;
			if (fn)
				fn(arg, &dv);
			sb_free(&dv.text);
		} else {
			start = 0;
			pp_only = 0;
			if (!fn)
				return 0;
			i = c == '"' || c == '\'' ? quote_end(d, n, i) : i + 1;
		}
	}
	return pp_only;
}

int xpp_only(const char *src, size_t n)
{
	return scan((const unsigned char *)src, n, NULL, NULL);
}

/* ---- directive texts ---- */

/* Comments become one space; strings and characters are kept. */
static void uncomment(const char *t, size_t n, struct strbuf *out)
{
	const unsigned char *d = (const unsigned char *)t;
	size_t i = 0;
	while (i < n) {
		if (d[i] == '/' && i + 1 < n && d[i + 1] == '*') {
			i = block_end(d, n, i);
			sb_addc(out, ' ');
		} else if (d[i] == '/' && i + 1 < n && d[i + 1] == '/') {
			while (i < n && d[i] != '\n')
				i++;
			sb_addc(out, ' ');
		} else if (d[i] == '"' || d[i] == '\'') {
			size_t j = quote_end(d, n, i);
			sb_addn(out, t + i, j - i);
			i = j;
		} else {
			sb_addc(out, t[i++]);
		}
	}
}

/* White space runs become one space, none at either end. */
static void fold(const char *t, size_t n, struct strbuf *out)
{
	size_t i = 0;
	while (i < n && is_ws_nl((unsigned char)t[i]))
		i++;
	int pend = 0;
	for (; i < n; i++) {
		if (is_ws_nl((unsigned char)t[i])) {
			pend = 1;
			continue;
		}
		if (pend)
			sb_addc(out, ' ');
		pend = 0;
		sb_addc(out, t[i]);
	}
}

/* The value of an integer constant condition (folded text), -1 when it is no
 * integer constant, else 0 (zero) or 1 (non-zero). */
static int constant(const char *t)
{
	const char *p = t;
	int nonzero = 0;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		p += 2;
		if (!strchr("0123456789abcdefABCDEF", *p) || !*p)
			return -1;
		for (; *p && strchr("0123456789abcdefABCDEF", *p); p++)
			nonzero |= *p != '0';
	} else if (p[0] == '0') {
		for (; *p >= '0' && *p <= '7'; p++)
			nonzero |= *p != '0';
	} else if (p[0] >= '1' && p[0] <= '9') {
		nonzero = 1;
		while (*p >= '0' && *p <= '9')
			p++;
	} else {
		return -1;
	}
	while (*p && strchr("uUlL", *p))
		p++;
	return *p ? -1 : nonzero;
}

/* Bytes as UTF-8: each maximal subpart of an ill-formed sequence becomes
 * U+FFFD, as python's bytes.decode("utf-8", "replace"). */
static void utf8_replace(const char *s, size_t n, struct strbuf *out)
{
	const unsigned char *d = (const unsigned char *)s;
	size_t i = 0;
	while (i < n) {
		size_t len, k = utf8_prefix(d + i, n - i, &len);
		if (len && k == len)
			sb_addn(out, s + i, len);
		else
			sb_add(out, "\xEF\xBF\xBD");
		i += k ? k : 1;
	}
}

static const char *const not_called[] = {"if",	   "for",	 "while",    "do",	"switch",
					 "return", "sizeof",	 "typeof",   "__typeof__", "_Generic",
					 "defined", "likely", "unlikely", NULL};

/* The identifiers body calls, in order, once, as "\tNAME" fields. */
static void calls(const char *body, size_t n, char **params, size_t np, struct strbuf *out)
{
	const unsigned char *d = (const unsigned char *)body;
	struct strbuf seen = {0}; /* "\tA\tB\t" */
	sb_addc(&seen, '\t');
	size_t i = 0;
	while (i < n) {
		unsigned char c = d[i];
		if (c == '"' || c == '\'') {
			i = quote_end(d, n, i);
		} else if (is_id0(c)) {
			size_t j = i + 1;
			while (j < n && is_id(d[j]))
				j++;
			size_t k = j;
			while (k < n && is_ws_nl(d[k]))
				k++;
			if (k < n && d[k] == '(') {
				char *name = xstrndup(body + i, j - i);
				int skip = strncmp(name, "__builtin", 9) == 0;
				for (size_t p = 0; !skip && p < np; p++)
					skip = strcmp(params[p], name) == 0;
				for (const char *const *w = not_called; !skip && *w; w++)
					skip = strcmp(*w, name) == 0;
				if (!skip) {
					char *key = xasprintf("\t%s\t", name);
					if (!strstr(seen.s, key)) {
						sb_add(&seen, key + 1);
						sb_add(out, key);
						out->len--; /* no trailing TAB */
						out->s[out->len] = 0;
					}
					free(key);
				}
				free(name);
			}
			i = j;
		} else if ((c >= '0' && c <= '9') || (c == '.' && i + 1 < n && d[i + 1] >= '0' && d[i + 1] <= '9')) {
			size_t j = i + 1;
			while (j < n) {
				unsigned char b = d[j];
				if ((b == '+' || b == '-') && d[j - 1] && strchr("eEpP", d[j - 1]))
					j++;
				else if (is_id(b) || b == '.')
					j++;
				else
					break;
			}
			i = j;
		} else {
			i++;
		}
	}
	sb_free(&seen);
}

/* LINE:COL of the token after `define`, the directive's text starting at
 * d[o] (just after its '#') on line `line`. */
static void name_pos(const unsigned char *d, size_t n, size_t o, size_t line, size_t *l, size_t *col)
{
	size_t i = o;
	int tok = 0;
	while (i < n) {
		unsigned char c = d[i];
		if (c == '\\' && i + 1 < n && d[i + 1] == '\n') {
			i += 2;
			line++;
		} else if (is_ws(c)) {
			i++;
		} else if (c == '/' && i + 1 < n && d[i + 1] == '*') {
			size_t j = block_end(d, n, i), dummy = 0;
			line += count_nl(d, i, j, &dummy);
			i = j;
		} else if (tok == 1) {
			size_t s = i;
			while (s > 0 && d[s - 1] != '\n')
				s--;
			*l = line;
			*col = i - s + 1;
			return;
		} else {
			tok = 1;
			while (i < n && is_id(d[i]))
				i++;
		}
	}
	*l = line;
	*col = 1;
}

struct group {
	int outside_dead, had_nonzero;
};

struct ppstate {
	const unsigned char *d;
	size_t n;
	struct group *g;
	size_t ng, capg;
	int dead;
	struct strbuf out;
};

static void one(void *arg, struct directive *dv)
{
	struct ppstate *S = arg;
	struct strbuf t = {0};
	uncomment(dv->text.s ? dv->text.s : "", dv->text.len, &t);
	const char *p = t.s ? t.s : "";
	const char *end = p + t.len;
	while (p < end && is_ws_nl((unsigned char)*p))
		p++;
	const char *kw = p;
	if (p == end || !is_id0((unsigned char)*p)) {
		sb_free(&t);
		return;
	}
	while (p < end && is_id((unsigned char)*p))
		p++;
	size_t kl = (size_t)(p - kw);
	struct strbuf f = {0};
#define KW(s) (kl == strlen(s) && memcmp(kw, s, kl) == 0)
	if (KW("if") || KW("ifdef") || KW("ifndef")) {
		int v = -1;
		if (KW("if")) {
			fold(p, (size_t)(end - p), &f);
			v = constant(f.s ? f.s : "");
		}
		struct group gr = {S->dead, v == 1};
		VEC_PUSH(S->g, S->ng, S->capg, gr);
		S->dead = S->dead || v == 0;
	} else if (KW("elif")) {
		if (S->ng) {
			struct group *gr = &S->g[S->ng - 1];
			fold(p, (size_t)(end - p), &f);
			int v = constant(f.s ? f.s : "");
			S->dead = gr->outside_dead || gr->had_nonzero || v == 0;
			if (v == 1)
				gr->had_nonzero = 1;
		}
	} else if (KW("else")) {
		if (S->ng) {
			struct group *gr = &S->g[S->ng - 1];
			S->dead = gr->outside_dead || gr->had_nonzero;
		}
	} else if (KW("endif")) {
		if (S->ng)
			S->dead = S->g[--S->ng].outside_dead;
	} else if (KW("define") && !S->dead && p < end && is_ws_nl((unsigned char)*p)) {
		while (p < end && is_ws_nl((unsigned char)*p))
			p++;
		const char *nm = p;
		if (p < end && is_id0((unsigned char)*p)) {
			while (p < end && is_id((unsigned char)*p))
				p++;
			char *name = xstrndup(nm, (size_t)(p - nm));
			if (p < end && *p == '(') {
				const char *close = memchr(p, ')', (size_t)(end - p));
				const char *pe = close ? close : end;
				char **params = NULL;
				size_t np = 0, capp = 0;
				const char *q = p + 1;
				while (q <= pe) {
					const char *c = memchr(q, ',', (size_t)(pe - q));
					const char *e = c ? c : pe;
					const char *a = q, *b = e;
					while (a < b && is_ws_nl((unsigned char)*a))
						a++;
					while (b > a && is_ws_nl((unsigned char)b[-1]))
						b--;
					VEC_PUSH(params, np, capp, xstrndup(a, (size_t)(b - a)));
					if (!c)
						break;
					q = c + 1;
				}
				struct strbuf cs = {0};
				if (close)
					calls(close + 1, (size_t)(end - close - 1), params, np, &cs);
				if (cs.len) {
					size_t l, col;
					name_pos(S->d, S->n, dv->off, dv->line, &l, &col);
					sb_addf(&S->out, "define\t%s\t%zu:%zu%s\n", name, l, col, cs.s);
				}
				sb_free(&cs);
				for (size_t k = 0; k < np; k++)
					free(params[k]);
				free(params);
			} else {
				fold(p, (size_t)(end - p), &f);
				if (f.len) {
					sb_addf(&S->out, "defval\t%s\t%zu:%zu\t", name, dv->line, dv->col);
					utf8_replace(f.s, f.len, &S->out);
					sb_addc(&S->out, '\n');
				}
			}
			free(name);
		}
	}
#undef KW
	sb_free(&f);
	sb_free(&t);
}

struct kinds {
	unsigned char *k;
	size_t n;
};

static void mark(void *arg, struct directive *dv)
{
	struct kinds *K = arg;
	for (size_t l = dv->line; l <= dv->end_line && l < K->n; l++)
		K->k[l] = 1;
}

unsigned char *xpp_line_kinds(const char *src, size_t n, size_t *nlines)
{
	size_t nl = 1;
	for (size_t i = 0; i < n; i++)
		nl += src[i] == '\n';
	struct kinds K = {xcalloc(nl + 2, 1), nl + 2};
	/* blank lines */
	size_t line = 1, start = 0;
	for (size_t i = 0; i <= n; i++)
		if (i == n || src[i] == '\n') {
			int blank = 1;
			for (size_t j = start; j < i && blank; j++)
				blank = is_ws((unsigned char)src[j]);
			if (blank)
				K.k[line] = 2;
			line++;
			start = i + 1;
		}
	scan((const unsigned char *)src, n, mark, &K);
	*nlines = nl;
	return K.k;
}

char *xpp_records(const char *src, size_t n, size_t *len)
{
	struct ppstate S;
	memset(&S, 0, sizeof(S));
	S.d = (const unsigned char *)src;
	S.n = n;
	scan(S.d, n, one, &S);
	free(S.g);
	if (!S.out.s)
		S.out.s = xstrdup("");
	*len = S.out.len;
	return S.out.s;
}
