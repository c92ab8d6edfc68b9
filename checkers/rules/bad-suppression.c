/* bad-suppression: a `gfpcheck: ignore` comment that suppresses nothing because it
 * gives no reason or names no known rule. A suppression must say why.  The
 * directives are the facts' `suppress` records. */
#include <stdlib.h>
#include <string.h>

#include "rules/suppress.h"
#include "rules/rules.h"
#include "base/util.h"

static const char *enclosing(const struct program *p, int file, int line)
{
	for (size_t i = 0; i < p->nfuncs; i++) {
		const struct func *fn = &p->funcs[i];
		if (fn->file == file && fn->start.line <= line && (fn->end.line >= line || fn->end.line <= 0))
			return istr(fn->name);
	}
	return "";
}

void rule_bad_suppression(struct rulectx *rc)
{
	const struct program *p = rc->a->prog;
	for (size_t i = 0; i < p->ndirectives; i++) {
		const struct directive *d = &p->directives[i];
		struct suppression sup;
		if (!suppression_parse(istr(d->text), &sup) || !sup.problem)
			continue;
		struct finding *fd = finding_new(rc->out, R_bad_suppression, CONF_HIGH, p->files[d->file].path,
						 d->pos.line, d->pos.col, d->end.col, enclosing(p, d->file, d->pos.line));
		if (sup.subject[0])
			finding_msg(fd, "suppression of '%s' %s; it suppresses nothing", sup.subject, sup.problem);
		else
			finding_msg(fd, "suppression %s; it suppresses nothing", sup.problem);
	}
}
