/* extract_phases.c - the phases of one gfpcheck-extract run (see
 * extract_phases.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/extract_phases.h"
#include "cli/hotnames.h"
#include "cli/tree.h"
#include "facts/facts_write.h"
#include "base/util.h"

static const char prog[] = "gfpcheck-extract";

int xphase_root(struct xmain *X)
{
	struct extract_opts *o = &X->A.o;
	if (!realpath(X->A.root, X->rootabs)) {
		fprintf(stderr, "%s: cannot read root '%s': %s\n", prog, X->A.root, strerror(errno));
		return 2;
	}
	o->root = X->rootabs;
	if (!o->cocci)
		o->cocci = X->cocci = extract_default_cocci(X->argv0);
	if (access(o->cocci, R_OK)) {
		fprintf(stderr, "%s: cannot read the semantic patch '%s' (use --cocci)\n", prog, o->cocci);
		return 2;
	}
	o->progress = !o->quiet;
	return 0;
}

int xphase_model(struct xmain *X)
{
	char err[1024];
	char *dir = X->A.model_dir ? xstrdup(X->A.model_dir) : share_path("model");
	int bad = model_load_dir(&X->model, dir, err, sizeof(err));
	for (size_t i = 0; !bad && i < X->A.nmodels; i++)
		bad = model_load_file(&X->model, X->A.models[i], err, sizeof(err));
	free(dir);
	if (bad) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	X->hot = hot_names(&X->model, &X->A.o.nhot);
	X->A.o.hot = X->hot;
	return 0;
}

int xphase_files(struct xmain *X)
{
	char err[4096];
	if (X->A.npaths &&
	    extract_collect(X->rootabs, X->A.paths, X->A.npaths, &X->files, &X->n, err, sizeof(err))) {
		fprintf(stderr, "%s: %s\n", prog, err);
		return 2;
	}
	if (X->A.npaths && !X->n) {
		fprintf(stderr, "%s: no .c or .h files in '%s'\n", prog, X->A.paths[0]);
		return 2;
	}
	if (extract_add_context(X->rootabs, &X->files, &X->n, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s: %s\n", prog, err);
		return 2;
	}
	if (!X->n) {
		fprintf(stderr, "%s: no headers under '%s/include'\n", prog, X->rootabs);
		return 2;
	}
	return 0;
}

int xphase_extract(struct xmain *X)
{
	char err[4096];
	if (extract_run_stats(&X->A.o, X->files, X->n, &X->st, err, sizeof(err))) {
		fprintf(stderr, "%s: %s\n", prog, err);
		return 2;
	}
	return 0;
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

/* The facts of f as DIR/<rel>.facts. */
static int copy_out(const char *outdir, const struct extract_file *f)
{
	const char *rel = f->rel[0] == '/' ? f->rel + 1 : f->rel;
	char *dst = xasprintf("%s/%s.facts", outdir, rel);
	int bad = mkdir_p(dst, 0) || copy_file(f->facts, dst);
	if (bad)
		fprintf(stderr, "%s: cannot write '%s': %s\n", prog, dst, strerror(errno));
	free(dst);
	return bad ? -1 : 0;
}

int xphase_output(struct xmain *X)
{
	for (size_t i = 0; i < X->n; i++) {
		const struct extract_file *f = &X->files[i];
		if (!f->in_shard)
			continue;
		if (f->failed || !f->facts) {
			X->failed++;
			fprintf(stderr, "%s: extraction failed: %s\n", f->rel, f->error ? f->error : "unknown error");
			continue;
		}
		if (X->A.outdir) {
			if (copy_out(X->A.outdir, f))
				return 2;
		} else if (!X->A.o.quiet) {
			printf("%s\t%s\n", f->rel, f->facts);
		}
	}
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

/* The tree as seen here, for `gfpcheck --facts DIR` elsewhere. */
int xphase_tree(struct xmain *X)
{
	if (!X->A.outdir)
		return 0;
	char err[4096];
	int npaths = X->A.npaths;
	char *kv = tree_version(X->rootabs);
	char **sc = scanned_paths(X->rootabs, X->A.paths, npaths);
	const char *none[] = {"-"}; /* --context-headers: nothing scanned */
	int bad = facts_tree_write_scanned(X->A.outdir, "gfpcheck-extract " GFPCHECK_VERSION, X->rootabs, kv,
					   npaths ? (const char *const *)sc : none, npaths ? (size_t)npaths : 1,
					   err, sizeof(err));
	for (int i = 0; i < npaths; i++)
		free(sc[i]);
	free(sc);
	free(kv);
	if (bad) {
		fprintf(stderr, "%s: %s\n", prog, err);
		return 2;
	}
	return 0;
}

int xphase_summary(struct xmain *X)
{
	const struct extract_stats *st = &X->st;
	const struct extract_opts *o = &X->A.o;
	if (o->quiet)
		return 0;
	fprintf(stderr, "%s: %zu files", prog, X->n - st->out_of_shard);
	if (st->out_of_shard)
		fprintf(stderr, " (shard %d/%d; %zu left to the other shards)", o->shard, o->nshards, st->out_of_shard);
	fprintf(stderr, ", %zu extracted (%zu by spatch in %zu runs, %zu preprocessor-only by the C scanner",
		st->spatch + st->preproc + st->protos, st->spatch, st->batches, st->preproc);
	if (st->protos)
		fprintf(stderr, ", %zu headers' prototypes by the header scanner", st->protos);
	fputc(')', stderr);
	fprintf(stderr, ", %zu from cache, %zu partial, %zu failed", st->cached, st->partial, X->failed);
	if (st->skipped)
		fprintf(stderr, " (%zu skipped at the time or memory bound)", st->skipped);
	fprintf(stderr, "; %zu files hashed in %.2f s", st->hashed, st->t_hash);
	if (st->hdr_context)
		fprintf(stderr, "; %zu headers of include/ as context (%zu through spatch, the others prototypes only)",
			st->hdr_context, st->hdr_full);
	fputc('\n', stderr);
	return 0;
}

int xmain_status(const struct xmain *X)
{
	return X->failed ? 1 : 0;
}

void xmain_free(struct xmain *X)
{
	extract_free(X->files, X->n);
	free(X->hot);
	free(X->cocci);
	model_free(&X->model);
	xargs_free(&X->A);
}
