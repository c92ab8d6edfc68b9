/* since.h - --since REV: keep only the findings whose site or evidence lies on a
 * line changed since the git revision REV (`git diff -U0 REV` in the tree root,
 * plus untracked files, which count as changed throughout). */
#ifndef GFPCHECK_SINCE_H
#define GFPCHECK_SINCE_H
#include <stddef.h>

#include "rules/finding.h"

/* Returns 0 and sets *dropped, or -1 with a message in err (git missing, the root
 * not in a work tree, an unknown revision). */
int since_filter(struct findings *fs, const char *root, const char *rev, size_t *dropped, char *err, size_t errlen);
#endif
