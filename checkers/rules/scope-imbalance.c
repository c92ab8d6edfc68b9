/* scope-imbalance: a memalloc_*_save() not restored on some path out of a function
 * that is not a setter, a restore of a cookie the function never saved, and
 * restores out of nesting order. The events come from the flow pass.
 *
 * One more case is decided here: a save into a plain local that the function
 * never uses again. The flow pass takes a scope left open on every path as an
 * inferred setter (the cookie may reach the caller), but a local cookie that is
 * not restored, returned, stored or passed on dies with the function, so the
 * scope can never be closed. "Never used again" is read from the function's text
 * in the facts (comments and strings skipped): every other occurrence of the name
 * counts as a use, so a function whose text the facts lack is not judged. */
#include <stdlib.h>
#include <string.h>

#include "facts/srclines.h"
#include "rules/rules.h"
#include "base/util.h"

static int ident_char(int c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

static int is_param(const struct program *p, const struct func *fn, uint32_t name)
{
	for (int j = 0; j < fn->nparams; j++)
		if (p->params[fn->param0 + j].name == name)
			return 1;
	return 0;
}

/* The `local` record of `name` in the function, or NULL (not a local, or a front
 * end that writes no `local` records: the text then shows the declaration). */
static const struct local *local_of(const struct program *p, const struct func *fn, uint32_t name)
{
	for (int j = 0; j < fn->nlocals; j++)
		if (p->locals[fn->local0 + j].name == name)
			return &p->locals[fn->local0 + j];
	return NULL;
}

/* Does the occurrence at s[i..e) declare the name: a type word before it (not a
 * keyword that takes an expression) and `;`, `=` or `,` after it? */
static int declares(const char *s, size_t i, size_t e)
{
	size_t b = i;
	while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '\t' || s[b - 1] == '*'))
		b--;
	size_t we = b;
	while (b > 0 && ident_char((unsigned char)s[b - 1]))
		b--;
	if (b == we)
		return 0;
	static const char *const kw[] = {"return", "case", "goto", "sizeof", "else", "do"};
	for (size_t k = 0; k < sizeof(kw) / sizeof(kw[0]); k++)
		if (we - b == strlen(kw[k]) && strncmp(s + b, kw[k], we - b) == 0)
			return 0;
	while (s[e] == ' ' || s[e] == '\t')
		e++;
	return s[e] == ';' || s[e] == '=' || s[e] == ',';
}

/* Does the occurrence ending at s[e] assign a scope save to the name: `= memalloc_*_save(`? */
static int assigns_save(const struct model *m, const char *s, size_t e)
{
	while (s[e] == ' ' || s[e] == '\t')
		e++;
	if (s[e] != '=' || s[e + 1] == '=')
		return 0;
	e++;
	while (s[e] == ' ' || s[e] == '\t')
		e++;
	size_t b = e;
	while (ident_char((unsigned char)s[e]))
		e++;
	if (e == b)
		return 0;
	char *id = xstrndup(s + b, e - b);
	const struct mrow *r = model_find1(m, ROW_SCOPE, intern(id));
	free(id);
	return r && r->save;
}

/* 1 when the function's text shows `name` only where it is declared or assigned a
 * save; 0 when it is used anywhere else or the text is not in the facts. */
static int cookie_unused(struct srccache *sc, const struct analysis *a, const struct func *fn, uint32_t name_id,
			 const struct local *lv)
{
	const struct program *p = a->prog;
	const struct srcfile *sf = src_file(sc, p->files[fn->file].path);
	if (!sf->text || fn->end.line <= 0 || fn->end.line > sf->nlines || fn->start.line <= 0)
		return 0;
	const char *name = istr(name_id);
	size_t nl = strlen(name);
	int in_comment = 0, declared = lv != NULL;
	for (int ln = fn->start.line; ln <= fn->end.line; ln++) {
		const char *s = sf->line[ln - 1];
		for (size_t i = 0; s[i]; i++) {
			if (in_comment) {
				if (s[i] == '*' && s[i + 1] == '/') {
					in_comment = 0;
					i++;
				}
				continue;
			}
			if (s[i] == '/' && s[i + 1] == '*') {
				in_comment = 1;
				i++;
				continue;
			}
			if (s[i] == '/' && s[i + 1] == '/')
				break;
			if (s[i] == '"' || s[i] == '\'') {
				char q = s[i];
				for (i++; s[i] && s[i] != q; i++)
					if (s[i] == '\\' && s[i + 1])
						i++;
				if (!s[i])
					break;
				continue;
			}
			if (!ident_char((unsigned char)s[i]) || (i > 0 && ident_char((unsigned char)s[i - 1])))
				continue;
			size_t e = i;
			while (ident_char((unsigned char)s[e]))
				e++;
			if (e - i == nl && strncmp(s + i, name, nl) == 0) {
				int decl = lv ? ln == lv->pos.line && (int)i + 1 == lv->pos.col : declares(s, i, e);
				declared |= decl;
				if (!assigns_save(a->model, s, e) && !decl)
					return 0;
			}
			i = e - 1;
		}
	}
	return declared; /* a name declared outside the function is no local */
}

/* Saves into a plain local that is never used again (see the top of the file). */
static void lost_cookies(struct rulectx *rc)
{
	struct analysis *a = rc->a;
	const struct program *p = a->prog;
	struct srccache sc;
	srccache_init(&sc, p);
	for (size_t f = 0; f < p->nfuncs; f++) {
		const struct func *fn = &p->funcs[f];
		for (int i = 0; i < fn->ncalls; i++) {
			int c = fn->calls[i];
			const struct call *cl = &p->calls[c];
			const struct mrow *r = cl->is_icall ? NULL : model_find1(a->model, ROW_SCOPE, cl->callee);
			if (!r || !r->save || !cl->lhs || !is_ident(istr(cl->lhs)))
				continue;
			int seen = 0;
			for (size_t k = 0; k < a->nimb && !seen; k++)
				seen = a->imb[k].call == c;
			if (seen || is_param(p, fn, cl->lhs) ||
			    !cookie_unused(&sc, a, fn, cl->lhs, local_of(p, fn, cl->lhs)))
				continue;
			struct finding *fd = finding_at_token(rc, R_scope_imbalance, CONF_HIGH, -1, c);
			finding_msg(fd,
				    "%s() in %s() saves its cookie into the local '%s', which is never restored, returned, "
				    "stored or passed on: the scope stays open after the function returns",
				    istr(cl->callee), func_name(a, (int)f), istr(cl->lhs));
			finding_hop(fd, HOP_SCOPE, p->files[cl->file].path, cl->pos.line, c, (int)f,
				    (int)(r - a->model->rows), "in %s()", func_name(a, (int)f));
		}
	}
	srccache_free(&sc);
}

void rule_scope_imbalance(struct rulectx *rc)
{
	struct analysis *a = rc->a;
	const struct program *p = a->prog;
	for (size_t i = 0; i < a->nimb; i++) {
		const struct imbalance *im = &a->imb[i];
		const struct call *cl = &p->calls[im->call];
		struct finding *f = finding_at_token(rc, R_scope_imbalance, im->kind == 2 ? CONF_MEDIUM : CONF_HIGH, -1, im->call);
		const char *fn = func_name(a, im->fn);
		switch (im->kind) {
		case 1:
			finding_msg(f, "%s() in %s() is not restored on every path out of the function", istr(cl->callee), fn);
			break;
		case 2:
			finding_msg(f, "%s(%s) restores a cookie that no save in %s() produced", istr(cl->callee),
				    cl->nargs ? istr(cl->args[0]) : "", fn);
			break;
		default:
			finding_msg(f, "%s(%s) restores out of nesting order: an inner scope is still open",
				    istr(cl->callee), cl->nargs ? istr(cl->args[0]) : "");
			break;
		}
		/* a save that is not restored opens a scope there; the others are restores */
		finding_hop(f, im->kind == 1 ? HOP_SCOPE : HOP_RESTORE, p->files[cl->file].path, cl->pos.line, im->call,
			    im->fn, -1, "in %s()", fn);
	}
	lost_cookies(rc);
}
