/* srcscan.h - the `gfpcheck:` directives written in the comments of a C source
 * (for the `suppress` records every front end writes, docs/FACTS.md).  Only real
 * comments count: text inside string and character literals does not.  Shared by
 * all front ends so that they agree byte for byte. */
#ifndef GFPCHECK_SRCSCAN_H
#define GFPCHECK_SRCSCAN_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One directive: it starts at "gfpcheck:" (line, col: 1-based, col in bytes)
 * and runs to the next "gfpcheck:" of the same comment, the comment's end or
 * the end of its line, whichever comes first (end_col exclusive, same line).
 * text[0..n) is the raw directive text, not folded. */
struct src_directive {
	int line, col, end_col;
	const char *text;
	size_t n;
};

/* Call fn for every directive of src[0..len) in source order; returns how many. */
size_t src_directives(const char *src, size_t len, void (*fn)(void *arg, const struct src_directive *d), void *arg);

#ifdef __cplusplus
}
#endif
#endif
