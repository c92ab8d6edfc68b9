/* extract_main.c - gfpcheck-extract: write the facts of C files with the
 * Coccinelle front end, for distributing extraction over machines or jobs.
 *
 *   gfpcheck-extract [-j N] [-o DIR] [--root DIR] [--cocci FILE] [--cache DIR]
 *                    [--timeout S] [-q] PATH...
 *
 * Facts go to the cache; with -o they are also copied to DIR/<rel>.facts,
 * rel being the file's path relative to the root (default: the current
 * directory).  One line per failed file on stderr; exit 0 when all files
 * were extracted, 1 when some failed, 2 on usage or input errors. */
#include "extract/extract.h"
#include "facts/facts_write.h"
#include "cli/tree.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void usage(void)
{
	fprintf(stderr,
		"usage: gfpcheck-extract [-j N] [-o DIR] [--root DIR] [--cocci FILE] [--cache DIR]\n"
		"                        [--timeout SECONDS] [-q] PATH...\n");
}

static int mkdirs_for(const char *path)
{
	char buf[4096];
	if (strlen(path) >= sizeof(buf))
		return -1;
	strcpy(buf, path);
	for (char *p = buf + 1; *p; p++) {
		if (*p == '/') {
			*p = 0;
			if (mkdir(buf, 0777) && errno != EEXIST)
				return -1;
			*p = '/';
		}
	}
	return 0;
}

static int copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb");
	if (!in)
		return -1;
	char tmp[4200];
	if (snprintf(tmp, sizeof(tmp), "%s.tmp%ld", to, (long)getpid()) >= (int)sizeof(tmp)) {
		fclose(in);
		return -1;
	}
	FILE *out = fopen(tmp, "wb");
	if (!out) {
		fclose(in);
		return -1;
	}
	char b[65536];
	size_t n;
	int bad = 0;
	while ((n = fread(b, 1, sizeof(b), in)) > 0)
		if (fwrite(b, 1, n, out) != n)
			bad = 1;
	bad |= ferror(in);
	fclose(in);
	bad |= fclose(out) != 0;
	if (bad || rename(tmp, to)) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct extract_opts o;
	memset(&o, 0, sizeof(o));
	const char *outdir = NULL, *root = ".";
	char **paths = calloc((size_t)argc + 1, sizeof(*paths));
	int npaths = 0;
	if (!paths)
		return 2;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *val = NULL;
#define ARG(name)                                                                          \
	(strcmp(a, name) == 0 ? (i + 1 < argc ? (val = argv[++i], 1)                        \
					       : (fprintf(stderr,                           \
							  "gfpcheck-extract: %s needs a value\n", \
							  name),                                    \
						  exit(2), 0))                                      \
			      : 0)
		if (ARG("-j") || ARG("--jobs")) {
			char *end;
			long j = strtol(val, &end, 10);
			if (*end || j < 1 || j > 1024) {
				fprintf(stderr, "gfpcheck-extract: bad job count '%s'\n", val);
				return 2;
			}
			o.jobs = (int)j;
		} else if (strncmp(a, "-j", 2) == 0 && a[2]) {
			char *end;
			long j = strtol(a + 2, &end, 10);
			if (*end || j < 1 || j > 1024) {
				fprintf(stderr, "gfpcheck-extract: bad job count '%s'\n", a + 2);
				return 2;
			}
			o.jobs = (int)j;
		} else if (ARG("-o")) {
			outdir = val;
		} else if (ARG("--root")) {
			root = val;
		} else if (ARG("--cocci")) {
			o.cocci = val;
		} else if (ARG("--cache")) {
			o.cache_dir = val;
		} else if (ARG("--timeout")) {
			o.timeout = atoi(val);
			if (o.timeout <= 0) {
				fprintf(stderr, "gfpcheck-extract: bad timeout '%s'\n", val);
				return 2;
			}
		} else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
			o.quiet = 1;
		} else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			usage();
			return 0;
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "gfpcheck-extract: unknown option '%s'\n", a);
			usage();
			return 2;
		} else {
			paths[npaths++] = (char *)a;
		}
#undef ARG
	}
	if (!npaths) {
		fprintf(stderr, "gfpcheck-extract: no PATH given\n");
		usage();
		return 2;
	}
	char err[4096];
	char rootabs[4096];
	if (!realpath(root, rootabs)) {
		fprintf(stderr, "gfpcheck-extract: cannot read root '%s': %s\n", root, strerror(errno));
		return 2;
	}
	o.root = rootabs;
	if (!o.cocci)
		o.cocci = extract_default_cocci(argv[0]);
	if (access(o.cocci, R_OK)) {
		fprintf(stderr, "gfpcheck-extract: cannot read the semantic patch '%s' (use --cocci)\n", o.cocci);
		return 2;
	}
	o.progress = !o.quiet;
	struct extract_file *files = NULL;
	size_t n = 0;
	if (extract_collect(rootabs, paths, npaths, &files, &n, err, sizeof(err))) {
		fprintf(stderr, "gfpcheck-extract: %s\n", err);
		return 2;
	}
	if (!n) {
		fprintf(stderr, "gfpcheck-extract: no .c or .h files in '%s'\n", paths[0]);
		return 2;
	}
	if (extract_run(&o, files, n, err, sizeof(err))) {
		fprintf(stderr, "gfpcheck-extract: %s\n", err);
		return 2;
	}
	int failed = 0, partial = 0, cached = 0;
	for (size_t i = 0; i < n; i++) {
		if (files[i].failed || !files[i].facts) {
			failed++;
			fprintf(stderr, "%s: extraction failed: %s\n", files[i].rel,
				files[i].error ? files[i].error : "unknown error");
			continue;
		}
		partial += files[i].partial;
		cached += files[i].cached;
		if (outdir) {
			char dst[4200];
			const char *rel = files[i].rel[0] == '/' ? files[i].rel + 1 : files[i].rel;
			snprintf(dst, sizeof(dst), "%s/%s.facts", outdir, rel);
			if (mkdirs_for(dst) || copy_file(files[i].facts, dst)) {
				fprintf(stderr, "gfpcheck-extract: cannot write '%s': %s\n", dst, strerror(errno));
				extract_free(files, n);
				return 2;
			}
		} else if (!o.quiet) {
			printf("%s\t%s\n", files[i].rel, files[i].facts);
		}
	}
	if (outdir) {
		/* the tree as seen here, for `gfpcheck --facts DIR` elsewhere */
		char *kv = tree_version(rootabs);
		int bad = facts_tree_write(outdir, "gfpcheck-extract " GFPCHECK_VERSION, rootabs, kv, err, sizeof(err));
		free(kv);
		if (bad) {
			fprintf(stderr, "gfpcheck-extract: %s\n", err);
			extract_free(files, n);
			return 2;
		}
	}
	if (!o.quiet)
		fprintf(stderr, "gfpcheck-extract: %zu files, %zu extracted, %d from cache, %d partial, %d failed\n",
			n, n - (size_t)failed - (size_t)cached, cached, partial, failed);
	extract_free(files, n);
	free(paths);
	return failed ? 1 : 0;
}
