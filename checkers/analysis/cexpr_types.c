/* cexpr_types.c - sizes and alignments of types for sizeof in constant
 * expressions: basic types and typedefs of the kernel, pointers, enums, and
 * structs laid out from `struct` facts (see cexpr.h for what is left unknown). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cexpr_int.h"
#include "base/util.h"

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
		if (!cx_ident_at(p, &l)) {
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
int cx_type_size(struct px *x, const char *ty, long long *size, long long *align)
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
		*size = *align = x->ptr;
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
		*off = (*off + x->ptr - 1) / x->ptr * x->ptr + x->ptr;
		if (*malign < x->ptr)
			*malign = x->ptr;
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
			else if (cexpr_eval(x->a, in, x->page, &dim, &x->via_macro, &x->def) || dim < 0)
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
			sz = al = x->ptr;
		} else if (cx_type_size(x, base, &sz, &al)) {
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

/* The declared type of variable `name` of x->fn: a parameter, else the one local
 * of that name (two locals of different types: unknown). */
static uint32_t var_type(struct px *x, const char *name, size_t n)
{
	const struct program *p = x->a->prog;
	if (x->fn < 0)
		return 0;
	const struct func *f = &p->funcs[x->fn];
	uint32_t id = intern_lookup_n(name, n), ty = 0;
	if (!id)
		return 0;
	for (int i = 0; i < f->nparams; i++)
		if (p->params[f->param0 + i].name == id)
			return p->params[f->param0 + i].type;
	for (int i = 0; i < f->nlocals; i++)
		if (p->locals[f->local0 + i].name == id) {
			if (ty && ty != p->locals[f->local0 + i].type)
				return 0;
			ty = p->locals[f->local0 + i].type;
		}
	return ty;
}

int cx_expr_type(struct px *x, const char *expr, char *out, size_t n)
{
	const char *s = expr;
	int derefs = 0;
	while (isspace((unsigned char)*s))
		s++;
	while (*s == '*') {
		derefs++;
		s++;
		while (isspace((unsigned char)*s))
			s++;
	}
	size_t len;
	if (!cx_ident_at(s, &len))
		return -1;
	const char *name = s;
	s += len;
	while (isspace((unsigned char)*s))
		s++;
	if (*s == '[') { /* p[i]: one more dereference, i anything without brackets inside */
		const char *e = strchr(s, ']');
		if (!e || memchr(s + 1, '[', (size_t)(e - s - 1)))
			return -1;
		derefs++;
		s = e + 1;
		while (isspace((unsigned char)*s))
			s++;
	}
	if (*s)
		return -1;
	uint32_t ty = var_type(x, name, len);
	if (!ty)
		return -1;
	const char *t = istr(ty);
	if (strchr(t, '[') || strchr(t, '('))
		return -1;
	size_t tl = strlen(t);
	/* drop one trailing `*` per dereference */
	for (int d = 0; d < derefs; d++) {
		while (tl && isspace((unsigned char)t[tl - 1]))
			tl--;
		if (!tl || t[tl - 1] != '*')
			return -1;
		tl--;
	}
	while (tl && isspace((unsigned char)t[tl - 1]))
		tl--;
	if (!tl || tl >= n)
		return -1;
	memcpy(out, t, tl);
	out[tl] = 0;
	x->via_macro = 1;
	return 0;
}
