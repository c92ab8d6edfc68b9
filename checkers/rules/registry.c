/* registry.c - the rule table, built from rules.def. Add a rule: a row in
 * rules.def, checkers/rules/<id>.c with rule_<sym>(), docs/rules/<id>.md and
 * fixtures under tests/fixtures/<id>/. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "base/util.h"

const struct rule_def rule_table[NRULES] = {
#define RULE(sym, id, conf, fix, fixdef, nfc, name, summary, subject, help, body) \
	{id, conf, fix, fixdef, nfc, name, summary, subject, help, body, rule_##sym},
#include "rules/rules.def"
#undef RULE
};

int rule_index(const char *id)
{
	for (int i = 0; i < NRULES; i++)
		if (strcmp(rule_table[i].id, id) == 0)
			return i;
	return -1;
}

int rule_parse_list(const char *list, int fix_only, unsigned *out, char *err, size_t errlen)
{
	unsigned r = 0;
	int n = 0;
	char *dup = xstrdup(list), *save = NULL;
	for (char *t = strtok_r(dup, ",", &save); t; t = strtok_r(NULL, ",", &save), n++) {
		int i = rule_index(t);
		if (fix_only && strcmp(t, "default") == 0) {
			for (int k = 0; k < NRULES; k++)
				if (rule_table[k].fix_default)
					r |= 1u << k;
			continue;
		}
		if (i < 0 || (fix_only && rule_table[i].fix == FIX_NONE)) {
			struct strbuf names = {0};
			for (int k = 0; k < NRULES; k++)
				if (!fix_only || rule_table[k].fix != FIX_NONE)
					sb_addf(&names, "%s, ", rule_table[k].id);
			snprintf(err, errlen, "%s: '%s' is not a rule%s (use %s%s)", fix_only ? "--fix-rules" : "--rules", t,
				 fix_only && i >= 0 ? " with a fix" : "", names.s, fix_only ? "default" : "or see --list-rules");
			sb_free(&names);
			free(dup);
			return -1;
		}
		r |= 1u << i;
	}
	free(dup);
	if (!n) {
		snprintf(err, errlen, "%s: the list of rules is empty (see --list-rules)", fix_only ? "--fix-rules" : "--rules");
		return -1;
	}
	*out = r;
	return 0;
}
