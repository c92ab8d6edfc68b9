/* schema.h - the fact schema (facts.def) as data: record kinds, their fields and
 * field types, and the field checks that the loader and the writers share.
 * Depends on nothing but the C library, so that every front end (the Coccinelle
 * driver in extract/, the sparse front end, the Clang plugin through C linkage)
 * writes records checked by exactly the code that reads them. */
#ifndef GFPCHECK_FACTS_SCHEMA_H
#define GFPCHECK_FACTS_SCHEMA_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GFPFACTS_VERSION 2

enum fact_kind {
#define FACT(id, kw, place, fields) FACT_##id,
#include "facts/facts.def"
#undef FACT
	FACT__N
};

enum fact_place { FP_HEAD, FP_HEAD_OPT, FP_BODY, FP_TAIL_OPT, FP_TAIL, FP_TREE };
enum fact_type { FT_FN, FT_NAME, FT_TEXT, FT_POS, FT_OPOS, FT_UINT, FT_SIZE, FT_HASH, FT_HEX, FT_WORD, FT_COND,
		 FT_SUCCS, FT_CALLS };
/* FR_ONE: exactly once; FR_OPT: an optional last field; FR_COUNTED: repeated
 * as often as the field before it says; FR_REST: zero or more up to the end. */
enum fact_rep { FR_ONE, FR_OPT, FR_COUNTED, FR_REST };
/* FT_COND values */
enum { FACT_COND_NONE, FACT_COND_CALL, FACT_COND_NOT };

struct fact_field {
	char name[16];
	enum fact_type type;
	enum fact_rep rep;
	long long min, max; /* FT_UINT */
	char words[48];     /* FT_WORD: "a|b|c" */
};

#define FACT_MAXF 12
struct fact_schema {
	const char *keyword;
	enum fact_place place;
	const char *spec; /* the FIELDS string of facts.def */
	int nfields;
	int minf;  /* fields a record has at least */
	int maxf;  /* at most, -1: no limit (FR_COUNTED or FR_REST) */
	struct fact_field f[FACT_MAXF];
};

/* The row of kind k (a const table: facts.def with its fields parsed at build
 * time, schema_table.h), or NULL. */
const struct fact_schema *fact_schema(enum fact_kind k);
/* The kind whose keyword is s[0..n), or -1. */
int fact_kind_find(const char *s, size_t n);
/* The keyword of kind k. */
const char *fact_keyword(enum fact_kind k);

struct fact_pos {
	int line, col; /* line 0: '-' */
};

/* One checked field value. */
struct fact_val {
	const char *s; /* the field's text, not NUL-terminated */
	size_t n;
	long long i;   /* FT_UINT, FT_SIZE, FT_HEX: the number; FT_WORD: index of the
			* word; FT_COND: FACT_COND_*; FT_OPOS: 1 when present */
	struct fact_pos p; /* FT_POS, FT_OPOS */
	const char *name;  /* FT_COND: the NAME of call:NAME/not:NAME (n: name_len) */
	size_t name_len;
	uint32_t h;        /* the interning hash of s[0..n) when hh (facts_pre.c) */
	uint8_t hh;
};

/* Check field text s[0..n) against fd; fill *v.  On error returns -1 and writes
 * a message without location ("bad POS '1:x' in 'call' record (expected
 * LINE:COL)") into err. */
int fact_field_check(enum fact_kind k, const struct fact_field *fd, const char *s, size_t n, struct fact_val *v,
		     char *err, size_t errlen);

/* Check a whole record of kind k: its nf fields after the keyword, field i being
 * s[i][0..len[i]).  Fills v[0..nf) (v[i] for field i).  Returns 0, or -1 with a
 * message in err (the field count, or the first bad field). */
int fact_record_check(enum fact_kind k, const char *const *s, const size_t *len, int nf, struct fact_val *v,
		      char *err, size_t errlen);

/* The schema field that describes value i of a record of kind k with nf fields
 * (repeated fields map to their row). */
const struct fact_field *fact_field_at(enum fact_kind k, int i);

/* Fold text: every run of white space (and control characters) becomes one
 * space, leading and trailing space is dropped.  Writes at most outlen-1 bytes
 * and a NUL; returns the length of the whole folded text. */
size_t fact_fold(const char *s, size_t n, char *out, size_t outlen);

/* Parse a decimal number s[0..n) in [min, max]; -1 when it is not one. */
int fact_parse_uint(const char *s, size_t n, long long min, long long max, long long *out);
/* Parse LINE:COL. */
int fact_parse_pos(const char *s, size_t n, struct fact_pos *p);

#ifdef __cplusplus
}
#endif
#endif
