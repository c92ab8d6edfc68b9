/* rules.h - the rule table (rules.def) and what the rules share. One rule per
 * file, checkers/rules/<id>.c, with one run function. */
#ifndef GFPCHECK_RULES_H
#define GFPCHECK_RULES_H
#include "analysis/regions.h"
#include "analysis/sites.h"
#include "rules/finding.h"

#include <stdio.h>

enum fix_kind { FIX_NONE, FIX_TOKEN, FIX_MASK, FIX_REGION, FIX_CALL };
enum nfc_kind { NFC_NO, NFC_YES, NFC_REGION };

/* The kernels a rule's fix is written for (the FIXON column of rules.def). */
enum fix_unknown { UNKNOWN_AS_NEW, UNKNOWN_NO_FIX };
struct fix_on {
	int since;      /* version code of the first kernel with the API the fix writes, 0: all */
	int noio_since; /* the same for the NOIO form of a FIX_CALL fix, 0: since */
	enum fix_unknown unknown; /* a tree of unknown version (0) */
};
#define FIXON(since, noio_since, unknown) {since, noio_since, unknown}
#define ANY_KERNEL FIXON(0, 0, UNKNOWN_AS_NEW)

/* What a rule sees: the analysis, the allocation sites, the lock regions, and
 * where its findings go. */
struct rulectx {
	struct analysis *a;
	const struct sites *s;
	const struct regions *regions;
	struct findings *out;
	int noted_no_scope_api; /* note_no_scope_api() has added its note */
};

enum { RULE_OPT_IN, RULE_ON };

struct rule_def {
	const char *id;
	enum conf conf;
	int on;           /* RULE_ON: in the default set of --rules; RULE_OPT_IN: only when named */
	enum fix_kind fix;
	int fix_default;
	struct fix_on fix_on;
	enum nfc_kind nfc;
	const char *name, *summary, *subject, *help, *body;
	void (*run)(struct rulectx *rc);
};

enum rule_id {
#define RULE(sym, id, conf, on, fix, fixdef, fixon, nfc, name, summary, subject, help, body) R_##sym,
#include "rules/rules.def"
#undef RULE
	NRULES
};

#define RULE(sym, id, conf, on, fix, fixdef, fixon, nfc, name, summary, subject, help, body) \
	void rule_##sym(struct rulectx *rc);
#include "rules/rules.def"
#undef RULE

extern const struct rule_def rule_table[NRULES];
/* The index of a rule ID, or -1. */
int rule_index(const char *id);
/* Parse a comma-separated list of rule IDs into a bit set (1 << index); "default"
 * adds the rules fixed by default when `fix_only` is set, else the rules run by
 * default (RULE_ON), and "all" (not with fix_only) every rule. Returns -1 with a
 * message naming the bad entry; an empty list is an error. */
int rule_parse_list(const char *list, int fix_only, unsigned *out, char *err, size_t errlen);
/* The rules run when --rules is not given (RULE_ON). */
unsigned rule_default_set(void);
/* Whether rule rid's fix is written on a tree of version code `version` (0:
 * unknown); noio: its NOIO form. From the rule's FIXON column. */
int rule_fix_on(int rid, int version, int noio);
/* `gfpcheck --list-rules`: one line per rule, "ID CONF FIX FIXON SUMMARY", the
 * first four without blanks (docs/rules/README.md explains them). */
void rule_list(FILE *out);

/* GFP_NOFS tokens with the union of the path classes of every allocation they reach. */
struct nofs_tok {
	int tok;
	int call;          /* first allocation reached */
	struct classev cv; /* merged */
	int nsites;
	int inner_lock;    /* the first of its sites' inner_lock (sites.h), or -1 */
};
/* Calls fn for every GFP_NOFS token that reaches an allocation. */
void nofs_tokens(struct rulectx *rc, void (*fn)(struct rulectx *rc, const struct nofs_tok *t));
/* The NOFS token's name (GFP_NOFS, KM_NOFS) and what to do with it. */
const char *nofs_name(const struct analysis *a, const struct nofs_tok *t);
const char *nofs_advice(const struct analysis *a, const struct nofs_tok *t);
/* A nofs-* finding at the token with its GFP_KERNEL (or flag-dropped) fix. */
struct finding *nofs_finding(struct rulectx *rc, int rid, enum conf conf, const struct nofs_tok *t);
/* The setter or handle row of a hop of f's evidence from hop `from` on whose
 * transaction may be a dummy where that hop stands (model dummy=DIR: ext4
 * without a journal, or during fast-commit replay, opens no scope), or NULL. */
const struct mrow *chain_dummy_row(const struct analysis *a, const struct finding *f, int from);

/* The tok_fix of a finding at gfp token tok whose fix is mask_canonical()'s fix
 * of bits: GFP_KERNEL when tok is GFP_NOFS and fix is spelled from GFP_KERNEL. */
const char *mask_tok_fix(const struct analysis *a, int tok, const char *fix, uint32_t bits);
/* A finding at gfp token tok (or, when tok < 0, at the callee of call). */
struct finding *finding_at_token(struct rulectx *rc, int rid, enum conf conf, int tok, int call);
const char *func_name(const struct analysis *a, int fn);
/* Would missing-nofs report a deadlock on the lock taken at call o, were no
 * scope open (missing-nofs.c: the conflict is direct enough: not kswapd's
 * only, not one object's inferred class, not a model row's lock no direct
 * reclaim path takes)? *per_object (when not NULL) is set when that finding
 * would be low for being one lock per object (a model row's i_data_sem:
 * reclaim takes it on the inode it frees). */
int missing_nofs_conflict(struct analysis *a, int o, int *per_object);
/* Append the evidence chain of class `bit` at call c (context.c) to f. */
void finding_chain(struct rulectx *rc, struct finding *f, int c, unsigned bit, const struct classev *cv);
/* Once per run, on the first finding that loses a scope-based fix because the
 * tree predates the scope API (4.12): append the note to its message. */
void note_no_scope_api(struct rulectx *rc, struct finding *f);
#endif
