/* args.c - gfpcheck's options (see args.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/explain.h"
#include "cli/options.h"
#include "fix/fix.h"
#include "model/model.h"
#include "report/report.h"
#include "rules/rules.h"

/* The keys by the handler that takes them (handle() picks it by range). */
enum {
	/* what to scan, and how: handle_scan() */
	O_FORMAT, O_OUT, O_JOBS, O_MODEL, O_MODELDIR, O_RULES, O_KVER, O_ARCH, O_FACTS, O_COCCI, O_SCOPELOCK, O_QUIET,
	/* what else to print: handle_print() */
	O_DUMPMODEL, O_DUMPSTATE, O_EXPLAINLOCKS, O_EXPLAINSITE, O_EXPLAINORDERS, O_LISTRULES, O_HELP, O_VERSION,
	/* which findings count: handle_filter() */
	O_BASELINE, O_WBASELINE, O_SINCE, O_MINCONF, O_SHOWSUPP,
	/* fixing: handle_fix() */
	O_FIX, O_PATCHDIR, O_APPLY, O_FIXRULES, O_FROM,
};

static const struct cli_opt table[] = {
	{"format", 0, "FORMAT", O_FORMAT, "text (default, coccicheck style), json, sarif, org, html or codequality (GitLab)"},
	{"output", 'o', "FILE", O_OUT, "write the report to FILE instead of standard output"},
	{"jobs", 'j', "N", O_JOBS, "parallel extraction jobs (default: number of CPUs)"},
	{"model", 0, "FILE", O_MODEL, "extra model rows (may repeat; see docs/MODEL.md)"},
	{"model-dir", 0, "DIR", O_MODELDIR, "the model directory (default: the model/ shipped with gfpcheck)"},
	{"rules", 0, "LIST", O_RULES,
	 "comma-separated rule IDs to run; 'default' (the default): every rule that\n"
	 "--list-rules does not mark opt-in; 'all': every rule"},
	{"kernel-version", 0, "X.Y", O_KVER, "kernel version (default: read from the tree's Makefile)"},
	{"arch", 0, "ARCH", O_ARCH,
	 "the architecture built, as make's ARCH= (x86_64, arm64): a call from\n"
	 "outside arch/ to a function that several arch/ directories define resolves\n"
	 "to arch/ARCH/'s (default: $ARCH, else the model's default arch row: x86)"},
	{"facts", 0, "DIR", O_FACTS, "analyse facts files from DIR instead of running spatch (may repeat)"},
	{"cocci", 0, "FILE", O_COCCI, "the extraction semantic patch (default: cocci/gfpfacts.cocci)"},
	{"dump-model", 0, NULL, O_DUMPMODEL, "print the model rows that apply to the tree's version (inferred summaries are not rows) and exit"},
	{"dump-state", 0, NULL, O_DUMPSTATE, "print the lock/scope state computed before every call"},
	{"explain-locks", 0, NULL, O_EXPLAINLOCKS,
	 "print every filesystem's reclaim lock set (the lock classes reclaim can take,\n"
	 "each with its chain) and the model lock rows no reclaim path takes"},
	{"explain-site", 0, "FILE:N", O_EXPLAINSITE,
	 "print why the allocations on line N of FILE get their findings, or none: the path\n"
	 "classes that reach them, each with a chain (may repeat; no report unless -o)"},
	{"explain-orders", 0, NULL, O_EXPLAINORDERS,
	 "print the page order of every allocation request with a size or order\n"
	 "argument, how it was worked out, and the counts"},
	{"baseline", 0, "FILE", O_BASELINE, "report (and fail on) only findings that FILE does not hold"},
	{"write-baseline", 0, "FILE", O_WBASELINE, "record the findings in FILE (sorted text); exit status 0"},
	{"since", 0, "REV", O_SINCE, "only findings whose site or evidence is on a line changed since git REV"},
	{"min-confidence", 0, "LEVEL", O_MINCONF,
	 "report (and fail on) only findings of confidence LEVEL or higher: low (the\n"
	 "default: every finding), medium or high"},
	{"show-suppressed", 0, NULL, O_SHOWSUPP, "also list the findings suppressed by `gfpcheck: ignore` comments"},
	{"fix", 0, NULL, O_FIX, "print a unified diff fixing the findings (no report unless -o)"},
	{"patch-dir", 0, "DIR", O_PATCHDIR, "write the fixes as a git format-patch series to DIR (implies --fix)"},
	{"apply", 0, NULL, O_APPLY, "rewrite the files, each only if unchanged since the analysis (implies --fix)"},
	{"fix-rules", 0, "LIST", O_FIXRULES, NULL /* fix_rules_help(), from the rule table */},
	{"scope-lock", 0, "ACQ:REL", O_SCOPELOCK, "treat ACQ()...REL() as an fs lock region (nofs-to-scope, missing-nofs)"},
	{"from", 0, "'NAME <EMAIL>'", O_FROM,
	 "the author of the --patch-dir series (default: GIT_AUTHOR_NAME and\n"
	 "GIT_AUTHOR_EMAIL, else git config user.name and user.email of the tree)"},
	{"quiet", 'q', NULL, O_QUIET, "print nothing but errors on standard error"},
	{"list-rules", 0, NULL, O_LISTRULES, "print the rules (ID, confidence, fix, kernels fixed, summary), exit"},
	{"help", 'h', NULL, O_HELP, "this text"},
	{"version", 0, NULL, O_VERSION, "print the version"},
	{NULL, 0, NULL, 0, NULL},
};

/* A space in a word of sb_wrap()'s text: no line breaks there. */
#define NOBREAK "\x1f"

/* Words of text (separated by spaces; "\n" starts a new line) on lines of at
 * most width characters. */
static void sb_wrap(struct strbuf *b, const char *text, size_t width)
{
	size_t col = 0;
	for (const char *w = text; *w;) {
		size_t n = strcspn(w, " \n");
		if (col && col + 1 + n > width) {
			sb_addc(b, '\n');
			col = 0;
		} else if (col) {
			sb_addc(b, ' ');
			col++;
		}
		for (size_t i = 0; i < n; i++)
			sb_addc(b, w[i] == NOBREAK[0] ? ' ' : w[i]);
		col += n;
		w += n;
		if (*w == '\n' && w[1]) {
			sb_addc(b, '\n');
			col = 0;
		}
		w += strspn(w, " \n");
	}
}

/* The help of --fix-rules, from the rule table: the rules fixed by default,
 * and the other rules with a fix (malloc'd). */
static char *fix_rules_help(void)
{
	struct strbuf text = {0}, b = {0};
	sb_add(&text, "rules to fix (default:");
	for (int r = 0, n = 0; r < NRULES; r++)
		if (rule_table[r].fix != FIX_NONE && rule_table[r].fix_default)
			sb_addf(&text, "%s%s", n++ ? "," : " ", rule_table[r].id);
	sb_add(&text, ";\nonly when named:");
	for (int r = 0, n = 0; r < NRULES; r++)
		if (rule_table[r].fix != FIX_NONE && !rule_table[r].fix_default)
			sb_addf(&text, "%s %s", n++ ? "," : "", rule_table[r].id);
	sb_add(&text, "; 'default'" NOBREAK "=" NOBREAK "the" NOBREAK "set)");
	sb_wrap(&b, text.s, 78);
	sb_free(&text);
	return b.s;
}

static void usage(FILE *out)
{
	size_t n = sizeof(table) / sizeof(table[0]);
	struct cli_opt *t = xmalloc(sizeof(table));
	memcpy(t, table, sizeof(table));
	char *fixhelp = fix_rules_help();
	for (size_t i = 0; i < n; i++)
		if (t[i].name && t[i].key == O_FIXRULES)
			t[i].help = fixhelp;
	fputs("usage: gfpcheck [options] PATH...\n"
	      "Scan a Linux kernel tree (or a subdirectory, or an out-of-tree module) for GFP flag misuse.\n\n",
	      out);
	cli_usage(out, t);
	fputs("\nExit status: 0 no findings, 1 findings, 2 usage or input error.\n", out);
	free(fixhelp);
	free(t);
}

/* --rules and --fix-rules: a list of rule IDs into *out. */
static int parse_rules(const char *arg, int fix_only, unsigned *out)
{
	char err[1024];
	if (rule_parse_list(arg, fix_only, out, err, sizeof(err))) {
		fprintf(stderr, "gfpcheck: %s\n", err);
		return -1;
	}
	return 0;
}

/* --scope-lock ACQ:REL: a model row. */
static int scope_lock(struct args *A, const char *arg)
{
	const char *colon = strchr(arg, ':');
	char *acq = colon ? xstrndup(arg, (size_t)(colon - arg)) : NULL;
	int ok = acq && is_ident(acq) && is_ident(colon + 1);
	if (ok)
		sb_addf(&A->scope_locks, "lock %s release=%s fs=cmdline -- named with --scope-lock\n", acq, colon + 1);
	free(acq);
	if (!ok)
		fprintf(stderr, "gfpcheck: --scope-lock takes ACQUIRE:RELEASE (two function names), not '%s'\n", arg);
	return ok ? 0 : -1;
}

static int handle_scan(struct args *A, int key, const char *arg)
{
	long v;
	switch (key) {
	case O_FORMAT:
		if (!report_format_find(arg)) {
			struct strbuf names = {0};
			for (int i = 0; i < nreport_formats; i++)
				sb_addf(&names, "%s%s", i ? ", " : "", report_formats[i].name);
			fprintf(stderr, "gfpcheck: unknown format '%s' (use %s)\n", arg, names.s);
			sb_free(&names);
			return -1;
		}
		A->format = arg;
		return 0;
	case O_OUT:
		A->outpath = arg;
		return 0;
	case O_JOBS:
		if (cli_int("gfpcheck", "-j", arg, 1, 1024, &v))
			return -1;
		A->jobs = (int)v;
		return 0;
	case O_MODEL:
		VEC_PUSH(A->models, A->nmodels, A->capmodels, arg);
		return 0;
	case O_MODELDIR:
		A->model_dir = arg;
		return 0;
	case O_RULES:
		return parse_rules(arg, 0, &A->rules);
	case O_KVER:
		if (version_code(arg) < 0) {
			fprintf(stderr, "gfpcheck: --kernel-version takes X.Y (e.g. 6.1), not '%s'\n", arg);
			return -1;
		}
		A->kver = arg;
		return 0;
	case O_ARCH:
		if (!is_arch_name(arg)) {
			fprintf(stderr, "gfpcheck: --arch takes an architecture name as make's ARCH= (x86_64, arm64, powerpc), not '%s'\n", arg);
			return -1;
		}
		A->arch = arg;
		return 0;
	case O_FACTS:
		VEC_PUSH(A->factdirs, A->nfactdirs, A->capfactdirs, arg);
		return 0;
	case O_COCCI:
		A->cocci = arg;
		return 0;
	case O_SCOPELOCK:
		return scope_lock(A, arg);
	default: /* O_QUIET */
		A->quiet = 1;
		return 0;
	}
}

/* Returns 1 when the program is done (a listing, the help or the version printed). */
static int handle_print(struct args *A, int key, const char *arg)
{
	char err[1024];
	char *f;
	int l;
	switch (key) {
	case O_DUMPMODEL:
		A->dump_model = 1;
		return 0;
	case O_DUMPSTATE:
		A->dump_state = 1;
		return 0;
	case O_EXPLAINLOCKS:
		A->explain_locks = 1;
		return 0;
	case O_EXPLAINSITE:
		if (explain_parse(arg, &f, &l, err, sizeof(err))) {
			fprintf(stderr, "gfpcheck: %s\n", err);
			return -1;
		}
		free(f);
		VEC_PUSH(A->explain, A->nexplain, A->capexplain, arg);
		return 0;
	case O_EXPLAINORDERS:
		A->explain_orders = 1;
		return 0;
	case O_LISTRULES:
		rule_list(stdout);
		return 1;
	case O_HELP:
		usage(stdout);
		return 1;
	default: /* O_VERSION */
		puts("gfpcheck " GFPCHECK_VERSION);
		return 1;
	}
}

static int handle_filter(struct args *A, int key, const char *arg)
{
	switch (key) {
	case O_BASELINE:
		A->baseline = arg;
		return 0;
	case O_WBASELINE:
		A->write_baseline = arg;
		return 0;
	case O_SINCE:
		A->since = arg;
		return 0;
	case O_MINCONF:
		if (strcmp(arg, "low") == 0)
			A->min_conf = CONF_LOW;
		else if (strcmp(arg, "medium") == 0)
			A->min_conf = CONF_MEDIUM;
		else if (strcmp(arg, "high") == 0)
			A->min_conf = CONF_HIGH;
		else {
			fprintf(stderr, "gfpcheck: --min-confidence takes low, medium or high, not '%s'\n", arg);
			return -1;
		}
		A->min_conf_set = 1;
		return 0;
	default: /* O_SHOWSUPP */
		A->show_suppressed = 1;
		return 0;
	}
}

static int handle_fix(struct args *A, int key, const char *arg)
{
	switch (key) {
	case O_FIXRULES:
		if (parse_rules(arg, 1, &A->fix_rules))
			return -1;
		A->fixrules_set = 1;
		return 0;
	case O_FROM:
		if (fix_check_from(arg)) {
			fprintf(stderr, "gfpcheck: --from takes the patches' author as 'Name <email>', not '%s'\n", arg);
			return -1;
		}
		A->from = arg;
		return 0;
	default: /* O_FIX, O_PATCHDIR, O_APPLY */
		A->fixing = 1;
		if (key == O_PATCHDIR)
			A->patch_dir = arg;
		if (key == O_APPLY)
			A->apply = 1;
		return 0;
	}
}

static int handle(void *ctx, int key, const char *arg)
{
	struct args *A = ctx;
	if (key < O_DUMPMODEL)
		return handle_scan(A, key, arg);
	if (key < O_BASELINE)
		return handle_print(A, key, arg);
	if (key < O_FIX)
		return handle_filter(A, key, arg);
	return handle_fix(A, key, arg);
}

int args_parse(struct args *A, int argc, char **argv)
{
	memset(A, 0, sizeof(*A));
	A->format = "text";
	A->jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
	A->rules = rule_default_set();
	const char *env = getenv("ARCH");
	if (env && *env && !is_arch_name(env)) {
		fprintf(stderr, "gfpcheck: the environment's ARCH='%s' is no architecture name as make's ARCH= (x86_64, arm64); unset it or pass --arch\n", env);
		return 2;
	}
	A->arch = env && *env ? env : NULL;
	int first;
	int rc = cli_parse("gfpcheck", argc, argv, table, handle, A, &first);
	if (rc < 0) {
		usage(stderr);
		return 2;
	}
	if (rc > 0)
		return 1;
	A->paths = argv + first;
	A->npaths = argc - first;
	if (!A->npaths && !A->nfactdirs && !A->dump_model) {
		fputs("gfpcheck: no PATH given\n", stderr);
		usage(stderr);
		return 2;
	}
	return 0;
}

void args_free(struct args *A)
{
	free(A->models);
	free(A->factdirs);
	free(A->explain);
	sb_free(&A->scope_locks);
}
