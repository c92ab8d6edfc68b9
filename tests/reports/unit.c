/* unit.c - unit tests of the report side: suppression comments, site expressions,
 * fingerprints, baseline files, finding filters and the progress line.
 * Prints PASS/FAIL per check (tests/reports/run.sh counts them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "facts/program.h"
#include "report/baseline.h"
#include "rules/finding_filter.h"
#include "rules/rules.h"
#include "base/progress.h"
#include "rules/suppress.h"
#include "facts/schema.h"
#include "facts/srcscan.h"
#include "base/util.h"

static int failed;

static void check(int ok, const char *name, const char *detail)
{
	printf("%s %s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
	failed += !ok;
}

static void check_str(const char *got, const char *want, const char *name)
{
	char buf[512];
	snprintf(buf, sizeof(buf), "got '%s', want '%s'", got ? got : "(null)", want);
	check(got && strcmp(got, want) == 0, name, buf);
}

/* The directives of a source line as a front end finds them (facts/srcscan.c,
 * text folded as in a `suppress` record). */
struct dirs {
	int n;
	int col[4];
	char text[4][600];
};

static void one_dir(void *arg, const struct src_directive *d)
{
	struct dirs *ds = arg;
	if (ds->n == 4)
		return;
	ds->col[ds->n] = d->col;
	fact_fold(d->text, d->n, ds->text[ds->n], sizeof(ds->text[0]));
	ds->n++;
}

/* Parse the first directive of line (as suppress.c gets it from the facts). */
static int parse_line(const char *line, struct suppression *s, struct dirs *ds)
{
	memset(ds, 0, sizeof(*ds));
	src_directives(line, strlen(line), one_dir, ds);
	return ds->n ? suppression_parse(ds->text[0], s) : 0;
}

static void test_suppression(void)
{
	struct suppression s;
	struct dirs ds;
	int r = parse_line("\treturn kmalloc(n, GFP_NOFS); /* gfpcheck: ignore nofs-in-scope -- why not */", &s, &ds);
	check(r == 1 && !s.problem, "supp-block-valid", s.problem ? s.problem : "not found");
	check(s.nrules == 1, "supp-block-one-rule", "rule count");
	check_str(s.rules[0], "nofs-in-scope", "supp-block-rule");
	check_str(s.reason, "why not", "supp-block-reason");
	check(ds.col[0] == 34, "supp-block-col", "column of gfpcheck:");
	r = parse_line("\t// gfpcheck: ignore missing-nofs -- lock is not taken by reclaim", &s, &ds);
	check(r == 1 && !s.problem && strcmp(s.reason, "lock is not taken by reclaim") == 0, "supp-line-comment", s.reason);
	r = parse_line("/* gfpcheck: ignore nofs-in-scope */", &s, &ds);
	check(r == 1 && s.problem && strstr(s.problem, "reason"), "supp-no-reason", "no problem reported");
	r = parse_line("/* gfpcheck: ignore nofs-in-scope --   */", &s, &ds);
	check(r == 1 && s.problem && strstr(s.problem, "empty"), "supp-empty-reason", "no problem reported");
	r = parse_line("/* gfpcheck: ignore no-such-rule -- x */", &s, &ds);
	check(r == 1 && s.problem && strstr(s.problem, "unknown") && !strcmp(s.subject, "no-such-rule"),
	      "supp-unknown-rule", "no problem reported");
	r = parse_line("/* gfpcheck: ignore -- x */", &s, &ds);
	check(r == 1 && s.problem && strstr(s.problem, "no rule"), "supp-no-rule", "no problem reported");
	r = parse_line("printk(\"gfpcheck: ignore nofs-in-scope\");", &s, &ds);
	check(r == 0 && ds.n == 0, "supp-not-in-comment", "string outside a comment taken as a directive");
	r = parse_line("printk(\"/* gfpcheck: ignore nofs-in-scope -- x */\");", &s, &ds);
	check(r == 0 && ds.n == 0, "supp-comment-in-string", "a comment inside a string literal taken as a directive");
	r = parse_line("/* gfpcheck: ignored by nobody */", &s, &ds);
	check(r == 0, "supp-other-word", "'ignored' taken as 'ignore'");
	/* issue 13.17: a list of rules, and every directive on a line */
	r = parse_line("/* gfpcheck: ignore nofs-in-scope,missing-nofs -- why */", &s, &ds);
	check(r == 1 && !s.problem && s.nrules == 2 && !strcmp(s.rules[1], "missing-nofs") && !strcmp(s.reason, "why"),
	      "supp-rule-list", s.problem ? s.problem : "");
	r = parse_line("/* gfpcheck: ignore nofs-in-scope, missing-nofs -- why */", &s, &ds);
	check(r == 1 && !s.problem && s.nrules == 2, "supp-rule-list-space", s.problem ? s.problem : "");
	r = parse_line("/* gfpcheck: ignore nofs-in-scope,nope -- why */", &s, &ds);
	check(r == 1 && s.problem && !strcmp(s.subject, "nope"), "supp-rule-list-unknown", s.subject);
	r = parse_line("/* gfpcheck: ignore nofs-in-scope */ /* gfpcheck: ignore missing-nofs -- ok */", &s, &ds);
	struct suppression s2;
	check(r == 1 && s.problem && ds.n == 2 && suppression_parse(ds.text[1], &s2) == 1 && !s2.problem,
	      "supp-second-directive", "the valid second directive of a line is lost");
}

static struct finding mk(const char *rule, const char *file, int line, int col, int col_end, const char *fn)
{
	struct finding f;
	memset(&f, 0, sizeof(f));
	f.rule = rule;
	f.confidence = "high";
	f.file = (char *)file;
	f.line = line;
	f.col = col;
	f.col_end = col_end;
	f.function = (char *)fn;
	return f;
}

static void test_site_expr(void)
{
	struct finding f = mk("nofs-in-scope", "a.c", 1, 17, 25, "f");
	char *e = finding_site_expr(&f, "\tp = kmalloc(n, GFP_NOFS | __GFP_ZERO); /* x */");
	check_str(e, "GFP_NOFS|__GFP_ZERO", "expr-argument");
	free(e);
	f.col = 20, f.col_end = 28;
	e = finding_site_expr(&f, "\tx = f(a, g(b, c), GFP_NOFS, d);");
	check_str(e, "GFP_NOFS", "expr-middle-argument");
	free(e);
	f.col = 2, f.col_end = 23;
	e = finding_site_expr(&f, "\tmemalloc_nofs_restore(fl);");
	check_str(e, "memalloc_nofs_restore(fl)", "expr-call");
	free(e);
	f.fix = "GFP_KERNEL | __GFP_NOFAIL";
	e = finding_site_expr(&f, NULL);
	check_str(e, "GFP_KERNEL|__GFP_NOFAIL", "expr-no-source");
	free(e);
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

static int keep_odd(struct finding *f, void *ctx)
{
	(void)ctx;
	return f->line % 2;
}

static void add(struct findings *fs, const char *rule, const char *file, int line, int col, int col_end, const char *fn)
{
	struct finding *f = finding_new(fs, rule_index(rule), CONF_HIGH, file, line, col, col_end, fn);
	finding_msg(f, "m");
}

/* A program holding one file, a.c, whose facts carry src as its text. */
static void prog_with_text(struct program *p, const char *src)
{
	memset(p, 0, sizeof(*p));
	char *facts = xasprintf("gfpfacts\t2\nfrontend\tt\nstatus\tok\ntext\t%zu\n%s\nend\n", strlen(src), src);
	char err[512];
	if (facts_load_text(p, "a.c.facts", facts, "a.c", err, sizeof(err)))
		check(0, "facts-load", err);
	free(facts);
}

static void test_fingerprints(const char *dir)
{
	struct program p1, p2;
	prog_with_text(&p1, "void f(void)\n{\n\ta = kmalloc(1, GFP_NOFS);\n\tb = kmalloc(2, GFP_NOFS);\n}\n");
	prog_with_text(&p2, "\n\n/* moved */\nvoid f(void)\n{\n\ta = kmalloc(1, GFP_NOFS);\n\tb = kmalloc(2, GFP_NOFS);\n}\n");
	struct findings x, y;
	memset(&x, 0, sizeof(x));
	memset(&y, 0, sizeof(y));
	add(&x, "nofs-in-scope", "a.c", 3, 17, 25, "f");
	add(&x, "nofs-in-scope", "a.c", 4, 17, 25, "f");
	add(&y, "nofs-in-scope", "a.c", 6, 17, 25, "f");
	add(&y, "nofs-in-scope", "a.c", 7, 17, 25, "f");
	findings_fingerprint(&x, &p1);
	findings_fingerprint(&y, &p2);
	check(strcmp(x.v[0].fingerprint, x.v[1].fingerprint) != 0, "fp-occurrence-index", "equal keys collide");
	check(strcmp(x.v[0].fingerprint, y.v[0].fingerprint) == 0 && strcmp(x.v[1].fingerprint, y.v[1].fingerprint) == 0,
	      "fp-ignores-line-numbers", "fingerprints moved with the lines");
	/* baseline round trip */
	char base[1200], err[512];
	snprintf(base, sizeof(base), "%s/baseline", dir);
	check(baseline_write(&x, &p1, base, err, sizeof(err)) == 0, "baseline-write", err);
	size_t dropped = 0;
	add(&y, "missing-nofs", "a.c", 6, 17, 25, "f");
	findings_fingerprint(&y, &p2);
	int r = baseline_filter(&y, base, &dropped, err, sizeof(err));
	check(r == 0 && dropped == 2 && y.n == 1 && strcmp(y.v[0].rule, "missing-nofs") == 0, "baseline-filter", err);
	write_text(base, "# comment\nfs/a.c\tf\tnofs-in-scope\tGFP_NOFS\t0\tnot-hex\n");
	r = baseline_filter(&y, base, &dropped, err, sizeof(err));
	check(r == -1 && strstr(err, "baseline:2: error"), "baseline-malformed", err);
	/* filter keeps order */
	struct findings z;
	memset(&z, 0, sizeof(z));
	for (int i = 1; i <= 5; i++)
		add(&z, "nofs-in-scope", "b.c", i, 1, 2, "g");
	size_t d = findings_filter(&z, keep_odd, NULL);
	check(d == 2 && z.n == 3 && z.v[0].line == 1 && z.v[1].line == 3 && z.v[2].line == 5, "filter-keeps-order", "");
	findings_free(&x);
	findings_free(&y);
	findings_free(&z);
	program_free(&p1);
	program_free(&p2);
}

static void test_progress(void)
{
	char buf[256];
	progress_format(buf, sizeof(buf), 10, 40, 5.0, 80);
	check(strstr(buf, "10/40 files") && strstr(buf, "2.0 files/s") && strstr(buf, "ETA 0:15") && buf[0] == '[',
	      "progress-eta", buf);
	progress_format(buf, sizeof(buf), 40, 40, 20.0, 80);
	check(strstr(buf, "40/40 files") && strstr(buf, "done in 0:20"), "progress-done", buf);
	progress_format(buf, sizeof(buf), 0, 40, 0.0, 80);
	check(strstr(buf, "0/40 files") && strstr(buf, "ETA --:--"), "progress-start", buf);
	progress_format(buf, sizeof(buf), 5, 10, 1.0, 30);
	check(buf[0] != '[' && strstr(buf, "5/10"), "progress-narrow-terminal", buf);
	check(progress_start(10, 0) == NULL, "progress-disabled", "not NULL when disabled");
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "/tmp";
	test_suppression();
	test_site_expr();
	test_fingerprints(dir);
	test_progress();
	return failed ? 1 : 0;
}
