/* report_text.c - coccicheck-style lines: `path:line:col-col: [rule] message`,
 * columns 0-based as coccicheck prints them, evidence indented below, and one
 * summary line at the end. */
#include "report/report.h"

#include <stdlib.h>
#include <string.h>

#define TEXT_LIST_MAX 5

/* " in N files, most in A (K), B (K), C (K); all in --format json
 * (stats.skipped)": st->skipped entries are "path: reason", grouped by path
 * (entries of one file are adjacent). */
static void summarise_skipped(FILE *out, const struct run_stats *st)
{
	struct grp {
		size_t first, n;
	} top[3] = {{0, 0}, {0, 0}, {0, 0}};
	size_t nfiles = 0;
	for (size_t i = 0; i < st->nskipped;) {
		const char *a = st->skipped[i];
		const char *c = strstr(a, ": ");
		size_t pl = c ? (size_t)(c - a) : strlen(a);
		size_t j = i + 1;
		while (j < st->nskipped && strncmp(st->skipped[j], a, pl) == 0 &&
		       strncmp(st->skipped[j] + pl, ": ", 2) == 0)
			j++;
		nfiles++;
		struct grp g = {i, j - i};
		for (int k = 0; k < 3; k++)
			if (g.n > top[k].n) {
				struct grp t = top[k];
				top[k] = g;
				g = t;
			}
		i = j;
	}
	fprintf(out, " in %zu file%s, most in", nfiles, nfiles == 1 ? "" : "s");
	for (int k = 0; k < 3 && top[k].n; k++) {
		const char *a = st->skipped[top[k].first];
		const char *c = strstr(a, ": ");
		fprintf(out, "%s %.*s (%zu)", k ? "," : "", c ? (int)(c - a) : (int)strlen(a), a, top[k].n);
	}
	fputs("; all in --format json (stats.skipped)", out);
}

void report_text(FILE *out, const struct findings *fs, const struct run_stats *st)
{
	int per_rule[64] = {0};
	for (size_t i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->v[i];
		fprintf(out, "%s:%d:%d-%d: [%s] %s\n", f->file, f->line, f->col - 1, f->col_end - 1, f->rule, f->message);
		for (int k = 0; k < f->nev; k++)
			fprintf(out, "\t%s:%d: %s\n", f->ev[k].file, f->ev[k].line, f->ev[k].what);
		if (f->suppressed)
			fprintf(out, "\tsuppressed: %s\n", f->suppressed);
		int r = f->rid;
		if (r >= 0 && r < 64)
			per_rule[r]++;
	}
	fprintf(out, "gfpcheck: %zu finding%s", fs->n, fs->n == 1 ? "" : "s");
	int first = 1;
	for (int r = 0; r < NRULES; r++)
		if (per_rule[r]) {
			fprintf(out, "%s%s %d", first ? " (" : ", ", rule_table[r].id, per_rule[r]);
			first = 0;
		}
	if (!first)
		fputc(')', out);
	fprintf(out, " in %zu files, %zu functions", st->files, st->functions);
	if (st->context_headers)
		fprintf(out, " (and %zu headers of include/ as context)", st->context_headers);
	if (st->min_conf_set)
		fprintf(out, "; %zu below --min-confidence %s not shown", st->below_conf, conf_name((enum conf)st->min_conf));
	/* Long lists (a whole tree has hundreds of regions spatch could not
	 * parse) are summarised: a count, the files with most, and where the
	 * full list is. */
	if (st->nfailed) {
		fprintf(out, "; %zu file%s failed to parse:", st->nfailed, st->nfailed == 1 ? "" : "s");
		for (size_t i = 0; i < st->nfailed && i < TEXT_LIST_MAX; i++)
			fprintf(out, "%s %s", i ? "," : "", st->failed[i]);
		if (st->nfailed > TEXT_LIST_MAX)
			fprintf(out, " and %zu more (all in --format json, stats.failed)", st->nfailed - TEXT_LIST_MAX);
	}
	if (st->nskipped) {
		fprintf(out, "; %zu function%s or region%s skipped", st->nskipped, st->nskipped == 1 ? "" : "s",
			st->nskipped == 1 ? "" : "s");
		if (st->nskipped <= TEXT_LIST_MAX) {
			fputc(':', out);
			for (size_t i = 0; i < st->nskipped; i++)
				fprintf(out, "%s %s", i ? "," : "", st->skipped[i]);
		} else {
			summarise_skipped(out, st);
		}
	}
	fputc('\n', out);
}
