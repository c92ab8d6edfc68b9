/* report_text.c - coccicheck-style lines: `path:line:col-col: [rule] message`,
 * columns 0-based as coccicheck prints them, evidence indented below, and one
 * summary line at the end. */
#include "report/report.h"

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
	if (st->nfailed) {
		fprintf(out, "; %zu file%s failed to parse:", st->nfailed, st->nfailed == 1 ? "" : "s");
		for (size_t i = 0; i < st->nfailed; i++)
			fprintf(out, "%s %s", i ? "," : "", st->failed[i]);
	}
	if (st->nskipped) {
		fprintf(out, "; %zu function%s or region%s skipped:", st->nskipped, st->nskipped == 1 ? "" : "s",
			st->nskipped == 1 ? "" : "s");
		for (size_t i = 0; i < st->nskipped; i++)
			fprintf(out, "%s %s", i ? "," : "", st->skipped[i]);
	}
	fputc('\n', out);
}
