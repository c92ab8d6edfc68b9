/* main.c - the gfpcheck command line. */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/baseline.h"
#include "analysis/context.h"
#include "extract/extract.h"
#include "fix/fix.h"
#include "analysis/flow.h"
#include "analysis/graph.h"
#include "report/report.h"
#include "rules/rules.h"
#include "report/since.h"
#include "analysis/sites.h"
#include "rules/suppress.h"
#include "base/util.h"
#include "base/wfile.h"

static const char usage[] =
	"usage: gfpcheck [options] PATH...\n"
	"Scan a Linux kernel tree (or a subdirectory, or an out-of-tree module) for GFP flag misuse.\n"
	"\n"
	"  --format FORMAT        text (default, coccicheck style), json, sarif, org, html or codequality (GitLab)\n"
	"  -o FILE                write the report to FILE instead of standard output\n"
	"  -j N                   parallel extraction jobs (default: number of CPUs)\n"
	"  --model FILE           extra model rows (may repeat; see docs/MODEL.md)\n"
	"  --model-dir DIR        the model directory (default: the model/ shipped with gfpcheck)\n"
	"  --rules LIST           comma-separated rule IDs to run (default: all)\n"
	"  --kernel-version X.Y   kernel version (default: read from the tree's Makefile)\n"
	"  --facts DIR            analyse facts files from DIR instead of running spatch (may repeat)\n"
	"  --cocci FILE           the extraction semantic patch (default: cocci/gfpfacts.cocci)\n"
	"  --dump-model           print the effective model for the tree's version and exit\n"
	"  --dump-state           print the lock/scope state computed before every call\n"
	"  --baseline FILE        report (and fail on) only findings that FILE does not hold\n"
	"  --write-baseline FILE  record the findings in FILE (sorted text); exit status 0\n"
	"  --since REV            only findings whose site or evidence is on a line changed since git REV\n"
	"  --show-suppressed      also list the findings suppressed by `gfpcheck: ignore` comments\n"
	"  --fix                  print a unified diff fixing the findings (no report unless -o)\n"
	"  --patch-dir DIR        write the fixes as a git format-patch series to DIR (implies --fix)\n"
	"  --apply                rewrite the files, each only if unchanged since the analysis (implies --fix)\n"
	"  --fix-rules LIST       rules to fix (default: nofs-in-scope,nofs-in-transaction,nofs-to-scope;\n"
	"                         nofs-no-context and missing-nofs only when named; 'default' = the set)\n"
	"  --scope-lock ACQ:REL   treat ACQ()...REL() as an fs lock region (nofs-to-scope, missing-nofs)\n"
	"  -q, --quiet            print nothing but errors on standard error\n"
	"  --list-rules           print the rule IDs and exit\n"
	"  -h, --help             this text\n"
	"  --version              print the version\n"
	"\n"
	"Exit status: 0 no findings, 1 findings, 2 usage or input error.\n";

static void die2(const char *fmt, const char *a, const char *b)
{
	fputs("gfpcheck: ", stderr);
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	exit(2);
}

static char *self_dir(void)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
	if (n <= 0)
		return xstrdup(".");
	buf[n] = 0;
	char *slash = strrchr(buf, '/');
	if (slash)
		*slash = 0;
	return xstrdup(buf);
}

/* Share directory: $GFPCHECK_HOME, else the parent of bin/. */
static char *share_path(const char *rel)
{
	const char *home = getenv("GFPCHECK_HOME");
	if (home && *home)
		return xasprintf("%s/%s", home, rel);
	char *d = self_dir();
	char *p = xasprintf("%s/../%s", d, rel);
	free(d);
	struct stat st;
	if (stat(p, &st) != 0) {
		free(p);
		p = xasprintf("/usr/share/gfpcheck/%s", rel);
	}
	return p;
}

static int is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_file(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* The tree root: the nearest ancestor of path holding both Makefile and Kbuild; else
 * the path itself (its directory when it is a file). */
static char *find_root(const char *abs)
{
	char *d = xstrdup(abs);
	if (!is_dir(d)) {
		char *s = strrchr(d, '/');
		if (s && s != d)
			*s = 0;
	}
	char *start = xstrdup(d);
	for (;;) {
		char *mk = xasprintf("%s/Makefile", d), *kb = xasprintf("%s/Kbuild", d);
		int ok = is_file(mk) && is_file(kb);
		free(mk);
		free(kb);
		if (ok) {
			free(start);
			return d;
		}
		char *s = strrchr(d, '/');
		if (!s || s == d)
			break;
		*s = 0;
	}
	free(d);
	return start;
}

/* "6.1" from the tree's Makefile, or NULL. */
static char *tree_version(const char *root)
{
	char *mk = xasprintf("%s/Makefile", root);
	char *text = read_file(mk, NULL);
	free(mk);
	if (!text)
		return NULL;
	int v = -1, pl = -1;
	for (char *line = text; line && *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = 0;
		if (strncmp(line, "VERSION", 7) == 0 && strchr(line, '='))
			v = atoi(strchr(line, '=') + 1);
		else if (strncmp(line, "PATCHLEVEL", 10) == 0 && strchr(line, '='))
			pl = atoi(strchr(line, '=') + 1);
		line = nl ? nl + 1 : NULL;
	}
	free(text);
	if (v <= 0 || pl < 0)
		return NULL;
	return xasprintf("%d.%d", v, pl);
}

struct factfile {
	char *src, *facts;
	time_t mtime;
};

static void walk_facts(const char *base, const char *rel, struct factfile **v, size_t *n, size_t *cap)
{
	char *dir = *rel ? xasprintf("%s/%s", base, rel) : xstrdup(base);
	DIR *d = opendir(dir);
	if (!d) {
		free(dir);
		return;
	}
	struct dirent *de;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		char *r = *rel ? xasprintf("%s/%s", rel, de->d_name) : xstrdup(de->d_name);
		char *full = xasprintf("%s/%s", base, r);
		struct stat st;
		if (stat(full, &st) == 0 && S_ISDIR(st.st_mode)) {
			walk_facts(base, r, v, n, cap);
		} else {
			size_t l = strlen(r);
			if (l > 6 && strcmp(r + l - 6, ".facts") == 0) {
				struct factfile f = {xstrndup(r, l - 6), xstrdup(full), st.st_mtime};
				VEC_PUSH(*v, *n, *cap, f);
			}
		}
		free(r);
		free(full);
	}
	closedir(d);
	free(dir);
}

static int cmp_factfile(const void *a, const void *b)
{
	const struct factfile *x = a, *y = b;
	int r = strcmp(x->src, y->src);
	if (r)
		return r;
	return x->mtime > y->mtime ? -1 : x->mtime < y->mtime; /* newest first */
}

static void dump_state(const struct analysis *a, FILE *out)
{
	const struct program *p = a->prog;
	/* which functions had their states computed on the front end's CFG */
	for (size_t f = 0; f < p->nfuncs; f++)
		if (p->funcs[f].cfg_n)
			fprintf(out, "cfg\t%s\t%s\t%d blocks\n", p->files[p->funcs[f].file].path,
				istr(p->funcs[f].name), p->funcs[f].cfg_n);
	for (size_t c = 0; c < p->ncalls; c++) {
		const struct stateset *st = &a->states[c];
		if (!st->n)
			continue;
		const struct call *cl = &p->calls[c];
		fprintf(out, "state\t%s\t%d:%d\t%s\t", p->files[cl->file].path, cl->pos.line, cl->pos.col, istr(cl->callee));
		for (int i = 0; i < st->n; i++) {
			fputs(i ? " | " : "", out);
			if (!st->s[i].n)
				fputs("{}", out);
			for (int j = 0; j < st->s[i].n; j++) {
				const struct held *h = &st->s[i].h[j];
				const char *k = h->kind == HK_SCOPE ? "scope" : h->kind == HK_SETTER ? "trans" : "lock";
				fprintf(out, "%s%s:%s(%s)", j ? "," : "", k,
					h->row >= 0 ? istr(a->model->rows[h->row].name) : "?", istr(h->key));
			}
		}
		fputc('\n', out);
	}
}

int main(int argc, char **argv)
{
	enum { O_FORMAT = 256, O_MODEL, O_MODELDIR, O_RULES, O_KVER, O_FACTS, O_COCCI, O_DUMPMODEL, O_DUMPSTATE,
	       O_LISTRULES, O_VERSION, O_BASELINE, O_WBASELINE, O_SINCE, O_SHOWSUPP,
	       O_FIX, O_PATCHDIR, O_APPLY, O_FIXRULES, O_SCOPELOCK };
	static const struct option lopts[] = {
		{"format", required_argument, 0, O_FORMAT},     {"model", required_argument, 0, O_MODEL},
		{"model-dir", required_argument, 0, O_MODELDIR}, {"rules", required_argument, 0, O_RULES},
		{"kernel-version", required_argument, 0, O_KVER}, {"facts", required_argument, 0, O_FACTS},
		{"cocci", required_argument, 0, O_COCCI},       {"dump-model", no_argument, 0, O_DUMPMODEL},
		{"dump-state", no_argument, 0, O_DUMPSTATE},    {"list-rules", no_argument, 0, O_LISTRULES},
		{"quiet", no_argument, 0, 'q'},                 {"help", no_argument, 0, 'h'},
		{"version", no_argument, 0, O_VERSION},
		{"baseline", required_argument, 0, O_BASELINE}, {"write-baseline", required_argument, 0, O_WBASELINE},
		{"since", required_argument, 0, O_SINCE},       {"show-suppressed", no_argument, 0, O_SHOWSUPP},
		{"fix", no_argument, 0, O_FIX}, {"patch-dir", required_argument, 0, O_PATCHDIR},
		{"apply", no_argument, 0, O_APPLY}, {"fix-rules", required_argument, 0, O_FIXRULES},
		{"scope-lock", required_argument, 0, O_SCOPELOCK},
		{0, 0, 0, 0}};
	const char *format = "text", *outpath = NULL, *kver = NULL, *cocci = NULL, *model_dir = NULL;
	char **models = NULL, **factdirs = NULL;
	size_t nmodels = 0, capm = 0, nfactdirs = 0, capf = 0;
	int jobs = (int)sysconf(_SC_NPROCESSORS_ONLN), quiet = 0, dump_model = 0, dstate = 0;
	unsigned rules = ~0u;
	const char *baseline = NULL, *write_baseline = NULL, *since = NULL;
	int show_suppressed = 0;
	int fixing = 0, fixrc = 0, fixrules_set = 0;
	struct fix_opts fixo;
	memset(&fixo, 0, sizeof(fixo));
	struct strbuf scope_locks = {0};
	int opt;
	atexit(wfile_check_stdout); /* a report, diff or listing that cannot be written: exit 2 */
	while ((opt = getopt_long(argc, argv, "o:j:qh", lopts, NULL)) != -1) {
		switch (opt) {
		case O_FORMAT:
			format = optarg;
			if (!report_format_find(format)) {
				struct strbuf names = {0};
				for (int i = 0; i < nreport_formats; i++)
					sb_addf(&names, "%s%s", i ? ", " : "", report_formats[i].name);
				fprintf(stderr, "gfpcheck: unknown format '%s' (use %s)\n", optarg, names.s);
				sb_free(&names);
				return 2;
			}
			break;
		case 'o':
			outpath = optarg;
			break;
		case 'j': {
			char *e;
			long j = strtol(optarg, &e, 10);
			if (e == optarg || *e || j < 1 || j > 1024)
				die2("-j takes a number of jobs from 1 to 1024, not '%s'%s", optarg, "");
			jobs = (int)j;
			break;
		}
		case O_MODEL:
			VEC_PUSH(models, nmodels, capm, optarg);
			break;
		case O_MODELDIR:
			model_dir = optarg;
			break;
		case O_RULES: {
			rules = 0;
			char *dup = xstrdup(optarg), *save = NULL;
			for (char *t = strtok_r(dup, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
				int r = rule_index(t);
				if (r < 0)
					die2("unknown rule '%s' (see --list-rules)%s", t, "");
				rules |= 1u << r;
			}
			free(dup);
			if (!rules)
				die2("--rules '%s' names no rule (see --list-rules)%s", optarg, "");
			break;
		}
		case O_KVER:
			if (version_code(optarg) < 0)
				die2("--kernel-version takes X.Y (e.g. 6.1), not '%s'%s", optarg, "");
			kver = optarg;
			break;
		case O_FACTS:
			VEC_PUSH(factdirs, nfactdirs, capf, optarg);
			break;
		case O_COCCI:
			cocci = optarg;
			break;
		case O_DUMPMODEL:
			dump_model = 1;
			break;
		case O_DUMPSTATE:
			dstate = 1;
			break;
		case O_LISTRULES:
			for (int r = 0; r < nrules; r++)
				printf("%-20s %s\n", rule_table[r].id, rule_table[r].summary);
			return 0;
		case 'q':
			quiet = 1;
			break;
		case O_BASELINE:
			baseline = optarg;
			break;
		case O_WBASELINE:
			write_baseline = optarg;
			break;
		case O_SINCE:
			since = optarg;
			break;
		case O_SHOWSUPP:
			show_suppressed = 1;
			break;
		case O_FIX:
		case O_PATCHDIR:
		case O_APPLY:
			fixing = 1;
			if (opt == O_PATCHDIR)
				fixo.patch_dir = optarg;
			if (opt == O_APPLY)
				fixo.apply = 1;
			break;
		case O_FIXRULES: {
			char ferr[512];
			if (fix_parse_rules(optarg, &fixo.rules, ferr, sizeof(ferr)))
				die2("%s%s", ferr, "");
			fixrules_set = 1;
			break;
		}
		case O_SCOPELOCK: {
			const char *colon = strchr(optarg, ':');
			char *acq = colon ? xstrndup(optarg, (size_t)(colon - optarg)) : NULL;
			if (!acq || !is_ident(acq) || !is_ident(colon + 1))
				die2("--scope-lock takes ACQUIRE:RELEASE (two function names), not '%s'%s", optarg, "");
			sb_addf(&scope_locks, "lock %s release=%s fs=cmdline -- named with --scope-lock\n", acq, colon + 1);
			free(acq);
			break;
		}
		case 'h':
			fputs(usage, stdout);
			return 0;
		case O_VERSION:
			puts("gfpcheck " GFPCHECK_VERSION);
			return 0;
		default:
			fputs(usage, stderr);
			return 2;
		}
	}
	{ /* outputs that cannot be written: say so before the scan */
		char werr[PATH_MAX + 128];
		if (outpath && wfile_can_create(outpath, werr, sizeof(werr)))
			die2("%s%s", werr, "");
		if (write_baseline && wfile_can_create(write_baseline, werr, sizeof(werr)))
			die2("%s%s", werr, "");
	}
	if (fixo.patch_dir) {
		char perr[1024];
		if (fix_patch_dir_check(fixo.patch_dir, perr, sizeof(perr)))
			die2("%s%s", perr, "");
	}
	if (optind >= argc && !nfactdirs) {
		fputs("gfpcheck: no PATH given\n", stderr);
		fputs(usage, stderr);
		return 2;
	}
	/* Paths and the tree root. */
	char **paths = argv + optind;
	int npaths = argc - optind;
	char *root = NULL;
	for (int i = 0; i < npaths; i++) {
		char abs[PATH_MAX];
		if (!realpath(paths[i], abs))
			die2("cannot read '%s': %s", paths[i], strerror(errno));
		if (access(abs, R_OK) != 0)
			die2("cannot read '%s': %s", paths[i], strerror(errno));
		if (!root)
			root = find_root(abs);
	}
	if (!root) {
		char abs[PATH_MAX];
		if (!realpath(factdirs[0], abs))
			die2("cannot read facts directory '%s': %s", factdirs[0], strerror(errno));
		root = xstrdup(abs);
	}
	char *version = kver ? xstrdup(kver) : tree_version(root);
	/* The model. */
	struct model model;
	memset(&model, 0, sizeof(model));
	char err[1024];
	char *mdir = model_dir ? xstrdup(model_dir) : share_path("model");
	if (!is_dir(mdir))
		die2("model directory '%s' not found (set GFPCHECK_HOME or use --model-dir)%s", mdir, "");
	if (model_load_dir(&model, mdir, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	for (size_t i = 0; i < nmodels; i++)
		if (model_load_file(&model, models[i], err, sizeof(err))) {
			fprintf(stderr, "%s\n", err);
			return 2;
		}
	if (scope_locks.len && model_load_text(&model, "--scope-lock", scope_locks.s, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	sb_free(&scope_locks);
	model.version = version ? version_code(version) : 0;
	model_index(&model);
	if (dump_model) {
		model_dump(&model, stdout);
		return 0;
	}
	struct program prog;
	memset(&prog, 0, sizeof(prog));
	prog.root = root;
	struct run_stats st;
	memset(&st, 0, sizeof(st));
	st.tree = root;
	st.kernel_version = version ? version : "";
	double t0 = now_seconds();
	if (nfactdirs) {
		struct factfile *ff = NULL;
		size_t nff = 0, capff = 0;
		for (size_t i = 0; i < nfactdirs; i++) {
			if (!is_dir(factdirs[i]))
				die2("cannot read facts directory '%s'%s", factdirs[i], "");
			walk_facts(factdirs[i], "", &ff, &nff, &capff);
		}
		if (!nff)
			die2("no .facts files under '%s'%s", factdirs[0], "");
		qsort(ff, nff, sizeof(*ff), cmp_factfile);
		double tl = now_seconds();
		for (size_t i = 0; i < nff; i++) {
			if (i && strcmp(ff[i].src, ff[i - 1].src) == 0)
				continue; /* an older copy of the same file */
			if (facts_load(&prog, ff[i].facts, ff[i].src, err, sizeof(err))) {
				fprintf(stderr, "%s\n", err);
				return 2;
			}
		}
		st.t_load = now_seconds() - tl;
		for (size_t i = 0; i < nff; i++) {
			free(ff[i].src);
			free(ff[i].facts);
		}
		free(ff);
	} else {
		struct extract_file *files = NULL;
		size_t nfiles = 0;
		if (extract_collect(root, paths, npaths, &files, &nfiles, err, sizeof(err))) {
			fprintf(stderr, "gfpcheck: %s\n", err);
			return 2;
		}
		if (!nfiles)
			die2("no .c or .h files under '%s'%s", paths[0], "");
		struct extract_opts eo;
		memset(&eo, 0, sizeof(eo));
		eo.root = root;
		eo.spatch = getenv("SPATCH");
		char *cf = cocci ? xstrdup(cocci) : share_path("cocci/gfpfacts.cocci");
		if (!is_file(cf))
			die2("extraction semantic patch '%s' not found (use --cocci)%s", cf, "");
		eo.cocci = cf;
		eo.jobs = jobs;
		eo.quiet = quiet;
		eo.progress = !quiet && isatty(2);
		if (extract_run(&eo, files, nfiles, err, sizeof(err))) {
			fprintf(stderr, "gfpcheck: %s\n", err);
			return 2;
		}
		st.t_extract = now_seconds() - t0;
		double tl = now_seconds();
		for (size_t i = 0; i < nfiles; i++) {
			if (files[i].failed || !files[i].facts) {
				program_add_failed(&prog, files[i].rel, files[i].error);
				continue;
			}
			if (facts_load(&prog, files[i].facts, files[i].rel, err, sizeof(err))) {
				fprintf(stderr, "%s\n", err);
				return 2;
			}
		}
		st.t_load = now_seconds() - tl;
		extract_free(files, nfiles);
		free(cf);
	}
	/* Analysis. */
	struct findings out;
	memset(&out, 0, sizeof(out));
	struct analysis a;
	memset(&a, 0, sizeof(a));
	a.prog = &prog;
	a.model = &model;
	a.out = &out;
	a.rules = rules;
	double t = now_seconds();
	a.nedges = graph_build(&a);
	graph_scan_include(&a, root);
	st.t_graph = now_seconds() - t;
	t = now_seconds();
	flow_run(&a);
	st.t_flow = now_seconds() - t;
	t = now_seconds();
	context_run(&a);
	st.t_context = now_seconds() - t;
	t = now_seconds();
	struct sites sites;
	memset(&sites, 0, sizeof(sites));
	sites_build(&a, &sites);
	for (int r = 0; r < nrules; r++)
		if (rules & (1u << r))
			rule_table[r].run(&a, &sites);
	findings_sort(&out);
	findings_fingerprint(&out, root);
	st.suppressed = suppress_apply(&out, root, show_suppressed);
	if (write_baseline && baseline_write(&out, root, write_baseline, err, sizeof(err)))
		die2("%s%s", err, "");
	size_t since_dropped = 0;
	if (since && since_filter(&out, root, since, &since_dropped, err, sizeof(err)))
		die2("%s%s", err, "");
	if (baseline && baseline_filter(&out, baseline, &st.baselined, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		exit(2); /* like die2: what main holds stays reachable */
	}
	if (fixing) {
		fixo.diff = !fixo.patch_dir && !fixo.apply;
		fixo.rules = fixrules_set ? fixo.rules : fix_default_rules();
		fixo.root = root;
		fixo.quiet = quiet;
		fixo.out = stdout;
		fixrc = fix_run(&a, &sites, &out, &fixo);
	}
	st.t_rules = now_seconds() - t;
	/* Stats. */
	st.files = prog.nfiles;
	st.functions = prog.nfuncs;
	st.calls = prog.ncalls;
	st.edges = (size_t)a.nedges;
	size_t capfl = 0, capsk = 0;
	for (size_t i = 0; i < prog.nfiles; i++) {
		const struct sfile *sf = &prog.files[i];
		if (sf->failed)
			VEC_PUSH(st.failed, st.nfailed, capfl, xasprintf("%s (%s)", sf->path, sf->error));
		if (sf->partial)
			st.files_partial++;
		for (int k = 0; k < sf->nskipped; k++)
			VEC_PUSH(st.skipped, st.nskipped, capsk, xasprintf("%s: %s", sf->path, sf->skipped[k]));
	}
	FILE *fo = stdout;
	struct wfile wo; /* -o: replaced only by a complete report */
	if (outpath && !(fo = wfile_open(&wo, outpath, err, sizeof(err))))
		die2("%s%s", err, "");
	if (dstate)
		dump_state(&a, fo);
	if (!fixing || outpath)
		report_format_find(format)->write(fo, &out, &st);
	if (fo != stdout && wfile_commit(&wo, err, sizeof(err)))
		die2("%s%s", err, "");
	if (!quiet && outpath)
		fprintf(stderr, "gfpcheck: %zu findings in %zu files written to %s\n", out.n, prog.nfiles, outpath);
	int rc = findings_active(&out) && !write_baseline ? 1 : 0;
	if (fixing)
		rc = fixrc;
	/* Clean up, so that the sanitizers see no leaks. */
	sites_free(&sites);
	for (size_t c = 0; c < prog.ncalls; c++)
		ss_free(&a.states[c]);
	free(a.states);
	free(a.ctx);
	free(a.imb);
	findings_free(&out);
	for (size_t i = 0; i < st.nfailed; i++)
		free(st.failed[i]);
	for (size_t i = 0; i < st.nskipped; i++)
		free(st.skipped[i]);
	free(st.failed);
	free(st.skipped);
	program_free(&prog);
	model_free(&model);
	free(models);
	free(factdirs);
	free(mdir);
	free(version);
	free(root);
	return rc;
}
