/* finding.h - findings: what a rule produces and every report writer and the
 * fixer consume. A finding is typed: besides the rendered message it carries the
 * rule (index into the rule table), the site as program references (the gfp
 * token, the call), the fix payload its rule's fix kind needs (the replacement
 * mask, the lock region, NOIO or NOFS), and its evidence as typed hops. Nothing
 * downstream matches on the message or evidence text. */
#ifndef GFPCHECK_FINDING_H
#define GFPCHECK_FINDING_H
#include <stddef.h>

#include "analysis/evidence.h"

enum conf { CONF_LOW, CONF_MEDIUM, CONF_HIGH };
const char *conf_name(enum conf c);

struct finding {
	int rid;                /* rule index (R_*, rules.def) */
	const char *rule;       /* its ID (rule_table[rid].id) */
	enum conf conf;
	const char *confidence; /* conf_name(conf) */
	char *file;
	int line, col, col_end; /* col 1-based, col_end exclusive */
	char *function;
	char *message;
	/* typed site and fix payload */
	int tok;                /* gfp token (prog.gfps) the finding is at, or -1 */
	int call;               /* the allocation (or scope/mapping) call, or -1 */
	int region;             /* FIX_REGION: the lock region (analysis regions) whose scope fixes it, or -1 */
	int group;              /* FIX_REGION: the region group (regions.groups) whose scopes fix it, or -1 */
	int noio;               /* FIX_CALL: the scope to open is NOIO, not NOFS */
	char *fix;              /* rewritten flag expression, or NULL */
	const char *tok_fix;    /* GFP_KERNEL when the finding is at a GFP_NOFS token and its fix
				 * lifts that token to GFP_KERNEL (a one-token replacement that
				 * SARIF can offer), else NULL */
	struct evidence *ev;
	int nev, capev;
	char *fingerprint;      /* stable ID without line numbers (baseline.c), or NULL */
	char *suppressed;       /* reason of an in-source suppression (suppress.c), or NULL */
};

struct findings {
	struct finding *v;
	size_t n, cap;
};

struct finding *finding_new(struct findings *fs, int rid, enum conf conf, const char *file, int line, int col,
			    int col_end, const char *function);
void finding_msg(struct finding *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A typed hop (enum hop_kind) with its program references: the call, the
 * function and the model row it is about (-1 for none). */
void finding_hop(struct finding *f, int kind, const char *file, int line, int call, int fn, int row, const char *fmt,
		 ...) __attribute__((format(printf, 8, 9)));
/* Move the hops of c to the finding's evidence (c is left empty). */
void finding_add_chain(struct finding *f, struct chain *c);
/* Sort by file, line, column, rule and drop exact duplicates. */
void findings_sort(struct findings *fs);
void findings_free(struct findings *fs);
#endif
