/* fix_mask.c - the fix of the flag rules (repeat-order0, repeat-costly,
 * gfp-spelled-out, nofs-fs-conflict, noio-in-scope): the whole gfp expression
 * around the reported token is replaced by the finding's `fix` text. */
#include <string.h>

#include "fix/fix.h"

static int mask_char(int c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '|' ||
	       c == '&' || c == '~' || c == '(' || c == ')' || c == ' ' || c == '\t';
}

static int ident_char(int c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

const char *fix_mask(struct fixer *F, struct ffile *f, int line, int col, const char *text, int group)
{
	if (!f->text)
		return "the file cannot be read";
	long off = fix_off(f, line, col);
	if (off < 0 || (size_t)off >= f->len || !mask_char((unsigned char)f->text[off]))
		return fix_why_stale_gfp;
	/* the anchor: the gfp token the facts record at this position, as a whole word */
	const char *tok = fix_gfp_at(F, f, line, col);
	size_t tl = tok ? strlen(tok) : 0;
	if (!tl || (size_t)off + tl > f->len || strncmp(f->text + off, tok, tl) != 0 ||
	    ((size_t)off + tl < f->len && ident_char((unsigned char)f->text[off + tl])) ||
	    (off > 0 && ident_char((unsigned char)f->text[off - 1])))
		return fix_why_stale_gfp;
	/* The expression is the whole argument (or right-hand side) the token lies in:
	 * the finding's fix text rewrites all of it. Left: to the call's '(', a ',' or
	 * an '=' at the outer level; a '(' that is no call's (after an operator, a ','
	 * or another '(') only groups flags, and the expression goes on around it:
	 * `(GFP_KERNEL | __GFP_ZERO) & ~__GFP_FS`. All on this line. */
	long b = off, depth = 0;
	for (; b > 0; b--) {
		char c = f->text[b - 1];
		if (c == ')')
			depth++;
		else if (c == '(' && depth > 0)
			depth--;
		else if (c == '(') {
			long q = b - 2;
			while (q >= 0 && (f->text[q] == ' ' || f->text[q] == '\t'))
				q--;
			if (q >= 0 && (ident_char((unsigned char)f->text[q]) || f->text[q] == ')'))
				break; /* a call's (or a macro's) parentheses */
		} else if (c == ',' || c == '=')
			break;
		else if (c == '\n' || !mask_char((unsigned char)c))
			return "the flag expression spans lines or holds more than flags: fix it by hand";
	}
	/* right: from the start, to the ')' , ',' or ';' that closes it, on this line */
	long e = b;
	depth = 0;
	for (; (size_t)e < f->len; e++) {
		char c = f->text[e];
		if (c == '(')
			depth++;
		else if (c == ')' && depth > 0)
			depth--;
		else if (c == ')' || ((c == ',' || c == ';') && depth == 0))
			break;
		else if (c == '\n' || !mask_char((unsigned char)c))
			return "the flag expression spans lines or holds more than flags: fix it by hand";
	}
	if (e <= off)
		return "no flag expression at that position";
	while (b < e && (f->text[b] == ' ' || f->text[b] == '\t'))
		b++;
	while (e > b && (f->text[e - 1] == ' ' || f->text[e - 1] == '\t'))
		e--;
	if (b >= e)
		return "no flag expression at that position";
	for (size_t k = 0; k < f->ne; k++)
		if (f->e[k].off < (size_t)e && f->e[k].off + f->e[k].len > (size_t)b) {
			if (f->e[k].off == (size_t)b && f->e[k].len == (size_t)(e - b) && strcmp(f->e[k].ins, text) == 0)
				return NULL; /* the same rewrite from another finding */
			return "another fix already rewrites this expression";
		}
	fix_edit(f, (size_t)b, (size_t)(e - b), text, group, &F->seq);
	return NULL;
}
