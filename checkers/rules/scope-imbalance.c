/* scope-imbalance: a memalloc_*_save() not restored on some path out of a function
 * that is not a setter, a restore of a cookie the function never saved, and
 * restores out of nesting order. The events come from the flow pass. */
#include "rules/rules.h"
#include "base/util.h"

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
		finding_ev(f, p->files[cl->file].path, cl->pos.line, "in %s()", fn);
	}
}
