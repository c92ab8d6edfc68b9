/* extract_args.c - gfpcheck-extract's options (see extract_args.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/extract_args.h"
#include "cli/options.h"
#include "base/util.h"

/* The keys by the handler that takes them (handle() picks it by range). */
enum {
	/* where things are: handle_where() */
	O_OUT, O_ROOT, O_COCCI, O_MACROS, O_CACHE, O_MODEL, O_MODELDIR, O_CTXHDR,
	/* how spatch runs: handle_how() */
	O_JOBS, O_TIMEOUT, O_MEMORY, O_SHARD, O_NOPREPROC, O_QUIET, O_HELP,
};

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

static const char prog[] = "gfpcheck-extract";

static void usage(FILE *out)
{
	fputs("usage: gfpcheck-extract [options] PATH...\n"
	      "Write the facts of the .c and .h files under PATH (docs/FACTS.md) with the Coccinelle front end.\n\n",
	      out);
	cli_usage(out, table);
	fputs("\nExit status: 0 all files extracted, 1 some failed (named on stderr), 2 usage or input error.\n", out);
}

static int handle_where(struct xargs *A, int key, const char *arg)
{
	switch (key) {
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
	case O_MODEL:
		VEC_PUSH(A->models, A->nmodels, A->capmodels, arg);
		break;
	case O_MODELDIR:
		A->model_dir = arg;
		break;
	default: /* O_CTXHDR */
		A->context_headers = 1;
		break;
	}
	return 0;
}

/* --shard I/N */
static int shard(struct xargs *A, const char *arg)
{
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
	return 0;
}

static int handle_how(struct xargs *A, int key, const char *arg)
{
	long v;
	switch (key) {
	case O_JOBS:
		if (cli_int(prog, "--jobs", arg, 1, 1024, &v))
			return -1;
		A->o.jobs = (int)v;
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
	case O_SHARD:
		return shard(A, arg);
	case O_NOPREPROC:
		A->o.no_preproc = 1;
		break;
	case O_QUIET:
		A->o.quiet = 1;
		break;
	default: /* O_HELP */
		usage(stdout);
		return 1;
	}
	return 0;
}

static int handle(void *ctx, int key, const char *arg)
{
	return key < O_JOBS ? handle_where(ctx, key, arg) : handle_how(ctx, key, arg);
}

int xargs_parse(struct xargs *A, int argc, char **argv)
{
	memset(A, 0, sizeof(*A));
	A->root = ".";
	int first = 0;
	int rc = cli_parse(prog, argc, argv, table, handle, A, &first);
	if (rc)
		return rc > 0 ? 1 : 2;
	A->paths = argv + first;
	A->npaths = argc - first;
	if (!A->npaths && !A->context_headers) {
		fprintf(stderr, "%s: no PATH given\n", prog);
		usage(stderr);
		return 2;
	}
	if (A->npaths && A->context_headers) {
		fprintf(stderr, "%s: --context-headers takes no PATH (it extracts the headers of ROOT/include/)\n", prog);
		return 2;
	}
	return 0;
}

void xargs_free(struct xargs *A)
{
	free(A->models);
}
