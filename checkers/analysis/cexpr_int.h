/* cexpr_int.h - shared by cexpr.c (the expression parser) and cexpr_types.c
 * (sizes of types for sizeof); not for other files. */
#ifndef GFPCHECK_CEXPR_INT_H
#define GFPCHECK_CEXPR_INT_H
#include <stddef.h>

#include "analysis/cexpr.h"

struct px {
	const struct analysis *a;
	const char *s;
	long long page;
	int depth;
	int bad;
	int via_macro;
	int def;
	int fn;  /* the function the expression is in (sizeof of its variables), or -1 */
	int ptr; /* pointer size in bytes */
};

/* An identifier at s: 1 and its length, else 0. */
int cx_ident_at(const char *s, size_t *len);
/* Size and alignment of a type name ("struct foo", "unsigned long", "u32 *"); 0 on success. */
int cx_type_size(struct px *x, const char *ty, long long *size, long long *align);
/* Type text of the expression `*p`, `p`, `p[i]` or `*&p` where p is a parameter
 * or local of x->fn (`param`/`local` records); 0 on success. */
int cx_expr_type(struct px *x, const char *expr, char *out, size_t n);
#endif
