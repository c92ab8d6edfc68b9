/* text.c - lexer over the file as written (see text.h). */
#include "text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/util.h"

static int ident_start(int c) { return isalpha(c) || c == '_' || c == '$'; }
static int ident_char(int c) { return isalnum(c) || c == '_' || c == '$'; }

static const char *const puncts3[] = {"<<=", ">>=", "...", NULL};
static const char *const puncts2[] = {"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
				      "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=", "##", NULL};

static int punct_len(const char *s, size_t left)
{
	for (int i = 0; puncts3[i]; i++)
		if (left >= 3 && memcmp(s, puncts3[i], 3) == 0)
			return 3;
	for (int i = 0; puncts2[i]; i++)
		if (left >= 2 && memcmp(s, puncts2[i], 2) == 0)
			return 2;
	return 1;
}

enum { D_NONE, D_IF, D_ELSE, D_ENDIF };

/* #define NAME VALUE (object-like) in the directive text [p, end): add it */
static void add_define(struct text *tx, const char *p, const char *end, int line, int col)
{
	struct strbuf b = {0};
	/* drop backslash-newlines and comments, fold white space */
	for (const char *q = p; q < end; q++) {
		if (*q == '\\' && q + 1 < end && q[1] == '\n') {
			q++;
			sb_addc(&b, ' ');
		} else if (*q == '/' && q + 1 < end && q[1] == '*') {
			const char *e = q + 2;
			while (e + 1 < end && !(e[0] == '*' && e[1] == '/'))
				e++;
			q = e + 1;
			sb_addc(&b, ' ');
		} else if (*q == '/' && q + 1 < end && q[1] == '/') {
			break;
		} else {
			sb_addc(&b, *q == '\t' || *q == '\n' || *q == '\r' ? ' ' : *q);
		}
	}
	const char *t = b.s ? b.s : "";
	while (*t == ' ')
		t++;
	if (strncmp(t, "define", 6) != 0 || (t[6] != ' ')) {
		free(b.s);
		return;
	}
	t += 6;
	while (*t == ' ')
		t++;
	const char *n = t;
	while (ident_char((unsigned char)*t))
		t++;
	if (t == n || *t == '(') {	/* function-like: not a value */
		free(b.s);
		return;
	}
	char *name = xstrndup(n, (size_t)(t - n));
	while (*t == ' ')
		t++;
	struct strbuf v = {0};
	int sp = 0;
	for (; *t; t++) {
		if (*t == ' ') {
			sp = 1;
			continue;
		}
		if (sp && v.len)
			sb_addc(&v, ' ');
		sp = 0;
		sb_addc(&v, *t);
	}
	free(b.s);
	int ctrl = 0; /* a raw control byte (an escape in a string literal): no mask, no valid field */
	for (size_t k = 0; k < v.len && !ctrl; k++)
		ctrl = (unsigned char)v.s[k] < 0x20 || (unsigned char)v.s[k] == 0x7f;
	if (!v.len || ctrl) {
		free(name);
		free(v.s);
		return;
	}
	tx->defs = xrealloc(tx->defs, sizeof(struct define) * (size_t)(tx->ndefs + 1));
	tx->defs[tx->ndefs].line = line;
	tx->defs[tx->ndefs].col = col;
	tx->defs[tx->ndefs].name = name;
	tx->defs[tx->ndefs].value = v.s;
	tx->ndefs++;
}

/* kind of the directive starting at p (after '#') */
static int directive_kind(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	const char *w = p;
	while (p < end && isalpha((unsigned char)*p))
		p++;
	size_t l = (size_t)(p - w);
#define IS(s) (l == sizeof(s) - 1 && memcmp(w, s, l) == 0)
	if (IS("if") || IS("ifdef") || IS("ifndef"))
		return D_IF;
	if (IS("elif") || IS("else") || IS("elifdef") || IS("elifndef"))
		return D_ELSE;
	if (IS("endif"))
		return D_ENDIF;
#undef IS
	return D_NONE;
}

int text_load(struct text *tx, const char *path)
{
	memset(tx, 0, sizeof(*tx));
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	size_t cap = 1 << 16, n = 0;
	char *buf = xmalloc(cap + 1);
	size_t r;
	while ((r = fread(buf + n, 1, cap - n, f)) > 0) {
		n += r;
		if (n == cap) {
			cap *= 2;
			buf = xrealloc(buf, cap + 1);
		}
	}
	fclose(f);
	buf[n] = 0;
	tx->buf = buf;
	tx->size = n;

	int nlines = 1;
	for (size_t i = 0; i < n; i++)
		nlines += buf[i] == '\n';
	tx->nlines = nlines;
	int capt = 1024;
	tx->t = xmalloc(sizeof(struct tok) * (size_t)capt);
	/* segment boundaries: lines of conditional directives */
	int capb = 16, nb = 0;
	int *bound = xmalloc(sizeof(int) * (size_t)capb);

	int line = 1;
	size_t bol = 0;		/* offset of the beginning of the line */
	int at_bol = 1;		/* only white space so far on this line */
	size_t i = 0;
	while (i < n) {
		char c = buf[i];
		if (c == '\n') {
			line++;
			bol = ++i;
			at_bol = 1;
			continue;
		}
		if (c == '\\' && i + 1 < n && buf[i + 1] == '\n') {
			i += 2;
			line++;
			bol = i;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			i++;
			continue;
		}
		if (c == '/' && i + 1 < n && buf[i + 1] == '*') {
			i += 2;
			while (i < n && !(buf[i] == '*' && i + 1 < n && buf[i + 1] == '/')) {
				if (buf[i] == '\n') {
					line++;
					bol = i + 1;
				}
				i++;
			}
			i = i + 2 <= n ? i + 2 : n;
			continue;
		}
		if (c == '/' && i + 1 < n && buf[i + 1] == '/') {
			while (i < n && buf[i] != '\n')
				i++;
			continue;
		}
		if (c == '#' && at_bol) {
			/* a directive: skip to the end of the line (continuations, comments) */
			int kind = directive_kind(buf + i + 1, buf + n);
			int dline = line, dcol = (int)(i - bol) + 1;
			size_t dstart = i + 1;
			i++;
			while (i < n && buf[i] != '\n') {
				if (buf[i] == '\\' && i + 1 < n && buf[i + 1] == '\n') {
					i += 2;
					line++;
					bol = i;
					continue;
				}
				if (buf[i] == '/' && i + 1 < n && buf[i + 1] == '*') {
					i += 2;
					while (i < n && !(buf[i] == '*' && i + 1 < n && buf[i + 1] == '/')) {
						if (buf[i] == '\n') {
							line++;
							bol = i + 1;
						}
						i++;
					}
					i = i + 2 <= n ? i + 2 : n;
					continue;
				}
				i++;
			}
			if (kind == D_NONE)
				add_define(tx, buf + dstart, buf + i, dline, dcol);
			if (kind != D_NONE) {
				if (nb + 2 > capb) {
					capb *= 2;
					bound = xrealloc(bound, sizeof(int) * (size_t)capb);
				}
				bound[nb++] = dline;
				bound[nb++] = line;	/* last line of the directive */
			}
			continue;
		}
		at_bol = 0;
		struct tok tk;
		memset(&tk, 0, sizeof(tk));
		tk.line = line;
		tk.col = (int)(i - bol) + 1;
		tk.off = (int)i;
		tk.match = -1;
		if (ident_start((unsigned char)c)) {
			size_t j = i;
			while (j < n && ident_char((unsigned char)buf[j]))
				j++;
			/* string/char literal prefixes */
			if (j < n && (buf[j] == '"' || buf[j] == '\'') && j - i <= 2 &&
			    (buf[i] == 'L' || buf[i] == 'u' || buf[i] == 'U')) {
				i = j;
				c = buf[i];
				goto literal;
			}
			tk.kind = TK_IDENT;
			tk.len = (int)(j - i);
			i = j;
		} else if (isdigit((unsigned char)c) || (c == '.' && i + 1 < n && isdigit((unsigned char)buf[i + 1]))) {
			size_t j = i + 1;
			while (j < n && (isalnum((unsigned char)buf[j]) || buf[j] == '.' || buf[j] == '_' ||
					 ((buf[j] == '+' || buf[j] == '-') && (buf[j - 1] == 'e' || buf[j - 1] == 'E' ||
									       buf[j - 1] == 'p' || buf[j - 1] == 'P'))))
				j++;
			tk.kind = TK_NUM;
			tk.len = (int)(j - i);
			i = j;
		} else if (c == '"' || c == '\'') {
literal:;
			char q = c;
			size_t j = i + 1;
			while (j < n && buf[j] != q && buf[j] != '\n') {
				if (buf[j] == '\\' && j + 1 < n) {
					if (buf[j + 1] == '\n') {
						line++;
						bol = j + 2;
					}
					j++;
				}
				j++;
			}
			if (j < n && buf[j] == q)
				j++;
			tk.kind = q == '"' ? TK_STR : TK_CHAR;
			tk.len = (int)(j - (size_t)tk.off);
			i = j;
		} else {
			tk.kind = TK_PUNCT;
			tk.len = punct_len(buf + i, n - i);
			i += (size_t)tk.len;
		}
		if (tx->n == capt) {
			capt *= 2;
			tx->t = xrealloc(tx->t, sizeof(struct tok) * (size_t)capt);
		}
		tx->t[tx->n++] = tk;
	}

	/* matching brackets */
	int *stack = xmalloc(sizeof(int) * (size_t)(tx->n + 1));
	int sp = 0;
	for (int k = 0; k < tx->n; k++) {
		struct tok *t = &tx->t[k];
		if (t->kind != TK_PUNCT || t->len != 1)
			continue;
		char ch = buf[t->off];
		if (ch == '(' || ch == '[' || ch == '{') {
			stack[sp++] = k;
		} else if (ch == ')' || ch == ']' || ch == '}') {
			char want = ch == ')' ? '(' : ch == ']' ? '[' : '{';
			/* unwind to the matching opener (unbalanced #ifdef branches) */
			int s = sp - 1;
			while (s >= 0 && buf[tx->t[stack[s]].off] != want)
				s--;
			if (s >= 0) {
				tx->t[stack[s]].match = k;
				t->match = stack[s];
				sp = s;
			}
		}
	}
	free(stack);

	tx->line_tok = xmalloc(sizeof(int) * (size_t)(nlines + 2));
	for (int l = 0; l <= nlines + 1; l++)
		tx->line_tok[l] = tx->n;
	for (int k = tx->n - 1; k >= 0; k--)
		tx->line_tok[tx->t[k].line] = k;
	for (int l = nlines; l >= 1; l--)
		if (tx->line_tok[l] == tx->n)
			tx->line_tok[l] = tx->line_tok[l + 1];

	/* segments between conditional directives */
	tx->seg = xmalloc(sizeof(struct segment) * (size_t)(nb / 2 + 1));
	tx->line_seg = xmalloc(sizeof(int) * (size_t)(nlines + 2));
	int start = 1;
	for (int b = 0; b <= nb; b += 2) {
		int last = b < nb ? bound[b] - 1 : nlines + 1;
		struct segment *s = &tx->seg[tx->nseg];
		s->first = start;
		s->last = last;
		s->live = 0;
		for (int l = start; l <= last && l <= nlines + 1; l++)
			tx->line_seg[l] = tx->nseg;
		if (b < nb)
			for (int l = bound[b]; l <= bound[b + 1] && l <= nlines + 1; l++)
				tx->line_seg[l] = tx->nseg;
		tx->nseg++;
		if (b < nb)
			start = bound[b + 1] + 1;
	}
	free(bound);
	return 0;
}

void text_free(struct text *tx)
{
	free(tx->buf);
	free(tx->t);
	free(tx->line_tok);
	free(tx->seg);
	free(tx->line_seg);
	for (int i = 0; i < tx->ndefs; i++) {
		free(tx->defs[i].name);
		free(tx->defs[i].value);
	}
	free(tx->defs);
	memset(tx, 0, sizeof(*tx));
}

int text_tok_at(const struct text *tx, int line, int spcol)
{
	if (line < 1 || line > tx->nlines)
		return -1;
	for (int k = tx->line_tok[line]; k < tx->n && tx->t[k].line == line; k++)
		if ((tx->t[k].col & 1023) == spcol)
			return k;
	return -1;
}

int text_tok_from(const struct text *tx, int line, int col)
{
	if (line < 1)
		return 0;
	if (line > tx->nlines)
		return tx->n;
	int k = tx->line_tok[line];
	while (k < tx->n && tx->t[k].line == line && tx->t[k].col < col)
		k++;
	return k;
}

int tok_is(const struct text *tx, int i, const char *s)
{
	if (i < 0 || i >= tx->n)
		return 0;
	size_t l = strlen(s);
	return (size_t)tx->t[i].len == l && memcmp(tx->buf + tx->t[i].off, s, l) == 0;
}

void text_mark_live(struct text *tx)
{
	for (int k = 0; k < tx->n; k++)
		if (tx->t[k].seen)
			tx->seg[tx->line_seg[tx->t[k].line]].live = 1;
	/* a segment with no token at all is live (nothing to decide) */
	for (int k = 0; k < tx->n; k++)
		tx->t[k].live = (unsigned char)tx->seg[tx->line_seg[tx->t[k].line]].live;
}

static int is_closer(const struct text *tx, int i)
{
	return tx->t[i].kind == TK_PUNCT && tx->t[i].len == 1 &&
	       (tx->buf[tx->t[i].off] == ')' || tx->buf[tx->t[i].off] == ']' || tx->buf[tx->t[i].off] == '}');
}

int expr_end(const struct text *tx, int i, int limit)
{
	while (i < limit) {
		if (tok_is(tx, i, ",") || tok_is(tx, i, ";") || is_closer(tx, i))
			return i;
		if (tx->t[i].match > i)
			i = tx->t[i].match + 1;
		else
			i++;
	}
	return limit;
}

/* one past the ')' of the parenthesised group at i, or i if none */
static int skip_parens(const struct text *tx, int i)
{
	if (tok_is(tx, i, "(") && tx->t[i].match > i)
		return tx->t[i].match + 1;
	return i;
}

int stmt_end(const struct text *tx, int i, int limit)
{
	if (i >= limit)
		return limit;
	if (tok_is(tx, i, "{"))
		return tx->t[i].match > i ? tx->t[i].match + 1 : limit;
	if (tok_is(tx, i, ";"))
		return i + 1;
	if (tok_is(tx, i, "if")) {
		int j = stmt_end(tx, skip_parens(tx, i + 1), limit);
		if (tok_is(tx, j, "else"))
			j = stmt_end(tx, j + 1, limit);
		return j;
	}
	if (tok_is(tx, i, "for") || tok_is(tx, i, "while") || tok_is(tx, i, "switch"))
		return stmt_end(tx, skip_parens(tx, i + 1), limit);
	if (tok_is(tx, i, "do")) {
		int j = stmt_end(tx, i + 1, limit);
		if (tok_is(tx, j, "while"))
			j = skip_parens(tx, j + 1);
		return tok_is(tx, j, ";") ? j + 1 : j;
	}
	/* labels: `name:` and case/default */
	if (tx->t[i].kind == TK_IDENT && tok_is(tx, i + 1, ":") && !tok_is(tx, i, "default"))
		return stmt_end(tx, i + 2, limit);
	if (tok_is(tx, i, "case") || tok_is(tx, i, "default")) {
		int j = i + 1;
		while (j < limit && !tok_is(tx, j, ":"))
			j = tx->t[j].match > j ? tx->t[j].match + 1 : j + 1;
		return stmt_end(tx, j + 1, limit);
	}
	/* an iterator macro: NAME(...) followed by a statement that is not an operator */
	if (tx->t[i].kind == TK_IDENT && tok_is(tx, i + 1, "(") && tx->t[i + 1].match > i) {
		int j = tx->t[i + 1].match + 1;
		if (j < limit && (tok_is(tx, j, "{") || tx->t[j].kind == TK_IDENT))
			return stmt_end(tx, j, limit);
	}
	/* an expression statement or declaration: up to ';' at depth 0 */
	while (i < limit) {
		if (tok_is(tx, i, ";"))
			return i + 1;
		if (is_closer(tx, i))
			return i;
		if (tx->t[i].match > i)
			i = tx->t[i].match + 1;
		else
			i++;
	}
	return limit;
}

char *text_span(const struct text *tx, int a, int b)
{
	if (a >= b || a >= tx->n)
		return xstrdup("");
	if (b > tx->n)
		b = tx->n;
	size_t cap = 64, n = 0;
	char *out = xmalloc(cap);
	for (int k = a; k < b; k++) {
		const struct tok *t = &tx->t[k];
		/* a space where the file has white space or a comment between tokens */
		int sp = k > a && tx->t[k - 1].off + tx->t[k - 1].len < t->off;
		size_t need = n + (size_t)t->len + 2;
		if (need > cap) {
			while (cap < need)
				cap *= 2;
			out = xrealloc(out, cap);
		}
		if (sp)
			out[n++] = ' ';
		for (int c = 0; c < t->len; c++) {
			char ch = tx->buf[t->off + c];
			/* a string literal continued with backslash-newline */
			if (ch == '\n' || ch == '\t' || ch == '\r')
				ch = ' ';
			out[n++] = ch;
		}
	}
	out[n] = 0;
	return out;
}

int split_args(const struct text *tx, int open, int **starts)
{
	*starts = NULL;
	int close = tx->t[open].match;
	if (close <= open)
		return 0;
	if (close == open + 1)
		return 0;
	int cap = 4, n = 0;
	int *s = xmalloc(sizeof(int) * (size_t)cap);
	s[n++] = open + 1;
	for (int k = open + 1; k < close;) {
		if (tok_is(tx, k, ",")) {
			if (n == cap) {
				cap *= 2;
				s = xrealloc(s, sizeof(int) * (size_t)cap);
			}
			s[n++] = k + 1;
			k++;
		} else if (tx->t[k].match > k) {
			k = tx->t[k].match + 1;
		} else {
			k++;
		}
	}
	*starts = s;
	return n;
}
