/* fix.h - the fixer: turns findings into edits of the source text and writes
 * them as a unified diff, a git format-patch series, or in place.
 *
 * fix.c        the engine: source files, edits, patch groups; the findings fixed at
 *              their own site (FIX_TOKEN, FIX_MASK, FIX_CALL), dispatched by the
 *              rule table's fix kind
 * fix_region.c the FIX_REGION findings: the lock regions and region groups their
 *              payload (f->region, f->group) names, wrapped in scopes
 * fix_scope.c  wrapping a lock region in memalloc_nofs_save()/restore()
 * fix_mask.c   rewriting a mask expression
 * fix_patch.c  unified diffs, diffstat and the format-patch series
 * fix_apply.c  writing the fixed files in place (--apply)
 * (analysis/regions.c decides which GFP_NOFS sites and releases belong to a lock
 * region, and builds the region groups, once for the rules and the fixer)
 *
 * Only the bytes of a GFP_NOFS token are rewritten (plus a line break when the
 * longer GFP_KERNEL would push a line past 80 columns); scope fixes insert whole
 * lines. Every anchor (token text, callee names at call positions) is checked
 * against the facts before a file is touched. */
#ifndef GFPCHECK_FIX_H
#define GFPCHECK_FIX_H
#include <stdio.h>

#include "rules/rules.h"
#include "base/util.h"

struct fix_opts {
	int diff;              /* print one unified diff of every change to `out` */
	const char *patch_dir; /* write a git format-patch series there */
	int apply;             /* rewrite the files in place */
	unsigned rules;        /* rule indexes (bit 1 << rule_index) whose findings are fixed */
	const char *root;      /* tree root: paths are relative to it */
	int quiet;
	FILE *out;
	const char *from;      /* --from "Name <email>": the patches' author, or NULL */
};

/* The rules fixed when --fix-rules is not given. */
unsigned fix_default_rules(void);
/* Run the fixer over the (sorted) findings. Returns 0, or 2 on an I/O error. */
int fix_run(struct analysis *a, const struct sites *s, const struct regions *r, const struct findings *fs,
	    const struct fix_opts *o);

/* ---- internal to the fix*.c files ---- */

struct fedit {
	size_t off, len; /* bytes of the original text replaced */
	char *ins;
	int group;       /* patch group */
	int seq;         /* creation order (ties at one offset) */
};

struct ffile {
	char *path;      /* relative to the root */
	char *text;      /* content read for the fix, NULL when unreadable */
	size_t len;
	uint64_t hash;
	size_t *ls;      /* line starts */
	int nlines;
	struct fedit *e;
	size_t ne, cap;
	int has_sched_mm; /* <linux/sched/mm.h> included or added */
	int nsites;       /* sites changed in this file (for the summary) */
	char **cookies;   /* cookie names added, "fn:name" */
	size_t ncookies, capcookies;
};

struct fgroup {
	char *dir;       /* fs/ext4, mm, ... */
	char *prefix;    /* ext4, mm, ... (subject prefix) */
	int rule;        /* rule index */
	struct strbuf sites; /* one line per changed site */
	struct strbuf why;   /* locks/scopes and an example chain */
	int nsites, nregions, nfc;
	char *lock;      /* the one acquire name, or "" when several */
	int kind_pri;    /* journal 3, section 2, transaction 1, unknown 0 (no kind) */
	char kind[96];   /* what the scopes are: "journal handles", "cifs_server_lock() sections"
			  * (a copy: the groups move when the array grows) */
	int rows[8], nrows; /* setter/handle rows named by the evidence (patch body) */
	uint32_t dummy_dir;  /* a row of those may be a dummy in this directory (dummy=): ext4's handles */
};

struct fixer {
	struct analysis *a;
	const struct sites *s;
	const struct regions *R;    /* the analysis' lock regions and their groups */
	const struct findings *fs;  /* the findings to fix (sorted) */
	const struct fix_opts *o;
	struct ffile *f;
	size_t nf, capf;
	struct fgroup *g;
	size_t ng, capg;
	int seq;
	int nrefused;
	int nstale;      /* fixes not made: the source differs from the facts */
};

/* Outcome of --apply, for the summary. */
struct fix_counts {
	size_t nfailed;    /* files not written */
	int nsites_failed; /* their sites */
	struct strbuf notw; /* their paths, ", "-separated */
};

struct ffile *fix_file(struct fixer *F, const char *path);
/* The reasons a fix is not made because the source does not hold what the facts
 * say (compared by address: the fixer counts these as failures, exit status 2). */
extern const char fix_why_stale_nofs[], fix_why_stale_gfp[], fix_why_stale_call[];
/* The gfp token the facts record at line:col of f, or NULL. */
const char *fix_gfp_at(const struct fixer *F, const struct ffile *f, int line, int col);
/* Byte offset of LINE:COL (1-based) in the file, or -1. */
long fix_off(const struct ffile *f, int line, int col);
void fix_edit(struct ffile *f, size_t off, size_t len, const char *ins, int group, int *seq);
/* Is why one of the fix_why_stale_* reasons? */
int fix_is_stale(const char *why);
int fix_group(struct fixer *F, const char *path, int rule);
/* The patch group's example chain from finding f, unless it has one. */
void fix_group_why(struct fgroup *g, const struct finding *f);
void fix_note(struct fixer *F, const char *path, int line, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Display width of bytes [s, e) starting at column 0, tabs to 8. */
int fix_width(const char *s, const char *e);

/* fix_scope.c: add the edits that wrap region g in a NOFS scope and flip its
 * GFP_NOFS tokens; returns NULL, or the reason it was not done (no edit made). */
const char *fix_scope_region(struct fixer *F, const struct region *g, int group);
/* Would fix_scope_region() place the scope? NULL, or why not; no edit. */
const char *fix_scope_region_check(struct fixer *F, const struct region *g);
/* The GFP_NOFS -> GFP_KERNEL edit of one token (with a line break when the
 * line would grow past 80 columns); returns NULL or the reason it was not made. */
const char *fix_token(struct fixer *F, struct ffile *f, int line, int col, int group);
/* The vmalloc-nofs fix: `x = call(..., GFP_NOFS ...);` inside memalloc_nofs_save()/restore() (noio:
 * the NOIO pair), with a comment, a cookie and the mask rewritten to `mask`. */
const char *fix_scope_call(struct fixer *F, int c, const char *mask, int noio, int group);
/* fix_region.c: the edits of every selected FIX_REGION finding, by its payload. */
void fix_regions(struct fixer *F);
/* fix_apply.c: forget the second path of a file reached through two in-tree links;
 * write the fixed files (0, or 2 when one was not written, counted in c). */
void fix_drop_linked_twins(struct fixer *F);
int fix_apply_files(struct fixer *F, struct fix_counts *c);
/* fix_mask.c: replace the gfp expression around the token at line:col by text (flag rules). */
const char *fix_mask(struct fixer *F, struct ffile *f, int line, int col, const char *text, int group);

/* fix_patch.c */
/* Unified diff of `old` with edits (sorted by offset) applied; counts lines. */
void fix_udiff(struct strbuf *sb, const char *path, const char *old, size_t oldlen, const struct fedit *e,
	       size_t ne, int *adds, int *dels);
/* Apply edits (sorted) to text; returns the new text. */
char *fix_apply_text(const char *old, size_t oldlen, const struct fedit *e, size_t ne, size_t *newlen);
int fix_write_series(struct fixer *F, const char *dir);
/* --patch-dir DIR is usable: missing, empty, or holding only the series gfpcheck
 * wrote there before (DIR/.gfpcheck-series, content unchanged). Else -1 and why,
 * naming a file gfpcheck did not write. */
/* --from is "Name <email>" (a name, one <...> with an @, no control character):
 * 0, else -1. */
int fix_check_from(const char *from);
int fix_patch_dir_check(const char *dir, char *err, size_t errlen);
#endif
