/* gfpmask.h - flag expressions taken apart and rewritten, for the flag rules
 * (repeat-*, gfp-spelled-out, nofs-fs-conflict): a flag dropped, a mask split
 * into the names it sets and clears, and a mask respelled with a named base. */
#ifndef GFPCHECK_GFPMASK_H
#define GFPCHECK_GFPMASK_H
#include <stdint.h>

#include "model/model.h"

/* Drop every `| TOKEN` / `TOKEN |` of a flag expression; NULL if absent. */
char *drop_flag(const char *expr, const char *tok);

/* A flag expression split into its flag names: cleared ones (under ~) and set ones. */
struct maskx {
	uint32_t bits;      /* value (gfp_eval) */
	int nset, nclr;
	uint32_t set[16], clr[16];
	int other;          /* something else than flag names, |, &, ~, ( ) */
};
/* 0 when the expression evaluates. */
int mask_split(const struct model *m, const char *text, struct maskx *x);
/* GFP_KERNEL/GFP_NOFS/GFP_NOIO with the set flags of x that make up the rest of
 * bits, in source order ("GFP_NOFS | __GFP_ZERO"); NULL when that is not exact. */
char *mask_canonical(const struct model *m, const struct maskx *x, uint32_t bits);
/* The named mask mask_canonical() spells bits from (GFP_KERNEL, GFP_NOFS or
 * GFP_NOIO: the one with the same __GFP_FS, __GFP_IO and reclaim bits, and no bit
 * bits lacks), with its bits in *base_bits when not NULL; NULL when none. */
const char *mask_base(const struct model *m, uint32_t bits, uint32_t *base_bits);
#endif
