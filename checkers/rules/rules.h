/* rules.h - one function per rule (checkers/rules/<id>.c). */
#ifndef GFPCHECK_RULES_H
#define GFPCHECK_RULES_H
#include "analysis/sites.h"

enum {
	R_NOFS_IN_SCOPE = 1u << 0,
	R_NOFS_IN_TRANSACTION = 1u << 1,
	R_NOFS_NO_CONTEXT = 1u << 2,
	R_MISSING_NOFS = 1u << 3,
	R_SCOPE_IMBALANCE = 1u << 4,
};

void rule_nofs_in_scope(struct analysis *a, const struct sites *s);
void rule_nofs_in_transaction(struct analysis *a, const struct sites *s);
void rule_nofs_no_context(struct analysis *a, const struct sites *s);
void rule_missing_nofs(struct analysis *a, const struct sites *s);
void rule_scope_imbalance(struct analysis *a, const struct sites *s);
void rule_nofs_to_scope(struct analysis *a, const struct sites *s);
void rule_bad_suppression(struct analysis *a, const struct sites *s);
void rule_repeat_order0(struct analysis *a, const struct sites *s);
void rule_repeat_costly(struct analysis *a, const struct sites *s);
void rule_repeat_unknown_order(struct analysis *a, const struct sites *s);
void rule_vmalloc_nofs(struct analysis *a, const struct sites *s);
void rule_noio_in_scope(struct analysis *a, const struct sites *s);
void rule_gfp_spelled_out(struct analysis *a, const struct sites *s);
void rule_nofs_fs_conflict(struct analysis *a, const struct sites *s);
void rule_nofs_mapping(struct analysis *a, const struct sites *s);

/* GFP_NOFS tokens with the union of the path classes of every allocation they reach. */
struct nofs_tok {
	int tok;
	int call;          /* first allocation reached */
	struct classev cv; /* merged */
	int nsites;
};
/* Calls fn for every GFP_NOFS token that reaches an allocation. */
void nofs_tokens(struct analysis *a, const struct sites *s,
		 void (*fn)(struct analysis *a, const struct nofs_tok *t));
/* Emit a nofs-* finding for a token with the GFP_KERNEL fix. */
/* The NOFS token's name (GFP_NOFS, KM_NOFS) and what to do with it. */
const char *nofs_name(const struct analysis *a, const struct nofs_tok *t);
const char *nofs_advice(const struct analysis *a, const struct nofs_tok *t);
struct finding *nofs_finding(struct analysis *a, const char *rule, const char *conf, const struct nofs_tok *t);

/* Helpers shared by rules. */
struct finding *finding_at_token(struct analysis *a, const char *rule, const char *conf, int tok, int call);
const char *func_name(const struct analysis *a, int fn);
#endif
