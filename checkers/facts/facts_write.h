/* facts_write.h - write one facts file (gfpfacts version 2, docs/FACTS.md) record
 * by record, each checked against the schema (facts.def) by the same code that
 * the loader runs.  For every front end: the Coccinelle driver (extract/), the
 * sparse front end, the Clang plugin (C linkage).  Depends on the C library,
 * schema.c, srcscan.c and base/hash.c only.
 *
 *   struct facts_writer w;
 *   fw_init(&w, "sparse 0.6.4");              header: gfpfacts 2, frontend
 *   fw_source(&w, src, len);                  the bytes parsed: `source` hash and
 *                                             size, `suppress` records, `text`
 *   fw_begin(&w, FACT_FN);                    one record: its fields in order
 *   fw_str(&w, "foo"); fw_str(&w, "static"); fw_pos(&w, 3, 5); fw_pos(&w, 9, 2);
 *   fw_end(&w);
 *   if (fw_finish(&w) || fw_write_file(&w, "out/x.c.facts", err, sizeof(err)))
 *           ...                               w.err says which record was wrong
 *   fw_free(&w);
 *
 * A record that breaks the schema (wrong field count, a position that is not
 * LINE:COL, a TAB in a name) is not written; the writer remembers the first such
 * error and fw_finish() fails with it.  Text fields are folded (white space
 * runs to one space) before the check.  The status is `partial` once
 * fw_partial() was called or a `skipped` record was written. */
#ifndef GFPCHECK_FACTS_WRITE_H
#define GFPCHECK_FACTS_WRITE_H
#include <stddef.h>

#include "base/util.h"
#include "facts/schema.h"

#ifdef __cplusplus
extern "C" {
#endif

struct facts_writer {
	struct strbuf head, body; /* header (built by fw_finish), records */
	char *frontend;
	int partial;
	int tree;                 /* 1: a tree file (fw_init_tree) */
	const char *src;          /* fw_source(): the bytes parsed */
	size_t srclen;
	int have_src;
	/* the record being built */
	int kind;                 /* -1: none */
	size_t rec_start;         /* its offset in body */
	int nf;
	size_t *foff;             /* field offsets in body */
	size_t *flen;
	int capf;
	/* the finished file (fw_finish) */
	char *data;
	size_t len;
	size_t records;           /* records written */
	char err[1024];           /* first error, "" when none */
};

void fw_init(struct facts_writer *w, const char *frontend);
void fw_free(struct facts_writer *w);
/* The file is partial: part of the source was not analysed. */
void fw_partial(struct facts_writer *w);
/* The exact bytes the front end parsed: a `source` header line (their hash and
 * size), a `suppress` record per `gfpcheck:` directive in a comment, and the
 * `text` at the end.  Call at most once; src must stay valid until fw_finish. */
void fw_source(struct facts_writer *w, const void *src, size_t len);

/* One record of kind k: fw_begin, one call per field in the schema's order,
 * fw_end.  fw_end returns 0, or -1 when the record breaks the schema (it is
 * dropped and w->err set). */
void fw_begin(struct facts_writer *w, enum fact_kind k);
void fw_str(struct facts_writer *w, const char *s);           /* any field, as text */
void fw_strn(struct facts_writer *w, const char *s, size_t n);
void fw_pos(struct facts_writer *w, int line, int col);       /* LINE:COL */
void fw_nopos(struct facts_writer *w);                        /* '-' */
void fw_uint(struct facts_writer *w, long long v);
int fw_end(struct facts_writer *w);

/* A comment line ("# TEXT", folded) among the records. */
void fw_comment(struct facts_writer *w, const char *text);

/* Records already formatted as text, one per line (the Coccinelle front end's
 * output): each is checked like fw_end() does.  Returns -1 at the first bad one. */
int fw_raw(struct facts_writer *w, const char *text, size_t len);

/* Assemble the file in w->data/w->len: header, records, `text`, `end`.
 * Returns -1 when a record was bad (w->err). */
int fw_finish(struct facts_writer *w);
/* Write the finished file to path atomically (a temporary file in the same
 * directory, then rename), creating missing directories. */
int fw_write_file(const struct facts_writer *w, const char *path, char *err, size_t errlen);

/* The tree file of a facts directory (DIR/gfpfacts.tree): where the tree was
 * (its root) and its kernel version ("" or NULL when unknown). */
#define FACTS_TREE_FILE "gfpfacts.tree"
int facts_tree_write(const char *dir, const char *frontend, const char *root, const char *kernel, char *err,
		     size_t errlen);
/* The same with the paths the extraction was given, relative to the root
 * (`scanned` records: the other files of the directory are context). */
int facts_tree_write_scanned(const char *dir, const char *frontend, const char *root, const char *kernel,
			     const char *const *scanned, size_t nscanned, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
