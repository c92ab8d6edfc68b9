/* hotnames.c - the model names that make a static inline of include/ worth
 * reading with spatch (see hotnames.h). */
#include "cli/hotnames.h"
#include "base/util.h"

const char **hot_names(const struct model *m, size_t *n)
{
	const char **v = NULL;
	size_t cap = 0;
	*n = 0;
	for (size_t i = 0; i < m->n; i++) {
		const struct mrow *r = &m->rows[i];
		if (r->kind != ROW_ALLOC && r->kind != ROW_LOCK && r->kind != ROW_SCOPE && r->kind != ROW_SETTER)
			continue;
		VEC_PUSH(v, *n, cap, istr(r->name));
		for (int k = 0; k < r->nclosers; k++)
			VEC_PUSH(v, *n, cap, istr(r->closers[k]));
	}
	return v;
}
