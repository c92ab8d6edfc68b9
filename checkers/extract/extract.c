/* extract.c - the runner of the front end (extract.h): which files need
 * facts, from where (cache, C scanner, spatch), and the run's life cycle
 * (signals, temporary files). */
#include "extract/extract.h"
#include "extract/exint.h"
#include "extract/exspatch.h"
#include "base/hash.h"
#include "base/progress.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The signal that asked the run to stop, 0 none.  Global on purpose: it is
 * set by on_signal(), an asynchronous signal handler that gets nothing but
 * the signal number, and read by the loops of the run (here, extract_hdrsel.c
 * and extract_spatch.c) to stop. */
volatile int xinterrupted;

static void on_signal(int sig)
{
	xinterrupted = sig;
	xspatch_kill_all(); /* spatch stops now; the temporary files go below */
}

/* ---- defaults ---- */

char *extract_default_cache(void)
{
	char cwd[PATH_MAX];
	const char *e = getenv("GFPCHECK_CACHE");
	if (e && *e) {
		if (e[0] == '/' || !getcwd(cwd, sizeof(cwd)))
			return xstrdup(e);
		return xasprintf("%s/%s", cwd, e); /* a relative one: from here */
	}
	e = getenv("XDG_CACHE_HOME");
	if (e && *e == '/')
		return xasprintf("%s/gfpcheck", e);
	e = getenv("HOME");
	if (e && *e == '/')
		return xasprintf("%s/.cache/gfpcheck", e);
	return xasprintf("/tmp/gfpcheck-cache-%ld", (long)getuid());
}

static int is_reg(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

char *extract_default_cocci(const char *argv0)
{
	const char *e = getenv("GFPCHECK_COCCI");
	if (e && *e)
		return xstrdup(e);
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0)
		exe[n] = 0;
	else if (argv0 && realpath(argv0, exe))
		;
	else
		exe[0] = 0;
	if (exe[0]) {
		char *s = strrchr(exe, '/');
		if (s) {
			*s = 0; /* .../bin */
			s = strrchr(exe, '/');
			if (s) {
				*s = 0;
				char *c = xasprintf("%s/cocci/gfpfacts.cocci", exe);
				if (is_reg(c))
					return c;
				free(c);
			}
		}
	}
	return xstrdup("cocci/gfpfacts.cocci");
}

/* The macro file that goes with the semantic patch: gfpcheck-macros.h next
 * to it, when there is one. */
static char *default_macros(const char *cocci)
{
	char *m = xstrdup(cocci);
	char *s = strrchr(m, '/');
	char *p = s ? xasprintf("%.*s/gfpcheck-macros.h", (int)(s - m), m) : xstrdup("gfpcheck-macros.h");
	free(m);
	if (!is_reg(p)) {
		free(p);
		return NULL;
	}
	return p;
}

/* ---- keys ---- */

static void key_of(const struct xspatch *S, const char *h, int hdr, char key[33])
{
	struct hash128 x;
	hash128_init(&x);
	const char *c = hdr ? S->config_hdr : S->config;
	hash128_update(&x, c, strlen(c));
	hash128_update(&x, h, 32);
	hash128_hex(&x, key);
}

/* 0-based shard of a content hash. */
static int shard_of(const char *h, int nshards)
{
	char tmp[13];
	memcpy(tmp, h, 12);
	tmp[12] = 0;
	return (int)(strtoull(tmp, NULL, 16) % (unsigned long long)nshards);
}

void extract_forget(struct extract_file *f)
{
	if (f->facts && f->cached)
		unlink(f->facts);
	free(f->facts);
	f->facts = NULL;
	f->cached = 0;
	f->how = EX_NONE;
}

static double wall(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double mono(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void fail(struct extract_file *f, char *why)
{
	f->failed = 1;
	free(f->error);
	f->error = why;
}

/* ---- headers of include/ ---- */

/* The cache key of a context header's proto-only facts. */
static void protos_key(const char *h, char key[33])
{
	struct hash128 x;
	hash128_init(&x);
	hash128_update(&x, "gfpfacts-protos " XHDR_VERSION "\n", strlen("gfpfacts-protos " XHDR_VERSION "\n"));
	hash128_update(&x, h, 32);
	hash128_hex(&x, key);
}

/* One extract_run: what its steps share. */
struct xrun {
	const struct extract_opts *o;
	struct extract_file *files;
	size_t n;
	struct xspatch S;
	struct xcache cache;
	char *cocci, *macros; /* S.cocci and S.macros (owned), absolute where they could be made so */
	char version[64];     /* S.version */
	char config[33], config_hdr[33]; /* S.config, S.config_hdr */
	struct sigaction old[3]; /* the handlers of run_signals[] before the run */
	struct xstatidx *idx;
	struct hdrscan *hs;   /* one per file (extract_hdrsel.c) */
	double start;         /* wall clock when the hashing started */
	struct xjob *jobs;    /* the files for spatch */
	size_t njobs, capjobs;
	struct extract_stats st;
	char *err;
	size_t errlen;
};

/* Facts written by one of gfpcheck's own scanners (records recs, freed here)
 * into the cache under key: f names them, extracted how. Returns 0 (f failed
 * when the records do not make a facts file) or -1 when the cache cannot be
 * written. */
static int cache_scanned(struct xrun *R, struct extract_file *f, const char *key, const char *frontend,
			 const char *scanner, const char *src, size_t len, char *recs, size_t rl, int how)
{
	size_t flen = 0;
	char ferr[512] = "";
	char *facts = xfacts_build(frontend, src, len, NULL, 0, recs, rl, &flen, ferr, sizeof(ferr));
	free(recs);
	if (!facts) {
		fail(f, xasprintf("bad facts from the %s scanner: %s", scanner, ferr));
		return 0;
	}
	char *path = NULL;
	int bad = xcache_put(&R->cache, key, facts, flen, &path, R->err, R->errlen);
	free(facts);
	if (bad)
		return -1;
	f->facts = path;
	f->how = how;
	return 0;
}

/* A context header that spatch does not read: its facts are the scanner's
 * proto records, from the cache or made now. */
static int settle_protos(struct xrun *R, struct extract_file *f, struct hdrscan *hs)
{
	char key[33];
	protos_key(hs->hash, key);
	char *cp = xcache_entry(&R->cache, key);
	int partial = 0;
	memcpy(f->hash, hs->hash, 33);
	if (xcache_check(cp, &partial) == 0) {
		f->facts = cp;
		f->cached = 1;
		f->how = EX_CACHE;
		return 0;
	}
	unlink(cp);
	free(cp);
	if (!hs->read) { /* the selection came from the cache: scan it now */
		char was[33];
		memcpy(was, hs->hash, 33);
		if (xhdr_scan_one(f, hs, R->idx, R->start, &R->st)) {
			fail(f, xasprintf("cannot read: %s", strerror(errno)));
			return 0;
		}
		if (strcmp(was, hs->hash)) /* changed since: under its own key */
			return settle_protos(R, f, hs);
	}
	size_t rl = 0;
	char *recs = xhdr_records(&hs->h, 1, &rl);
	return cache_scanned(R, f, key, "gfpcheck header scanner " XHDR_VERSION, "header", NULL, 0, recs, rl, EX_PROTOS);
}

/* A file the cache lacks, its bytes in hand: the C scanner's facts when it
 * is preprocessor lines only, else a job for spatch. */
static int settle_miss(struct xrun *R, size_t fi, const char *src, size_t len, const char *h, const char *key)
{
	struct extract_file *f = &R->files[fi];
	const char *nul = memchr(src, 0, len);
	if (nul) {
		fail(f, xasprintf("not C source: a NUL byte at offset %zu", (size_t)(nul - src)));
		return 0;
	}
	if (!R->o->no_preproc && xpp_only(src, len)) {
		size_t rl = 0;
		char *recs = xpp_records(src, len, &rl);
		char fe[96];
		snprintf(fe, sizeof(fe), "coccinelle %s", R->S.version);
		int rc = cache_scanned(R, f, key, fe, "preprocessor", src, len, recs, rl, EX_PREPROC);
		if (!rc && f->facts)
			memcpy(f->hash, h, 33);
		return rc;
	}
	struct xjob j;
	memset(&j, 0, sizeof(j));
	j.fi = fi;
	j.size = (off_t)len;
	memcpy(j.hash, h, 33);
	memcpy(j.key, key, 33);
	j.hdr = extract_is_include_header(f->rel);
	VEC_PUSH(R->jobs, R->njobs, R->capjobs, j);
	return 0;
}

/* ---- settling one file ---- */

/* Forget what an earlier run said about f. */
static void reset_file(const struct extract_opts *o, struct extract_file *f)
{
	f->failed = f->partial = f->cached = f->skipped = 0;
	f->in_shard = 1;
	f->how = EX_NONE;
	f->hash[0] = 0;
	free(f->facts);
	f->facts = NULL;
	free(f->error);
	f->error = NULL;
	if (!f->abs)
		f->abs = f->rel[0] == '/' ? xstrdup(f->rel) : xasprintf("%s/%s", o->root, f->rel);
}

/* f's content hash into h: the header scan's or the stat index's when they
 * know it, else that of its bytes, read now into *src and *len.  -1 when it
 * cannot be read (f failed). */
static int file_hash(struct xrun *R, struct extract_file *f, const struct hdrscan *hs, char **src, size_t *len,
		     char h[33])
{
	struct stat st;
	const char *known = hs->known ? hs->hash : stat(f->abs, &st) == 0 ? xstatidx_get(R->idx, &st) : NULL;
	if (known) {
		memcpy(h, known, 33);
		return 0;
	}
	*src = xread_stable(f->abs, len, &st);
	if (!*src) {
		fail(f, xasprintf("cannot read: %s", strerror(errno)));
		return -1;
	}
	content_hash(*src, *len, h);
	xstatidx_put(R->idx, &st, h, R->start);
	R->st.hashed++;
	return 0;
}

/* f's facts from the cache, or the mark that f hit a bound before, with
 * these bounds (f failed, skipped): 1 when either settled f. */
static int settle_cached(struct xrun *R, struct extract_file *f, const char *h, const char *key)
{
	char *cp = xcache_entry(&R->cache, key);
	int partial = 0;
	if (xcache_check(cp, &partial) == 0) {
		f->facts = cp;
		f->cached = 1;
		f->partial = partial;
		f->how = EX_CACHE;
		memcpy(f->hash, h, 33);
		return 1;
	}
	unlink(cp); /* absent, or not a complete facts file: made again */
	free(cp);
	char *bp = xcache_bound_path(&R->cache, key, R->S.timeout, R->S.memory_mb);
	char *bwhy = xcache_bound_get(bp);
	free(bp);
	if (!bwhy)
		return 0;
	char *why = xasprintf("%s (as on an earlier run; a larger bound tries again)", bwhy);
	free(bwhy);
	fail(f, why);
	f->skipped = 1;
	memcpy(f->hash, h, 33);
	return 1;
}

/* The stat index knew the file, the cache did not: its bytes now (h and key
 * follow them when they changed since).  -1 when it cannot be read (f failed). */
static int read_now(struct xrun *R, struct extract_file *f, int hdr, char **src, size_t *len, char h[33],
		    char key[33])
{
	struct stat st;
	*src = xread_stable(f->abs, len, &st);
	if (!*src) {
		fail(f, xasprintf("cannot read: %s", strerror(errno)));
		return -1;
	}
	char h2[33];
	content_hash(*src, *len, h2);
	if (strcmp(h, h2)) {
		memcpy(h, h2, 33);
		key_of(&R->S, h, hdr, key);
	}
	return 0;
}

/* Facts for files[i] from the cache or a scanner, or a job for spatch.  0,
 * or -1 with R->err when the cache cannot be written. */
static int settle_file(struct xrun *R, size_t i)
{
	struct extract_file *f = &R->files[i];
	struct hdrscan *hs = &R->hs[i];
	reset_file(R->o, f);
	f->hdr_full = hs->known && hs->full;
	char *src = NULL;
	size_t len = 0;
	char h[33];
	if (file_hash(R, f, hs, &src, &len, h))
		return 0;
	if (R->o->nshards > 1 && shard_of(h, R->o->nshards) != R->o->shard - 1) {
		f->in_shard = 0;
		free(src);
		return 0;
	}
	if (hs->known && !hs->full) {
		free(src);
		return settle_protos(R, f, hs);
	}
	int hdr = extract_is_include_header(f->rel);
	char key[33];
	key_of(&R->S, h, hdr, key);
	if (settle_cached(R, f, h, key)) {
		free(src);
		return 0;
	}
	if (!src && read_now(R, f, hdr, &src, &len, h, key))
		return 0;
	int rc = settle_miss(R, i, src, len, h, key);
	free(src);
	return rc;
}

/* ---- the steps of a run ---- */

static const int run_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define NRUN_SIGNALS (sizeof(run_signals) / sizeof(run_signals[0]))

/* The programs and files: spatch, the semantic patch, the macro file. */
static void run_tools(struct xrun *R)
{
	const struct extract_opts *o = R->o;
	R->S.spatch = o->spatch && *o->spatch ? o->spatch : getenv("SPATCH");
	if (!R->S.spatch || !*R->S.spatch)
		R->S.spatch = "spatch";
	R->cocci = o->cocci ? xstrdup(o->cocci) : extract_default_cocci(NULL);
	char *abs = R->cocci[0] != '/' ? realpath(R->cocci, NULL) : NULL;
	if (abs) {
		free(R->cocci);
		R->cocci = abs;
	}
	R->macros = o->macros ? (*o->macros ? xstrdup(o->macros) : NULL) : default_macros(R->cocci);
	/* spatch runs in its batch's directory: a relative path given here
	 * would name nothing there, and spatch goes on without a macro file
	 * while the cache key holds the file's text */
	abs = R->macros && R->macros[0] != '/' ? realpath(R->macros, NULL) : NULL;
	if (abs) {
		free(R->macros);
		R->macros = abs;
	}
	R->S.cocci = R->cocci;
	R->S.macros = R->macros;
}

/* The bounds of one spatch process, and how many run at once. */
static void run_bounds(struct xrun *R)
{
	const struct extract_opts *o = R->o;
	struct xspatch *S = &R->S;
	S->timeout = o->timeout;
	if (S->timeout <= 0) {
		const char *t = getenv("GFPCHECK_TIMEOUT");
		S->timeout = t && atoi(t) > 0 ? atoi(t) : 120;
	}
	S->memory_mb = o->memory_mb;
	if (S->memory_mb <= 0) {
		const char *m = getenv("GFPCHECK_MEMORY");
		S->memory_mb = m && atol(m) > 0 ? atol(m) : 4096;
	}
	S->njobs = o->jobs > 0 ? o->jobs : (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (S->njobs < 1)
		S->njobs = 1;
	if (S->njobs > 128)
		S->njobs = 128;
}

/* The cache, and spatch's version.  0, or -1 with R->err. */
static int run_cache(struct xrun *R)
{
	const struct extract_opts *o = R->o;
	char *cdir = o->cache_dir && *o->cache_dir ? xstrdup(o->cache_dir) : extract_default_cache();
	int bad = xcache_open(&R->cache, cdir, R->err, R->errlen);
	free(cdir);
	if (bad)
		return -1;
	R->S.cache = &R->cache;
	if (xspatch_version(R->S.spatch, &R->cache, R->version, sizeof(R->version))) {
		snprintf(R->err, R->errlen,
			 "cannot run spatch ('%s --version' failed): run `make deps` or install coccinelle (or set SPATCH)",
			 R->S.spatch);
		return -1;
	}
	R->S.version = R->version;
	return 0;
}

/* What besides a file's bytes shapes its facts: the keys' prefix (S.config,
 * and S.config_hdr for the headers of include/).  0, or -1 with R->err. */
static int run_config(struct xrun *R)
{
	size_t clen = 0, mlen = 0;
	char *cocci = read_file(R->cocci, &clen);
	if (!cocci) {
		snprintf(R->err, R->errlen, "cannot read the semantic patch '%s': %s", R->cocci, strerror(errno));
		return -1;
	}
	char *mac = R->macros ? read_file(R->macros, &mlen) : NULL;
	if (R->macros && !mac) {
		snprintf(R->err, R->errlen, "cannot read the macro file '%s': %s", R->macros, strerror(errno));
		free(cocci);
		return -1;
	}
	struct hash128 ch;
	hash128_init(&ch);
	/* the runner's own share of the facts (header, skipped records): bump
	 * RUNNER when it changes */
#define RUNNER "gfpfacts-cache-4 runner-2\n"
	hash128_update(&ch, RUNNER, strlen(RUNNER));
	hash128_update(&ch, R->version, strlen(R->version) + 1);
	hash128_update(&ch, cocci, clen);
	hash128_update(&ch, "\n--macros\n", 10);
	hash128_update(&ch, mac ? mac : "", mlen);
	hash128_update(&ch, "\n--options\n--no-includes\n", 25);
	hash128_hex(&ch, R->config);
	R->S.config = R->config;
	hash128_update(&ch, "\n--header-protos " XHDR_VERSION "\n", strlen("\n--header-protos " XHDR_VERSION "\n"));
	hash128_hex(&ch, R->config_hdr);
	R->S.config_hdr = R->config_hdr;
	free(cocci);
	free(mac);
	return 0;
}

/* Interruption: spatch is killed, the run's temporary files removed (a
 * signal ignored when we started, as under nohup, stays ignored). */
static void run_catch_signals(struct xrun *R)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	xinterrupted = 0;
	for (size_t k = 0; k < NRUN_SIGNALS; k++) {
		sigaction(run_signals[k], NULL, &R->old[k]);
		if (R->old[k].sa_handler != SIG_IGN)
			sigaction(run_signals[k], &sa, NULL);
	}
}

/* Which files have facts already: content hash (from the stat index when
 * the file is unchanged), key, cache entry; the others get them from a
 * scanner now or become jobs for spatch. */
static int run_settle(struct xrun *R)
{
	double t0 = mono();
	R->start = wall();
	R->idx = xstatidx_load(&R->cache, R->o->root ? R->o->root : "/");
	R->hs = xhdr_select(R->o, &R->cache, R->files, R->n, R->idx, R->start, &R->st);
	int rc = 0;
	for (size_t i = 0; i < R->n && rc == 0 && !xinterrupted; i++)
		rc = settle_file(R, i);
	xstatidx_save_free(R->idx);
	for (size_t i = 0; i < R->n; i++)
		xhdr_free(&R->hs[i].h);
	free(R->hs);
	R->st.t_hash = mono() - t0;
	return rc;
}

/* spatch for the rest. */
static int run_spatch(struct xrun *R)
{
	if (!R->njobs || xinterrupted)
		return 0;
	struct xspatch *S = &R->S;
	S->jobs = R->jobs;
	int show = R->o->progress && !R->o->quiet && isatty(2);
	S->progress = progress_start(R->njobs, show);
	size_t *order = xmalloc(R->njobs * sizeof(*order));
	for (size_t k = 0; k < R->njobs; k++)
		order[k] = k;
	double t1 = mono();
	int rc = xspatch_run(S, order, R->njobs, R->err, R->errlen);
	R->st.t_spatch = mono() - t1;
	progress_end(S->progress);
	free(order);
	return rc;
}

/* The jobs, the cache (its temporary directory goes) and the paths. */
static void run_end(struct xrun *R)
{
	free(R->jobs);
	xcache_close(&R->cache);
	free(R->macros);
	free(R->cocci);
}

static void run_count(struct xrun *R)
{
	struct extract_stats *st = &R->st;
	for (size_t i = 0; i < R->n; i++) {
		const struct extract_file *f = &R->files[i];
		st->files++;
		if (!f->in_shard) {
			st->out_of_shard++;
			continue;
		}
		st->cached += f->how == EX_CACHE;
		st->spatch += f->how == EX_SPATCH;
		st->preproc += f->how == EX_PREPROC;
		st->protos += f->how == EX_PROTOS;
		st->hdr_context += f->context != 0;
		st->hdr_full += f->context && f->hdr_full;
		st->failed += f->failed || !f->facts;
		st->skipped += f->skipped;
		st->partial += f->partial;
	}
	st->batches = R->S.nstarted;
}

int extract_run(const struct extract_opts *o, struct extract_file *files, size_t n, char *err,
		size_t errlen)
{
	return extract_run_stats(o, files, n, NULL, err, errlen);
}

int extract_run_stats(const struct extract_opts *o, struct extract_file *files, size_t n,
		      struct extract_stats *stats, char *err, size_t errlen)
{
	struct xrun R;
	memset(&R, 0, sizeof(R));
	R.o = o;
	R.files = R.S.files = files;
	R.n = n;
	R.err = err;
	R.errlen = errlen;
	R.cache.lock_fd = -1; /* (xcache_close() of a cache never opened: nothing) */
	R.S.key_of = key_of;
	run_tools(&R);
	run_bounds(&R);
	if (run_cache(&R) || run_config(&R)) {
		run_end(&R);
		return -1;
	}
	run_catch_signals(&R);
	int rc = run_settle(&R);
	if (rc == 0)
		rc = run_spatch(&R);
	run_end(&R);
	for (size_t k = 0; k < NRUN_SIGNALS; k++)
		sigaction(run_signals[k], &R.old[k], NULL);
	if (xinterrupted) {
		/* spatch is gone and so are the temporary files: now die of the
		 * signal as we would have */
		int sig = xinterrupted;
		signal(sig, SIG_DFL);
		raise(sig);
		snprintf(err, errlen, "interrupted by signal %d", sig);
		return -1;
	}
	run_count(&R);
	if (stats)
		*stats = R.st;
	return rc;
}
