/* order.c - the request order of an allocation, and helpers of the flag rules
 * (see order.h). Types are sized for LP64 (x86_64, arm64) with natural
 * alignment; anything else (bit-fields, attributes, unions, nested
 * definitions, unknown typedefs) makes a size unknown rather than wrong. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/flow.h"
#include "model/gfpexpr.h"
#include "analysis/order.h"
#include "base/util.h"

static const long long PAGES[2] = {4096, 65536};

/* ---------------------------------------------------------------- sizes */

struct basic {
	const char *name;
	int size;
};
static const struct basic basics[] = {
	{"char", 1},      {"bool", 1},      {"_Bool", 1},     {"u8", 1},        {"s8", 1},
	{"__u8", 1},      {"__s8", 1},      {"uint8_t", 1},   {"int8_t", 1},    {"short", 2},
	{"u16", 2},       {"s16", 2},       {"__u16", 2},     {"__s16", 2},     {"__le16", 2},
	{"__be16", 2},    {"uint16_t", 2},  {"int16_t", 2},   {"int", 4},       {"u32", 4},
	{"s32", 4},       {"__u32", 4},     {"__s32", 4},     {"__le32", 4},    {"__be32", 4},
	{"uint32_t", 4},  {"int32_t", 4},   {"gfp_t", 4},     {"atomic_t", 4},  {"float", 4},
	{"long", 8},      {"long long", 8}, {"u64", 8},       {"s64", 8},       {"__u64", 8},
	{"__s64", 8},     {"__le64", 8},    {"__be64", 8},    {"uint64_t", 8},  {"int64_t", 8},
	{"size_t", 8},    {"ssize_t", 8},   {"loff_t", 8},    {"sector_t", 8},  {"dma_addr_t", 8},
	{"phys_addr_t", 8}, {"uintptr_t", 8}, {"atomic64_t", 8}, {"atomic_long_t", 8}, {"pgoff_t", 8},
	{"double", 8},    {"pgd_t", 8},     {"pud_t", 8},     {"p4d_t", 8},     {"pmd_t", 8},
	{"pte_t", 8},     {"pgprot_t", 8},  {"struct list_head", 16}, {"struct hlist_head", 8},
	{"struct hlist_node", 16}, {"struct rcu_head", 16}, {"struct callback_head", 16},
};

struct px {
	const struct analysis *a;
	const char *s;
	long long page;
	int depth;
	int bad;
	int via_macro;
	int def;
};

static long long p_or(struct px *x);
static int type_size(struct px *x, const char *ty, long long *size, long long *align);

static void skipws(struct px *x)
{
	while (isspace((unsigned char)*x->s))
		x->s++;
}

static int ident_at(const char *s, size_t *len)
{
	if (!(*s == '_' || isalpha((unsigned char)*s)))
		return 0;
	size_t n = 0;
	while (s[n] == '_' || isalnum((unsigned char)s[n]))
		n++;
	*len = n;
	return 1;
}

/* Text between the parenthesis at x->s and its match; advances past it. */
static char *paren_text(struct px *x)
{
	skipws(x);
	if (*x->s != '(') {
		x->bad = 1;
		return NULL;
	}
	const char *b = ++x->s;
	int d = 1;
	while (*x->s && d) {
		if (*x->s == '(')
			d++;
		else if (*x->s == ')')
			d--;
		x->s++;
	}
	if (d) {
		x->bad = 1;
		return NULL;
	}
	return xstrndup(b, (size_t)(x->s - 1 - b));
}

static long long eval_sub(struct px *x, const char *text)
{
	struct px y = *x;
	y.s = text;
	y.depth = x->depth + 1;
	if (y.depth > 8) {
		x->bad = 1;
		return 0;
	}
	long long v = p_or(&y);
	skipws(&y);
	if (y.bad || *y.s)
		x->bad = 1;
	x->via_macro |= y.via_macro;
	if (x->def < 0)
		x->def = y.def;
	return v;
}

static int order_of_size(long long size, long long page)
{
	int o = 0;
	while ((page << o) < size && o < 40)
		o++;
	return o;
}

static int is_type_word(const char *w, size_t n)
{
	static const char *const tw[] = {"unsigned", "signed", "long", "int", "short", "char", "const",
					 "size_t", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64",
					 "gfp_t", "__u32", "__u64", "uintptr_t", "void"};
	for (size_t i = 0; i < sizeof(tw) / sizeof(tw[0]); i++)
		if (strlen(tw[i]) == n && strncmp(tw[i], w, n) == 0)
			return 1;
	return 0;
}

/* Is the parenthesised text at s a cast like (unsigned long) or (u32 *)? */
static int cast_at(const char *s, const char **after)
{
	const char *p = s + 1;
	int words = 0;
	for (;;) {
		while (isspace((unsigned char)*p))
			p++;
		size_t n;
		if (ident_at(p, &n)) {
			if (!is_type_word(p, n))
				return 0;
			p += n;
			words++;
		} else if (*p == '*') {
			p++;
		} else {
			break;
		}
	}
	if (*p != ')' || !words)
		return 0;
	*after = p + 1;
	return 1;
}

static long long p_unary(struct px *x)
{
	skipws(x);
	char c = *x->s;
	if (c == '-') {
		x->s++;
		return -p_unary(x);
	}
	if (c == '+') {
		x->s++;
		return p_unary(x);
	}
	if (c == '~') {
		x->s++;
		return ~p_unary(x);
	}
	if (c == '(') {
		const char *after;
		if (cast_at(x->s, &after)) {
			x->s = after;
			return p_unary(x);
		}
		x->s++;
		long long v = p_or(x);
		skipws(x);
		if (*x->s != ')')
			x->bad = 1;
		else
			x->s++;
		return v;
	}
	if (isdigit((unsigned char)c)) {
		char *e;
		unsigned long long v = strtoull(x->s, &e, 0);
		x->s = e;
		while (*x->s == 'u' || *x->s == 'U' || *x->s == 'l' || *x->s == 'L')
			x->s++;
		if (isalnum((unsigned char)*x->s) || *x->s == '.' || v > (1ULL << 50))
			x->bad = 1;
		return (long long)v;
	}
	size_t n;
	if (!ident_at(x->s, &n)) {
		x->bad = 1;
		return 0;
	}
	const char *w = x->s;
	x->s += n;
	if (n == 6 && strncmp(w, "sizeof", 6) == 0) {
		char *t = paren_text(x);
		if (!t)
			return 0;
		long long sz = 0, al = 0;
		if (type_size(x, t, &sz, &al))
			x->bad = 1;
		free(t);
		return sz;
	}
	if ((n == 9 && strncmp(w, "get_order", 9) == 0) || (n == 3 && strncmp(w, "BIT", 3) == 0)) {
		char *t = paren_text(x);
		if (!t)
			return 0;
		long long v = eval_sub(x, t);
		free(t);
		if (v < 0 || v > (1LL << 50)) {
			x->bad = 1;
			return 0;
		}
		return w[0] == 'g' ? order_of_size(v, x->page) : (v < 50 ? 1LL << v : (x->bad = 1, 0));
	}
	if (n == 9 && strncmp(w, "PAGE_SIZE", 9) == 0)
		return x->page;
	if (n == 10 && strncmp(w, "PAGE_SHIFT", 10) == 0)
		return x->page == 4096 ? 12 : 16;
	if (n > 3 && strncmp(w, "SZ_", 3) == 0) {
		char *e;
		long long v = strtoll(w + 3, &e, 10);
		size_t rest = n - (size_t)(e - w);
		if (e != w + 3 && rest <= 1) {
			if (rest == 0)
				return v;
			if (*e == 'K')
				return v << 10;
			if (*e == 'M')
				return v << 20;
			if (*e == 'G')
				return v << 30;
		}
		x->bad = 1;
		return 0;
	}
	uint32_t id = intern_lookup_n(w, n);
	int def = -1;
	uint32_t val = id ? define_value(x->a->prog, id, &def) : 0;
	if (!val) {
		x->bad = 1;
		return 0;
	}
	x->via_macro = 1;
	if (x->def < 0)
		x->def = def;
	return eval_sub(x, istr(val));
}

static long long p_mul(struct px *x)
{
	long long v = p_unary(x);
	for (;;) {
		skipws(x);
		char c = *x->s;
		if (c != '*' && c != '/' && c != '%')
			return v;
		x->s++;
		long long r = p_unary(x);
		if (c == '*') {
			if (v && (r > (1LL << 50) / (v < 0 ? -v : v)))
				x->bad = 1;
			v *= r;
		} else if (r == 0) {
			x->bad = 1;
		} else {
			v = c == '/' ? v / r : v % r;
		}
	}
}

static long long p_add(struct px *x)
{
	long long v = p_mul(x);
	for (;;) {
		skipws(x);
		char c = *x->s;
		if ((c != '+' && c != '-') || x->s[1] == c)
			return v;
		x->s++;
		long long r = p_mul(x);
		v = c == '+' ? v + r : v - r;
	}
}

static long long p_shift(struct px *x)
{
	long long v = p_add(x);
	for (;;) {
		skipws(x);
		if (!((x->s[0] == '<' && x->s[1] == '<') || (x->s[0] == '>' && x->s[1] == '>')))
			return v;
		char c = x->s[0];
		x->s += 2;
		long long r = p_add(x);
		if (r < 0 || r > 50) {
			x->bad = 1;
			return 0;
		}
		v = c == '<' ? v << r : v >> r;
		if (v > (1LL << 50))
			x->bad = 1;
	}
}

static long long p_and(struct px *x)
{
	long long v = p_shift(x);
	for (;;) {
		skipws(x);
		if (*x->s != '&' || x->s[1] == '&')
			return v;
		x->s++;
		v &= p_shift(x);
	}
}

static long long p_xor(struct px *x)
{
	long long v = p_and(x);
	for (;;) {
		skipws(x);
		if (*x->s != '^')
			return v;
		x->s++;
		v ^= p_and(x);
	}
}

static long long p_or(struct px *x)
{
	long long v = p_xor(x);
	for (;;) {
		skipws(x);
		if (*x->s != '|' || x->s[1] == '|')
			return v;
		x->s++;
		v |= p_xor(x);
	}
}

static int eval_full(const struct analysis *a, const char *text, long long page, long long *out, int *via,
		     int *def)
{
	struct px x = {a, text, page, 0, 0, 0, -1};
	long long v = p_or(&x);
	skipws(&x);
	if (x.bad || *x.s)
		return -1;
	*out = v;
	if (via)
		*via |= x.via_macro;
	if (def && *def < 0)
		*def = x.def;
	return 0;
}

int order_eval(const struct analysis *a, const char *text, long long page, long long *out)
{
	return eval_full(a, text, page, out, NULL, NULL);
}

/* Normalised base type: qualifiers dropped, `unsigned long int` -> `long`. */
static void norm_type(const char *ty, char *out, size_t n)
{
	static const char *const drop[] = {"const", "volatile", "register", "static", "extern", "__rcu",
					   "__user", "__iomem", "__percpu", "signed", "unsigned"};
	char words[8][64];
	int nw = 0, had_sign = 0;
	const char *p = ty;
	size_t l;
	while (*p) {
		while (isspace((unsigned char)*p))
			p++;
		if (!ident_at(p, &l)) {
			if (*p)
				p++;
			continue;
		}
		int dropped = 0;
		for (size_t i = 0; i < sizeof(drop) / sizeof(drop[0]); i++)
			if (strlen(drop[i]) == l && strncmp(drop[i], p, l) == 0)
				dropped = 1, had_sign |= i >= 9;
		if (!dropped && nw < 8 && l < 64) {
			memcpy(words[nw], p, l);
			words[nw++][l] = 0;
		}
		p += l;
	}
	/* `long int`, `short int` -> drop int */
	if (nw > 1)
		for (int i = 0; i < nw; i++)
			if (strcmp(words[i], "int") == 0) {
				memmove(&words[i], &words[i + 1], sizeof(words[0]) * (size_t)(nw - i - 1));
				nw--;
				break;
			}
	out[0] = 0;
	if (!nw && had_sign)
		snprintf(out, n, "int");
	for (int i = 0; i < nw; i++) {
		size_t o = strlen(out);
		snprintf(out + o, n - o, "%s%s", i ? " " : "", words[i]);
	}
}

static int struct_size(struct px *x, uint32_t name, long long *size, long long *align);

/* Size of a type name ("struct foo", "unsigned long", "u32 *"); 0 on success. */
static int type_size(struct px *x, const char *ty, long long *size, long long *align)
{
	const char *star = strchr(ty, '*');
	if (star) {
		/* `u32 *`, `struct foo *`: a type name before the star; `*p` is an expression */
		int words = 0;
		for (const char *q = ty; q < star; q++)
			if (isalpha((unsigned char)*q) || *q == '_')
				words = 1;
			else if (!isspace((unsigned char)*q) && !isalnum((unsigned char)*q))
				return -1;
		if (!words || strspn(star, "* \t") != strlen(star))
			return -1;
		*size = *align = 8;
		return 0;
	}
	if (strchr(ty, '[') || strchr(ty, '(') || strchr(ty, '{'))
		return -1;
	char t[256];
	norm_type(ty, t, sizeof(t));
	if (strncmp(t, "struct ", 7) == 0 && is_ident(t + 7)) {
		uint32_t id = intern_lookup(t + 7);
		if (id && struct_size(x, id, size, align) == 0)
			return 0;
	}
	if (strncmp(t, "enum ", 5) == 0) {
		*size = *align = 4;
		return 0;
	}
	for (size_t i = 0; i < sizeof(basics) / sizeof(basics[0]); i++)
		if (strcmp(basics[i].name, t) == 0) {
			*size = basics[i].size;
			*align = basics[i].size > 8 ? 8 : basics[i].size;
			return 0;
		}
	return -1;
}

/* One member declaration "unsigned long *a[4], b"; adds to off and align. */
static int member_layout(struct px *x, const char *decl, long long *off, long long *malign)
{
	if (strchr(decl, '{') || strchr(decl, ':') || strstr(decl, "__attribute__") || strstr(decl, "aligned") ||
	    strstr(decl, "__packed") || strstr(decl, "union "))
		return -1;
	if (strchr(decl, '(')) {
		/* a function pointer, or a macro we cannot see into */
		const char *fp = strstr(decl, "(*");
		if (!fp || strchr(decl, ','))
			return -1;
		*off = (*off + 7) / 8 * 8 + 8;
		if (*malign < 8)
			*malign = 8;
		return 0;
	}
	char *d = xstrdup(decl);
	char *base = NULL;
	int rc = 0;
	char *save = NULL;
	for (char *part = strtok_r(d, ",", &save); part && !rc; part = strtok_r(NULL, ",", &save)) {
		/* array dimensions */
		long long count = 1;
		char *br;
		while ((br = strchr(part, '['))) {
			char *e = strchr(br, ']');
			if (!e) {
				rc = -1;
				break;
			}
			*e = 0;
			long long dim;
			const char *in = br + 1;
			while (isspace((unsigned char)*in))
				in++;
			if (!*in)
				dim = 0; /* flexible array */
			else if (eval_full(x->a, in, x->page, &dim, &x->via_macro, &x->def) || dim < 0)
				rc = -1;
			count *= dim;
			memmove(br, e + 1, strlen(e + 1) + 1);
		}
		if (rc)
			break;
		/* the declarator name is the last identifier */
		size_t len = strlen(part);
		while (len && isspace((unsigned char)part[len - 1]))
			part[--len] = 0;
		size_t e = len;
		while (e && (part[e - 1] == '_' || isalnum((unsigned char)part[e - 1])))
			e--;
		if (e == len) {
			rc = -1;
			break;
		}
		part[e] = 0;
		int ptr = strchr(part, '*') != NULL;
		if (!base) {
			char *star = strchr(part, '*');
			if (star)
				*star = 0;
			base = xstrdup(part);
		} else if (strspn(part, " *") != strlen(part)) {
			rc = -1;
			break;
		}
		long long sz, al;
		if (ptr) {
			sz = al = 8;
		} else if (type_size(x, base, &sz, &al)) {
			rc = -1;
			break;
		}
		if (al < 1)
			al = 1;
		*off = (*off + al - 1) / al * al + sz * count;
		if (al > *malign)
			*malign = al;
	}
	free(base);
	free(d);
	return rc;
}

static int struct_size(struct px *x, uint32_t name, long long *size, long long *align)
{
	const struct program *p = x->a->prog;
	const struct cstruct *st = NULL;
	for (size_t i = 0; i < p->nstructs; i++) {
		const struct cstruct *c = &p->structs[i];
		if (c->name != name)
			continue;
		if (st) { /* two definitions: the same member list or unknown */
			int same = st->nmembers == c->nmembers;
			for (int k = 0; same && k < c->nmembers; k++)
				same = st->members[k] == c->members[k];
			if (!same)
				return -1;
			continue;
		}
		st = c;
	}
	if (!st || x->depth > 8)
		return -1;
	x->depth++;
	x->via_macro = 1;
	long long off = 0, al = 1;
	int rc = 0;
	for (int k = 0; k < st->nmembers && !rc; k++)
		rc = member_layout(x, istr(st->members[k]), &off, &al);
	x->depth--;
	if (rc)
		return -1;
	*size = (off + al - 1) / al * al;
	*align = al;
	return 0;
}

/* ---------------------------------------------------------------- defines */

uint32_t define_value(const struct program *p, uint32_t name, int *def)
{
	uint32_t v = 0;
	for (size_t i = 0; i < p->ndefines; i++) {
		if (p->defines[i].name != name)
			continue;
		if (v && v != p->defines[i].value)
			return 0; /* defined differently under #ifdef: unknown */
		if (!v)
			*def = (int)i;
		v = p->defines[i].value;
	}
	return v;
}

char *expand_macros(const struct analysis *a, const char *text, int *def)
{
	char *cur = xstrdup(text);
	for (int depth = 0; depth < 8; depth++) {
		struct strbuf b = {0};
		int changed = 0;
		const char *s = cur;
		while (*s) {
			size_t n;
			if (ident_at(s, &n) && (s == cur || !(isalnum((unsigned char)s[-1]) || s[-1] == '_'))) {
				uint32_t id = intern_lookup_n(s, n);
				int d = -1;
				uint32_t v = id ? define_value(a->prog, id, &d) : 0;
				if (v && !(n > 3 && strncmp(s, "GFP_", 4) == 0) && strncmp(s, "__GFP_", 6) != 0) {
					sb_addf(&b, "(%s)", istr(v));
					changed = 1;
					if (def && *def < 0)
						*def = d;
				} else {
					sb_addn(&b, s, n);
				}
				s += n;
			} else {
				sb_addc(&b, *s++);
			}
		}
		free(cur);
		cur = b.s ? b.s : xstrdup("");
		if (!changed)
			break;
	}
	return cur;
}

/* ---------------------------------------------------------------- orders */

const struct mrow *alloc_row_of(const struct analysis *a, int c, int *via_wrapper)
{
	const struct program *p = a->prog;
	*via_wrapper = 0;
	for (int depth = 0; depth < 8 && c >= 0; depth++) {
		const struct call *cl = &p->calls[c];
		if (cl->is_icall)
			return NULL;
		const struct mrow *r = model_find1(a->model, ROW_ALLOC, cl->callee);
		if (r)
			return r;
		if (cl->target < 0 || p->funcs[cl->target].alloc_gfp_param < 0)
			return NULL;
		*via_wrapper = 1;
		c = p->funcs[cl->target].alloc_via_call;
	}
	return NULL;
}

int gfp_arg_index(const struct analysis *a, int c)
{
	const struct program *p = a->prog;
	const struct call *cl = &p->calls[c];
	if (cl->is_icall)
		return -2;
	const struct mrow *r = model_find1(a->model, ROW_ALLOC, cl->callee);
	if (r)
		return r->gfp_idx;
	if (cl->target >= 0 && p->funcs[cl->target].alloc_gfp_param >= 0)
		return p->funcs[cl->target].alloc_gfp_param;
	return -2;
}

void order_text(const struct rorder *o, char *buf, size_t n)
{
	if (o->lo == o->hi)
		snprintf(buf, n, "order %d", o->lo);
	else
		snprintf(buf, n, "order %d to %d", o->hi, o->lo);
}

void call_order(const struct analysis *a, int c, struct rorder *o)
{
	const struct program *p = a->prog;
	const struct call *cl = &p->calls[c];
	memset(o, 0, sizeof(*o));
	o->def = -1;
	const struct mrow *r = cl->is_icall ? NULL : model_find1(a->model, ROW_ALLOC, cl->callee);
	if (!r) {
		snprintf(o->what, sizeof(o->what), "%s() passes the mask to an allocator with an order of its own",
			 istr(cl->callee));
		return;
	}
	if (r->fixed_order >= 0) {
		o->known = 1;
		o->lo = o->hi = r->fixed_order;
		snprintf(o->what, sizeof(o->what), "%s() allocates order %d", istr(cl->callee), r->fixed_order);
	} else if (r->order_idx >= 0 && r->order_idx < cl->nargs) {
		const char *t = istr(cl->args[r->order_idx]);
		long long v[2];
		int ok = 1;
		for (int k = 0; k < 2 && ok; k++)
			ok = !eval_full(a, t, PAGES[k], &v[k], &o->via_macro, &o->def) && v[k] >= 0 && v[k] < 40;
		if (ok) {
			o->known = 1;
			o->lo = (int)v[0];
			o->hi = (int)v[1];
		}
		snprintf(o->what, sizeof(o->what), "order argument '%.150s'", t);
	} else if (r->size_idx >= 0 && r->size_idx < cl->nargs) {
		const char *t = istr(cl->args[r->size_idx]);
		const char *n = r->count_idx >= 0 && r->count_idx < cl->nargs ? istr(cl->args[r->count_idx]) : NULL;
		long long v[2];
		int ok = 1;
		for (int k = 0; k < 2 && ok; k++) {
			long long cnt = 1;
			ok = !eval_full(a, t, PAGES[k], &v[k], &o->via_macro, &o->def) && v[k] >= 0 &&
			     (!n || (!eval_full(a, n, PAGES[k], &cnt, &o->via_macro, &o->def) && cnt >= 0 &&
				     (cnt == 0 || v[k] <= (1LL << 50) / cnt)));
			v[k] *= cnt;
		}
		if (ok) {
			o->known = 1;
			o->lo = order_of_size(v[0], PAGES[0]);
			o->hi = order_of_size(v[1], PAGES[1]);
			if (n)
				snprintf(o->what, sizeof(o->what), "size '%.70s' * '%.70s' = %lld bytes with 4 KiB pages", n,
					 t, v[0]);
			else
				snprintf(o->what, sizeof(o->what), "size '%.140s' = %lld bytes with 4 KiB pages", t, v[0]);
		} else {
			snprintf(o->what, sizeof(o->what), "size '%.70s%s%.70s'", n ? n : "", n ? "' * '" : "", t);
		}
	} else {
		snprintf(o->what, sizeof(o->what), "%s() has no size or order argument gfpcheck can read",
			 istr(cl->callee));
	}
	if (o->known)
		o->cls = o->lo <= COSTLY_ORDER && o->hi <= COSTLY_ORDER ? ORD_CHEAP
			 : o->lo > COSTLY_ORDER && o->hi > COSTLY_ORDER ? ORD_COSTLY
									  : ORD_UNKNOWN;
}

/* ---------------------------------------------------------------- helpers */

static int is_ident_n(const char *s, size_t n)
{
	size_t l;
	return ident_at(s, &l) && l == n;
}

char *drop_flag(const char *expr, const char *tok)
{
	size_t n = strlen(tok);
	const char *s = expr;
	for (const char *q = strstr(s, tok); q; q = strstr(q + 1, tok)) {
		int lb = q == expr || !(q[-1] == '_' || isalnum((unsigned char)q[-1]));
		int rb = !(q[n] == '_' || isalnum((unsigned char)q[n]));
		if (!lb || !rb)
			continue;
		/* `A | TOK` or `TOK | A` */
		const char *l = q, *r = q + n;
		while (l > expr && isspace((unsigned char)l[-1]))
			l--;
		while (isspace((unsigned char)*r))
			r++;
		struct strbuf b = {0};
		if (l > expr && l[-1] == '|' && (l - 1 == expr || l[-2] != '|')) {
			const char *ll = l - 1;
			while (ll > expr && isspace((unsigned char)ll[-1]))
				ll--;
			sb_addn(&b, expr, (size_t)(ll - expr));
			sb_add(&b, q + n);
		} else if (*r == '|' && r[1] != '|') {
			r++;
			while (isspace((unsigned char)*r))
				r++;
			sb_addn(&b, expr, (size_t)(q - expr));
			sb_add(&b, r);
		} else {
			return NULL;
		}
		/* `(GFP_KERNEL)` -> `GFP_KERNEL` when the parentheses hold one word */
		char *t = b.s;
		size_t tl = strlen(t);
		if (tl > 2 && t[0] == '(' && t[tl - 1] == ')' && is_ident_n(t + 1, tl - 2)) {
			memmove(t, t + 1, tl - 2);
			t[tl - 2] = 0;
		}
		return t;
	}
	return NULL;
}

/* ---------------------------------------------------------------- spelled-out masks */

int mask_split(const struct model *m, const char *text, struct maskx *x)
{
	memset(x, 0, sizeof(*x));
	if (gfp_eval(m, text, &x->bits))
		return -1;
	const char *s = text;
	int depth = 0, clr_depth = -1, clr_next = 0;
	while (*s) {
		size_t n;
		if (ident_at(s, &n)) {
			uint32_t id = intern_lookup_n(s, n);
			int cleared = clr_next || clr_depth >= 0;
			if (cleared && x->nclr < 16)
				x->clr[x->nclr++] = id;
			else if (!cleared && x->nset < 16)
				x->set[x->nset++] = id;
			clr_next = 0;
			s += n;
			continue;
		}
		if (*s == '~') {
			const char *q = s + 1;
			while (isspace((unsigned char)*q))
				q++;
			if (*q == '(' && clr_depth < 0) {
				clr_depth = depth;
				depth++;
				s = q + 1;
				continue;
			}
			clr_next = 1;
		} else if (*s == '(') {
			depth++;
		} else if (*s == ')') {
			depth--;
			if (depth == clr_depth)
				clr_depth = -1;
		} else if (*s == '0') {
			/* literal 0 */
		} else if (!strchr("|& \t", *s)) {
			x->other = 1;
		}
		s++;
	}
	return 0;
}

char *mask_canonical(const struct model *m, const struct maskx *x, uint32_t bits)
{
	static const char *const bases[] = {"GFP_KERNEL", "GFP_NOFS", "GFP_NOIO"};
	const uint32_t key = GB_FS | GB_IO | GB_DIRECT_RECLAIM | GB_KSWAPD_RECLAIM;
	for (size_t i = 0; i < sizeof(bases) / sizeof(bases[0]); i++) {
		uint32_t b;
		if (gfp_flag_bits(m, intern(bases[i]), &b) || (b & ~bits) || (b & key) != (bits & key))
			continue;
		uint32_t rest = bits & ~b, got = 0;
		struct strbuf sb = {0};
		sb_add(&sb, bases[i]);
		for (int k = 0; k < x->nset; k++) {
			uint32_t tb;
			if (gfp_flag_bits(m, x->set[k], &tb) || !tb || (tb & ~rest) || (tb & ~got) == 0)
				continue;
			got |= tb;
			sb_addf(&sb, " | %s", istr(x->set[k]));
		}
		if (got == rest)
			return sb.s;
		sb_free(&sb);
	}
	return NULL;
}

void gfp_args(const struct analysis *a, void (*fn)(void *ctx, int call, int arg, int tok), void *ctx)
{
	const struct program *p = a->prog;
	int lastc = -1, lasta = -1;
	/* gfp tokens are sorted by position within a file; an argument's tokens are adjacent */
	for (size_t g = 0; g < p->ngfps; g++) {
		const struct gfptok *t = &p->gfps[g];
		if (t->call < 0 || t->argidx < 0 || t->argidx >= p->calls[t->call].nargs)
			continue;
		if (t->call == lastc && t->argidx == lasta)
			continue;
		lastc = t->call;
		lasta = t->argidx;
		fn(ctx, t->call, t->argidx, (int)g);
	}
}
