/* model_row.c - parse one row of a model file (the syntax of docs/MODEL.md):
 * its kind and name, the positional fields, the key=value options of its kind,
 * and the checks that need the whole row. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model_row.h"
#include "base/util.h"

static const char *const kind_names[ROW__N] = {"alloc", "flag", "scope", "pflag", "setter", "lock", "root", "errcheck", "entry", "handle", "noreturn", "reclaim", "callback", "pagecache", "dropper", "pinner", "hostheader", "deferred", "hostdir", "testsuite", "definer", "arch", "task", "debug", "writeback", "objclass"};

const char *row_kind_name(enum row_kind k)
{
	return k < ROW__N ? kind_names[k] : "?";
}

/* Decimal digits only (no sign, no space), at most max; the end in *end. -1 when
 * there is no digit or the number is above max (no overflow: digits are counted). */
static long digits(const char *s, long max, const char **end)
{
	long v = 0;
	const char *p = s;
	for (; *p >= '0' && *p <= '9'; p++) {
		v = v * 10 + (*p - '0');
		if (v > max)
			return -1;
	}
	*end = p;
	return p == s ? -1 : v;
}

int version_code(const char *s)
{
	const char *e;
	long maj = digits(s, 99, &e);
	if (maj < 2 || *e != '.')
		return -1;
	long min = digits(e + 1, 999, &e);
	if (min < 0)
		return -1;
	if (*e == '.' && digits(e + 1, 99999, &e) < 0) /* X.Y.Z: the sublevel is ignored */
		return -1;
	return *e ? -1 : (int)(maj * 1000 + min);
}

static const struct {
	const char *name;
	uint32_t bit;
} bit_names[] = {
	{"fs", GB_FS}, {"io", GB_IO}, {"direct_reclaim", GB_DIRECT_RECLAIM},
	{"kswapd_reclaim", GB_KSWAPD_RECLAIM}, {"repeat", GB_REPEAT},
	{"retry_mayfail", GB_RETRY_MAYFAIL}, {"nofail", GB_NOFAIL}, {"noretry", GB_NORETRY},
	{"norety", GB_NORETRY},
};
/* Bits that gfpcheck does not reason about but that are valid names. */
static const char *const other_bits[] = {"high", "nowarn", "zero", "highmem", "dma", "dma32",
	"movable", "account", "comp", "memalloc", "nomemalloc", "hardwall", "thisnode", "write",
	"other", "reclaimable", "nolockdep", "skip_zero", "skip_kasan", "noinit", "atomic",
	"nomemalloc", "recycle", "notrack", "cold", "zerotags", "skip_kasan_poison",
	"skip_kasan_unpoison", "kswapd", "mem_cgroup", NULL};

static int parse_bits(const char *v, uint32_t *out)
{
	*out = 0;
	if (strcmp(v, "-") == 0)
		return 0;
	char *dup = xstrdup(v), *save = NULL;
	for (char *t = strtok_r(dup, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		size_t i;
		int found = 0;
		for (i = 0; i < sizeof(bit_names) / sizeof(bit_names[0]); i++)
			if (strcmp(t, bit_names[i].name) == 0) {
				*out |= bit_names[i].bit;
				found = 1;
			}
		for (i = 0; !found && other_bits[i]; i++)
			if (strcmp(t, other_bits[i]) == 0) {
				*out |= GB_OTHER;
				found = 1;
			}
		if (!found) {
			free(dup);
			return -1;
		}
	}
	free(dup);
	return 0;
}

static int parse_int(const char *s, int *out)
{
	const char *e;
	long v = digits(s, 64, &e);
	if (v < 0 || *e)
		return -1;
	*out = (int)v;
	return 0;
}

static void split_list(const char *v, uint32_t **out, int *n)
{
	char *dup = xstrdup(v), *save = NULL;
	size_t cap = 0, cnt = 0;
	for (char *t = strtok_r(dup, ",", &save); t; t = strtok_r(NULL, ",", &save))
		VEC_PUSH(*out, cnt, cap, intern(t));
	*n = (int)cnt;
	free(dup);
}

/* Where a row is, for its messages, and what its options said so far. */
struct rowctx {
	const char *path;
	int lineno;
	char *err;
	size_t errlen;
	int have_bits; /* a flag row gave bits= */
};

/* "path:line: error: MESSAGE" into the caller's buffer; returns -1. */
static int fail(struct rowctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(struct rowctx *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	error_at(c->err, c->errlen, c->path, c->lineno, fmt, ap);
	va_end(ap);
	return -1;
}

/* Cut the reason (after " --", or a whole "-- ..." line) off *line; NULL when none. */
static char *cut_reason(char **line)
{
	char *reason = NULL;
	char *dd = strstr(*line, " -- ");
	if (dd) {
		*dd = 0;
		reason = dd + 4;
	} else if (strncmp(*line, "-- ", 3) == 0) { /* a reason and no row: no fields below */
		reason = *line + 3;
		*line = reason + strlen(reason);
	}
	while (reason && (*reason == ' ' || *reason == '\t'))
		reason++;
	return reason;
}

#define MAXFIELDS 32

/* The blank-separated fields of line into f; their number, or -1. */
static int split_fields(struct rowctx *c, char *line, char **f)
{
	int nf = 0;
	char *save = NULL;
	for (char *t = strtok_r(line, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
		if (nf == MAXFIELDS)
			return fail(c, "too many fields");
		f[nf++] = t;
	}
	return nf;
}

/* The row's kind from its first field. */
static int row_kind(struct rowctx *c, struct mrow *r, const char *word)
{
	int k;
	for (k = 0; k < ROW__N; k++)
		if (strcmp(word, kind_names[k]) == 0)
			break;
	if (k == ROW__N)
		return fail(c,
			    "unknown row kind '%s' (expected alloc, flag, scope, pflag, setter, lock, root, errcheck, entry, "
			    "handle, noreturn, reclaim, callback, pagecache, dropper, pinner, hostheader, deferred, hostdir, "
			    "testsuite, definer, arch, task, debug, writeback or objclass)",
			    word);
	r->kind = (enum row_kind)k;
	if (r->kind == ROW_PAGECACHE)
		r->arg_idx = 0; /* the mapping is the first argument unless mapping= says otherwise */
	return 0;
}

/* The row's name: an ops-table field, a header name or a C identifier, by kind. */
static int row_name(struct rowctx *c, struct mrow *r, char *name)
{
	if (r->kind == ROW_ENTRY || r->kind == ROW_RECLAIM || r->kind == ROW_WRITEBACK || r->kind == ROW_OBJCLASS) {
		char *dot = strchr(name, '.');
		int ok = dot && dot != name && !strchr(dot + 1, '.');
		if (ok) {
			*dot = 0;
			ok = is_ident(name) && ((r->kind == ROW_ENTRY && strcmp(dot + 1, "*") == 0) || is_ident(dot + 1));
			*dot = '.';
		}
		if (!ok)
			return fail(c, "'%s' is not STRUCT.MEMBER%s (%s)", name, r->kind == ROW_ENTRY ? " or STRUCT.*" : "",
				    r->kind == ROW_OBJCLASS ? "a struct member" : "an ops-table field");
	} else if (r->kind == ROW_HOSTHDR) {
		/* a header name as written between <>: stdio.h, sys/stat.h, sys/ */
		int ok = *name && name[0] != '/' && !strstr(name, "..");
		for (const char *q = name; *q && ok; q++)
			ok = (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || strchr("_./-", *q);
		if (!ok)
			return fail(c, "'%s' is not a header name (stdio.h, sys/ for every header under sys/)", name);
	} else if (r->kind == ROW_TESTSUITE) {
		if (!is_ident(name))
			return fail(c, "'%s' is not a struct name (kunit_suite)", name);
	} else if (r->kind == ROW_TASK) {
		if (!is_ident(name))
			return fail(c, "'%s' is not an identifier (current)", name);
	} else if (r->kind == ROW_DEBUG) {
		if (!is_ident(name))
			return fail(c, "'%s' is not a function name (dbg_is_chk_gen)", name);
	} else if (r->kind == ROW_HOSTDIR) {
		/* a directory of the tree, `*` for one directory name: arch/ARCH/boot/ */
		size_t n = strlen(name);
		int ok = n > 1 && name[0] != '/' && name[n - 1] == '/' && !strstr(name, "..") && !strstr(name, "//");
		for (const char *q = name; *q && ok; q++)
			ok = (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || strchr("_./-*", *q);
		if (!ok)
			return fail(c, "'%s' is not a directory of the tree ending in / (arch/*/boot/)", name);
	} else if (r->kind == ROW_ARCH) {
		if (!is_arch_name(name))
			return fail(c, "'%s' is not an architecture name as make's ARCH= (x86_64, arm64)", name);
	} else if (!is_ident(name)) {
		return fail(c, "'%s' is not a C identifier", name);
	}
	r->name = intern(name);
	return 0;
}

/* The fields after the name that alloc, scope and pflag rows give by position;
 * *pos is the first field after them. */
static int row_positional(struct rowctx *c, struct mrow *r, char **f, int nf, int *pos)
{
	*pos = 2;
	switch (r->kind) {
	case ROW_ALLOC:
		if (nf < 3)
			return fail(c, "alloc row needs the gfp argument index (or '-')");
		if (strcmp(f[2], "-") == 0)
			r->gfp_idx = -1;
		else if (parse_int(f[2], &r->gfp_idx))
			return fail(c, "bad gfp argument index '%s'", f[2]);
		*pos = 3;
		return 0;
	case ROW_SCOPE:
		if (nf < 4)
			return fail(c, "scope row needs save|restore and nofs|noio|flags");
		if (strcmp(f[2], "save") == 0)
			r->save = 1;
		else if (strcmp(f[2], "restore") == 0)
			r->save = 0;
		else
			return fail(c, "expected save or restore, not '%s'", f[2]);
		if (strcmp(f[3], "nofs") == 0)
			r->scope = SK_NOFS;
		else if (strcmp(f[3], "noio") == 0)
			r->scope = SK_NOIO;
		else if (strcmp(f[3], "flags") == 0)
			r->scope = SK_FLAGS;
		else
			return fail(c, "expected nofs, noio or flags, not '%s'", f[3]);
		*pos = 4;
		return 0;
	case ROW_PFLAG:
		if (nf < 3)
			return fail(c, "pflag row needs nofs or noio");
		if (strcmp(f[2], "nofs") == 0)
			r->scope = SK_NOFS;
		else if (strcmp(f[2], "noio") == 0)
			r->scope = SK_NOIO;
		else
			return fail(c, "expected nofs or noio, not '%s'", f[2]);
		*pos = 3;
		return 0;
	default:
		return 0;
	}
}

/* The options below return 0 when they took key=val, -1 on an error, 1 when
 * the key is not theirs. */

/* alloc: size= order= count= fixed-order= honours-nofs= family=. */
static int opt_alloc(struct rowctx *c, struct mrow *r, const char *key, const char *val)
{
	if (strcmp(key, "size") == 0) {
		if (parse_int(val, &r->size_idx))
			return fail(c, "bad size index '%s'", val);
	} else if (strcmp(key, "order") == 0) {
		if (parse_int(val, &r->order_idx))
			return fail(c, "bad order index '%s'", val);
	} else if (strcmp(key, "count") == 0) {
		if (parse_int(val, &r->count_idx))
			return fail(c, "bad count index '%s'", val);
	} else if (strcmp(key, "fixed-order") == 0) {
		if (parse_int(val, &r->fixed_order) || r->fixed_order > 20)
			return fail(c, "bad fixed order '%s'", val);
	} else if (strcmp(key, "honours-nofs") == 0) {
		if ((r->honours_nofs = version_code(val)) <= 0)
			return fail(c, "bad version '%s' (expected X.Y)", val);
	} else if (strcmp(key, "family") == 0) {
		r->family = intern(val);
	} else {
		return 1;
	}
	return 0;
}

/* flag: role= bits=. */
static int opt_flag(struct rowctx *c, struct mrow *r, const char *key, const char *val)
{
	if (strcmp(key, "role") == 0) {
		if (strcmp(val, "nofs") != 0)
			return fail(c, "role must be nofs, not '%s'", val);
		r->role_nofs = 1;
	} else if (strcmp(key, "bits") == 0) {
		if (parse_bits(val, &r->bits))
			return fail(c, "unknown bit in '%s' (see docs/MODEL.md for bit names)", val);
		c->have_bits = 1;
	} else {
		return 1;
	}
	return 0;
}

/* setter, lock and handle: close=/release= fs= arg= dummy=, and the setter's
 * and handle's kind=. */
static int opt_context(struct rowctx *c, struct mrow *r, const char *key, const char *val)
{
	int sl = r->kind == ROW_SETTER || r->kind == ROW_LOCK, sh = r->kind == ROW_SETTER || r->kind == ROW_HANDLE;
	if ((r->kind == ROW_SETTER && strcmp(key, "close") == 0) || (r->kind == ROW_LOCK && strcmp(key, "release") == 0)) {
		split_list(val, &r->closers, &r->nclosers);
	} else if (strcmp(key, "fs") == 0) {
		r->fs = intern(val);
	} else if (sl && strcmp(key, "arg") == 0) {
		r->arg_pat = intern(val);
	} else if (sh && strcmp(key, "dummy") == 0) {
		if (!*val || val[strlen(val) - 1] == '/')
			return fail(c, "dummy= takes a directory of the tree (fs/ext4), not '%s'", val);
		r->dummy_dir = intern(val);
	} else if (sh && strcmp(key, "kind") == 0) {
		if (strcmp(val, "trans") == 0)
			r->lkind = LK_TRANS;
		else if (strcmp(val, "journal") == 0)
			r->lkind = LK_JOURNAL;
		else if (strcmp(val, "section") == 0)
			r->lkind = LK_SECTION;
		else
			return fail(c, "%s kind must be trans, journal or section, not '%s'", kind_names[r->kind], val);
	} else {
		return 1;
	}
	return 0;
}

/* lock: kind= subclass= blocks= mode= class= fail=. */
static int opt_lock(struct rowctx *c, struct mrow *r, const char *key, const char *val)
{
	if (strcmp(key, "kind") == 0) {
		if (strcmp(val, "lock") == 0)
			r->lkind = LK_LOCK;
		else if (strcmp(val, "trans") == 0)
			r->lkind = LK_TRANS;
		else if (strcmp(val, "cluster") == 0)
			r->lkind = LK_CLUSTER;
		else
			return fail(c, "lock kind must be lock, trans or cluster, not '%s'", val);
	} else if (strcmp(key, "subclass") == 0) {
		if (parse_int(val, &r->subclass_idx))
			return fail(c, "bad subclass argument index '%s'", val);
	} else if (strcmp(key, "blocks") == 0) {
		if (strcmp(val, "reclaim") != 0)
			return fail(c, "blocks= takes reclaim, not '%s'", val);
		r->blocks_reclaim = 1;
	} else if (strcmp(key, "mode") == 0) {
		if (strcmp(val, "read") != 0 && strcmp(val, "write") != 0)
			return fail(c, "lock mode must be read or write, not '%s'", val);
		r->shared = val[0] == 'r';
	} else if (strcmp(key, "class") == 0) {
		r->cls_name = intern(val);
	} else if (strcmp(key, "fail") == 0) {
		if (strcmp(val, "nonzero") != 0)
			return fail(c, "fail= takes nonzero (the call returns non-zero when it fails), not '%s'", val);
		r->fail_nonzero = 1;
	} else {
		return 1;
	}
	return 0;
}

/* reclaim: kind= file= object= live= policy= via=. */
static int opt_reclaim(struct rowctx *c, struct mrow *r, const char *key, const char *val)
{
	if (strcmp(key, "kind") == 0) {
		if (strcmp(val, "direct") != 0 && strcmp(val, "kswapd") != 0 && strcmp(val, "none") != 0)
			return fail(c, "reclaim kind must be direct, kswapd or none, not '%s'", val);
		r->kswapd = val[0] == 'k';
		r->never = val[0] == 'n';
	} else if (strcmp(key, "file") == 0) {
		r->in_file = intern(val);
	} else if (strcmp(key, "object") == 0) {
		char *e;
		long v = strtol(val, &e, 10);
		if (!*val || *e || v < 0 || v > 15)
			return fail(c, "object= takes the index (0-15) of the argument reclaim frees, not '%s'", val);
		r->freed_obj = (int)v;
	} else if (strcmp(key, "live") == 0) {
		if (!is_ident(val))
			return fail(c, "live= takes the member of the freed object that is non-zero when reclaim frees it "
				       "(i_nlink), not '%s'", val);
		r->live = intern(val);
	} else if (strcmp(key, "policy") == 0) {
		char *dot = strchr(val, '.');
		if (!dot || dot == val || !is_ident(dot + 1))
			return fail(c, "policy= takes the STRUCT.MEMBER whose functions decide it "
				       "(super_operations.drop_inode), not '%s'", val);
		r->policy = intern(val);
	} else if (strcmp(key, "via") == 0) {
		if (strcmp(val, "dcache") != 0)
			return fail(c, "reclaim via= takes dcache (the entry runs only on what the dcache and inode shrinkers "
				       "reach), not '%s'", val);
		r->via_dcache = 1;
	} else {
		return 1;
	}
	return 0;
}

/* pinner: hold= src= drop=. */
static int opt_pinner(struct rowctx *c, struct mrow *r, const char *key, const char *val)
{
	if (strcmp(key, "hold") == 0) {
		if (!is_ident(val))
			return fail(c, "pinner hold= takes the function that takes the extra dentry reference (dget), not '%s'",
				    val);
		r->hold = intern(val);
	} else if (strcmp(key, "src") == 0) {
		split_list(val, &r->srcs, &r->nsrcs);
	} else if (strcmp(key, "drop") == 0) {
		if (!is_ident(val))
			return fail(c, "pinner drop= takes the function that drops a dentry reference (dput), not '%s'", val);
		r->drop = intern(val);
	} else {
		return 1;
	}
	return 0;
}

/* arch: srcarch= default=. */
static int opt_arch(struct rowctx *c, struct mrow *r, const char *key, const char *val)
{
	if (strcmp(key, "srcarch") == 0) {
		if (!is_arch_name(val))
			return fail(c, "srcarch= takes a directory name under arch/ (x86), not '%s'", val);
		r->srcarch = intern(val);
	} else if (strcmp(key, "default") == 0) {
		if (strcmp(val, "yes") != 0)
			return fail(c, "default= takes yes (the architecture assumed when none is named), not '%s'", val);
		r->is_default = 1;
	} else {
		return 1;
	}
	return 0;
}

/* The options of the other kinds: scope arg=, callback arg= blocks=, pagecache
 * mapping= gfp=, entry scope= blocks=, deferred from= when=. */
static int opt_small(struct rowctx *c, struct mrow *r, const char *key, const char *val)
{
	if ((r->kind == ROW_SCOPE || r->kind == ROW_CALLBACK) && strcmp(key, "arg") == 0) {
		if (parse_int(val, &r->arg_idx))
			return fail(c, "bad argument index '%s'", val);
	} else if ((r->kind == ROW_CALLBACK || r->kind == ROW_ENTRY) && strcmp(key, "blocks") == 0) {
		if (strcmp(val, "reclaim") != 0)
			return fail(c, "blocks= takes reclaim, not '%s'", val);
		r->blocks_reclaim = 1;
	} else if (r->kind == ROW_PAGECACHE && strcmp(key, "mapping") == 0) {
		if (parse_int(val, &r->arg_idx))
			return fail(c, "bad mapping argument index '%s'", val);
	} else if (r->kind == ROW_PAGECACHE && strcmp(key, "gfp") == 0) {
		if (parse_int(val, &r->gfp_idx))
			return fail(c, "bad gfp argument index '%s'", val);
	} else if (r->kind == ROW_ENTRY && strcmp(key, "scope") == 0) {
		if (strcmp(val, "nofs") != 0)
			return fail(c, "entry scope= takes nofs (the callers always hold a NOFS scope), not '%s'", val);
		r->scope = SK_NOFS;
	} else if (r->kind == ROW_DEFERRED && strcmp(key, "from") == 0) {
		if (!is_ident(val))
			return fail(c, "deferred from= takes the function whose call of the row's name is deferred, not '%s'",
				    val);
		r->from = intern(val);
	} else if (r->kind == ROW_DEFERRED && strcmp(key, "when") == 0) {
		if (strcmp(val, "reclaim") != 0)
			return fail(c, "deferred when= takes reclaim (the call is deferred only in reclaim, PF_MEMALLOC set), "
				       "not '%s'", val);
		r->in_reclaim = 1;
	} else {
		return 1;
	}
	return 0;
}

/* One key=value option: since= and until= on every row, else the kind's own. */
static int row_option(struct rowctx *c, struct mrow *r, const char *key, const char *val)
{
	if (strcmp(key, "since") == 0 || strcmp(key, "until") == 0) {
		int v = version_code(val);
		if (v < 0)
			return fail(c, "bad version '%s' (expected X.Y)", val);
		if (key[0] == 's')
			r->since = v;
		else
			r->until = v;
		return 0;
	}
	int rc = 1;
	if (r->kind == ROW_ALLOC)
		rc = opt_alloc(c, r, key, val);
	else if (r->kind == ROW_FLAG)
		rc = opt_flag(c, r, key, val);
	else if (r->kind == ROW_RECLAIM)
		rc = opt_reclaim(c, r, key, val);
	else if (r->kind == ROW_PINNER)
		rc = opt_pinner(c, r, key, val);
	else if (r->kind == ROW_ARCH)
		rc = opt_arch(c, r, key, val);
	else if (r->kind == ROW_SETTER || r->kind == ROW_LOCK || r->kind == ROW_HANDLE)
		rc = opt_context(c, r, key, val);
	if (rc == 1 && r->kind == ROW_LOCK)
		rc = opt_lock(c, r, key, val);
	if (rc == 1)
		rc = opt_small(c, r, key, val);
	if (rc == 1)
		return fail(c, "unknown option '%s' for a %s row", key, kind_names[r->kind]);
	return rc;
}

/* The key=value fields f[pos..nf): each key once. */
static int row_options(struct rowctx *c, struct mrow *r, char **f, int nf, int pos)
{
	for (int first = pos; pos < nf; pos++) {
		char *eq = strchr(f[pos], '=');
		if (!eq || eq == f[pos] || !eq[1])
			return fail(c, "expected key=value, not '%s'", f[pos]);
		*eq = 0;
		const char *key = f[pos], *val = eq + 1;
		for (int q = first; q < pos; q++)
			if (strcmp(f[q], key) == 0)
				return fail(c, "%s= given twice", key);
		if (row_option(c, r, key, val))
			return -1;
	}
	return 0;
}

/* What the whole row must hold: the options a kind needs, and a reason. */
static int row_complete(struct rowctx *c, const struct mrow *r, const char *reason, const char *name)
{
	enum row_kind k = r->kind;
	if (k == ROW_FLAG && !c->have_bits)
		return fail(c, "flag row needs bits=...");
	if ((k == ROW_SETTER || k == ROW_LOCK) && r->nclosers == 0)
		return fail(c, "%s row needs %s=...", kind_names[k], k == ROW_SETTER ? "close" : "release");
	if ((k == ROW_SETTER || k == ROW_LOCK || k == ROW_ROOT || k == ROW_ENTRY || k == ROW_HANDLE || k == ROW_NORETURN ||
	     k == ROW_RECLAIM || k == ROW_CALLBACK || k == ROW_PAGECACHE || k == ROW_DROPPER || k == ROW_PINNER ||
	     k == ROW_HOSTHDR || k == ROW_DEFERRED || k == ROW_HOSTDIR || k == ROW_TESTSUITE || k == ROW_DEFINER || k == ROW_ARCH || k == ROW_TASK || k == ROW_DEBUG || k == ROW_WRITEBACK ||
	     k == ROW_OBJCLASS) &&
	    (!reason || !*reason))
		return fail(c, "%s row needs a reason after ' -- '", kind_names[k]);
	if (k == ROW_RECLAIM && r->never != (r->in_file != 0))
		return fail(c, "reclaim kind=none needs file=PATH (the file whose entry reclaim never runs), and file= "
			       "needs kind=none");
	if (k == ROW_RECLAIM && (r->live || r->policy) && (!r->live || r->freed_obj < 0))
		return fail(c, "reclaim live= needs object=I, and policy= needs live=");
	if (k == ROW_DEFERRED && !r->from)
		return fail(c, "deferred row needs from=CALLER (the function whose call of %s is deferred)", name);
	if (k == ROW_CALLBACK && (r->arg_idx < 0 || !r->blocks_reclaim))
		return fail(c, "callback row needs arg=I (the callback argument) and blocks=reclaim");
	if (r->since && r->until && r->since >= r->until)
		return fail(c, "since= must be lower than until=");
	if (k == ROW_PINNER && r->nsrcs && !r->drop)
		return fail(c, "pinner src= needs drop=NAME (the call that drops the reference src= returns: dput)");
	return 0;
}

int model_parse_row(struct model *m, const char *path, int lineno, char *line, char *err, size_t errlen)
{
	struct rowctx c = {path, lineno, err, errlen, 0};
	char *reason = cut_reason(&line);
	char *f[MAXFIELDS];
	int nf = split_fields(&c, line, f);
	if (nf <= 0)
		return nf < 0 ? -1 : reason ? fail(&c, "a reason (' -- ...') without a row") : 0;
	struct mrow r;
	memset(&r, 0, sizeof(r));
	r.file = path;
	r.line = lineno;
	r.gfp_idx = r.size_idx = r.order_idx = r.arg_idx = r.freed_obj = -1;
	r.count_idx = r.fixed_order = r.subclass_idx = -1;
	int pos = 2;
	if (row_kind(&c, &r, f[0]) || (nf < 2 && fail(&c, "%s row needs a name", f[0])) || row_name(&c, &r, f[1]) ||
	    row_positional(&c, &r, f, nf, &pos) || row_options(&c, &r, f, nf, pos) || row_complete(&c, &r, reason, f[1])) {
		free(r.closers);
		free(r.srcs);
		return -1;
	}
	r.reason = reason ? xstrdup(reason) : NULL;
	VEC_PUSH(m->rows, m->n, m->cap, r);
	return 0;
}
