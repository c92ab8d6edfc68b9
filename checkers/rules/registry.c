/* registry.c - the rule table, built from rules.def, and what is read from it:
 * rule IDs, lists of them, the kernels a fix is written for, --list-rules.
 * Add a rule: see "Add a rule" in docs/rules/README.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "base/util.h"

const struct rule_def rule_table[NRULES] = {
#define RULE(sym, id, conf, on, fix, fixdef, fixon, nfc, name, summary, subject, help, body) \
	{id, conf, on, fix, fixdef, fixon, nfc, name, summary, subject, help, body, rule_##sym},
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
		if (strcmp(t, "default") == 0) {
			for (int k = 0; k < NRULES; k++)
				if (fix_only ? rule_table[k].fix_default : rule_table[k].on)
					r |= 1u << k;
			continue;
		}
		if (!fix_only && strcmp(t, "all") == 0) {
			r |= (1u << NRULES) - 1;
			continue;
		}
		if (i < 0 || (fix_only && rule_table[i].fix == FIX_NONE)) {
			struct strbuf names = {0};
			for (int k = 0; k < NRULES; k++)
				if (!fix_only || rule_table[k].fix != FIX_NONE)
					sb_addf(&names, "%s, ", rule_table[k].id);
			snprintf(err, errlen, "%s: '%s' is not a rule%s (use %s%s)", fix_only ? "--fix-rules" : "--rules", t,
				 fix_only && i >= 0 ? " with a fix" : "", names.s,
				 fix_only ? "default" : "default, all, or see --list-rules");
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

unsigned rule_default_set(void)
{
	unsigned r = 0;
	for (int k = 0; k < NRULES; k++)
		if (rule_table[k].on)
			r |= 1u << k;
	return r;
}

int rule_fix_on(int rid, int version, int noio)
{
	const struct fix_on *o = &rule_table[rid].fix_on;
	int since = noio && o->noio_since ? o->noio_since : o->since;
	if (!version)
		return !since || o->unknown == UNKNOWN_AS_NEW;
	return version >= since;
}

static const char *const fix_kind_names[] = {"-", "token", "mask", "region", "call"};

/* The FIXON column as --list-rules prints it: "any" (every kernel), "4.12+",
 * "4.12+,noio:3.9+" (the NOIO form from 3.9), ",known" (not on a tree of unknown
 * version); "-" for a rule without a fix. */
static void fix_on_text(const struct rule_def *r, char *buf, size_t n)
{
	const struct fix_on *o = &r->fix_on;
	int w = 0;
	if (r->fix == FIX_NONE)
		w = snprintf(buf, n, "-");
	else if (!o->since)
		w = snprintf(buf, n, "any");
	else
		w = snprintf(buf, n, "%d.%d+", o->since / 1000, o->since % 1000);
	if (r->fix != FIX_NONE && o->noio_since && w >= 0 && (size_t)w < n)
		w += snprintf(buf + w, n - (size_t)w, ",noio:%d.%d+", o->noio_since / 1000, o->noio_since % 1000);
	if (r->fix != FIX_NONE && o->since && o->unknown == UNKNOWN_NO_FIX && w >= 0 && (size_t)w < n)
		snprintf(buf + w, n - (size_t)w, ",known");
}

void rule_list(FILE *out)
{
	for (int r = 0; r < NRULES; r++) {
		const struct rule_def *d = &rule_table[r];
		char fix[32], on[48];
		snprintf(fix, sizeof(fix), "%s%s", fix_kind_names[d->fix], d->fix_default ? ",default" : "");
		fix_on_text(d, on, sizeof(on));
		fprintf(out, "%-20s %-6s %-14s %-15s %s%s\n", d->id, conf_name(d->conf), fix, on,
			d->on ? "" : "(opt-in: --rules all, or its ID) ", d->summary);
	}
}
