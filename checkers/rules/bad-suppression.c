/* bad-suppression: a `gfpcheck: ignore` comment that suppresses nothing because it
 * gives no reason or names no known rule. A suppression must say why. */
#include <stdlib.h>
#include <string.h>

#include "facts/srclines.h"
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
	struct analysis *a = rc->a;
	const struct program *p = a->prog;
	for (size_t i = 0; i < p->nfiles; i++) {
		const struct sfile *sf = &p->files[i];
		/* Most files hold no directive: look before splitting into lines, and
		 * keep one file in memory at a time. */
		char *full = xasprintf("%s/%s", p->root, sf->path);
		char *text = read_file(full, NULL);
		free(full);
		int any = text && strstr(text, "gfpcheck:");
		free(text);
		if (!any)
			continue;
		struct srccache sc;
		srccache_init(&sc, p->root);
		const struct srcfile *f = src_file(&sc, sf->path);
		for (int l = 0; f->text && l < f->nlines; l++) {
			struct suppression sup;
			if (!strstr(f->line[l], "gfpcheck:") || !suppression_parse(f->line[l], &sup) || !sup.problem)
				continue;
			struct finding *fd = finding_new(rc->out, R_bad_suppression, CONF_HIGH, sf->path, l + 1, sup.col,
							 sup.col_end, enclosing(p, (int)i, l + 1));
			if (sup.rule[0])
				finding_msg(fd, "suppression of '%s' %s; it suppresses nothing", sup.rule, sup.problem);
			else
				finding_msg(fd, "suppression %s; it suppresses nothing", sup.problem);
		}
		srccache_free(&sc);
	}
}
