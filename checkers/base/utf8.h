/* utf8.h - what reports need of UTF-8: JSON and SARIF must be valid UTF-8, while
 * sources, identifiers and comments may hold any byte. */
#ifndef GFPCHECK_UTF8_H
#define GFPCHECK_UTF8_H
#include <stddef.h>

/* The length (1 to 4) of the well-formed UTF-8 sequence at s[0..n), or 0 when
 * s[0] does not start one (overlong forms, surrogates and code points above
 * U+10FFFF are not well-formed). */
size_t utf8_seq(const unsigned char *s, size_t n);
/* How many bytes at s[0..n) are a well-formed start of one sequence (its
 * maximal subpart), with *len the length the lead byte asks for; 0 and *len 0
 * when s[0] starts none. */
size_t utf8_prefix(const unsigned char *s, size_t n, size_t *len);

/* The replacement character U+FFFD, written for each byte that starts no
 * well-formed sequence. */
#define UTF8_REPLACEMENT "\xEF\xBF\xBD"
#endif
