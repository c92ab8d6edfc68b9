/* options.c - table-driven command-line parsing (see options.h). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"
#include "base/util.h"

int cli_parse(const char *prog, int argc, char **argv, const struct cli_opt *table,
	      int (*handle)(void *ctx, int key, const char *arg), void *ctx, int *first)
{
	size_t n = 0;
	while (table[n].name)
		n++;
	struct option *lo = xcalloc(n + 1, sizeof(*lo));
	struct strbuf shorts = {0};
	sb_add(&shorts, ":"); /* ':' back for a missing value, '?' for an unknown option */
	for (size_t i = 0; i < n; i++) {
		lo[i].name = table[i].name;
		lo[i].has_arg = table[i].arg ? required_argument : no_argument;
		lo[i].val = 256 + (int)i;
		if (table[i].short_name) {
			sb_addc(&shorts, table[i].short_name);
			if (table[i].arg)
				sb_addc(&shorts, ':');
		}
	}
	opterr = 0;
	optind = 1;
	int rc = 0, c;
	while (rc == 0 && (c = getopt_long(argc, argv, shorts.s, lo, NULL)) != -1) {
		size_t i = n;
		if (c >= 256)
			i = (size_t)(c - 256);
		else
			for (size_t k = 0; k < n; k++)
				if (table[k].short_name && table[k].short_name == c)
					i = k;
		if (i == n) {
			const char *bad = argv[optind - 1];
			if (c == ':')
				fprintf(stderr, "%s: option '%s' needs a value\n", prog, bad);
			else
				fprintf(stderr, "%s: unknown option '%s' (see --help)\n", prog, bad);
			rc = -1;
			break;
		}
		rc = handle(ctx, table[i].key, table[i].arg ? optarg : NULL);
	}
	free(lo);
	sb_free(&shorts);
	*first = optind;
	return rc;
}

void cli_usage(FILE *out, const struct cli_opt *t)
{
	for (; t->name; t++) {
		char left[64];
		if (t->short_name)
			snprintf(left, sizeof(left), "-%c, --%s%s%s", t->short_name, t->name, t->arg ? " " : "",
				 t->arg ? t->arg : "");
		else
			snprintf(left, sizeof(left), "--%s%s%s", t->name, t->arg ? " " : "", t->arg ? t->arg : "");
		const char *h = t->help;
		const char *nl = strchr(h, '\n');
		fprintf(out, "  %-22s %.*s\n", left, nl ? (int)(nl - h) : (int)strlen(h), h);
		while (nl) {
			h = nl + 1;
			nl = strchr(h, '\n');
			fprintf(out, "  %-22s %.*s\n", "", nl ? (int)(nl - h) : (int)strlen(h), h);
		}
	}
}

int cli_int(const char *prog, const char *option, const char *arg, long min, long max, long *out)
{
	char *e;
	long v = strtol(arg, &e, 10);
	if (e == arg || *e || v < min || v > max) {
		fprintf(stderr, "%s: %s takes a number from %ld to %ld, not '%s'\n", prog, option, min, max, arg);
		return -1;
	}
	*out = v;
	return 0;
}
