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
 *    empty and holds no control byte (a raw escape in a string literal, as
 *    tools/perf/util/top.h's CONSOLE_CLEAR); LINE:COL is where the '#' is.
 *    Columns count bytes, from 1.
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

/* A token outside the directives (xhdr_scan): an identifier, a literal
 * (kind 'L': string, character or number) or one punctuation byte. */
struct ctok {
	char kind; /* 'I', 'L', or the punctuation byte */
	size_t off, len, line, col;
};

/* Walk d: call fn for every directive and tok (when not NULL) for every
 * token outside them; returns 0 when some token outside the directives was
 * met (the file is not preprocessor-only), else 1. */
static int scan_tokens(const unsigned char *d, size_t n, void (*fn)(void *, struct directive *),
		       void (*tok)(void *, const struct ctok *), void *arg);

static int scan(const unsigned char *d, size_t n, void (*fn)(void *, struct directive *), void *arg)
{
	return scan_tokens(d, n, fn, NULL, arg);
}

static int scan_tokens(const unsigned char *d, size_t n, void (*fn)(void *, struct directive *),
		       void (*tok)(void *, const struct ctok *), void *arg)
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
			size_t j = c == '"' || c == '\'' ? quote_end(d, n, i) : i + 1;
			char kind = c == '"' || c == '\'' ? 'L' : (char)c;
			if (tok && is_id0(c)) {
				kind = 'I';
				while (j < n && is_id(d[j]))
					j++;
			} else if (tok && c >= '0' && c <= '9') {
				kind = 'L';
				while (j < n && (is_id(d[j]) || d[j] == '.'))
					j++;
			}
			if (tok) {
				struct ctok t = {kind, i, j - i, line, i - ls + 1};
				tok(arg, &t);
			}
			i = j;
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

#define KW(s) (kl == strlen(s) && memcmp(kw, s, kl) == 0)

/* A conditional directive (#if, #ifdef, #ifndef, #elif, #else, #endif):
 * the groups and whether the code after it is dead; 0 for the others.  kw
 * is the keyword (kl bytes), p..end the rest of the directive, uncommented. */
static int conditional(struct ppstate *S, const char *kw, size_t kl, const char *p, const char *end)
{
	struct strbuf f = {0};
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
	} else {
		return 0;
	}
	sb_free(&f);
	return 1;
}

/* The directive's keyword: *kw, *kl, and the text after it in *p..*end
 * (t holds the uncommented text).  0 when it has none. */
static int keyword(struct directive *dv, struct strbuf *t, const char **kw, size_t *kl, const char **p,
		   const char **end)
{
	uncomment(dv->text.s ? dv->text.s : "", dv->text.len, t);
	const char *q = t->s ? t->s : "";
	*end = q + t->len;
	while (q < *end && is_ws_nl((unsigned char)*q))
		q++;
	*kw = q;
	if (q == *end || !is_id0((unsigned char)*q))
		return 0;
	while (q < *end && is_id((unsigned char)*q))
		q++;
	*kl = (size_t)(q - *kw);
	*p = q;
	return 1;
}

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
	if (conditional(S, kw, kl, p, end)) {
		;
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
				int ctrl = 0; /* a raw control byte (an escape sequence in a string): no mask, and no valid field */
				for (size_t k = 0; k < f.len && !ctrl; k++)
					ctrl = (unsigned char)f.s[k] < 0x20 || (unsigned char)f.s[k] == 0x7f;
				if (f.len && !ctrl) {
					sb_addf(&S->out, "defval\t%s\t%zu:%zu\t", name, dv->line, dv->col);
					utf8_replace(f.s, f.len, &S->out);
					sb_addc(&S->out, '\n');
				}
			}
			free(name);
		}
	}
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

/* ---- the function declarations of a header (xhdr_scan) ---- */

#define XHDR_MAXMEMBERS 250 /* as the Coccinelle front end: the core reads at most 300 fields a record */

struct hscan {
	struct ppstate pp; /* conditional groups: dead branches are skipped */
	struct ctok *decl; /* tokens of the declaration being read (brace depth 0) */
	size_t nd, capd;
	int bd;            /* brace depth */
	long cur;          /* the definition whose body is being read, or -1 */
	struct ctok prev;  /* the previous token in a body */
	long st;           /* the struct definition whose members are being read, or -1 */
	long mfirst;       /* offset of the first token of its member being read, or -1 */
	struct xhdr *out;
};

static int tok_is(const struct hscan *S, const struct ctok *t, const char *w)
{
	size_t l = strlen(w);
	return t->kind == 'I' && t->len == l && memcmp(S->pp.d + t->off, w, l) == 0;
}

static int not_a_name(const struct hscan *S, const struct ctok *t)
{
	static const char *const w[] = {"if", "for", "while", "do", "switch", "return", "sizeof", "typeof",
					"__typeof__", "__typeof", "_Generic", "_Static_assert", "static_assert",
					"__attribute__", "__attribute", "asm", "__asm__", "__asm", "defined",
					"typedef", "void", "char", "short", "int", "long", "signed", "unsigned",
					"float", "double", "_Bool", "const", "volatile", "struct", "union", "enum",
					"extern", "static", "inline", NULL};
	for (const char *const *p = w; *p; p++)
		if (tok_is(S, t, *p))
			return 1;
	return t->len >= 9 && memcmp(S->pp.d + t->off, "__builtin", 9) == 0;
}

/* Index of the ')' closing the '(' at i in the declaration, or nd. */
static size_t close_paren(const struct hscan *S, size_t i)
{
	int depth = 0;
	for (size_t k = i; k < S->nd; k++) {
		depth += S->decl[k].kind == '(';
		depth -= S->decl[k].kind == ')';
		if (depth == 0)
			return k;
	}
	return S->nd;
}

/* Do the tokens between '(' at a and ')' at b look like parameters (types
 * and names, `...`), not like the arguments of an attribute macro
 * (`__printf(2, 3)`, `__acquires(&x->lock)`)? */
static int params_like(const struct hscan *S, size_t a, size_t b)
{
	int brackets = 0;
	if (a + 1 < b && (S->decl[a + 1].kind == '*' || S->decl[a + 1].kind == '^'))
		return 0; /* `T (*name)(...)`: a pointer declarator, not parameters */
	for (size_t k = a + 1; k < b; k++) {
		char c = S->decl[k].kind;
		brackets += c == '[';
		brackets -= c == ']';
		if (!brackets && (c == 'L' || c == '=' || c == '&' || c == '-' || c == '+' || c == '"' || c == '!'))
			return 0;
		if (c == '.' && !(k + 2 < b && S->decl[k + 1].kind == '.' && S->decl[k + 2].kind == '.') &&
		    !(k >= 1 && S->decl[k - 1].kind == '.'))
			return 0;
	}
	return 1;
}

/* The declared function's name in the declaration read so far: the first
 * identifier at parenthesis depth 0, after a type (an identifier or '*'),
 * followed by a parameter list; attribute groups are skipped.  -1: none
 * (a variable, a typedef, a macro invocation, a struct). */
static long declarator(const struct hscan *S)
{
	if (!S->nd || tok_is(S, &S->decl[0], "typedef"))
		return -1;
	int depth = 0;
	long prev = -1; /* the previous token at depth 0 that is not an attribute group */
	for (size_t i = 0; i < S->nd; i++) {
		const struct ctok *t = &S->decl[i];
		if (depth == 0 && t->kind == 'I' &&
		    (tok_is(S, t, "__attribute__") || tok_is(S, t, "__attribute") || tok_is(S, t, "asm") ||
		     tok_is(S, t, "__asm__") || tok_is(S, t, "__asm")) &&
		    i + 1 < S->nd && S->decl[i + 1].kind == '(') {
			i = close_paren(S, i + 1);
			continue;
		}
		if (depth == 0 && t->kind == '=')
			return -1; /* an initialiser: a variable */
		if (depth == 0 && t->kind == 'I' && i + 1 < S->nd && S->decl[i + 1].kind == '(' && prev >= 0 &&
		    (S->decl[prev].kind == 'I' || S->decl[prev].kind == '*') && !not_a_name(S, t)) {
			size_t c = close_paren(S, i + 1);
			if (c < S->nd && params_like(S, i + 1, c))
				return (long)i;
		}
		depth += t->kind == '(';
		depth -= t->kind == ')';
		if (depth == 0 && t->kind != ')')
			prev = (long)i;
		else if (depth == 0)
			prev = -1; /* after a parenthesised group: `X(a) f(...)` is no type */
	}
	return -1;
}

/* The declaration ends with ';' (def 0) or with the '{' of a body (def 1):
 * record the function it declares, if any; its index or -1. */
static long declaration(struct hscan *S, int def)
{
	long i = declarator(S);
	if (i < 0)
		return -1;
	int is_static = 0;
	for (long k = 0; k < i; k++)
		is_static |= tok_is(S, &S->decl[k], "static");
	struct xhdr_fn f;
	memset(&f, 0, sizeof(f));
	const struct ctok *t = &S->decl[i];
	f.name = xstrndup((const char *)S->pp.d + t->off, t->len);
	f.line = t->line;
	f.col = t->col;
	f.def = def;
	f.is_static = is_static;
	VEC_PUSH(S->out->v, S->out->n, S->out->cap, f);
	return (long)S->out->n - 1;
}

static void add_call(struct hscan *S, const struct ctok *t)
{
	struct xhdr_fn *f = &S->out->v[S->cur];
	for (size_t k = 0; k < f->ncalls; k++)
		if (strlen(f->calls[k]) == t->len && memcmp(f->calls[k], S->pp.d + t->off, t->len) == 0)
			return;
	VEC_PUSH(f->calls, f->ncalls, f->capcalls, xstrndup((const char *)S->pp.d + t->off, t->len));
}

/* The declaration read so far ends in `struct NAME` (a definition's head,
 * `typedef struct NAME` too): record the struct; its index or -1. */
static long struct_head(struct hscan *S)
{
	if (S->nd < 2 || S->decl[S->nd - 1].kind != 'I' || !tok_is(S, &S->decl[S->nd - 2], "struct") ||
	    not_a_name(S, &S->decl[S->nd - 1]))
		return -1;
	const struct ctok *t = &S->decl[S->nd - 1];
	struct xhdr_struct x;
	memset(&x, 0, sizeof(x));
	x.name = xstrndup((const char *)S->pp.d + t->off, t->len);
	x.line = t->line;
	x.col = t->col;
	VEC_PUSH(S->out->sv, S->out->ns, S->out->caps, x);
	return (long)S->out->ns - 1;
}

/* A member declaration of the struct being read ends at the ';' at offset
 * end: its text, comments dropped and white space folded, as spatch's front
 * end writes it. */
static void struct_member(struct hscan *S, size_t end)
{
	struct xhdr_struct *x = &S->out->sv[S->st];
	struct strbuf u = {0}, f = {0};
	uncomment((const char *)S->pp.d + S->mfirst, end - (size_t)S->mfirst, &u);
	fold(u.s ? u.s : "", u.len, &f);
	sb_free(&u);
	VEC_PUSH(x->members, x->nmembers, x->capmembers, f.s ? f.s : xstrdup(""));
	S->mfirst = -1;
}

static void hdr_tok(void *arg, const struct ctok *t)
{
	struct hscan *S = arg;
	if (S->pp.dead)
		return;
	if (S->bd > 0 && S->st >= 0) { /* a struct's members, split at the ';' of depth 1 */
		if (S->bd == 1 && t->kind == ';' && S->mfirst >= 0)
			struct_member(S, t->off);
		else if (S->bd == 1 && S->mfirst < 0 && t->kind != '}' && t->kind != ';')
			S->mfirst = (long)t->off;
	}
	if (S->bd > 0) {
		if (S->cur >= 0 && t->kind == '(' && S->prev.kind == 'I' && !not_a_name(S, &S->prev))
			add_call(S, &S->prev);
		S->prev = *t;
		if (t->kind == '{')
			S->bd++;
		else if (t->kind == '}' && (--S->bd == 0 || t->col == 1)) {
			/* a '}' in the first column ends a body or a struct in any
			 * case (kernel style): branches of #ifdef that open a brace
			 * twice do not derail the rest of the file */
			S->bd = 0;
			if (S->cur >= 0)
				S->nd = 0; /* a function body ends its declaration */
			S->cur = -1;
			S->st = -1;
			S->mfirst = -1;
		}
		return;
	}
	if (t->kind == ';') {
		declaration(S, 0);
		S->nd = 0;
	} else if (t->kind == '{') {
		S->st = struct_head(S);
		S->mfirst = -1;
		S->cur = S->st >= 0 ? -1 : declaration(S, 1);
		S->bd = 1;
		memset(&S->prev, 0, sizeof(S->prev));
	} else if (t->kind == '}') {
		S->nd = 0;
	} else {
		VEC_PUSH(S->decl, S->nd, S->capd, *t);
	}
}

static void hdr_directive(void *arg, struct directive *dv)
{
	struct hscan *S = arg;
	struct strbuf t = {0};
	const char *kw, *p, *end;
	size_t kl;
	if (keyword(dv, &t, &kw, &kl, &p, &end))
		conditional(&S->pp, kw, kl, p, end);
	sb_free(&t);
}

void xhdr_scan(const char *src, size_t n, struct xhdr *out)
{
	struct hscan S;
	memset(&S, 0, sizeof(S));
	S.pp.d = (const unsigned char *)src;
	S.pp.n = n;
	S.cur = -1;
	S.st = -1;
	S.mfirst = -1;
	S.out = out;
	scan_tokens(S.pp.d, n, hdr_directive, hdr_tok, &S);
	free(S.pp.g);
	free(S.decl);
}

void xhdr_free(struct xhdr *h)
{
	for (size_t i = 0; i < h->n; i++) {
		for (size_t k = 0; k < h->v[i].ncalls; k++)
			free(h->v[i].calls[k]);
		free(h->v[i].calls);
		free(h->v[i].name);
	}
	free(h->v);
	for (size_t i = 0; i < h->ns; i++) {
		for (size_t k = 0; k < h->sv[i].nmembers; k++)
			free(h->sv[i].members[k]);
		free(h->sv[i].members);
		free(h->sv[i].name);
	}
	free(h->sv);
	memset(h, 0, sizeof(*h));
}

void xhdr_drop_struct(struct xhdr *h, const char *name, size_t n)
{
	for (size_t i = 0; i < h->ns; i++)
		if (strlen(h->sv[i].name) == n && memcmp(h->sv[i].name, name, n) == 0) {
			for (size_t k = 0; k < h->sv[i].nmembers; k++)
				free(h->sv[i].members[k]);
			h->sv[i].nmembers = 0; /* xhdr_records() skips it */
		}
}

char *xhdr_records(const struct xhdr *h, int structs, size_t *len)
{
	struct strbuf b = {0};
	for (size_t i = 0; i < h->n; i++) {
		const struct xhdr_fn *f = &h->v[i];
		sb_addf(&b, "proto\t%s\t%zu:%zu\t%s\n", f->name, f->line, f->col,
			f->def ? (f->is_static ? "static-inline" : "extern-inline") : f->is_static ? "static" : "extern");
	}
	for (size_t i = 0; structs && i < h->ns; i++) {
		const struct xhdr_struct *x = &h->sv[i];
		if (!x->nmembers || x->nmembers > XHDR_MAXMEMBERS)
			continue; /* a forward declaration's empty body, or more than a record holds */
		sb_addf(&b, "struct\t%s\t%zu:%zu\t%zu", x->name, x->line, x->col, x->nmembers);
		for (size_t k = 0; k < x->nmembers; k++) {
			sb_addc(&b, '\t');
			for (const char *q = x->members[k]; *q; q++)
				sb_addc(&b, *q == '\t' ? ' ' : *q);
		}
		sb_addc(&b, '\n');
	}
	if (!b.s)
		b.s = xstrdup("");
	*len = b.len;
	return b.s;
}
