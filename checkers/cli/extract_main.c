/* extract_main.c - gfpcheck-extract: write the facts of C files with the
 * Coccinelle front end, for distributing extraction over machines or jobs.
 *
 *   gfpcheck-extract [options] PATH...
 *
 * Facts go to the cache; with -o they are also copied to DIR/<rel>.facts,
 * rel being the file's path relative to the root (default: the current
 * directory).  With --shard I/N only the files whose content hash falls in
 * share I of N are extracted (and copied): N runs with I = 1..N, anywhere,
 * together cover the tree once, and `gfpcheck --facts DIR1 --facts DIR2 ...`
 * analyses their union.  When the root has an include/ directory, its
 * headers that PATH leaves out are extracted as context (docs/FACTS.md,
 * "Headers under include/"; which of them spatch reads depends on the model's
 * names: --model-dir, --model).  One line per failed file on stderr; exit 0
 * when all files were extracted, 1 when some failed, 2 on usage or input
 * errors. */
#include "extract/extract.h"
#include "facts/facts_write.h"
#include "cli/tree.h"
#include "cli/hotnames.h"
#include "cli/options.h"
#include "base/util.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { O_JOBS, O_OUT, O_ROOT, O_COCCI, O_MACROS, O_CACHE, O_TIMEOUT, O_MEMORY, O_SHARD, O_NOPREPROC, O_MODEL,
       O_MODELDIR, O_CTXHDR, O_QUIET, O_HELP };

static const struct cli_opt table[] = {
	{"jobs", 'j', "N", O_JOBS, "spatch processes at once (default: number of CPUs)"},
	{"output", 'o', "DIR", O_OUT, "also copy the facts to DIR/<path>.facts"},
	{"root", 0, "DIR", O_ROOT, "the tree root paths are relative to (default: .)"},
	{"cocci", 0, "FILE", O_COCCI, "the extraction semantic patch (default: cocci/gfpfacts.cocci)"},
	{"macros", 0, "FILE", O_MACROS, "spatch's macro file (default: cocci/gfpcheck-macros.h; '' none)"},
	{"cache", 0, "DIR", O_CACHE, "the facts cache (default: $GFPCHECK_CACHE or ~/.cache/gfpcheck)"},
	{"timeout", 0, "SECONDS", O_TIMEOUT, "time one file may take in spatch (default: $GFPCHECK_TIMEOUT or 120)"},
	{"memory", 0, "MIB", O_MEMORY, "address space of one spatch process (default: $GFPCHECK_MEMORY or 4096)"},
	{"shard", 0, "I/N", O_SHARD, "only the files whose content hash falls in share I of N (1 <= I <= N)"},
	{"no-preproc", 0, NULL, O_NOPREPROC, "give spatch the files of preprocessor lines only too"},
	{"model", 0, "FILE", O_MODEL, "extra model rows (may repeat): their names choose the include/ headers spatch reads"},
	{"model-dir", 0, "DIR", O_MODELDIR, "the model directory (default: the model/ shipped with gfpcheck)"},
	{"context-headers", 0, NULL, O_CTXHDR,
	 "no PATH: only the headers of ROOT/include/, as context (to analyse with facts of the Clang or sparse front end)"},
	{"quiet", 'q', NULL, O_QUIET, "print nothing but errors"},
	{"help", 'h', NULL, O_HELP, "this text"},
	{NULL, 0, NULL, 0, NULL},
};

struct xargs {
	struct extract_opts o;
	const char *outdir, *root, *model_dir;
	int context_headers;
	const char **models, **hot;
	size_t nmodels, capmodels;
	char *cocci; /* the default semantic patch, when --cocci is not given */
};

static const char *prog = "gfpcheck-extract";

static void usage(FILE *out)
{
	fputs("usage: gfpcheck-extract [options] PATH...\n"
	      "Write the facts of the .c and .h files under PATH (docs/FACTS.md) with the Coccinelle front end.\n\n",
	      out);
	cli_usage(out, table);
	fputs("\nExit status: 0 all files extracted, 1 some failed (named on stderr), 2 usage or input error.\n", out);
}

static int handle(void *ctx, int key, const char *arg)
{
	struct xargs *A = ctx;
	long v;
	switch (key) {
	case O_JOBS:
		if (cli_int(prog, "--jobs", arg, 1, 1024, &v))
			return -1;
		A->o.jobs = (int)v;
		break;
	case O_OUT:
		A->outdir = arg;
		break;
	case O_ROOT:
		A->root = arg;
		break;
	case O_COCCI:
		A->o.cocci = arg;
		break;
	case O_MACROS:
		A->o.macros = arg;
		break;
	case O_CACHE:
		A->o.cache_dir = arg;
		break;
	case O_TIMEOUT:
		if (cli_int(prog, "--timeout", arg, 1, 86400, &v))
			return -1;
		A->o.timeout = (int)v;
		break;
	case O_MEMORY:
		if (cli_int(prog, "--memory", arg, 64, 1L << 24, &v))
			return -1;
		A->o.memory_mb = v;
		break;
	case O_SHARD: {
		char *e;
		long i = strtol(arg, &e, 10), n = 0;
		if (e != arg && *e == '/')
			n = strtol(e + 1, &e, 10);
		if (*e || n < 1 || n > 100000 || i < 1 || i > n) {
			fprintf(stderr, "%s: --shard takes I/N with 1 <= I <= N, not '%s'\n", prog, arg);
			return -1;
		}
		A->o.shard = (int)i;
		A->o.nshards = (int)n;
		break;
	}
	case O_NOPREPROC:
		A->o.no_preproc = 1;
		break;
	case O_MODEL:
		VEC_PUSH(A->models, A->nmodels, A->capmodels, arg);
		break;
	case O_MODELDIR:
		A->model_dir = arg;
		break;
	case O_CTXHDR:
		A->context_headers = 1;
		break;
	case O_QUIET:
		A->o.quiet = 1;
		break;
	case O_HELP:
		usage(stdout);
		return 1;
	}
	return 0;
}

/* The model's names for the headers of include/ (extract_opts.hot). */
static int load_hot(struct xargs *A, struct model *m)
{
	char err[1024];
	char *dir = A->model_dir ? xstrdup(A->model_dir) : share_path("model");
	int bad = model_load_dir(m, dir, err, sizeof(err));
	for (size_t i = 0; !bad && i < A->nmodels; i++)
		bad = model_load_file(m, A->models[i], err, sizeof(err));
	free(dir);
	if (bad) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	A->hot = hot_names(m, &A->o.nhot);
	A->o.hot = A->hot;
	return 0;
}

/* The paths given, relative to the root (`scanned` records of the tree file). */
static char **scanned_paths(const char *root, char **paths, int npaths)
{
	char **v = xcalloc((size_t)npaths + 1, sizeof(char *));
	size_t rl = strlen(root);
	for (int i = 0; i < npaths; i++) {
		char abs[PATH_MAX];
		if (!realpath(paths[i], abs))
			snprintf(abs, sizeof(abs), "%s", paths[i]);
		if (strcmp(abs, root) == 0)
			v[i] = xstrdup(".");
		else if (strncmp(abs, root, rl) == 0 && abs[rl] == '/')
			v[i] = xstrdup(abs + rl + 1);
		else
			v[i] = xstrdup(abs);
	}
	return v;
}

static int copy_file(const char *from, const char *to)
{
	size_t len = 0;
	char *data = read_file(from, &len);
	if (!data)
		return -1;
	char *tmp = xasprintf("%s.tmp%ld", to, (long)getpid());
	FILE *out = fopen(tmp, "wb");
	int bad = !out;
	if (out) {
		bad = fwrite(data, 1, len, out) != len;
		bad |= fclose(out) != 0;
	}
	if (bad || rename(tmp, to)) {
		int e = errno;
		unlink(tmp);
		errno = e;
		bad = 1;
	}
	free(tmp);
	free(data);
	return bad ? -1 : 0;
}

int main(int argc, char **argv)
{
	struct xargs A;
	memset(&A, 0, sizeof(A));
	A.root = ".";
	int first = 0;
	int rc = cli_parse(prog, argc, argv, table, handle, &A, &first);
	if (rc)
		return rc > 0 ? 0 : 2;
	char **paths = argv + first;
	int npaths = argc - first;
	if (!npaths && !A.context_headers) {
		fprintf(stderr, "%s: no PATH given\n", prog);
		usage(stderr);
		return 2;
	}
	if (npaths && A.context_headers) {
		fprintf(stderr, "%s: --context-headers takes no PATH (it extracts the headers of ROOT/include/)\n", prog);
		return 2;
	}
	char err[4096];
	char rootabs[PATH_MAX];
	if (!realpath(A.root, rootabs)) {
		fprintf(stderr, "%s: cannot read root '%s': %s\n", prog, A.root, strerror(errno));
		return 2;
	}
	struct extract_opts *o = &A.o;
	o->root = rootabs;
	if (!o->cocci)
		o->cocci = A.cocci = extract_default_cocci(argv[0]);
	if (access(o->cocci, R_OK)) {
		fprintf(stderr, "%s: cannot read the semantic patch '%s' (use --cocci)\n", prog, o->cocci);
		return 2;
	}
	o->progress = !o->quiet;
	struct model model;
	memset(&model, 0, sizeof(model));
	if (load_hot(&A, &model)) {
		model_free(&model);
		return 2;
	}
	struct extract_file *files = NULL;
	size_t n = 0;
	if (npaths && extract_collect(rootabs, paths, npaths, &files, &n, err, sizeof(err))) {
		fprintf(stderr, "%s: %s\n", prog, err);
		return 2;
	}
	if (npaths && !n) {
		fprintf(stderr, "%s: no .c or .h files in '%s'\n", prog, paths[0]);
		return 2;
	}
	if (extract_add_context(rootabs, &files, &n, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s: %s\n", prog, err);
		extract_free(files, n);
		return 2;
	}
	if (!n) {
		fprintf(stderr, "%s: no headers under '%s/include'\n", prog, rootabs);
		return 2;
	}
	struct extract_stats st;
	if (extract_run_stats(o, files, n, &st, err, sizeof(err))) {
		fprintf(stderr, "%s: %s\n", prog, err);
		extract_free(files, n);
		return 2;
	}
	size_t failed = 0;
	for (size_t i = 0; i < n; i++) {
		if (!files[i].in_shard)
			continue;
		if (files[i].failed || !files[i].facts) {
			failed++;
			fprintf(stderr, "%s: extraction failed: %s\n", files[i].rel,
				files[i].error ? files[i].error : "unknown error");
			continue;
		}
		if (A.outdir) {
			const char *rel = files[i].rel[0] == '/' ? files[i].rel + 1 : files[i].rel;
			char *dst = xasprintf("%s/%s.facts", A.outdir, rel);
			if (mkdir_p(dst, 0) || copy_file(files[i].facts, dst)) {
				fprintf(stderr, "%s: cannot write '%s': %s\n", prog, dst, strerror(errno));
				free(dst);
				extract_free(files, n);
				return 2;
			}
			free(dst);
		} else if (!o->quiet) {
			printf("%s\t%s\n", files[i].rel, files[i].facts);
		}
	}
	if (A.outdir) {
		/* the tree as seen here, for `gfpcheck --facts DIR` elsewhere */
		char *kv = tree_version(rootabs);
		char **sc = scanned_paths(rootabs, paths, npaths);
		const char *none[] = {"-"}; /* --context-headers: nothing scanned */
		int bad = facts_tree_write_scanned(A.outdir, "gfpcheck-extract " GFPCHECK_VERSION, rootabs, kv,
						   npaths ? (const char *const *)sc : none, npaths ? (size_t)npaths : 1,
						   err, sizeof(err));
		for (int i = 0; i < npaths; i++)
			free(sc[i]);
		free(sc);
		free(kv);
		if (bad) {
			fprintf(stderr, "gfpcheck-extract: %s\n", err);
			extract_free(files, n);
			return 2;
		}
	}
	if (!o->quiet) {
		fprintf(stderr, "%s: %zu files", prog, n - st.out_of_shard);
		if (st.out_of_shard)
			fprintf(stderr, " (shard %d/%d; %zu left to the other shards)", o->shard, o->nshards,
				st.out_of_shard);
		fprintf(stderr, ", %zu extracted (%zu by spatch in %zu runs, %zu preprocessor-only by the C scanner",
			st.spatch + st.preproc + st.protos, st.spatch, st.batches, st.preproc);
		if (st.protos)
			fprintf(stderr, ", %zu headers' prototypes by the header scanner", st.protos);
		fputc(')', stderr);
		fprintf(stderr, ", %zu from cache, %zu partial, %zu failed", st.cached, st.partial, failed);
		if (st.skipped)
			fprintf(stderr, " (%zu skipped at the time or memory bound)", st.skipped);
		fprintf(stderr, "; %zu files hashed in %.2f s", st.hashed, st.t_hash);
		if (st.hdr_context)
			fprintf(stderr, "; %zu headers of include/ as context (%zu through spatch, the others prototypes only)",
				st.hdr_context, st.hdr_full);
		fputc('\n', stderr);
	}
	extract_free(files, n);
	free(A.hot);
	free(A.models);
	free(A.cocci);
	model_free(&model);
	return failed ? 1 : 0;
}
