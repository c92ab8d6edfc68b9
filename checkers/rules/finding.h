/* finding.h - findings and their evidence, as every report writer sees them. */
#ifndef GFPCHECK_FINDING_H
#define GFPCHECK_FINDING_H
#include <stddef.h>

struct evidence {
	char *file;
	int line;
	char *what;
};

struct finding {
	const char *rule;
	const char *confidence; /* high, medium, low */
	char *file;
	int line, col, col_end; /* col 1-based, col_end exclusive */
	char *function;
	char *message;
	struct evidence *ev;
	int nev, capev;
	char *fix; /* rewritten flag expression, or NULL */
	char *fingerprint; /* stable ID without line numbers (baseline.c), or NULL */
	char *suppressed;  /* reason of an in-source suppression (suppress.c), or NULL */
};

struct findings {
	struct finding *v;
	size_t n, cap;
};

struct finding *finding_new(struct findings *fs, const char *rule, const char *confidence,
			    const char *file, int line, int col, int col_end, const char *function);
void finding_msg(struct finding *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void finding_ev(struct finding *f, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Sort by file, line, column, rule and drop exact duplicates. */
void findings_sort(struct findings *fs);
void findings_free(struct findings *fs);

/* Rule registry (checkers/rules/registry.c): one row per rule; its ID is the rule
 * file's name, the message tag, the docs entry and the fixture folder. */
struct analysis;
struct sites;
struct rule_info {
	const char *id;
	const char *summary;
	void (*run)(struct analysis *a, const struct sites *s);
};
extern const struct rule_info rule_table[];
extern const int nrules;
int rule_index(const char *id);
#endif
