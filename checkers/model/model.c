/* model.c - parse and index the knowledge tables. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "base/util.h"

static const char *kind_names[ROW__N] = {"alloc", "flag", "scope", "pflag", "setter", "lock", "root", "errcheck", "entry", "handle", "noreturn", "reclaim", "callback", "pagecache", "dropper", "pinner", "hostheader", "deferred"};

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

#define FAIL(...)                                                             \
	do {                                                                  \
		int o_ = snprintf(err, errlen, "%s:%d: error: ", path, lineno); \
		if (o_ > 0 && (size_t)o_ < errlen)                            \
			snprintf(err + o_, errlen - (size_t)o_, __VA_ARGS__); \
		goto bad;                                                     \
	} while (0)

static int parse_row(struct model *m, const char *path, int lineno, char *line, char *err, size_t errlen)
{
	struct mrow r;
	memset(&r, 0, sizeof(r));
	char *reason = NULL;
	char *dd = strstr(line, " -- ");
	if (dd) {
		*dd = 0;
		reason = dd + 4;
	} else if (strncmp(line, "-- ", 3) == 0) { /* a reason and no row: no fields below */
		reason = line + 3;
		line = reason + strlen(reason);
	}
	while (reason && (*reason == ' ' || *reason == '\t'))
		reason++;
	char *f[32];
	int nf = 0;
	char *save = NULL;
	for (char *t = strtok_r(line, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
		if (nf == 32)
			FAIL("too many fields");
		f[nf++] = t;
	}
	if (nf == 0 && reason)
		FAIL("a reason (' -- ...') without a row");
	if (nf == 0)
		return 0;
	r.file = path;
	r.line = lineno;
	r.gfp_idx = r.size_idx = r.order_idx = r.arg_idx = r.freed_obj = -1;
	r.count_idx = r.fixed_order = r.subclass_idx = -1;
	int k;
	for (k = 0; k < ROW__N; k++)
		if (strcmp(f[0], kind_names[k]) == 0)
			break;
	if (k == ROW__N)
		FAIL("unknown row kind '%s' (expected alloc, flag, scope, pflag, setter, lock, root, errcheck, entry, handle, "
		     "noreturn, reclaim, callback, pagecache, dropper, pinner, hostheader or deferred)", f[0]);
	r.kind = (enum row_kind)k;
	if (r.kind == ROW_PAGECACHE)
		r.arg_idx = 0; /* the mapping is the first argument unless mapping= says otherwise */
	if (nf < 2)
		FAIL("%s row needs a name", f[0]);
	if (r.kind == ROW_ENTRY || r.kind == ROW_RECLAIM) {
		char *dot = strchr(f[1], '.');
		int ok = dot && dot != f[1] && !strchr(dot + 1, '.');
		if (ok) {
			*dot = 0;
			ok = is_ident(f[1]) && ((r.kind == ROW_ENTRY && strcmp(dot + 1, "*") == 0) || is_ident(dot + 1));
			*dot = '.';
		}
		if (!ok)
			FAIL("'%s' is not STRUCT.MEMBER%s (an ops-table field)", f[1], r.kind == ROW_ENTRY ? " or STRUCT.*" : "");
	} else if (r.kind == ROW_HOSTHDR) {
		/* a header name as written between <>: stdio.h, sys/stat.h, sys/ */
		int ok = *f[1] && f[1][0] != '/' && !strstr(f[1], "..");
		for (const char *q = f[1]; *q && ok; q++)
			ok = (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || strchr("_./-", *q);
		if (!ok)
			FAIL("'%s' is not a header name (stdio.h, sys/ for every header under sys/)", f[1]);
	} else if (!is_ident(f[1])) {
		FAIL("'%s' is not a C identifier", f[1]);
	}
	r.name = intern(f[1]);
	int pos = 2;
	/* positional fields */
	switch (r.kind) {
	case ROW_ALLOC:
		if (nf < 3)
			FAIL("alloc row needs the gfp argument index (or '-')");
		if (strcmp(f[2], "-") == 0)
			r.gfp_idx = -1;
		else if (parse_int(f[2], &r.gfp_idx))
			FAIL("bad gfp argument index '%s'", f[2]);
		pos = 3;
		break;
	case ROW_SCOPE:
		if (nf < 4)
			FAIL("scope row needs save|restore and nofs|noio|flags");
		if (strcmp(f[2], "save") == 0)
			r.save = 1;
		else if (strcmp(f[2], "restore") == 0)
			r.save = 0;
		else
			FAIL("expected save or restore, not '%s'", f[2]);
		if (strcmp(f[3], "nofs") == 0)
			r.scope = SK_NOFS;
		else if (strcmp(f[3], "noio") == 0)
			r.scope = SK_NOIO;
		else if (strcmp(f[3], "flags") == 0)
			r.scope = SK_FLAGS;
		else
			FAIL("expected nofs, noio or flags, not '%s'", f[3]);
		pos = 4;
		break;
	case ROW_PFLAG:
		if (nf < 3)
			FAIL("pflag row needs nofs or noio");
		if (strcmp(f[2], "nofs") == 0)
			r.scope = SK_NOFS;
		else if (strcmp(f[2], "noio") == 0)
			r.scope = SK_NOIO;
		else
			FAIL("expected nofs or noio, not '%s'", f[2]);
		pos = 3;
		break;
	default:
		break;
	}
	int have_bits = 0;
	int first_opt = pos;
	for (; pos < nf; pos++) {
		char *eq = strchr(f[pos], '=');
		if (!eq || eq == f[pos] || !eq[1])
			FAIL("expected key=value, not '%s'", f[pos]);
		*eq = 0;
		const char *key = f[pos], *val = eq + 1;
		for (int q = first_opt; q < pos; q++)
			if (strcmp(f[q], key) == 0)
				FAIL("%s= given twice", key);
		if (strcmp(key, "since") == 0 || strcmp(key, "until") == 0) {
			int v = version_code(val);
			if (v < 0)
				FAIL("bad version '%s' (expected X.Y)", val);
			if (key[0] == 's')
				r.since = v;
			else
				r.until = v;
		} else if (r.kind == ROW_ALLOC && strcmp(key, "size") == 0) {
			if (parse_int(val, &r.size_idx))
				FAIL("bad size index '%s'", val);
		} else if (r.kind == ROW_ALLOC && strcmp(key, "order") == 0) {
			if (parse_int(val, &r.order_idx))
				FAIL("bad order index '%s'", val);
		} else if (r.kind == ROW_ALLOC && strcmp(key, "count") == 0) {
			if (parse_int(val, &r.count_idx))
				FAIL("bad count index '%s'", val);
		} else if (r.kind == ROW_ALLOC && strcmp(key, "fixed-order") == 0) {
			if (parse_int(val, &r.fixed_order) || r.fixed_order > 20)
				FAIL("bad fixed order '%s'", val);
		} else if (r.kind == ROW_ALLOC && strcmp(key, "honours-nofs") == 0) {
			if ((r.honours_nofs = version_code(val)) <= 0)
				FAIL("bad version '%s' (expected X.Y)", val);
		} else if (r.kind == ROW_ALLOC && strcmp(key, "family") == 0) {
			r.family = intern(val);
		} else if (r.kind == ROW_FLAG && strcmp(key, "role") == 0) {
			if (strcmp(val, "nofs") != 0)
				FAIL("role must be nofs, not '%s'", val);
			r.role_nofs = 1;
		} else if (r.kind == ROW_FLAG && strcmp(key, "bits") == 0) {
			if (parse_bits(val, &r.bits))
				FAIL("unknown bit in '%s' (see docs/MODEL.md for bit names)", val);
			have_bits = 1;
		} else if (r.kind == ROW_SCOPE && strcmp(key, "arg") == 0) {
			if (parse_int(val, &r.arg_idx))
				FAIL("bad argument index '%s'", val);
		} else if ((r.kind == ROW_SETTER && strcmp(key, "close") == 0) ||
			   (r.kind == ROW_LOCK && strcmp(key, "release") == 0)) {
			split_list(val, &r.closers, &r.nclosers);
		} else if ((r.kind == ROW_SETTER || r.kind == ROW_LOCK || r.kind == ROW_HANDLE) && strcmp(key, "fs") == 0) {
			r.fs = intern(val);
		} else if ((r.kind == ROW_SETTER || r.kind == ROW_LOCK) && strcmp(key, "arg") == 0) {
			r.arg_pat = intern(val);
		} else if (r.kind == ROW_LOCK && strcmp(key, "kind") == 0) {
			if (strcmp(val, "lock") == 0)
				r.lkind = LK_LOCK;
			else if (strcmp(val, "trans") == 0)
				r.lkind = LK_TRANS;
			else if (strcmp(val, "cluster") == 0)
				r.lkind = LK_CLUSTER;
			else
				FAIL("lock kind must be lock, trans or cluster, not '%s'", val);
		} else if (r.kind == ROW_CALLBACK && strcmp(key, "arg") == 0) {
			if (parse_int(val, &r.arg_idx))
				FAIL("bad argument index '%s'", val);
		} else if (r.kind == ROW_PAGECACHE && strcmp(key, "mapping") == 0) {
			if (parse_int(val, &r.arg_idx))
				FAIL("bad mapping argument index '%s'", val);
		} else if (r.kind == ROW_PAGECACHE && strcmp(key, "gfp") == 0) {
			if (parse_int(val, &r.gfp_idx))
				FAIL("bad gfp argument index '%s'", val);
		} else if (r.kind == ROW_LOCK && strcmp(key, "subclass") == 0) {
			if (parse_int(val, &r.subclass_idx))
				FAIL("bad subclass argument index '%s'", val);
		} else if ((r.kind == ROW_LOCK || r.kind == ROW_CALLBACK || r.kind == ROW_ENTRY) && strcmp(key, "blocks") == 0) {
			if (strcmp(val, "reclaim") != 0)
				FAIL("blocks= takes reclaim, not '%s'", val);
			r.blocks_reclaim = 1;
		} else if ((r.kind == ROW_SETTER || r.kind == ROW_HANDLE) && strcmp(key, "dummy") == 0) {
			if (!*val || val[strlen(val) - 1] == '/')
				FAIL("dummy= takes a directory of the tree (fs/ext4), not '%s'", val);
			r.dummy_dir = intern(val);
		} else if (r.kind == ROW_RECLAIM && strcmp(key, "kind") == 0) {
			if (strcmp(val, "direct") != 0 && strcmp(val, "kswapd") != 0 && strcmp(val, "none") != 0)
				FAIL("reclaim kind must be direct, kswapd or none, not '%s'", val);
			r.kswapd = val[0] == 'k';
			r.never = val[0] == 'n';
		} else if (r.kind == ROW_RECLAIM && strcmp(key, "file") == 0) {
			r.in_file = intern(val);
		} else if (r.kind == ROW_RECLAIM && strcmp(key, "object") == 0) {
			char *e;
			long v = strtol(val, &e, 10);
			if (!*val || *e || v < 0 || v > 15)
				FAIL("object= takes the index (0-15) of the argument reclaim frees, not '%s'", val);
			r.freed_obj = (int)v;
		} else if (r.kind == ROW_ENTRY && strcmp(key, "scope") == 0) {
			if (strcmp(val, "nofs") != 0)
				FAIL("entry scope= takes nofs (the callers always hold a NOFS scope), not '%s'", val);
			r.scope = SK_NOFS;
		} else if (r.kind == ROW_RECLAIM && strcmp(key, "live") == 0) {
			if (!is_ident(val))
				FAIL("live= takes the member of the freed object that is non-zero when reclaim frees it (i_nlink), not '%s'", val);
			r.live = intern(val);
		} else if (r.kind == ROW_RECLAIM && strcmp(key, "policy") == 0) {
			char *dot = strchr(val, '.');
			if (!dot || dot == val || !is_ident(dot + 1))
				FAIL("policy= takes the STRUCT.MEMBER whose functions decide it (super_operations.drop_inode), not '%s'", val);
			r.policy = intern(val);
		} else if (r.kind == ROW_RECLAIM && strcmp(key, "via") == 0) {
			if (strcmp(val, "dcache") != 0)
				FAIL("reclaim via= takes dcache (the entry runs only on what the dcache and inode shrinkers reach), not '%s'", val);
			r.via_dcache = 1;
		} else if (r.kind == ROW_PINNER && strcmp(key, "hold") == 0) {
			if (!is_ident(val))
				FAIL("pinner hold= takes the function that takes the extra dentry reference (dget), not '%s'", val);
			r.hold = intern(val);
		} else if (r.kind == ROW_PINNER && strcmp(key, "src") == 0) {
			split_list(val, &r.srcs, &r.nsrcs);
		} else if (r.kind == ROW_PINNER && strcmp(key, "drop") == 0) {
			if (!is_ident(val))
				FAIL("pinner drop= takes the function that drops a dentry reference (dput), not '%s'", val);
			r.drop = intern(val);
		} else if (r.kind == ROW_DEFERRED && strcmp(key, "from") == 0) {
			if (!is_ident(val))
				FAIL("deferred from= takes the function whose call of the row's name is deferred, not '%s'", val);
			r.from = intern(val);
		} else if (r.kind == ROW_DEFERRED && strcmp(key, "when") == 0) {
			if (strcmp(val, "reclaim") != 0)
				FAIL("deferred when= takes reclaim (the call is deferred only in reclaim, PF_MEMALLOC set), not '%s'", val);
			r.in_reclaim = 1;
		} else if (r.kind == ROW_LOCK && strcmp(key, "mode") == 0) {
			if (strcmp(val, "read") != 0 && strcmp(val, "write") != 0)
				FAIL("lock mode must be read or write, not '%s'", val);
			r.shared = val[0] == 'r';
		} else if (r.kind == ROW_LOCK && strcmp(key, "class") == 0) {
			r.cls_name = intern(val);
		} else if (r.kind == ROW_LOCK && strcmp(key, "fail") == 0) {
			if (strcmp(val, "nonzero") != 0)
				FAIL("fail= takes nonzero (the call returns non-zero when it fails), not '%s'", val);
			r.fail_nonzero = 1;
		} else if ((r.kind == ROW_SETTER || r.kind == ROW_HANDLE) && strcmp(key, "kind") == 0) {
			if (strcmp(val, "trans") == 0)
				r.lkind = LK_TRANS;
			else if (strcmp(val, "journal") == 0)
				r.lkind = LK_JOURNAL;
			else if (strcmp(val, "section") == 0)
				r.lkind = LK_SECTION;
			else
				FAIL("%s kind must be trans, journal or section, not '%s'", kind_names[r.kind], val);
		} else {
			FAIL("unknown option '%s' for a %s row", key, kind_names[r.kind]);
		}
	}
	/* bare words after positional fields: "try" is written without '=' */
	if (r.kind == ROW_FLAG && !have_bits)
		FAIL("flag row needs bits=...");
	if ((r.kind == ROW_SETTER || r.kind == ROW_LOCK) && r.nclosers == 0)
		FAIL("%s row needs %s=...", kind_names[r.kind], r.kind == ROW_SETTER ? "close" : "release");
	if ((r.kind == ROW_SETTER || r.kind == ROW_LOCK || r.kind == ROW_ROOT || r.kind == ROW_ENTRY ||
	     r.kind == ROW_HANDLE || r.kind == ROW_NORETURN || r.kind == ROW_RECLAIM || r.kind == ROW_CALLBACK ||
	     r.kind == ROW_PAGECACHE || r.kind == ROW_DROPPER || r.kind == ROW_PINNER || r.kind == ROW_HOSTHDR ||
	     r.kind == ROW_DEFERRED) &&
	    (!reason || !*reason))
		FAIL("%s row needs a reason after ' -- '", kind_names[r.kind]);
	if (r.kind == ROW_RECLAIM && r.never != (r.in_file != 0))
		FAIL("reclaim kind=none needs file=PATH (the file whose entry reclaim never runs), and file= needs kind=none");
	if (r.kind == ROW_RECLAIM && (r.live || r.policy) && (!r.live || r.freed_obj < 0))
		FAIL("reclaim live= needs object=I, and policy= needs live=");
	if (r.kind == ROW_DEFERRED && !r.from)
		FAIL("deferred row needs from=CALLER (the function whose call of %s is deferred)", f[1]);
	if (r.kind == ROW_CALLBACK && (r.arg_idx < 0 || !r.blocks_reclaim))
		FAIL("callback row needs arg=I (the callback argument) and blocks=reclaim");
	if (r.since && r.until && r.since >= r.until)
		FAIL("since= must be lower than until=");
	if (r.kind == ROW_PINNER && r.nsrcs && !r.drop)
		FAIL("pinner src= needs drop=NAME (the call that drops the reference src= returns: dput)");
	r.reason = reason ? xstrdup(reason) : NULL;
	VEC_PUSH(m->rows, m->n, m->cap, r);
	return 0;
bad:
	free(r.closers);
	free(r.srcs);
	return -1;
}

int model_load_text(struct model *m, const char *path, const char *text, char *err, size_t errlen)
{
	return model_load_buf(m, path, text, strlen(text), err, errlen);
}

int model_load_buf(struct model *m, const char *path, const char *text, size_t len, char *err, size_t errlen)
{
	const char *nul = memchr(text, 0, len);
	if (nul) {
		int l = 1;
		for (const char *q = text; q < nul; q++)
			l += *q == '\n';
		snprintf(err, errlen, "%s:%d: error: NUL byte in a model file (a text file is expected)", path, l);
		return -1;
	}
	const char *p = text, *end = text + len;
	int lineno = 0;
	while (p < end) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t n = e ? (size_t)(e - p) : (size_t)(end - p);
		if (n && p[n - 1] == '\r') /* CRLF line ends */
			n--;
		if (lineno == INT_MAX - 1) {
			snprintf(err, errlen, "%s:%d: error: too many lines", path, lineno);
			return -1;
		}
		lineno++;
		char *line = xstrndup(p, n);
		char *hash = strchr(line, '#');
		if (hash)
			*hash = 0;
		/* "try" flag: a bare word, handled before key=value parsing */
		int is_try = 0;
		{
			char *rs = strstr(line, " -- ");
			char *w = line;
			size_t lim = rs ? (size_t)(rs - line) : strlen(line);
			while ((w = strstr(w, "try")) && (size_t)(w - line) < lim) {
				int lb = (w == line || w[-1] == ' ' || w[-1] == '\t');
				int rb = (w[3] == 0 || w[3] == ' ' || w[3] == '\t');
				if (lb && rb) {
					memset(w, ' ', 3);
					is_try = 1;
					break;
				}
				w += 3;
			}
		}
		size_t before = m->n;
		if (parse_row(m, path, lineno, line, err, errlen)) {
			free(line);
			return -1;
		}
		if (is_try) {
			if (m->n == before || m->rows[m->n - 1].kind != ROW_LOCK) {
				snprintf(err, errlen, "%s:%d: error: 'try' is only valid on lock rows", path, lineno);
				free(line);
				return -1;
			}
			m->rows[m->n - 1].try_ = 1;
		}
		free(line);
		if (!e)
			break;
		p = e + 1;
	}
	return 0;
}

int model_load_file(struct model *m, const char *path, char *err, size_t errlen)
{
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s: error: is a directory, not a model file (use --model-dir for a directory)",
			 path);
		return -1;
	}
	size_t len = 0;
	char *text = read_file_max(path, &len, (size_t)16 << 20);
	if (!text) {
		snprintf(err, errlen, "%s: error: cannot read model file: %s", path,
			 errno == EFBIG ? "larger than 16 MiB" : strerror(errno));
		return -1;
	}
	/* Rows keep a pointer to the path for messages. */
	int rc = model_load_buf(m, istr(intern(path)), text, len, err, errlen);
	free(text);
	return rc;
}

static int cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int model_load_dir(struct model *m, const char *dir, char *err, size_t errlen)
{
	DIR *d = opendir(dir);
	if (!d) {
		snprintf(err, errlen, "%s: error: cannot open model directory", dir);
		return -1;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		size_t l = strlen(de->d_name);
		if (l > 4 && strcmp(de->d_name + l - 4, ".txt") == 0)
			VEC_PUSH(names, n, cap, xasprintf("%s/%s", dir, de->d_name));
	}
	closedir(d);
	if (!n) {
		snprintf(err, errlen, "%s: error: no model files (*.txt) in the model directory", dir);
		return -1;
	}
	qsort(names, n, sizeof(*names), cmpstr);
	int rc = 0;
	for (size_t i = 0; i < n; i++) {
		if (!rc && model_load_file(m, names[i], err, errlen))
			rc = -1;
		free(names[i]);
	}
	free(names);
	return rc;
}

void model_free(struct model *m)
{
	for (size_t i = 0; i < m->n; i++) {
		free(m->rows[i].closers);
		free(m->rows[i].srcs);
		free(m->rows[i].reason);
	}
	free(m->rows);
	memset(m, 0, sizeof(*m));
}

int mrow_applies(const struct model *m, const struct mrow *r)
{
	if (!m->version)
		return 1;
	if (r->since && m->version < r->since)
		return 0;
	if (r->until && m->version >= r->until)
		return 0;
	return 1;
}

/* Index: name -> list of row indexes, one hash table over (kind, name). */
static uint32_t *idx_keys; /* name */
static int **idx_rows;
static int *idx_nrows;
static size_t idx_cap;

static size_t idx_slot(uint32_t name)
{
	size_t j = (size_t)(name * 2654435761u) & (idx_cap - 1);
	while (idx_keys[j] && idx_keys[j] != name)
		j = (j + 1) & (idx_cap - 1);
	return j;
}

static void idx_add(uint32_t name, int row)
{
	size_t j = idx_slot(name);
	idx_keys[j] = name;
	idx_rows[j] = xrealloc(idx_rows[j], sizeof(int) * (size_t)(idx_nrows[j] + 1));
	idx_rows[j][idx_nrows[j]++] = row;
}

void model_index(struct model *m)
{
	if (idx_keys) {
		for (size_t i = 0; i < idx_cap; i++)
			free(idx_rows[i]);
		free(idx_keys);
		free(idx_rows);
		free(idx_nrows);
	}
	idx_cap = 1024;
	while (idx_cap < m->n * 4 + 64)
		idx_cap *= 2;
	idx_keys = xcalloc(idx_cap, sizeof(*idx_keys));
	idx_rows = xcalloc(idx_cap, sizeof(*idx_rows));
	idx_nrows = xcalloc(idx_cap, sizeof(*idx_nrows));
	for (size_t i = 0; i < m->n; i++) {
		idx_add(m->rows[i].name, (int)i);
		for (int c = 0; c < m->rows[i].nclosers; c++)
			idx_add(m->rows[i].closers[c], -(int)i - 1);
	}
}

int model_find(const struct model *m, enum row_kind k, uint32_t name, const struct mrow **out, int max)
{
	if (!idx_cap)
		return 0;
	size_t j = idx_slot(name);
	if (!idx_keys[j])
		return 0;
	int cnt = 0;
	/* Later rows win: scan from the end. */
	for (int i = idx_nrows[j] - 1; i >= 0 && cnt < max; i--) {
		int r = idx_rows[j][i];
		if (r < 0)
			continue;
		const struct mrow *row = &m->rows[r];
		if (row->kind == k && mrow_applies(m, row))
			out[cnt++] = row;
	}
	return cnt;
}

const struct mrow *model_find1(const struct model *m, enum row_kind k, uint32_t name)
{
	const struct mrow *r;
	return model_find(m, k, name, &r, 1) ? r : NULL;
}

int model_find_closer(const struct model *m, uint32_t name, const struct mrow **out, int max)
{
	if (!idx_cap)
		return 0;
	size_t j = idx_slot(name);
	if (!idx_keys[j])
		return 0;
	int cnt = 0;
	for (int i = idx_nrows[j] - 1; i >= 0 && cnt < max; i--) {
		int r = idx_rows[j][i];
		if (r >= 0)
			continue;
		const struct mrow *row = &m->rows[-r - 1];
		if (mrow_applies(m, row))
			out[cnt++] = row;
	}
	return cnt;
}

void model_dump(const struct model *m, FILE *out)
{
	for (size_t i = 0; i < m->n; i++) {
		const struct mrow *r = &m->rows[i];
		if (!mrow_applies(m, r))
			continue;
		fprintf(out, "%s %s", kind_names[r->kind], istr(r->name));
		if (r->kind == ROW_ALLOC) {
			if (r->gfp_idx < 0)
				fputs(" -", out);
			else
				fprintf(out, " %d", r->gfp_idx);
			if (r->size_idx >= 0)
				fprintf(out, " size=%d", r->size_idx);
			if (r->count_idx >= 0)
				fprintf(out, " count=%d", r->count_idx);
			if (r->order_idx >= 0)
				fprintf(out, " order=%d", r->order_idx);
			if (r->fixed_order >= 0)
				fprintf(out, " fixed-order=%d", r->fixed_order);
			if (r->honours_nofs)
				fprintf(out, " honours-nofs=%d.%d", r->honours_nofs / 1000, r->honours_nofs % 1000);
			if (r->family)
				fprintf(out, " family=%s", istr(r->family));
		}
		if (r->kind == ROW_SCOPE) {
			fprintf(out, " %s %s", r->save ? "save" : "restore",
				r->scope == SK_NOFS ? "nofs" : r->scope == SK_NOIO ? "noio" : "flags");
			if (r->arg_idx >= 0)
				fprintf(out, " arg=%d", r->arg_idx);
		}
		if (r->kind == ROW_PFLAG)
			fprintf(out, " %s", r->scope == SK_NOFS ? "nofs" : "noio");
		if (r->nclosers) {
			fputs(r->kind == ROW_SETTER ? " close=" : " release=", out);
			for (int c = 0; c < r->nclosers; c++)
				fprintf(out, "%s%s", c ? "," : "", istr(r->closers[c]));
		}
		if (r->fs)
			fprintf(out, " fs=%s", istr(r->fs));
		if (r->arg_pat)
			fprintf(out, " arg=%s", istr(r->arg_pat));
		if (r->try_)
			fputs(" try", out);
		if (r->cls_name)
			fprintf(out, " class=%s", istr(r->cls_name));
		if (r->fail_nonzero)
			fputs(" fail=nonzero", out);
		if (r->blocks_reclaim)
			fputs(" blocks=reclaim", out);
		if (r->dummy_dir)
			fprintf(out, " dummy=%s", istr(r->dummy_dir));
		if (r->shared)
			fputs(" mode=read", out);
		if (r->subclass_idx >= 0)
			fprintf(out, " subclass=%d", r->subclass_idx);
		if (r->kind == ROW_CALLBACK)
			fprintf(out, " arg=%d", r->arg_idx);
		if (r->kind == ROW_DEFERRED)
			fprintf(out, " from=%s%s", istr(r->from), r->in_reclaim ? " when=reclaim" : "");
		if (r->kind == ROW_PINNER && r->hold)
			fprintf(out, " hold=%s", istr(r->hold));
		for (int c = 0; r->kind == ROW_PINNER && c < r->nsrcs; c++)
			fprintf(out, "%s%s", c ? "," : " src=", istr(r->srcs[c]));
		if (r->kind == ROW_PINNER && r->drop)
			fprintf(out, " drop=%s", istr(r->drop));
		if (r->kind == ROW_PAGECACHE && r->arg_idx != 0)
			fprintf(out, " mapping=%d", r->arg_idx);
		if (r->kind == ROW_PAGECACHE && r->gfp_idx >= 0)
			fprintf(out, " gfp=%d", r->gfp_idx);
		if (r->kind == ROW_RECLAIM)
			fprintf(out, " kind=%s", r->never ? "none" : r->kswapd ? "kswapd" : "direct");
		if (r->kind == ROW_RECLAIM && r->in_file)
			fprintf(out, " file=%s", istr(r->in_file));
		if (r->kind == ROW_RECLAIM && r->freed_obj >= 0)
			fprintf(out, " object=%d", r->freed_obj);
		if (r->kind == ROW_ENTRY && r->scope == SK_NOFS)
			fputs(" scope=nofs", out);
		if (r->kind == ROW_RECLAIM && r->live)
			fprintf(out, " live=%s policy=%s", istr(r->live), istr(r->policy));
		if ((r->kind == ROW_LOCK || r->kind == ROW_SETTER || r->kind == ROW_HANDLE) && r->lkind != LK_LOCK) {
			static const char *const lk[] = {"lock", "trans", "cluster", "journal", "section"};
			fprintf(out, " kind=%s", lk[r->lkind]);
		}
		if (r->since)
			fprintf(out, " since=%d.%d", r->since / 1000, r->since % 1000);
		if (r->until)
			fprintf(out, " until=%d.%d", r->until / 1000, r->until % 1000);
		if (r->inferred)
			fputs(" # inferred", out);
		if (r->reason)
			fprintf(out, " -- %s", r->reason);
		fprintf(out, "   (%s:%d)\n", r->file ? r->file : "?", r->line);
	}
}

const struct mrow *model_entry(const struct model *m, const char *field)
{
	const struct mrow *r = model_find1(m, ROW_ENTRY, intern(field));
	const char *dot = strchr(field, '.');
	if (r || !dot)
		return r;
	char buf[256];
	int n = snprintf(buf, sizeof(buf), "%.*s.*", (int)(dot - field), field);
	if (n <= 0 || (size_t)n >= sizeof(buf))
		return NULL;
	return model_find1(m, ROW_ENTRY, intern(buf));
}
