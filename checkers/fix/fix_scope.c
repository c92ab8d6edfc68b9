/* fix_scope.c - source-level edits: GFP_NOFS tokens, and lock regions wrapped in
 * memalloc_nofs_save()/memalloc_nofs_restore() (kernel style: tabs, 80 columns,
 * one comment above the save naming the lock, the cookie declared with the
 * function's other locals). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "fix/fix.h"

static int is_id(int c)
{
	return isalnum(c) || c == '_';
}

static const char *line_start(const struct ffile *f, int line)
{
	return f->text + f->ls[line - 1];
}

/* End of line `line` (at its newline or the end of the text). */
static const char *line_end(const struct ffile *f, int line)
{
	const char *s = line_start(f, line);
	const char *e = memchr(s, '\n', (size_t)(f->text + f->len - s));
	return e ? e : f->text + f->len;
}

static int line_of(const struct ffile *f, size_t off)
{
	int lo = 0, hi = f->nlines - 1;
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (f->ls[mid] <= off)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo + 1;
}

static int blank(const char *s, const char *e)
{
	for (; s < e; s++)
		if (!isspace((unsigned char)*s))
			return 0;
	return 1;
}

/* Only white space and comments in [s, e)? */
static int blank_or_comment(const char *s, const char *e)
{
	while (s < e && isspace((unsigned char)*s))
		s++;
	if (s == e)
		return 1;
	if (e - s >= 2 && s[0] == '/' && s[1] == '/')
		return 1;
	if (e - s >= 2 && s[0] == '/' && s[1] == '*') {
		const char *c = strstr(s, "*/");
		return c && c + 2 <= e && blank_or_comment(c + 2, e);
	}
	return 0;
}

static char *indent_of(const struct ffile *f, int line)
{
	const char *s = line_start(f, line), *p = s;
	while (*p == ' ' || *p == '\t')
		p++;
	return xstrndup(s, (size_t)(p - s));
}

/* Last significant character before line `line` (skipping blank lines, comment
 * lines and preprocessor lines): tells whether a statement on `line` is the
 * brace-less body of an if/else/loop. */
static int prev_sig(const struct ffile *f, int line)
{
	for (int l = line - 1; l >= 1; l--) {
		const char *s = line_start(f, l), *e = line_end(f, l);
		while (s < e && isspace((unsigned char)*s))
			s++;
		while (e > s && isspace((unsigned char)e[-1]))
			e--;
		if (s == e || *s == '#')
			continue;
		if (e - s >= 2 && e[-1] == '/' && e[-2] == '*') {
			/* a line ending a comment: skip the comment, look at what precedes it */
			const char *c = s;
			const char *open = NULL;
			for (const char *q = s; q + 1 < e; q++)
				if (q[0] == '/' && q[1] == '*')
					open = q;
			if (open && open > s) {
				e = open;
				while (e > c && isspace((unsigned char)e[-1]))
					e--;
				if (e > c)
					return (unsigned char)e[-1];
			}
			continue;
		}
		if (*s == '*' || (e - s >= 2 && s[0] == '/' && (s[1] == '*' || s[1] == '/')))
			continue;
		return (unsigned char)e[-1];
	}
	return '{';
}

static int stmt_boundary_ok(const struct ffile *f, int line)
{
	int c = prev_sig(f, line);
	return c == ';' || c == '{' || c == '}' || c == ':' || c == ',';
}

/* The statement holding the call at `line`:`col` starts its line: only white
 * space, `return `, an assignment `x = ` or `if (` / `if (!` before the call. */
static int call_starts_stmt(const struct ffile *f, int line, int col, int allow_if)
{
	const char *s = line_start(f, line), *e = s + col - 1, *p = s;
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	if (p == e)
		return 1;
	if (e - p >= 7 && strncmp(p, "return ", 7) == 0 && blank(p + 7, e))
		return 1;
	if (allow_if && e - p >= 3 && strncmp(p, "if", 2) == 0) {
		const char *q = p + 2;
		while (q < e && *q == ' ')
			q++;
		if (q < e && *q == '(') {
			q++;
			while (q < e && (*q == ' ' || *q == '!'))
				q++;
			if (q == e)
				return 1;
		}
	}
	/* lvalue = */
	const char *q = p;
	while (q < e && (is_id((unsigned char)*q) || *q == '-' || *q == '>' || *q == '.' || *q == '[' || *q == ']' ||
			 *q == '*' || *q == '&'))
		q++;
	if (q == p || (q - p >= 2 && strncmp(p, "if", 2) == 0 && q - p == 2))
		return 0;
	while (q < e && *q == ' ')
		q++;
	if (q < e && *q == '=') {
		q++;
		while (q < e && *q == ' ')
			q++;
		return q == e;
	}
	return 0;
}

const char *fix_token(struct fixer *F, struct ffile *f, int line, int col, int group)
{
	if (!f->text)
		return "the file cannot be read";
	long off = fix_off(f, line, col);
	if (off < 0 || (size_t)off + 8 > f->len || strncmp(f->text + off, "GFP_NOFS", 8) != 0 ||
	    is_id((unsigned char)f->text[off + 8]) || (off > 0 && is_id((unsigned char)f->text[off - 1])))
		return fix_why_stale_nofs;
	for (size_t k = 0; k < f->ne; k++)
		if (f->e[k].off == (size_t)off)
			return NULL; /* already rewritten (by a region) */
	const char *ls = line_start(f, line), *le = line_end(f, line);
	int oldw = fix_width(ls, le);
	if (oldw + 2 <= 80 || oldw > 80) {
		fix_edit(f, (size_t)off, 8, "GFP_KERNEL", group, &F->seq);
		return NULL;
	}
	/* The line grows past 80 columns: break it after the last ", " that keeps
	 * the first part within 80, aligned with the innermost open parenthesis. */
	struct strbuf nl = {0};
	sb_addn(&nl, ls, (size_t)(f->text + off - ls));
	sb_add(&nl, "GFP_KERNEL");
	sb_addn(&nl, f->text + off + 8, (size_t)(le - (f->text + off + 8)));
	size_t tokpos = (size_t)(f->text + off - ls);
	long brk = -1;
	int depth = 0, instr = 0;
	long open_at[64];
	long brk_open = -1;
	for (size_t i = 0; i < nl.len; i++) {
		char c = nl.s[i];
		if (instr) {
			if (c == '\\')
				i++;
			else if (c == instr)
				instr = 0;
			continue;
		}
		if (c == '"' || c == '\'') {
			instr = c;
			continue;
		}
		if (c == '(' && depth < 64)
			open_at[depth++] = (long)i;
		else if (c == ')' && depth > 0)
			depth--;
		else if (c == ',' && i + 1 < nl.len && nl.s[i + 1] == ' ' && depth > 0 &&
			 fix_width(nl.s, nl.s + i + 1) <= 80) {
			brk = (long)i;
			brk_open = open_at[depth - 1];
		}
	}
	if (brk < 0) {
		sb_free(&nl);
		fix_edit(f, (size_t)off, 8, "GFP_KERNEL", group, &F->seq);
		return NULL;
	}
	char *ind = indent_of(f, line);
	int target = fix_width(nl.s, nl.s + brk_open + 1);
	struct strbuf cont = {0};
	sb_add(&cont, ",\n");
	int w = 0;
	while (w + 8 <= target) {
		sb_addc(&cont, '\t');
		w += 8;
	}
	while (w < target) {
		sb_addc(&cont, ' ');
		w++;
	}
	free(ind);
	/* the edit spans from the token to the break, or from the break to the token's end */
	struct strbuf ins = {0};
	size_t from, to;
	if ((size_t)brk > tokpos) {
		from = (size_t)off;
		to = (size_t)off + 8 + ((size_t)brk - tokpos - 10) + 2;
		sb_add(&ins, "GFP_KERNEL");
		sb_addn(&ins, nl.s + tokpos + 10, (size_t)brk - tokpos - 10);
		sb_add(&ins, cont.s);
	} else {
		from = (size_t)(ls - f->text) + (size_t)brk;
		to = (size_t)off + 8;
		sb_add(&ins, cont.s);
		sb_addn(&ins, ls + brk + 2, tokpos - (size_t)brk - 2);
		sb_add(&ins, "GFP_KERNEL");
	}
	fix_edit(f, from, to - from, ins.s, group, &F->seq);
	sb_free(&ins);
	sb_free(&cont);
	sb_free(&nl);
	return NULL;
}

/* ---- declarations ---- */

static int first_word_is(const char *s, const char *e, const char *w)
{
	size_t n = strlen(w);
	return (size_t)(e - s) >= n && strncmp(s, w, n) == 0 && (s + n == e || !is_id((unsigned char)s[n]));
}

/* Does the line look like a declaration: TYPE NAME..., TYPE *NAME..., or a
 * qualifier/struct keyword first? */
static int decl_like(const char *s, const char *e)
{
	while (s < e && isspace((unsigned char)*s))
		s++;
	static const char *const kw[] = {"struct", "union", "enum", "const", "static", "unsigned", "signed",
					 "volatile", "register", "LIST_HEAD", "DEFINE_", "DECLARE_"};
	for (size_t i = 0; i < sizeof(kw) / sizeof(kw[0]); i++)
		if (strncmp(s, kw[i], strlen(kw[i])) == 0)
			return 1;
	static const char *const notdecl[] = {"return", "goto", "if", "else", "case", "default", "do", "while",
					      "for", "switch", "break", "continue", "sizeof"};
	const char *p = s;
	while (p < e && is_id((unsigned char)*p))
		p++;
	if (p == s)
		return 0;
	for (size_t i = 0; i < sizeof(notdecl) / sizeof(notdecl[0]); i++)
		if (first_word_is(s, e, notdecl[i]))
			return 0;
	const char *q = p;
	while (q < e && (*q == ' ' || *q == '\t' || *q == '*'))
		q++;
	if (q == p || q == e || !(isalpha((unsigned char)*q) || *q == '_'))
		return 0;
	while (q < e && is_id((unsigned char)*q))
		q++;
	while (q < e && *q == ' ')
		q++;
	return q < e && (*q == ';' || *q == '=' || *q == ',' || *q == '[' || *q == ')');
}

/* A cookie name used nowhere in the file and by no earlier fix in the function. */
static char *cookie_name(struct ffile *f, const char *fname)
{
	static const char *const base[] = {"nofs_flag", "nofs_flags", "nofs_cookie", "nofs_saved"};
	for (int k = 0; k < 40; k++) {
		char *n = k < 4 ? xstrdup(base[k]) : xasprintf("nofs_flag%d", k - 2);
		int used = has_word_n(f->text, f->len, n);
		char *tag = xasprintf("%s:%s", fname, n);
		for (size_t i = 0; i < f->ncookies && !used; i++)
			if (strcmp(f->cookies[i], tag) == 0)
				used = 1;
		if (!used) {
			VEC_PUSH(f->cookies, f->ncookies, f->capcookies, tag);
			return n;
		}
		free(tag);
		free(n);
	}
	return NULL;
}

/* Offset of the line where the cookie declaration goes, and whether a blank
 * line must follow it. */
static long decl_point(const struct ffile *f, const struct func *fn, int *blank_after, char **ind)
{
	long o = fix_off(f, fn->start.line, fn->start.col);
	if (o < 0)
		return -1;
	const char *p = f->text + o, *end = f->text + f->len;
	while (p < end && *p != '(')
		p++;
	int depth = 0;
	for (; p < end; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			break;
	}
	while (p < end && *p != '{')
		p++;
	if (p >= end)
		return -1;
	int bl = line_of(f, (size_t)(p - f->text));
	if (!blank_or_comment(p + 1, line_end(f, bl)) || bl >= f->nlines)
		return -1;
	int first = bl + 1;
	const char *s = line_start(f, first), *e = line_end(f, first);
	if (blank(s, e) || !decl_like(s, e)) {
		*blank_after = !blank(s, e);
		*ind = xstrdup("\t");
		if (!blank(s, e)) {
			free(*ind);
			*ind = indent_of(f, first);
		}
		return (long)f->ls[first - 1];
	}
	*ind = indent_of(f, first);
	int ended = 1;
	for (int l = first; l <= f->nlines; l++) {
		s = line_start(f, l);
		e = line_end(f, l);
		const char *t = e;
		while (t > s && isspace((unsigned char)t[-1]))
			t--;
		if (blank(s, e)) {
			*blank_after = 0;
			return (long)f->ls[l - 1];
		}
		if (ended && !decl_like(s, e)) {
			*blank_after = 1;
			return (long)f->ls[l - 1];
		}
		if (t > s && t[-1] == '}' && blank(s, t - 1))
			return -1; /* end of the body */
		ended = t > s && t[-1] == ';';
	}
	return -1;
}

/* Where `#include <linux/sched/mm.h>` goes: before the first <linux/...> include
 * that sorts after it, else after the last one (else after the last include). */
static long include_point(const struct ffile *f)
{
	long last_linux = -1, last_inc = -1;
	for (int l = 1; l <= f->nlines; l++) {
		const char *s = line_start(f, l), *e = line_end(f, l);
		if (e - s < 9 || strncmp(s, "#include", 8) != 0)
			continue;
		const char *q = s + 8;
		while (q < e && (*q == ' ' || *q == '\t'))
			q++;
		long next = l < f->nlines ? (long)f->ls[l] : (long)f->len;
		last_inc = next;
		if (e - q > 7 && strncmp(q, "<linux/", 7) == 0) {
			const char *gt = memchr(q, '>', (size_t)(e - q));
			if (gt) {
				char *name = xstrndup(q + 1, (size_t)(gt - q - 1));
				int after = strcmp(name, "linux/sched/mm.h") > 0;
				free(name);
				if (after)
					return (long)f->ls[l - 1];
			}
			last_linux = next;
		}
	}
	if (last_linux >= 0)
		return last_linux;
	return last_inc >= 0 ? last_inc : 0;
}

/* The include of <linux/sched/mm.h> when the file lacks it, and the cookie's
 * declaration at doff (indented like the other locals). */
static void add_cookie(struct fixer *F, struct ffile *f, int group, long doff, const char *dind, const char *name,
		       int blank_after)
{
	if (!f->has_sched_mm && !strstr(f->text, "memalloc_nofs_save")) {
		fix_edit(f, (size_t)include_point(f), 0, "#include <linux/sched/mm.h>\n", group, &F->seq);
		f->has_sched_mm = 1;
	}
	char *d = xasprintf("%sunsigned int %s;\n%s", dind, name, blank_after ? "\n" : "");
	fix_edit(f, (size_t)doff, 0, d, group, &F->seq);
	free(d);
}

/* ---- the region ---- */

static const char *check_callee(const struct ffile *f, const struct call *c)
{
	long o = fix_off(f, c->pos.line, c->pos.col);
	const char *n = istr(c->callee);
	size_t l = strlen(n);
	if (o < 0 || (size_t)o + l > f->len || strncmp(f->text + o, n, l) != 0)
		return fix_why_stale_call;
	return NULL;
}

static void add_line(struct strbuf *b, const char *ind, const char *text)
{
	sb_add(b, ind);
	sb_add(b, text);
	sb_addc(b, '\n');
}

/* Where the save goes: the line after the acquire statement, or after the
 * error check that follows it (g->after_if); *off is that line's offset. */
static const char *save_point(const struct program *p, const struct region *g, const struct ffile *f, long *off)
{
	const struct call *ac = &p->calls[g->acquire];
	if (g->after_if < 0) {
		long o = fix_off(f, ac->end.line, ac->end.col);
		if (o < 0)
			return "bad acquire position";
		const char *q = f->text + o;
		while (q < f->text + f->len && (*q == ' ' || *q == '\t'))
			q++;
		if (*q != ';')
			return "the acquire call is part of a larger expression";
		int l = line_of(f, (size_t)(q - f->text));
		if (!blank_or_comment(q + 1, line_end(f, l)) || l >= f->nlines)
			return "code follows the acquire on its line";
		*off = (long)f->ls[l];
		return NULL;
	}
	const struct item *it = &p->items[g->after_if];
	long o = fix_off(f, it->e2.line, it->e2.col);
	if (o <= 0)
		return "bad position of the error check";
	int l = line_of(f, (size_t)o - 1);
	if (!blank_or_comment(f->text + o, line_end(f, l)) || l >= f->nlines)
		return "code follows the error check after the acquire on its line";
	*off = (long)f->ls[l];
	return NULL;
}

/* The releases start their statements, and the region's GFP_NOFS tokens lie
 * after the save point, at their positions in the source. */
static const char *check_rel_toks(const struct program *p, const struct region *g, const struct ffile *f)
{
	const struct call *ac = &p->calls[g->acquire];
	for (int i = 0; i < g->nrel; i++) {
		const struct call *rc = &p->calls[g->rel[i]];
		if (!call_starts_stmt(f, rc->pos.line, rc->pos.col, 1))
			return "a release is not at the start of its statement";
		if (!stmt_boundary_ok(f, rc->pos.line))
			return "a release is the brace-less body of an if, else or loop";
	}
	/* sites between the acquire and the save point stay outside the scope */
	for (int k = 0; k < g->ntoks; k++) {
		const struct gfptok *t = &p->gfps[g->toks[k]];
		if (t->fn == g->fn && pos_cmp(t->pos, g->save_at) < 0)
			return "an allocation lies between the acquire and its error check";
		long o = fix_off(f, t->pos.line, t->pos.col);
		const struct ffile *tf = t->file == ac->file ? f : NULL;
		if (tf && (o < 0 || strncmp(f->text + o, "GFP_NOFS", 8) != 0))
			return "a GFP_NOFS token is not at its position in the source";
	}
	return NULL;
}

/* The comment above the save: the longest of three wordings that fits in 80
 * columns at indent ind (the shortest if none does). */
static char *scope_comment(const struct fixer *F, const struct region *g, const struct call *ac, const char *ind)
{
	const struct mrow *row = g->row >= 0 ? &F->a->model->rows[g->row] : NULL;
	const char *fsn = row && row->fs && strcmp(istr(row->fs), "cmdline") ? istr(row->fs) : "the filesystem";
	const char *an = istr(ac->callee);
	const char *arg = ac->nargs ? istr(ac->args[0]) : "";
	int trans = row && row->lkind == LK_TRANS;
	char *cands[3] = {
		trans ? xasprintf("/* the %s() handle is open: reclaim must not recurse into %s */", an, fsn)
		      : xasprintf("/* %s(%s) is held: reclaim must not recurse into %s */", an, arg, fsn),
		trans ? xasprintf("/* %s() handle open: no reclaim into %s */", an, fsn)
		      : xasprintf("/* %s() is held: reclaim must not recurse into %s */", an, fsn),
		xasprintf("/* %s() %s: no fs reclaim */", an, trans ? "open" : "held"),
	};
	int iw = fix_width(ind, ind + strlen(ind));
	int pick = 2;
	for (int k = 0; k < 3; k++)
		if (iw + (int)strlen(cands[k]) <= 80) {
			pick = k;
			break;
		}
	for (int k = 0; k < 3; k++)
		if (k != pick)
			free(cands[k]);
	return cands[pick];
}

/* The edits of a checked region: comment and save at save_line_off, a
 * restore before each release, the tokens flipped (in this file and in
 * callees' files). */
static void scope_edits(struct fixer *F, const struct region *g, int group, struct ffile *f, long save_line_off,
			const char *name)
{
	const struct program *p = F->a->prog;
	const struct call *ac = &p->calls[g->acquire];
	struct strbuf b = {0};
	char *ind = indent_of(f, ac->pos.line);
	char *comment = scope_comment(F, g, ac, ind);
	add_line(&b, ind, comment);
	free(comment);
	char *sv = xasprintf("%s = memalloc_nofs_save();", name);
	add_line(&b, ind, sv);
	free(sv);
	fix_edit(f, (size_t)save_line_off, 0, b.s, group, &F->seq);
	free(ind);
	for (int i = 0; i < g->nrel; i++) {
		const struct call *rc = &p->calls[g->rel[i]];
		char *rind = indent_of(f, rc->pos.line);
		char *rs = xasprintf("%smemalloc_nofs_restore(%s);\n", rind, name);
		fix_edit(f, f->ls[rc->pos.line - 1], 0, rs, group, &F->seq);
		free(rs);
		free(rind);
	}
	sb_free(&b);
	for (int k = 0; k < g->ntoks; k++) {
		const struct gfptok *t = &p->gfps[g->toks[k]];
		struct ffile *tf = fix_file(F, p->files[t->file].path);
		f = NULL; /* fix_file may move the array */
		const char *w = fix_token(F, tf, t->pos.line, t->pos.col, group);
		if (w)
			fix_note(F, tf->path, t->pos.line, "GFP_NOFS inside the new scope left as it is: %s", w);
	}
}

/* The checks of fix_scope_region(), then (unless dry) its edits. */
static const char *scope_region(struct fixer *F, const struct region *g, int group, int dry)
{
	const struct program *p = F->a->prog;
	const struct call *ac = &p->calls[g->acquire];
	const struct func *fn = &p->funcs[g->fn];
	struct ffile *f = fix_file(F, p->files[ac->file].path);
	if (!f->text)
		return "the file cannot be read";
	const char *why = check_callee(f, ac);
	for (int i = 0; i < g->nrel && !why; i++)
		why = check_callee(f, &p->calls[g->rel[i]]);
	if (why)
		return why;
	/* the acquire statement starts its line and is not a brace-less body */
	if (!call_starts_stmt(f, ac->pos.line, ac->pos.col, 0) || !stmt_boundary_ok(f, ac->pos.line))
		return "the acquire is not a statement of its own at the start of a line";
	long save_line_off = 0;
	if ((why = save_point(p, g, f, &save_line_off)) || (why = check_rel_toks(p, g, f)))
		return why;
	const char *fname = istr(fn->name);
	int blank_after = 0;
	char *dind = NULL;
	long doff = decl_point(f, fn, &blank_after, &dind);
	if (doff < 0)
		return "cannot find where the function's local declarations go";
	if ((size_t)doff > (size_t)save_line_off) {
		free(dind);
		return "the function body starts after the acquire";
	}
	char *name = cookie_name(f, fname);
	if (!name) {
		free(dind);
		return "no free cookie name";
	}
	if (!dry) { /* edits: include, declaration, comment + save, restores, tokens */
		add_cookie(F, f, group, doff, dind, name, blank_after);
		scope_edits(F, g, group, f, save_line_off, name);
	}
	free(dind);
	free(name);
	return NULL;
}

const char *fix_scope_region(struct fixer *F, const struct region *g, int group)
{
	return scope_region(F, g, group, 0);
}

const char *fix_scope_region_check(struct fixer *F, const struct region *g)
{
	return scope_region(F, g, -1, 1);
}

/* ---- one call: vmalloc-nofs ---- */

const char *fix_scope_call(struct fixer *F, int c, const char *mask, int noio, int group)
{
	const struct program *p = F->a->prog;
	const struct call *cl = &p->calls[c];
	if (cl->fn < 0)
		return "the call is outside a function";
	const struct func *fn = &p->funcs[cl->fn];
	struct ffile *f = fix_file(F, p->files[cl->file].path);
	if (!f->text)
		return "the file cannot be read";
	const char *why = check_callee(f, cl);
	if (why)
		return why;
	const char *ls = line_start(f, cl->pos.line);
	const char *q = ls;
	while (*q == ' ' || *q == '\t')
		q++;
	if (!call_starts_stmt(f, cl->pos.line, cl->pos.col, 0) || strncmp(q, "return", 6) == 0 ||
	    !stmt_boundary_ok(f, cl->pos.line))
		return "the call is not a statement of its own (`x = call(...);`): wrap it by hand";
	/* the statement ends at the ';' right after the call, and the line with it */
	long o = fix_off(f, cl->pos.line, cl->pos.col);
	const char *s = f->text + o, *end = f->text + f->len, *tok = NULL;
	const char *want = noio ? "GFP_NOIO" : "GFP_NOFS";
	int depth = 0;
	while (s < end && *s != '(')
		s++;
	for (; s < end; s++) {
		if (*s == '(') {
			depth++;
		} else if (*s == ')' && --depth == 0) {
			break;
		} else if (!tok && strncmp(s, want, 8) == 0 && !is_id((unsigned char)s[8]) &&
			   !is_id((unsigned char)s[-1])) {
			tok = s;
		}
	}
	if (s >= end || s + 1 >= end || s[1] != ';' || !blank_or_comment(s + 2, line_end(f, line_of(f, (size_t)(s - f->text)))))
		return "the call is not a statement of its own (`x = call(...);`): wrap it by hand";
	if (!tok)
		return "the NOFS/NOIO mask is not written in the call (a variable?): wrap it by hand";
	int last = line_of(f, (size_t)(s - f->text));
	int blank_after = 0;
	char *dind = NULL;
	long doff = decl_point(f, fn, &blank_after, &dind);
	if (doff < 0)
		return "cannot find where the function's local declarations go";
	if ((size_t)doff > f->ls[cl->pos.line - 1]) {
		free(dind);
		return "the call is among the declarations: wrap it by hand";
	}
	char *name = cookie_name(f, istr(fn->name));
	if (!name) {
		free(dind);
		return "no free cookie name";
	}
	if (noio && strncmp(name, "nofs", 4) == 0) { /* noio_flag for a NOIO scope, when free */
		char *n2 = xstrdup(name);
		memcpy(n2, "noio", 4);
		if (!has_word_n(f->text, f->len, n2)) {
			free(name);
			name = n2;
		} else {
			free(n2);
		}
	}
	int tl = line_of(f, (size_t)(tok - f->text));
	const char *mwhy = fix_mask(F, f, tl, (int)(tok - line_start(f, tl)) + 1, mask, group);
	if (mwhy) {
		free(dind);
		free(name);
		return mwhy;
	}
	add_cookie(F, f, group, doff, dind, name, blank_after);
	free(dind);
	struct strbuf b = {0};
	char *ind = indent_of(f, cl->pos.line);
	const char *kind = noio ? "noio" : "nofs";
	sb_addf(&b, "%s/* %s() honours %s only since 5.17: the scope makes all of it %s */\n", ind,
		istr(cl->callee), noio ? "GFP_NOIO" : "GFP_NOFS", noio ? "NOIO" : "NOFS");
	sb_addf(&b, "%s%s = memalloc_%s_save();\n", ind, name, kind);
	fix_edit(f, f->ls[cl->pos.line - 1], 0, b.s, group, &F->seq);
	b.len = 0;
	b.s[0] = 0;
	sb_addf(&b, "%smemalloc_%s_restore(%s);\n", ind, kind, name);
	size_t after = last < f->nlines ? f->ls[last] : f->len;
	fix_edit(f, after, 0, b.s, group, &F->seq);
	free(b.s);
	free(ind);
	free(name);
	return NULL;
}
