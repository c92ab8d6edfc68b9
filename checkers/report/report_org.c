/* report_org.c - Emacs org mode, as coccicheck's MODE=org prints it:
 *   * TODO [[view:FILE::face=ovl-face1::linb=L::colb=C::cole=C2][rule: message]]
 *   ** [[view:FILE::face=ovl-face2::linb=L::colb=0::cole=0][evidence]]
 * Columns are 0-based as coccinelle prints them; brackets in messages become
 * @( and ) so that the links stay links (coccilib's print_safe_todo). */
#include "report/report.h"

static void safe(FILE *out, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '[')
			fputs("@(", out);
		else if (*s == ']')
			fputc(')', out);
		else if (*s == '\n')
			fputc(' ', out);
		else
			fputc(*s, out);
	}
}

void report_org(FILE *out, const struct findings *fs, const struct run_stats *st)
{
	(void)st;
	for (size_t i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->v[i];
		fprintf(out, "* TODO [[view:%s::face=ovl-face1::linb=%d::colb=%d::cole=%d][", f->file, f->line,
			f->col > 0 ? f->col - 1 : 0, f->col_end > 0 ? f->col_end - 1 : 0);
		safe(out, f->rule);
		fputs(": ", out);
		safe(out, f->message);
		fputs("]]\n", out);
		for (int k = 0; k < f->nev; k++) {
			fprintf(out, "** [[view:%s::face=ovl-face2::linb=%d::colb=0::cole=0][", f->ev[k].file, f->ev[k].line);
			safe(out, f->ev[k].what);
			fputs("]]\n", out);
		}
		if (f->fix) {
			fputs("** fix: ", out);
			safe(out, f->fix);
			fputc('\n', out);
		}
		if (f->suppressed) {
			fputs("** suppressed: ", out);
			safe(out, f->suppressed);
			fputc('\n', out);
		}
	}
}
