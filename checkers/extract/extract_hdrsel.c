/* extract_hdrsel.c - which headers of include/ spatch reads (for extract.c):
 * every one is scanned (extract_pp.c xhdr_scan), and the context headers
 * whose static definitions call a name of the model get their full facts;
 * the choice is remembered in the cache under the headers' hashes. */
#include "extract/extract.h"
#include "extract/exint.h"
#include "base/hash.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A set of names (open addressing, base/util.c's hash_bytes()). */
struct nameset {
	char **v;
	size_t cap, n;
};

static size_t name_hash(const char *s)
{
	return (size_t)hash_bytes(s, strlen(s));
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

int xhdr_scan_one(struct extract_file *f, struct hdrscan *hs, struct xstatidx *idx, double start,
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

/* The hashes of the headers of include/ from the stat index: 1 when it
 * knows every one (all unchanged since they were hashed). */
static int known_hashes(const struct extract_opts *o, struct extract_file *files, size_t n,
			struct xstatidx *idx, struct hdrscan *hs)
{
	for (size_t i = 0; i < n; i++) {
		struct extract_file *f = &files[i];
		if (!extract_is_include_header(f->rel))
			continue;
		if (!f->abs)
			f->abs = xasprintf("%s/%s", o->root, f->rel);
		struct stat st;
		const char *h = stat(f->abs, &st) == 0 ? xstatidx_get(idx, &st) : NULL;
		if (!h)
			return 0;
		memcpy(hs[i].hash, h, 33);
		hs[i].known = 1;
	}
	return 1;
}

/* Read and scan every header of include/ (the ones the paths cover are
 * ->full).  1 when every one could be read. */
static int scan_all(const struct extract_opts *o, struct extract_file *files, size_t n, struct xstatidx *idx,
		    double start, struct extract_stats *stz, struct hdrscan *hs)
{
	int whole = 1;
	for (size_t i = 0; i < n && !xinterrupted; i++) {
		struct extract_file *f = &files[i];
		if (!extract_is_include_header(f->rel))
			continue;
		if (!f->abs)
			f->abs = xasprintf("%s/%s", o->root, f->rel);
		hs[i].known = 0;
		if (xhdr_scan_one(f, &hs[i], idx, start, stz)) {
			whole = 0;
			continue;
		}
		hs[i].full = !f->context;
	}
	return whole;
}

/* To a fixpoint: a static definition that calls a hot name makes its name
 * hot and its header ->full. */
static void spread_full(const struct extract_opts *o, struct hdrscan *hs, size_t n)
{
	struct nameset hot = {0};
	for (size_t i = 0; i < o->nhot; i++)
		ns_add(&hot, o->hot[i]);
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
}

struct hdrscan *xhdr_select(const struct extract_opts *o, const struct xcache *cache, struct extract_file *files,
			    size_t n, struct xstatidx *idx, double start, struct extract_stats *stz)
{
	struct hdrscan *hs = xcalloc(n ? n : 1, sizeof(*hs));
	char key[33];
	/* Unchanged headers (the stat index knows their hash) whose selection is
	 * remembered need not be read: the usual warm run. */
	if (known_hashes(o, files, n, idx, hs)) {
		selection_key(o, files, n, hs, key);
		char *sp = xcache_small_path(cache, "selection", key);
		int remembered = selection_get(sp, files, n, hs);
		free(sp);
		if (remembered)
			return hs;
	}
	int whole = scan_all(o, files, n, idx, start, stz, hs);
	spread_full(o, hs, n);
	if (whole && !xinterrupted) {
		selection_key(o, files, n, hs, key);
		char *sp = xcache_small_path(cache, "selection", key);
		selection_put(sp, files, n, hs);
		free(sp);
	}
	return hs;
}
