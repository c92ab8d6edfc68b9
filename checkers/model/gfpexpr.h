/* gfpexpr.h - evaluate a gfp mask expression (`GFP_NOFS | __GFP_NOFAIL`,
 * `GFP_KERNEL & ~__GFP_FS`) to primitive bits using the model's flag rows. */
#ifndef GFPCHECK_GFPEXPR_H
#define GFPCHECK_GFPEXPR_H
#include <stdint.h>

#include "model/model.h"

/* 0 and *bits on success; -1 when the expression has anything but flag names,
 * 0, |, &, ^, ~ and parentheses. */
int gfp_eval(const struct model *m, const char *text, uint32_t *bits);
/* Bits of one flag name; -1 if the model does not know it. */
int gfp_flag_bits(const struct model *m, uint32_t name, uint32_t *bits);
/* Replace each whole-word occurrence of `from` by `to`. */
char *gfp_replace_token(const char *text, const char *from, const char *to);
/* text (`A | B | C`, flags or-ed only) without the flag `tok`; "0" when nothing is
 * left; NULL when text is not a plain or-list holding tok. */
char *gfp_drop_token(const char *text, const char *tok);
#endif
