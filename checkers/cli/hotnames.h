/* hotnames.h - the model names that make a static inline of include/ worth
 * reading with spatch (extract_opts.hot; docs/FACTS.md "Headers under
 * include/"). */
#ifndef GFPCHECK_HOTNAMES_H
#define GFPCHECK_HOTNAMES_H
#include <stddef.h>

#include "model/model.h"

/* The names of every alloc, lock, scope and setter row of m, whatever
 * version it applies to, with the release and close functions of lock and
 * setter rows (malloc'd array of interned strings; *n set). */
const char **hot_names(const struct model *m, size_t *n);
#endif
