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

volatile int xinterrupted;

static void on_signal(int sig)
{
	xinterrupted = sig;
	xspatch_kill_all(); /* spatch stops now; the temporary files go below */
}

/* ---- defaults ---- */

const char *extract_default_cache(void)
{
	static char buf[PATH_MAX + 32];
	char cwd[PATH_MAX];
	const char *e = getenv("GFPCHECK_CACHE");
	if (e && *e) {
		if (e[0] == '/' || !getcwd(cwd, sizeof(cwd)))
			return e;
		snprintf(buf, sizeof(buf), "%s/%s", cwd, e); /* a relative one: from here */
		return buf;
	}
	e = getenv("XDG_CACHE_HOME");
	if (e && *e == '/') {
		snprintf(buf, sizeof(buf), "%s/gfpcheck", e);
		return buf;
	}
	e = getenv("HOME");
	if (e && *e == '/') {
		snprintf(buf, sizeof(buf), "%s/.cache/gfpcheck", e);
		return buf;
	}
	snprintf(buf, sizeof(buf), "/tmp/gfpcheck-cache-%ld", (long)getuid());
	return buf;
}

static int is_reg(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

const char *extract_default_cocci(const char *argv0)
{
	static char buf[PATH_MAX + 64];
	const char *e = getenv("GFPCHECK_COCCI");
	if (e && *e)
		return e;
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
				snprintf(buf, sizeof(buf), "%s/cocci/gfpfacts.cocci", exe);
				if (is_reg(buf))
					return buf;
			}
		}
	}
	return "cocci/gfpfacts.cocci";
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

/* The version of the header scanner's share of the facts (extract_pp.c
 * xhdr_scan): bump it when what the scanner writes changes. */
#define XHDR_VERSION "xhdr-2"

/* The cache key of a context header's proto-only facts. */
static void protos_key(const char *h, char key[33])
{
	struct hash128 x;
	hash128_init(&x);
	hash128_update(&x, "gfpfacts-protos " XHDR_VERSION "\n", strlen("gfpfacts-protos " XHDR_VERSION "\n"));
	hash128_update(&x, h, 32);
	hash128_hex(&x, key);
}

/* A set of names (open addressing, FNV-1a). */
struct nameset {
	char **v;
	size_t cap, n;
};

static size_t name_hash(const char *s)
{
	size_t h = 1469598103934665603ull & (size_t)-1;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * (size_t)1099511628211ull;
	return h;
}

static int ns_has(const struct nameset *ns, const char *s)
{
	if (!ns->cap)
		return 0;
	for (size_t i = name_hash(s) & (ns->cap - 1);; i = (i + 1) & (ns->cap - 1)) {
		if (!ns->v[i])
			return 0;
		if (strcmp(ns->v[i], s) == 0)
			return 1;
	}
}

static void ns_add(struct nameset *ns, const char *s)
{
	if (ns_has(ns, s))
		return;
	if (2 * (ns->n + 1) > ns->cap) {
		struct nameset bigger = {xcalloc(ns->cap ? ns->cap * 2 : 256, sizeof(char *)), ns->cap ? ns->cap * 2 : 256, 0};
		for (size_t i = 0; i < ns->cap; i++)
			if (ns->v[i])
				ns_add(&bigger, ns->v[i]);
		free(ns->v);
		*ns = bigger;
	}
	size_t i = name_hash(s) & (ns->cap - 1);
	while (ns->v[i])
		i = (i + 1) & (ns->cap - 1);
	ns->v[i] = (char *)s; /* not owned */
	ns->n++;
}

/* What the scanner saw in one header of include/. */
struct hdrscan {
	int read;      /* 1: bytes read and scanned (h) */
	int known;     /* 1: hash known (read, or from the stat index) */
	char hash[33];
	struct xhdr h;
	int full;      /* spatch reads it */
};

/* The key of the selection of a set of headers: the scanner's version, the
 * hot names, and every header of include/ (path, content hash, context). */
static void selection_key(const struct extract_opts *o, const struct extract_file *files, size_t n,
			  const struct hdrscan *hs, char key[33])
{
	struct hash128 x;
	hash128_init(&x);
	hash128_update(&x, "gfpcheck header selection " XHDR_VERSION "\n",
		       strlen("gfpcheck header selection " XHDR_VERSION "\n"));
	for (size_t i = 0; i < o->nhot; i++)
		hash128_update(&x, o->hot[i], strlen(o->hot[i]) + 1);
	hash128_update(&x, "\n", 1);
	for (size_t i = 0; i < n; i++)
		if (extract_is_include_header(files[i].rel)) {
			hash128_update(&x, files[i].rel, strlen(files[i].rel) + 1);
			hash128_update(&x, hs[i].hash, 32);
			hash128_update(&x, files[i].context ? "c" : "s", 1);
		}
	hash128_hex(&x, key);
}

/* A remembered selection: one '0' or '1' per header of include/ in order,
 * then "\nend\n".  1 when it was there and whole. */
static int selection_get(const char *path, struct extract_file *files, size_t n, struct hdrscan *hs)
{
	size_t len = 0, k = 0, nh = 0;
	char *d = read_file(path, &len);
	for (size_t i = 0; i < n; i++)
		nh += extract_is_include_header(files[i].rel) != 0;
	int ok = d && len == nh + 5 && memcmp(d + nh, "\nend\n", 5) == 0;
	for (size_t i = 0; ok && i < nh; i++)
		ok = d[i] == '0' || d[i] == '1';
	for (size_t i = 0; ok && i < n; i++)
		if (extract_is_include_header(files[i].rel))
			hs[i].full = d[k++] == '1';
	free(d);
	return ok;
}

static void selection_put(const char *path, struct extract_file *files, size_t n, const struct hdrscan *hs)
{
	struct strbuf b = {0};
	for (size_t i = 0; i < n; i++)
		if (extract_is_include_header(files[i].rel))
			sb_addc(&b, hs[i].full ? '1' : '0');
	sb_add(&b, "\nend\n");
	xcache_small_put(path, b.s, b.len);
	sb_free(&b);
}

/* Read and scan one header (hs->read); 0, or -1 when it cannot be read. */
static int scan_one(struct extract_file *f, struct hdrscan *hs, struct xstatidx *idx, double start,
		    struct extract_stats *stz)
{
	size_t len = 0;
	struct stat st;
	char *src = xread_stable(f->abs, &len, &st);
	if (!src)
		return -1; /* the main loop says why */
	content_hash(src, len, hs->hash);
	xstatidx_put(idx, &st, hs->hash, start);
	stz->hashed++;
	if (!memchr(src, 0, len))
		xhdr_scan(src, len, &hs->h);
	hs->read = hs->known = 1;
	free(src);
	return 0;
}

/* Read and scan every header of include/; the context headers whose static
 * definitions call a hot name (or, to a fixpoint, such a definition of
 * another header) get ->full. */
static struct hdrscan *scan_headers(const struct extract_opts *o, const struct xcache *cache,
				    struct extract_file *files, size_t n, struct xstatidx *idx, double start,
				    struct extract_stats *stz)
{
	struct hdrscan *hs = xcalloc(n ? n : 1, sizeof(*hs));
	/* Unchanged headers (the stat index knows their hash) whose selection is
	 * remembered need not be read: the usual warm run. */
	int all_known = 1;
	for (size_t i = 0; i < n && all_known; i++) {
		struct extract_file *f = &files[i];
		if (!extract_is_include_header(f->rel))
			continue;
		if (!f->abs)
			f->abs = xasprintf("%s/%s", o->root, f->rel);
		struct stat st;
		const char *h = stat(f->abs, &st) == 0 ? xstatidx_get(idx, &st) : NULL;
		if (h) {
			memcpy(hs[i].hash, h, 33);
			hs[i].known = 1;
		} else {
			all_known = 0;
		}
	}
	char key[33];
	char *sp = NULL;
	if (all_known) {
		selection_key(o, files, n, hs, key);
		sp = xcache_small_path(cache, "selection", key);
		if (selection_get(sp, files, n, hs)) {
			free(sp);
			return hs;
		}
	}
	struct nameset hot = {0};
	for (size_t i = 0; i < o->nhot; i++)
		ns_add(&hot, o->hot[i]);
	int whole = 1;
	for (size_t i = 0; i < n && !xinterrupted; i++) {
		struct extract_file *f = &files[i];
		if (!extract_is_include_header(f->rel))
			continue;
		if (!f->abs)
			f->abs = xasprintf("%s/%s", o->root, f->rel);
		hs[i].known = 0;
		if (scan_one(f, &hs[i], idx, start, stz)) {
			whole = 0;
			continue;
		}
		hs[i].full = !f->context;
	}
	for (int changed = 1; changed;) {
		changed = 0;
		for (size_t i = 0; i < n; i++) {
			if (!hs[i].read)
				continue;
			for (size_t k = 0; k < hs[i].h.n; k++) {
				struct xhdr_fn *fn = &hs[i].h.v[k];
				if (!fn->def || !fn->is_static || ns_has(&hot, fn->name))
					continue;
				for (size_t c = 0; c < fn->ncalls; c++)
					if (ns_has(&hot, fn->calls[c])) {
						ns_add(&hot, fn->name);
						hs[i].full = 1;
						changed = 1;
						break;
					}
			}
		}
	}
	free(hot.v);
	if (whole && !xinterrupted) {
		free(sp);
		selection_key(o, files, n, hs, key);
		sp = xcache_small_path(cache, "selection", key);
		selection_put(sp, files, n, hs);
	}
	free(sp);
	return hs;
}

/* Facts written by one of gfpcheck's own scanners (records recs, freed here)
 * into the cache under key: f names them, extracted how. Returns 0 (f failed
 * when the records do not make a facts file) or -1 when the cache cannot be
 * written. */
static int cache_scanned(struct xspatch *S, struct extract_file *f, const char *key, const char *frontend,
			 const char *scanner, const char *src, size_t len, char *recs, size_t rl, int how, char *err,
			 size_t errlen)
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
	int bad = xcache_put(S->cache, key, facts, flen, &path, err, errlen);
	free(facts);
	if (bad)
		return -1;
	f->facts = path;
	f->how = how;
	return 0;
}

/* A context header that spatch does not read: its facts are the scanner's
 * proto records, from the cache or made now. */
static int settle_protos(struct xspatch *S, struct extract_file *f, struct hdrscan *hs, struct xstatidx *idx,
			 double start, struct extract_stats *stz, char *err, size_t errlen)
{
	char key[33];
	protos_key(hs->hash, key);
	char *cp = xcache_entry(S->cache, key);
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
		if (scan_one(f, hs, idx, start, stz)) {
			fail(f, xasprintf("cannot read: %s", strerror(errno)));
			return 0;
		}
		if (strcmp(was, hs->hash)) /* changed since: under its own key */
			return settle_protos(S, f, hs, idx, start, stz, err, errlen);
	}
	size_t rl = 0;
	char *recs = xhdr_records(&hs->h, &rl);
	return cache_scanned(S, f, key, "gfpcheck header scanner " XHDR_VERSION, "header", NULL, 0, recs, rl, EX_PROTOS,
			     err, errlen);
}

/* A file the cache lacks, its bytes in hand: the C scanner's facts when it
 * is preprocessor lines only, else a job for spatch. */
static int settle_miss(const struct extract_opts *o, struct xspatch *S, struct extract_file *f, size_t fi,
		       const char *src, size_t len, const char *h, const char *key, struct xjob **jobs,
		       size_t *njobs, size_t *capjobs, char *err, size_t errlen)
{
	const char *nul = memchr(src, 0, len);
	if (nul) {
		fail(f, xasprintf("not C source: a NUL byte at offset %zu", (size_t)(nul - src)));
		return 0;
	}
	if (!o->no_preproc && xpp_only(src, len)) {
		size_t rl = 0;
		char *recs = xpp_records(src, len, &rl);
		char fe[96];
		snprintf(fe, sizeof(fe), "coccinelle %s", S->version);
		int rc = cache_scanned(S, f, key, fe, "preprocessor", src, len, recs, rl, EX_PREPROC, err, errlen);
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
	VEC_PUSH(*jobs, *njobs, *capjobs, j);
	return 0;
}

int extract_run(const struct extract_opts *o, struct extract_file *files, size_t n, char *err,
		size_t errlen)
{
	return extract_run_stats(o, files, n, NULL, err, errlen);
}

int extract_run_stats(const struct extract_opts *o, struct extract_file *files, size_t n,
		      struct extract_stats *stats, char *err, size_t errlen)
{
	struct extract_stats stz;
	memset(&stz, 0, sizeof(stz));
	struct xspatch S;
	memset(&S, 0, sizeof(S));
	S.files = files;
	S.spatch = o->spatch && *o->spatch ? o->spatch : getenv("SPATCH");
	if (!S.spatch || !*S.spatch)
		S.spatch = "spatch";
	S.cocci = o->cocci ? o->cocci : extract_default_cocci(NULL);
	static char absc[PATH_MAX]; /* (as for the macro file below) */
	if (S.cocci[0] != '/' && realpath(S.cocci, absc))
		S.cocci = absc;
	char *macros = o->macros ? (*o->macros ? xstrdup(o->macros) : NULL) : default_macros(S.cocci);
	/* spatch runs in its batch's directory: a relative path given here
	 * would name nothing there, and spatch goes on without a macro file
	 * while the cache key holds the file's text */
	char absm[PATH_MAX];
	if (macros && macros[0] != '/' && realpath(macros, absm)) {
		free(macros);
		macros = xstrdup(absm);
	}
	S.macros = macros;
	S.timeout = o->timeout;
	if (S.timeout <= 0) {
		const char *t = getenv("GFPCHECK_TIMEOUT");
		S.timeout = t && atoi(t) > 0 ? atoi(t) : 120;
	}
	S.memory_mb = o->memory_mb;
	if (S.memory_mb <= 0) {
		const char *m = getenv("GFPCHECK_MEMORY");
		S.memory_mb = m && atol(m) > 0 ? atol(m) : 4096;
	}
	S.njobs = o->jobs > 0 ? o->jobs : (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (S.njobs < 1)
		S.njobs = 1;
	if (S.njobs > 128)
		S.njobs = 128;
	S.key_of = key_of;

	struct xcache cache;
	const char *cdir = o->cache_dir && *o->cache_dir ? o->cache_dir : extract_default_cache();
	if (xcache_open(&cache, cdir, err, errlen)) {
		xcache_close(&cache);
		free(macros);
		return -1;
	}
	S.cache = &cache;
	char version[64];
	if (xspatch_version(S.spatch, &cache, version, sizeof(version))) {
		snprintf(err, errlen,
			 "cannot run spatch ('%s --version' failed): run `make deps` or install coccinelle (or set SPATCH)",
			 S.spatch);
		xcache_close(&cache);
		free(macros);
		return -1;
	}
	S.version = version;

	/* what besides a file's bytes shapes its facts: the key's prefix */
	size_t clen = 0, mlen = 0;
	char *cocci = read_file(S.cocci, &clen);
	if (!cocci) {
		snprintf(err, errlen, "cannot read the semantic patch '%s': %s", S.cocci, strerror(errno));
		xcache_close(&cache);
		free(macros);
		return -1;
	}
	char *mac = macros ? read_file(macros, &mlen) : NULL;
	if (macros && !mac) {
		snprintf(err, errlen, "cannot read the macro file '%s': %s", macros, strerror(errno));
		free(cocci);
		xcache_close(&cache);
		free(macros);
		return -1;
	}
	struct hash128 ch;
	hash128_init(&ch);
	/* the runner's own share of the facts (header, skipped records): bump
	 * RUNNER when it changes */
#define RUNNER "gfpfacts-cache-4 runner-2\n"
	hash128_update(&ch, RUNNER, strlen(RUNNER));
	hash128_update(&ch, version, strlen(version) + 1);
	hash128_update(&ch, cocci, clen);
	hash128_update(&ch, "\n--macros\n", 10);
	hash128_update(&ch, mac ? mac : "", mlen);
	hash128_update(&ch, "\n--options\n--no-includes\n", 25);
	char config[33], config_hdr[33];
	hash128_hex(&ch, config);
	S.config = config;
	hash128_update(&ch, "\n--header-protos " XHDR_VERSION "\n", strlen("\n--header-protos " XHDR_VERSION "\n"));
	hash128_hex(&ch, config_hdr);
	S.config_hdr = config_hdr;
	free(cocci);
	free(mac);

	/* interruption: spatch is killed, the run's temporary files removed */
	/* (a signal ignored when we started, as under nohup, stays ignored) */
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
	struct sigaction sa, old[3];
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	xinterrupted = 0;
	for (int k = 0; k < 3; k++) {
		sigaction(sigs[k], NULL, &old[k]);
		if (old[k].sa_handler != SIG_IGN)
			sigaction(sigs[k], &sa, NULL);
	}

	/* which files have facts already: content hash (from the stat index
	 * when the file is unchanged), key, cache entry */
	double t0 = mono(), start = wall();
	struct xstatidx *idx = xstatidx_load(&cache, o->root ? o->root : "/");
	struct hdrscan *hs = scan_headers(o, &cache, files, n, idx, start, &stz);
	struct xjob *jobs = NULL;
	size_t njobs = 0, capjobs = 0;
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0 && !xinterrupted; i++) {
		struct extract_file *f = &files[i];
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
		struct stat st;
		char *src = NULL;
		size_t len = 0;
		char h[33];
		f->hdr_full = hs[i].known && hs[i].full;
		const char *known = hs[i].known ? hs[i].hash : stat(f->abs, &st) == 0 ? xstatidx_get(idx, &st) : NULL;
		if (known) {
			memcpy(h, known, 33);
		} else {
			src = xread_stable(f->abs, &len, &st);
			if (!src) {
				fail(f, xasprintf("cannot read: %s", strerror(errno)));
				continue;
			}
			content_hash(src, len, h);
			xstatidx_put(idx, &st, h, start);
			stz.hashed++;
		}
		if (o->nshards > 1 && shard_of(h, o->nshards) != o->shard - 1) {
			f->in_shard = 0;
			free(src);
			continue;
		}
		if (hs[i].known && !hs[i].full) {
			free(src);
			rc = settle_protos(&S, f, &hs[i], idx, start, &stz, err, errlen);
			continue;
		}
		int hdr = extract_is_include_header(f->rel);
		char key[33];
		key_of(&S, h, hdr, key);
		char *cp = xcache_entry(&cache, key);
		int partial = 0;
		if (xcache_check(cp, &partial) == 0) {
			f->facts = cp;
			f->cached = 1;
			f->partial = partial;
			f->how = EX_CACHE;
			memcpy(f->hash, h, 33);
			free(src);
			continue;
		}
		unlink(cp); /* absent, or not a complete facts file: made again */
		free(cp);
		char *bp = xcache_bound_path(&cache, key, S.timeout, S.memory_mb);
		char *bwhy = xcache_bound_get(bp);
		free(bp);
		if (bwhy) { /* it hit a bound before, with these bounds */
			char *why = xasprintf("%s (as on an earlier run; a larger bound tries again)", bwhy);
			free(bwhy);
			fail(f, why);
			f->skipped = 1;
			memcpy(f->hash, h, 33);
			free(src);
			continue;
		}
		if (!src) {
			/* the stat index knew the file, the cache did not */
			src = xread_stable(f->abs, &len, &st);
			if (!src) {
				fail(f, xasprintf("cannot read: %s", strerror(errno)));
				continue;
			}
			char h2[33];
			content_hash(src, len, h2);
			if (strcmp(h, h2)) {
				memcpy(h, h2, 33);
				key_of(&S, h, hdr, key);
			}
		}
		rc = settle_miss(o, &S, f, i, src, len, h, key, &jobs, &njobs, &capjobs, err, errlen);
		free(src);
	}
	xstatidx_save_free(idx);
	for (size_t i = 0; i < n; i++)
		xhdr_free(&hs[i].h);
	free(hs);
	stz.t_hash = mono() - t0;

	/* spatch for the rest */
	if (rc == 0 && njobs && !xinterrupted) {
		S.jobs = jobs;
		int show = o->progress && !o->quiet && isatty(2);
		S.progress = progress_start(njobs, show);
		size_t *order = xmalloc(njobs * sizeof(*order));
		for (size_t k = 0; k < njobs; k++)
			order[k] = k;
		double t1 = mono();
		rc = xspatch_run(&S, order, njobs, err, errlen);
		stz.t_spatch = mono() - t1;
		progress_end(S.progress);
		free(order);
	}
	free(jobs);
	xcache_close(&cache);
	free(macros);
	for (int k = 0; k < 3; k++)
		sigaction(sigs[k], &old[k], NULL);
	if (xinterrupted) {
		/* spatch is gone and so are the temporary files: now die of the
		 * signal as we would have */
		int sig = xinterrupted;
		signal(sig, SIG_DFL);
		raise(sig);
		snprintf(err, errlen, "interrupted by signal %d", sig);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const struct extract_file *f = &files[i];
		stz.files++;
		if (!f->in_shard) {
			stz.out_of_shard++;
			continue;
		}
		stz.cached += f->how == EX_CACHE;
		stz.spatch += f->how == EX_SPATCH;
		stz.preproc += f->how == EX_PREPROC;
		stz.protos += f->how == EX_PROTOS;
		stz.hdr_context += f->context != 0;
		stz.hdr_full += f->context && f->hdr_full;
		stz.failed += f->failed || !f->facts;
		stz.skipped += f->skipped;
		stz.partial += f->partial;
	}
	stz.batches = S.nstarted;
	if (stats)
		*stats = stz;
	return rc;
}
