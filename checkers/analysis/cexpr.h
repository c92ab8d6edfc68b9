/* cexpr.h - constant expressions in allocation arguments: sizes and orders
 * written with numbers, C operators and casts, PAGE_SIZE/PAGE_SHIFT, SZ_*,
 * object-like macros from `define` facts, and sizeof of basic types and of
 * structs from `struct` facts (cexpr_types.c). Types are sized for LP64
 * (x86_64, arm64) with natural alignment; anything else (bit-fields, attributes,
 * unions, nested definitions, unknown typedefs) makes a size unknown rather than
 * wrong. */
#ifndef GFPCHECK_CEXPR_H
#define GFPCHECK_CEXPR_H
#include "analysis/analysis.h"

/* Value of the constant expression `text` for base page size `page`: 0 and *out
 * on success. *via_macro is set when a define or struct layout was used, *def
 * (when still < 0) to the index of the first define used; either may be NULL. */
int cexpr_eval(const struct analysis *a, const char *text, long long page, long long *out, int *via_macro,
	       int *def);
/* The same for an expression in function fn (or -1): sizeof of its parameters
 * and locals (`sizeof(*p)`) from their declared types, pointers of the size
 * the facts give (`target`), else 8. */
int cexpr_eval_fn(const struct analysis *a, int fn, const char *text, long long page, long long *out,
		  int *via_macro, int *def);
/* Bounds of a size that is a sum of products of constants and variables of fn
 * with an unsigned declared type (`sizeof(struct x) + len`, `n * sizeof(u32)`
 * with `u8 n`): 0, *lo and *hi (-1: unbounded) when some factor is such a
 * variable and every other one is constant; -1 otherwise (cexpr_bounds.c). */
int cexpr_bounds(const struct analysis *a, int fn, const char *text, long long page, long long *lo, long long *hi,
		 int *via_macro, int *def);
/* The same without the provenance. */
int order_eval(const struct analysis *a, const char *text, long long page, long long *out);
/* The page order of a request of `size` bytes with base pages of `page` bytes
 * (get_order()). */
int size_order(long long size, long long page);
/* Object-like macro value by name, or 0; *def set to its index. */
uint32_t define_value(const struct program *p, uint32_t name, int *def);
/* Text of arg with object-like macros expanded (depth 8); malloc'ed. */
char *expand_macros(const struct analysis *a, const char *text, int *def);
#endif
