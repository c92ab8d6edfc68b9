/* model_row.h - one row of a model file, parsed (model_row.c; model.c reads the
 * files line by line). */
#ifndef GFPCHECK_MODEL_ROW_H
#define GFPCHECK_MODEL_ROW_H
#include <stddef.h>

#include "model/model.h"

/* Parse one line (comment already cut; the line is modified) and append its row
 * to m; a blank line adds nothing. On error write "path:line: error: ..." to err
 * and return -1. */
int model_parse_row(struct model *m, const char *path, int lineno, char *line, char *err, size_t errlen);
#endif
