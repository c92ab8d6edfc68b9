/* phases.c - the phases of one gfpcheck run (see phases.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/flow.h"
#include "analysis/icall.h"
#include "analysis/order.h"
#include "analysis/reclaim.h"
#include "cli/dump.h"
#include "cli/explain.h"
#include "cli/factdirs.h"
#include "cli/hotnames.h"
#include "cli/phases.h"
#include "cli/tree.h"
#include "extract/extract.h"
#include "facts/facts_reader.h"
#include "fix/fix.h"
#include "report/baseline.h"
#include "report/since.h"
#include "rules/finding_filter.h"
#include "rules/suppress.h"
#include "base/util.h"
#include "base/wfile.h"

static int fail(const char *fmt, const char *a, const char *b)
{
	fputs("gfpcheck: ", stderr);
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	return 2;
}

/* Outputs that cannot be written: say so before the scan. */
static int check_outputs(const struct args *A)
{
	char err[PATH_MAX + 128];
	if ((A->outpath && wfile_can_create(A->outpath, err, sizeof(err))) ||
	    (A->write_baseline && wfile_can_create(A->write_baseline, err, sizeof(err))) ||
	    (A->patch_dir && fix_patch_dir_check(A->patch_dir, err, sizeof(err))))
		return fail("%s%s", err, "");
	return 0;
}

int phase_root(struct run *R)
{
	if (check_outputs(&R->A))
		return 2;
	for (int i = 0; i < R->A.npaths; i++) {
		char abs[PATH_MAX];
		if (!realpath(R->A.paths[i], abs) || access(abs, R_OK) != 0)
			return fail("cannot read '%s': %s", R->A.paths[i], strerror(errno));
		if (!R->root)
			R->root = find_root(abs);
	}
	char *tree_kernel = NULL;
	if (!R->root && R->A.nfactdirs) {
		/* --facts alone: the tree as the extraction saw it (DIR/gfpfacts.tree) */
		char abs[PATH_MAX], err[1024];
		if (!realpath(R->A.factdirs[0], abs))
			return fail("cannot read facts directory '%s': %s", R->A.factdirs[0], strerror(errno));
		if (facts_tree_read(abs, &R->root, &tree_kernel, err, sizeof(err)) < 0)
			return fail("%s%s", err, "");
		if (!R->root)
			R->root = xstrdup(abs);
	}
	const char *src = tree_source_file(R->root, R->A.outpath) ? R->A.outpath
			  : tree_source_file(R->root, R->A.write_baseline) ? R->A.write_baseline : NULL;
	if (src) {
		free(tree_kernel);
		return fail("refusing to write over '%s', a source file of the scanned tree%s", src, "");
	}
	if (R->A.kver || !tree_kernel) {
		free(tree_kernel);
		tree_kernel = R->A.kver ? xstrdup(R->A.kver) : R->root ? tree_version(R->root) : NULL;
	}
	R->version = tree_kernel;
	return 0;
}

int phase_model(struct run *R)
{
	char err[1024];
	struct model *m = &R->model;
	R->model_dir = R->A.model_dir ? xstrdup(R->A.model_dir) : share_path("model");
	if (!is_dir(R->model_dir))
		return fail("model directory '%s' not found (set GFPCHECK_HOME or use --model-dir)%s", R->model_dir, "");
	int bad = model_load_dir(m, R->model_dir, err, sizeof(err));
	for (size_t i = 0; !bad && i < R->A.nmodels; i++)
		bad = model_load_file(m, R->A.models[i], err, sizeof(err));
	if (!bad && R->A.scope_locks.len)
		bad = model_load_text(m, "--scope-lock", R->A.scope_locks.s, err, sizeof(err));
	if (bad) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	m->version = R->version ? version_code(R->version) : 0;
	model_index(m);
	if (R->A.dump_model) {
		model_dump(m, stdout);
		return -1; /* done: exit 0 */
	}
	return 0;
}

/* Is rel under one of the scanned paths (relative to the root; "." all)? */
static int under_scanned(const char *rel, char **scanned, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t l = strlen(scanned[i]);
		while (l > 1 && scanned[i][l - 1] == '/')
			l--;
		if ((l == 1 && scanned[i][0] == '.') || (strncmp(rel, scanned[i], l) == 0 && (!rel[l] || rel[l] == '/')))
			return 1;
	}
	return 0;
}

/* File i of the reader fr (path paths[i], source rel): its facts loaded into
 * the program; 0, or 1 with the message in err. */
static int load_next(struct run *R, struct freader *fr, size_t i, const char *path, const char *rel, char *err,
		     size_t errlen)
{
	const char *text;
	size_t len;
	const struct facts_pre *pre;
	int bad = 0;
	if (freader_get(fr, i, &text, &len, &pre) != 0) {
		snprintf(err, errlen, "%s: error: cannot read facts file", path);
		bad = 1;
	} else {
		bad = facts_load_read(&R->prog, path, text, len, pre, rel, err, errlen) != 0;
	}
	freader_done(fr, i);
	return bad;
}

/* The `scanned` paths of each --facts directory's tree file (docs/FACTS.md):
 * a file loaded from a directory whose tree file has them and that none of
 * them covers is context (a header of include/ read for its functions only;
 * `-` covers nothing: `gfpcheck-extract --context-headers`).  A directory
 * without a tree file or without `scanned` records was scanned whole. */
struct dirscan {
	char **v;
	size_t n;
};

static int read_scanned(struct run *R, struct dirscan *ds)
{
	for (size_t i = 0; i < R->A.nfactdirs; i++) {
		char *root = NULL, *kernel = NULL, err[1024];
		if (facts_tree_read_scanned(R->A.factdirs[i], &root, &kernel, &ds[i].v, &ds[i].n, err, sizeof(err)) < 0) {
			fprintf(stderr, "%s\n", err);
			return 2;
		}
		free(root);
		free(kernel);
	}
	return 0;
}

static int load_factdirs(struct run *R)
{
	struct factfile *ff = NULL;
	size_t nff = 0, capff = 0;
	char err[1024];
	for (size_t i = 0; i < R->A.nfactdirs; i++) {
		if (!is_dir(R->A.factdirs[i]))
			return fail("cannot read facts directory '%s'%s", R->A.factdirs[i], "");
		size_t from = nff;
		walk_facts(R->A.factdirs[i], "", &ff, &nff, &capff);
		for (size_t k = from; k < nff; k++)
			ff[k].dir = i;
	}
	if (!nff)
		return fail("no .facts files under '%s'%s", R->A.factdirs[0], "");
	qsort(ff, nff, sizeof(*ff), cmp_factfile);
	struct dirscan *ds = xcalloc(R->A.nfactdirs, sizeof(*ds));
	int rc = read_scanned(R, ds);
	/* read (and split) ahead on a second thread, as load_pass() */
	const char **paths = xmalloc(sizeof(*paths) * nff);
	for (size_t i = 0; i < nff; i++) /* NULL: an older copy of the same file */
		paths[i] = i && strcmp(ff[i].src, ff[i - 1].src) == 0 ? NULL : ff[i].facts;
	struct freader *fr = freader_start(paths, nff);
	for (size_t i = 0; i < nff && !rc; i++) {
		if (!paths[i]) {
			freader_skip(fr, i);
			continue;
		}
		if (load_next(R, fr, i, ff[i].facts, ff[i].src, err, sizeof(err))) {
			fprintf(stderr, "%s\n", err);
			rc = 2;
			continue;
		}
		const struct dirscan *d = &ds[ff[i].dir];
		R->prog.files[R->prog.nfiles - 1].context = d->n && !under_scanned(ff[i].src, d->v, d->n);
	}
	freader_stop(fr);
	free(paths);
	for (size_t i = 0; i < R->A.nfactdirs; i++) {
		for (size_t k = 0; k < ds[i].n; k++)
			free(ds[i].v[k]);
		free(ds[i].v);
	}
	free(ds);
	for (size_t i = 0; i < nff; i++) {
		free(ff[i].src);
		free(ff[i].facts);
	}
	free(ff);
	return rc;
}

/* A scan that analysed no file, or fewer than GFPCHECK_MIN_ANALYSED percent
 * of them (default 50), is an error (exit 2), not a clean result: a failing
 * spatch, an unusable cache or an unreadable tree must not pass CI. */
static int check_analysed(const struct extract_file *files, size_t n)
{
	size_t bad = 0, first = n, nctx = 0;
	for (size_t i = 0; i < n; i++)
		if (files[i].context) /* headers of include/ read as context do not count */
			nctx++;
		else if (files[i].failed || !files[i].facts) {
			bad++;
			if (first == n)
				first = i;
		}
	const char *e = getenv("GFPCHECK_MIN_ANALYSED");
	long min = e && *e ? strtol(e, NULL, 10) : 50;
	if (min < 0 || min > 100)
		min = 50;
	n -= nctx;
	size_t ok = n - bad;
	if (n == 0 || (ok > 0 && ok * 100 >= (size_t)min * n))
		return 0;
	if (ok)
		fprintf(stderr, "gfpcheck: only %zu of %zu files could be analysed (below GFPCHECK_MIN_ANALYSED=%ld%%)",
			ok, n, min);
	else
		fprintf(stderr, "gfpcheck: none of the %zu files could be analysed", n);
	fprintf(stderr, "; %s: %s\n", files[first].rel, files[first].error ? files[first].error : "no facts");
	return 2;
}

/* The files under the paths, and the headers of <root>/include/ they leave
 * out (context). */
static int collect_files(struct run *R, struct extract_file **files, size_t *nfiles)
{
	char err[1024];
	if (extract_collect(R->root, R->A.paths, R->A.npaths, files, nfiles, err, sizeof(err)))
		return fail("%s%s", err, "");
	if (!*nfiles)
		return fail("no .c or .h files under '%s'%s", R->A.paths[0], "");
	if (extract_add_context(R->root, files, nfiles, err, sizeof(err)) < 0) {
		extract_free(*files, *nfiles);
		return fail("%s%s", err, "");
	}
	return 0;
}

/* Load the facts of every file; *dropped when the loader rejected one from
 * the cache on the first pass (the entry is dropped, the file left out). */
static int load_pass(struct run *R, struct extract_file *files, size_t nfiles, int pass, int *dropped)
{
	char err[1024];
	int rc = 0;
	/* the files are read ahead on a second thread (facts_reader.h) */
	const char **paths = xmalloc(sizeof(*paths) * (nfiles ? nfiles : 1));
	for (size_t i = 0; i < nfiles; i++)
		paths[i] = files[i].failed || !files[i].facts ? NULL : files[i].facts;
	struct freader *fr = freader_start(paths, nfiles);
	for (size_t i = 0; i < nfiles && !rc; i++) {
		int bad = 0;
		if (!paths[i]) {
			freader_skip(fr, i);
			program_add_failed(&R->prog, files[i].rel, files[i].error);
		} else {
			bad = load_next(R, fr, i, files[i].facts, files[i].rel, err, sizeof(err));
		}
		if (bad && pass == 0 && files[i].cached) {
			extract_forget(&files[i]);
			*dropped = 1;
		} else if (bad) {
			fprintf(stderr, "%s\n", err);
			rc = 2;
		} else {
			R->prog.files[R->prog.nfiles - 1].context = files[i].context;
		}
	}
	freader_stop(fr);
	free(paths);
	return rc;
}

/* A cache entry the loader rejects is damaged: drop it, extract those files
 * again and load everything anew (once). */
static int load_files(struct run *R, const struct extract_opts *eo, struct extract_file *files, size_t nfiles)
{
	char err[1024];
	int rc = 0;
	for (int pass = 0; pass < 2 && !rc; pass++) {
		int dropped = 0;
		rc = load_pass(R, files, nfiles, pass, &dropped);
		if (!dropped || rc)
			break;
		program_free(&R->prog);
		memset(&R->prog, 0, sizeof(R->prog));
		R->prog.root = R->root;
		if (extract_run(eo, files, nfiles, err, sizeof(err)))
			rc = fail("%s%s", err, "");
	}
	return rc;
}

static int extract_and_load(struct run *R)
{
	struct extract_file *files = NULL;
	size_t nfiles = 0;
	char err[1024];
	int rc = collect_files(R, &files, &nfiles);
	if (rc)
		return rc;
	struct extract_opts eo;
	memset(&eo, 0, sizeof(eo));
	eo.root = R->root;
	const char **hot = hot_names(&R->model, &eo.nhot);
	eo.hot = hot;
	eo.spatch = getenv("SPATCH");
	char *cf = R->A.cocci ? xstrdup(R->A.cocci) : share_path("cocci/gfpfacts.cocci");
	eo.cocci = cf;
	eo.jobs = R->A.jobs;
	eo.quiet = R->A.quiet;
	eo.progress = !R->A.quiet && isatty(2);
	double t0 = now_seconds();
	if (!is_file(cf))
		rc = fail("extraction semantic patch '%s' not found (use --cocci)%s", cf, "");
	else if (extract_run(&eo, files, nfiles, err, sizeof(err)))
		rc = fail("%s%s", err, "");
	R->st.t_extract = now_seconds() - t0;
	if (!rc)
		rc = load_files(R, &eo, files, nfiles);
	for (size_t i = 0; i < nfiles && !rc; i++)
		R->st.cache_hits += files[i].cached != 0;
	if (!rc)
		rc = check_analysed(files, nfiles);
	extract_free(files, nfiles);
	free(hot);
	free(cf);
	return rc;
}

int phase_facts(struct run *R)
{
	R->prog.root = R->root;
	R->st.tree = R->root;
	R->st.prog = &R->prog;
	R->st.kernel_version = R->version ? R->version : "";
	double t0 = now_seconds();
	int rc = R->A.nfactdirs ? load_factdirs(R) : extract_and_load(R);
	R->st.t_load = now_seconds() - t0 - R->st.t_extract;
	R->st.m_load = peak_rss_mib();
	return rc;
}

int phase_analyse(struct run *R)
{
	R->a.prog = &R->prog;
	R->a.model = &R->model;
	R->a.arch = model_srcarch(&R->model, R->A.arch); /* make's ARCH= -> arch/DIR (model/build.txt) */
	analysis_run(&R->a, &R->sites, &R->regions);
	R->st.t_graph = R->a.t_graph;
	R->st.t_flow = R->a.t_flow;
	R->st.t_context = R->a.t_ctx;
	R->st.m_graph = R->a.m_graph;
	R->st.m_flow = R->a.m_flow;
	R->st.m_context = R->a.m_ctx;
	return 0;
}

static int cmp_str(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

struct strvec {
	char **v;
	size_t n;
};

static int not_in_context(struct finding *f, void *ctx)
{
	const struct strvec *cx = ctx;
	return !cx->n || !bsearch(&f->file, cx->v, cx->n, sizeof(char *), cmp_str);
}

/* Findings located in a header of include/ that was read only as context
 * (the paths did not cover it) are not reported: the user did not ask. */
static void drop_context(struct run *R)
{
	struct strvec cx = {NULL, 0};
	size_t cap = 0;
	for (size_t i = 0; i < R->prog.nfiles; i++)
		if (R->prog.files[i].context)
			VEC_PUSH(cx.v, cx.n, cap, R->prog.files[i].path);
	if (cx.n) {
		qsort(cx.v, cx.n, sizeof(char *), cmp_str);
		findings_filter(&R->out, not_in_context, &cx);
	}
	free(cx.v);
}

int phase_rules(struct run *R)
{
	double t = now_seconds();
	struct rulectx rc = {&R->a, &R->sites, &R->regions, &R->out, 0};
	for (int r = 0; r < NRULES; r++)
		if (R->A.rules & (1u << r))
			rule_table[r].run(&rc);
	drop_context(R);
	findings_sort(&R->out);
	R->st.t_rules = now_seconds() - t;
	R->st.m_rules = peak_rss_mib();
	return 0;
}

/* --min-confidence: keep a finding of that confidence or higher. */
static int conf_keep(struct finding *f, void *ctx)
{
	return (int)f->conf >= *(const int *)ctx;
}

int phase_filter(struct run *R)
{
	char err[1024];
	findings_fingerprint(&R->out, &R->prog);
	R->st.suppressed = suppress_apply(&R->out, &R->prog, R->A.show_suppressed);
	R->st.min_conf_set = R->A.min_conf_set;
	R->st.min_conf = R->A.min_conf;
	if (R->A.min_conf_set)
		R->st.below_conf = findings_filter(&R->out, conf_keep, &R->A.min_conf);
	if (R->A.write_baseline && baseline_write(&R->out, &R->prog, R->A.write_baseline, err, sizeof(err)))
		return fail("%s%s", err, "");
	size_t since_dropped = 0;
	if (R->A.since && since_filter(&R->out, R->root, R->A.since, &since_dropped, err, sizeof(err)))
		return fail("%s%s", err, "");
	if (R->A.baseline && baseline_filter(&R->out, R->A.baseline, &R->st.baselined, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	return 0;
}

int phase_fix(struct run *R)
{
	if (!R->A.fixing)
		return 0;
	struct fix_opts fo;
	memset(&fo, 0, sizeof(fo));
	fo.patch_dir = R->A.patch_dir;
	fo.from = R->A.from;
	fo.apply = R->A.apply;
	fo.diff = !fo.patch_dir && !fo.apply;
	fo.rules = R->A.fixrules_set ? R->A.fix_rules : fix_default_rules();
	fo.root = R->root;
	fo.quiet = R->A.quiet;
	fo.out = stdout;
	double t = now_seconds();
	R->fixrc = fix_run(&R->a, &R->sites, &R->regions, &R->out, &fo);
	R->st.t_rules += now_seconds() - t;
	return 0;
}

static void fill_stats(struct run *R)
{
	struct run_stats *st = &R->st;
	const struct program *p = &R->prog;
	for (size_t i = 0; i < p->nfiles; i++)
		st->context_headers += p->files[i].context != 0;
	st->files = p->nfiles - st->context_headers;
	st->functions = p->nfuncs;
	st->calls = p->ncalls;
	st->edges = (size_t)R->a.nedges;
	const struct icalls *I = R->a.icalls;
	if (I) {
		st->icall_sites = I->sites;
		st->icall_resolved = I->resolved;
		st->icall_none = I->unresolved_none;
		st->icall_many = I->unresolved_many;
		st->icall_params = I->param_calls;
		st->icall_vars = I->var_calls;
		st->icall_typed = I->typed_here;
		st->icall_summaries = I->summaries;
		st->icall_max = (size_t)I->maxn;
		st->icall_median = icall_median(I);
	}
	reclaim_counts(&R->a, &st->reclaim_entries, &st->reclaim_classes);
	size_t capfl = 0, capsk = 0;
	for (size_t i = 0; i < p->nfiles; i++) {
		const struct sfile *sf = &p->files[i];
		if (sf->failed)
			VEC_PUSH(st->failed, st->nfailed, capfl, xasprintf("%s (%s)", sf->path, sf->error));
		if (sf->partial)
			st->files_partial++;
		for (int k = 0; k < sf->nskipped; k++)
			VEC_PUSH(st->skipped, st->nskipped, capsk, xasprintf("%s: %s", sf->path, sf->skipped[k]));
	}
}

int phase_report(struct run *R)
{
	fill_stats(R);
	const char *outpath = R->A.outpath;
	char err[PATH_MAX + 128];
	FILE *fo = stdout;
	struct wfile wo; /* -o: replaced only by a complete report */
	if (outpath && !(fo = wfile_open(&wo, outpath, err, sizeof(err))))
		return fail("%s%s", err, "");
	if (R->A.dump_state)
		dump_state(&R->a, fo);
	if (R->A.explain_locks)
		reclaim_explain(&R->a, fo);
	for (size_t i = 0; i < R->A.nexplain; i++) {
		char *file;
		int line;
		explain_parse(R->A.explain[i], &file, &line, err, sizeof(err)); /* checked by args.c */
		int n = explain_site(&R->a, &R->sites, &R->out, file, line, stdout);
		if (!n) {
			fprintf(stderr, "gfpcheck: --explain-site %s: no allocation site (a gfp mask reaching an allocator) "
					"on that line of the scanned files; name the line of the allocator call or of its mask\n",
				R->A.explain[i]);
			R->explain_missing = 1;
		}
		free(file);
	}
	if (R->A.explain_orders)
		order_explain(&R->a, fo);
	if ((!R->A.fixing && !R->A.nexplain) || outpath)
		report_format_find(R->A.format)->write(fo, &R->out, &R->st);
	if (fo != stdout && wfile_commit(&wo, err, sizeof(err)))
		return fail("%s%s", err, "");
	if (!R->A.quiet && outpath)
		fprintf(stderr, "gfpcheck: %zu findings in %zu files written to %s\n", R->out.n, R->prog.nfiles, outpath);
	return 0;
}

int run_status(const struct run *R)
{
	if (R->explain_missing)
		return 2;
	if (R->A.nexplain && !R->A.outpath)
		return 0; /* the explanation was asked for, not the report */
	if (R->A.fixing)
		return R->fixrc;
	return findings_active(&R->out) && !R->A.write_baseline ? 1 : 0;
}

void run_free(struct run *R)
{
	if (R->a.prog)
		analysis_free(&R->a, &R->sites, &R->regions);
	findings_free(&R->out);
	for (size_t i = 0; i < R->st.nfailed; i++)
		free(R->st.failed[i]);
	for (size_t i = 0; i < R->st.nskipped; i++)
		free(R->st.skipped[i]);
	free(R->st.failed);
	free(R->st.skipped);
	program_free(&R->prog);
	model_free(&R->model);
	args_free(&R->A);
	free(R->model_dir);
	free(R->version);
	free(R->root);
}
