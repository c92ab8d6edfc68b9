/* unit.c - unit tests of the report side: suppression comments, site expressions,
 * fingerprints, baseline files, finding filters and the progress line.
 * Prints PASS/FAIL per check (tests/reports/run.sh counts them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/baseline.h"
#include "rules/finding_filter.h"
#include "rules/rules.h"
#include "base/progress.h"
#include "rules/suppress.h"

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

static void test_suppression(void)
{
	struct suppression s;
	int r = suppression_parse("\treturn kmalloc(n, GFP_NOFS); /* gfpcheck: ignore nofs-in-scope -- why not */", &s);
	check(r == 1 && !s.problem, "supp-block-valid", s.problem ? s.problem : "not found");
	check_str(s.rule, "nofs-in-scope", "supp-block-rule");
	check_str(s.reason, "why not", "supp-block-reason");
	check(s.col == 34, "supp-block-col", "column of gfpcheck:");
	r = suppression_parse("\t// gfpcheck: ignore missing-nofs -- lock is not taken by reclaim", &s);
	check(r == 1 && !s.problem && strcmp(s.reason, "lock is not taken by reclaim") == 0, "supp-line-comment", s.reason);
	r = suppression_parse("/* gfpcheck: ignore nofs-in-scope */", &s);
	check(r == 1 && s.problem && strstr(s.problem, "reason"), "supp-no-reason", "no problem reported");
	r = suppression_parse("/* gfpcheck: ignore nofs-in-scope --   */", &s);
	check(r == 1 && s.problem && strstr(s.problem, "empty"), "supp-empty-reason", "no problem reported");
	r = suppression_parse("/* gfpcheck: ignore no-such-rule -- x */", &s);
	check(r == 1 && s.problem && strstr(s.problem, "unknown"), "supp-unknown-rule", "no problem reported");
	r = suppression_parse("/* gfpcheck: ignore -- x */", &s);
	check(r == 1 && s.problem && strstr(s.problem, "no rule"), "supp-no-rule", "no problem reported");
	r = suppression_parse("printk(\"gfpcheck: ignore nofs-in-scope\");", &s);
	check(r == 0, "supp-not-in-comment", "string outside a comment taken as a directive");
	r = suppression_parse("/* gfpcheck: ignored by nobody */", &s);
	check(r == 0, "supp-other-word", "'ignored' taken as 'ignore'");
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

static void test_fingerprints(const char *dir)
{
	char path[1200], root1[512], root2[512];
	snprintf(root1, sizeof(root1), "%s/t1", dir);
	snprintf(root2, sizeof(root2), "%s/t2", dir);
	mkdir(root1, 0755);
	mkdir(root2, 0755);
	snprintf(path, sizeof(path), "%s/a.c", root1);
	write_text(path, "void f(void)\n{\n\ta = kmalloc(1, GFP_NOFS);\n\tb = kmalloc(2, GFP_NOFS);\n}\n");
	snprintf(path, sizeof(path), "%s/a.c", root2);
	write_text(path, "\n\n/* moved */\nvoid f(void)\n{\n\ta = kmalloc(1, GFP_NOFS);\n\tb = kmalloc(2, GFP_NOFS);\n}\n");
	struct findings x, y;
	memset(&x, 0, sizeof(x));
	memset(&y, 0, sizeof(y));
	add(&x, "nofs-in-scope", "a.c", 3, 17, 25, "f");
	add(&x, "nofs-in-scope", "a.c", 4, 17, 25, "f");
	add(&y, "nofs-in-scope", "a.c", 6, 17, 25, "f");
	add(&y, "nofs-in-scope", "a.c", 7, 17, 25, "f");
	findings_fingerprint(&x, root1);
	findings_fingerprint(&y, root2);
	check(strcmp(x.v[0].fingerprint, x.v[1].fingerprint) != 0, "fp-occurrence-index", "equal keys collide");
	check(strcmp(x.v[0].fingerprint, y.v[0].fingerprint) == 0 && strcmp(x.v[1].fingerprint, y.v[1].fingerprint) == 0,
	      "fp-ignores-line-numbers", "fingerprints moved with the lines");
	/* baseline round trip */
	char base[1200], err[512];
	snprintf(base, sizeof(base), "%s/baseline", dir);
	check(baseline_write(&x, root1, base, err, sizeof(err)) == 0, "baseline-write", err);
	size_t dropped = 0;
	add(&y, "missing-nofs", "a.c", 6, 17, 25, "f");
	findings_fingerprint(&y, root2);
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
