/* json_findings.h - the findings of a gfpcheck JSON report (--format json), as
 * the fixture runner compares them: rule, confidence, file, line, message. */
#ifndef FIXTURE_JSON_FINDINGS_H
#define FIXTURE_JSON_FINDINGS_H
#include <stddef.h>

struct jfinding {
	char *rule, *confidence, *file, *message;
	long line;
};

/* Parse the report TEXT; returns the number of findings (*out malloc'd, each
 * string malloc'd, missing ones ""), or -1 with a reason in err when TEXT is not
 * a JSON object with a "findings" array of objects. */
long json_findings(const char *text, struct jfinding **out, char *err, size_t errlen);
void json_findings_free(struct jfinding *v, long n);
#endif
