/* lockclass.c - lock classes of acquire calls (see lockclass.h). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cexpr.h"
#include "analysis/fntext.h"
#include "analysis/graph.h"
#include "analysis/lockclass.h"
#include "base/util.h"

/* printf into a string and intern it */
static uint32_t intern_f(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static uint32_t intern_f(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return intern(buf);
}

/* ---------------------------------------------------------------- struct index */

struct sidx {
	uint32_t *key;
	int *val;
	size_t cap; /* power of two */
	size_t n;   /* keys in use (the converter memo grows on it) */
};

static size_t slot(const struct sidx *m, uint32_t k)
{
	size_t h = (size_t)k * 2654435761u;
	size_t i = h & (m->cap - 1);
	while (m->key[i] && m->key[i] != k)
		i = (i + 1) & (m->cap - 1);
	return i;
}

static const struct sidx *struct_index(const struct analysis *a)
{
	struct analysis *w = (struct analysis *)a; /* a cache, filled once */
	if (w->structidx)
		return w->structidx;
	const struct program *p = a->prog;
	struct sidx *m = xcalloc(1, sizeof(*m));
	m->cap = 16;
	while (m->cap < p->nstructs * 2 + 16)
		m->cap *= 2;
	m->key = xcalloc(m->cap, sizeof(*m->key));
	m->val = xcalloc(m->cap, sizeof(*m->val));
	for (size_t i = 0; i < p->nstructs; i++) {
		size_t s = slot(m, p->structs[i].name);
		if (!m->key[s]) { /* the first definition of a name */
			m->key[s] = p->structs[i].name;
			m->val[s] = (int)i;
		}
	}
	w->structidx = m;
	return m;
}

static const struct cstruct *struct_def(const struct analysis *a, uint32_t name)
{
	if (!name)
		return NULL;
	const struct sidx *m = struct_index(a);
	size_t s = slot(m, name);
	return m->key[s] ? &a->prog->structs[m->val[s]] : NULL;
}

static void sidx_free(struct sidx *m)
{
	if (m) {
		free(m->key);
		free(m->val);
		free(m);
	}
}

void lockclass_free(struct analysis *a)
{
	sidx_free(a->structidx);
	sidx_free(a->convidx);
	a->structidx = NULL;
	a->convidx = NULL;
	free(a->freed_structs);
	a->freed_structs = NULL;
	a->nfreed_structs = 0;
}

/* ---------------------------------------------------------------- types */

static int idc(char c)
{
	return c == '_' || isalnum((unsigned char)c);
}

uint32_t ctype_name(const char *type)
{
	const char *s = type;
	uint32_t last = 0;
	while (*s) {
		if (!idc(*s)) {
			s++;
			continue;
		}
		const char *b = s;
		while (idc(*s))
			s++;
		size_t n = (size_t)(s - b);
		static const char *const skip[] = {"const", "volatile", "struct", "union", "enum", "__rcu", "__user",
						   "__iomem", "__percpu", "__private", "__randomize_layout", "restrict",
						   "__restrict", "unsigned", "signed"};
		int sk = 0;
		for (size_t k = 0; k < sizeof(skip) / sizeof(skip[0]) && !sk; k++)
			sk = strlen(skip[k]) == n && strncmp(skip[k], b, n) == 0;
		if (!sk && !isdigit((unsigned char)*b)) {
			if (last)
				return 0; /* two words: "long int", or a declarator: not a type name alone */
			last = intern_n(b, n);
		}
	}
	return last;
}

/* The type text of member `m` of struct `sname`, or 0. */
static uint32_t member_type(const struct analysis *a, uint32_t sname, const char *m, size_t mlen)
{
	const struct cstruct *c = struct_def(a, sname);
	for (int i = 0; c && i < c->nmembers; i++) {
		const char *d = istr(c->members[i]);
		if (strchr(d, '(') || strchr(d, '{'))
			continue; /* function pointers, nested definitions */
		/* "TYPE a, *b[4]": the base type is the text before the first declarator */
		char *t = xstrdup(d);
		for (char *o; (o = strchr(t, '['));) { /* drop array dimensions */
			char *cb = strchr(o, ']');
			if (!cb)
				break;
			memmove(o, cb + 1, strlen(cb + 1) + 1);
		}
		char *comma = strchr(t, ',');
		char *first = t;
		if (comma)
			*comma = 0;
		size_t ne = strlen(first);
		while (ne && first[ne - 1] == ' ')
			ne--;
		size_t e = ne;
		while (e && idc(first[e - 1]))
			e--;
		int match = ne - e == mlen && strncmp(first + e, m, mlen) == 0;
		char *base = xstrndup(first, e);
		for (char *q = comma ? comma + 1 : NULL; q && !match;) { /* the other declarators */
			char *nx = strchr(q, ',');
			if (nx)
				*nx = 0;
			size_t l = strlen(q);
			while (l && !idc(q[l - 1]))
				l--;
			size_t b0 = l;
			while (b0 && idc(q[b0 - 1]))
				b0--;
			match = l - b0 == mlen && strncmp(q + b0, m, mlen) == 0;
			q = nx ? nx + 1 : NULL;
		}
		uint32_t r = match ? intern(base) : 0;
		free(base);
		free(t);
		if (r)
			return r;
	}
	return 0;
}

uint32_t var_type(const struct analysis *a, int fn, uint32_t name)
{
	const struct program *p = a->prog;
	if (fn < 0)
		return 0;
	const struct func *f = &p->funcs[fn];
	for (int i = 0; i < f->nparams; i++)
		if (p->params[f->param0 + i].name == name)
			return p->params[f->param0 + i].type;
	for (int i = 0; i < f->nlocals; i++) /* `local` records */
		if (p->locals[f->local0 + i].name == name)
			return p->locals[f->local0 + i].type;
	return 0;
}

/* The return type of the function a call expression s[b, e) calls
 * (`EXT4_SB(sb)`, `ocfs2_get_sb(x)`: `fn` records carry it), or 0. */
static uint32_t call_type(const struct analysis *a, int fn, const char *s, size_t b, size_t e)
{
	size_t i = b;
	while (i < e && idc(s[i]))
		i++;
	if (i == b || i >= e || s[e - 1] != ')')
		return 0;
	size_t j = i;
	while (j < e && s[j] == ' ')
		j++;
	if (j >= e || s[j] != '(')
		return 0;
	size_t k = paren_close(s, j, e);
	if (k != e - 1)
		return 0; /* `f(x)->m` and the like are handled by the member access */
	uint32_t id = intern_lookup_n(s + b, i - b);
	int g = id && fn >= 0 ? graph_resolve(a, a->prog->funcs[fn].file, id) : -1;
	return g >= 0 ? a->prog->funcs[g].ret_type : 0;
}

static int is_var(const struct analysis *a, int fn, uint32_t name)
{
	return var_type(a, fn, name) != 0;
}

/* Strip white space and redundant outer parentheses of s[*b, *e). */
static void trim(const char *s, size_t *b, size_t *e)
{
	for (;;) {
		while (*b < *e && s[*b] == ' ')
			(*b)++;
		while (*e > *b && s[*e - 1] == ' ')
			(*e)--;
		if (*e - *b < 2 || s[*b] != '(' || s[*e - 1] != ')')
			return;
		size_t i = paren_close(s, *b, *e);
		if (i != *e - 1)
			return;
		(*b)++;
		(*e)--;
	}
}

/* The last top-level member access in s[b, e): its operator's offset, or 0. */
static size_t last_member(const char *s, size_t b, size_t e)
{
	int d = 0;
	size_t at = 0;
	for (size_t i = b; i < e; i++) {
		char c = s[i];
		if (c == '(' || c == '[')
			d++;
		else if (c == ')' || c == ']')
			d--;
		else if (!d && c == '-' && i + 1 < e && s[i + 1] == '>')
			at = i;
		else if (!d && c == '.' && !(i > b && isdigit((unsigned char)s[i - 1])))
			at = i;
	}
	return at;
}

/* The member named after the `->` or `.` at s[at]: its start, and *end. */
static size_t member_name(const char *s, size_t at, size_t e, size_t *end)
{
	size_t m = at + (s[at] == '-' ? 2 : 1);
	while (m < e && s[m] == ' ')
		m++;
	size_t me = m;
	while (me < e && idc(s[me]))
		me++;
	*end = me;
	return m;
}

/* The struct name of the type of expression s[b, e) in function fn, or 0. */
/* s[b, *e) without its trailing subscripts (`files[cnt]` -> `files`). */
static void drop_subscripts(const char *s, size_t *b, size_t *e)
{
	while (*e > *b && s[*e - 1] == ']') {
		int d = 0;
		size_t i = *e;
		while (i > *b) {
			i--;
			if (s[i] == ']')
				d++;
			else if (s[i] == '[' && --d == 0)
				break;
		}
		*e = i;
		trim(s, b, e);
	}
}

static uint32_t expr_type(const struct analysis *a, int fn, const char *s, size_t b, size_t e, int depth)
{
	trim(s, &b, &e);
	if (b >= e || depth > 12)
		return 0;
	drop_subscripts(s, &b, &e); /* x[i]: the element has the same struct type */
	if (s[b] == '(') { /* a cast: (struct foo *)x */
		size_t i = paren_close(s, b, e);
		if (i < e) {
			char *t = xstrndup(s + b + 1, i - b - 1);
			uint32_t r = strchr(t, '*') ? ctype_name(t) : 0;
			free(t);
			if (r)
				return r;
		}
	}
	size_t at = last_member(s, b, e);
	if (at) {
		size_t me, m = member_name(s, at, e, &me);
		uint32_t base = expr_type(a, fn, s, b, at, depth + 1);
		uint32_t t = base ? member_type(a, base, s + m, me - m) : 0;
		return t ? ctype_name(istr(t)) : 0;
	}
	size_t i = b;
	while (i < e && idc(s[i]))
		i++;
	if (i == e) /* an identifier */
		return ctype_name(istr(var_type(a, fn, intern_n(s + b, e - b))));
	uint32_t rt = call_type(a, fn, s, b, e);
	return rt ? ctype_name(istr(rt)) : 0; /* a call, or an operator: 0 */
}

uint32_t expr_struct_type(const struct analysis *a, int fn, const char *text)
{
	return expr_type(a, fn, text, 0, strlen(text), 0);
}

static const char *file_dir(const struct analysis *a, int file)
{
	return a->prog->files[file].dir;
}

/* ---------------------------------------------------------------- offsets */

/* A lock picked from an array of locks by pointer arithmetic,
 * `sb->s_writers.rw_sem + level - 1` (the freeze levels, which lockdep keys
 * apart): the offset is part of the class. A constant offset gives "[N]"; an
 * offset computed from parameter K of the function gives "[@K=text]", made
 * constant again at each call site (lock_class_at); anything else gives no key
 * (every element one class, as before). */
static int param_index(const struct analysis *a, int fn, const char *name, size_t n)
{
	if (fn < 0)
		return -1;
	const struct func *f = &a->prog->funcs[fn];
	for (int k = 0; k < f->nparams; k++) {
		const char *pn = istr(a->prog->params[f->param0 + k].name);
		if (strlen(pn) == n && strncmp(pn, name, n) == 0)
			return k;
	}
	return -1;
}

/* `text` (an offset: "+ level - 1") with identifier `name` replaced by `with`,
 * spaces dropped, after a leading "0"; malloc'ed. */
static char *offset_subst(const char *text, const char *name, const char *with)
{
	struct strbuf o = {0};
	sb_add(&o, "0");
	size_t nl = name ? strlen(name) : 0;
	for (const char *q = text; *q;) {
		if (idc(*q)) {
			const char *w = q;
			while (idc(*q))
				q++;
			if (nl && (size_t)(q - w) == nl && strncmp(w, name, nl) == 0)
				sb_addf(&o, "(%s)", with);
			else
				sb_addn(&o, w, (size_t)(q - w));
		} else {
			if (*q != ' ')
				sb_addc(&o, *q);
			q++;
		}
	}
	return o.s;
}

static void offset_key(const struct analysis *a, int fn, const char *s, size_t n, char *key, size_t cap)
{
	key[0] = 0;
	size_t b = 0;
	while (b < n && s[b] == ' ')
		b++;
	if (b >= n || (s[b] != '+' && s[b] != '-') || n - b > 100)
		return;
	char *off = xstrndup(s + b, n - b);
	char *expr = offset_subst(off, NULL, NULL);
	long long v;
	if (cexpr_eval_fn(a, fn, expr, 4096, &v, NULL, NULL) == 0 && v >= 0 && v < 64) {
		snprintf(key, cap, "[%lld]", v);
	} else {
		int k = -1, other = 0;
		for (const char *q = off; *q;) { /* the one parameter it is computed from */
			if (!idc(*q) || isdigit((unsigned char)*q)) {
				while (idc(*q))
					q++;
				if (*q)
					q++;
				continue;
			}
			const char *w = q;
			while (idc(*q))
				q++;
			int pk = param_index(a, fn, w, (size_t)(q - w));
			if (pk >= 0 && k >= 0 && pk != k)
				other = 1;
			else if (pk >= 0)
				k = pk;
		}
		if (k >= 0 && !other)
			snprintf(key, cap, "[@%d=%s]", k, expr + 1);
	}
	free(expr);
	free(off);
}

/* An identifier in capitals: a constant of an enum or a macro the facts may
 * not give the value of. */
static int const_name(const char *s, size_t n)
{
	if (!n || isdigit((unsigned char)s[0]))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!(isupper((unsigned char)s[i]) || isdigit((unsigned char)s[i]) || s[i] == '_'))
			return 0;
	return 1;
}

/* "0+(SB_FREEZE_WRITE)-1" -> "SB_FREEZE_WRITE-1" (in place). */
static const char *offset_symbolic(char *expr)
{
	char *s = expr;
	if (s[0] == '0' && s[1] == '+')
		s += 2;
	char *w = s;
	for (char *r = s; *r; r++)
		if (*r != '(' && *r != ')')
			*w++ = *r;
	*w = 0;
	return s;
}

/* The class `cls` with its offset key "[@K=text]" made what call c passes for
 * parameter K gives: "[N]" when constant, "[@J=...]" when the caller passes its
 * own parameter J, no key otherwise. */
static uint32_t offset_at(const struct analysis *a, int c, uint32_t cls)
{
	const char *s = istr(cls);
	const char *o = strstr(s, "[@");
	if (!o)
		return cls;
	char *eq;
	long k = strtol(o + 2, &eq, 10);
	const struct call *cl = &a->prog->calls[c];
	size_t cut = (size_t)(o - s);
	int t = cl->target;
	if (*eq != '=' || k < 0 || k >= cl->nargs || t < 0 || k >= a->prog->funcs[t].nparams)
		return intern_f("%.*s", (int)cut, s);
	const char *pname = istr(a->prog->params[a->prog->funcs[t].param0 + k].name);
	const char *arg = istr(cl->args[k]);
	char *off = xstrndup(eq + 1, strlen(eq + 1) - 1); /* without the ']' */
	char *expr = offset_subst(off, pname, arg);
	long long v;
	uint32_t r;
	size_t ab = 0, ae = strlen(arg);
	trim(arg, &ab, &ae);
	int j = param_index(a, cl->fn, arg + ab, ae - ab);
	if (cexpr_eval_fn(a, cl->fn, expr, 4096, &v, NULL, NULL) == 0 && v >= 0 && v < 64) {
		r = intern_f("%.*s[%lld]", (int)cut, s, v);
	} else if (const_name(arg + ab, ae - ab)) { /* an enum constant: SB_FREEZE_WRITE */
		r = intern_f("%.*s[%s]", (int)cut, s, offset_symbolic(expr));
	} else if (j >= 0) {
		char *again = offset_subst(off, pname, istr(a->prog->params[a->prog->funcs[cl->fn].param0 + j].name));
		r = intern_f("%.*s[@%d=%s]", (int)cut, s, j, again + 1);
		free(again);
	} else {
		r = intern_f("%.*s", (int)cut, s);
	}
	free(expr);
	free(off);
	return r;
}

/* The class of the lock object expression `s` (text of a lock argument) in
 * function fn of file `file`; *param is set to the parameter index when the
 * lock is `&param->member` (a lock wrapper: the caller's argument decides), or
 * -1. 0 when it cannot be told. */
static uint32_t class_of_text(const struct analysis *a, int fn, int file, const char *s, int *param)
{
	*param = -1;
	size_t b = 0, e = strlen(s);
	trim(s, &b, &e);
	int addr = b < e && s[b] == '&';
	if (addr)
		b++;
	trim(s, &b, &e);
	while (e > b && s[e - 1] == ']') { /* &x->locks[i]: the array's class */
		size_t o = e;
		while (o > b && s[o - 1] != '[')
			o--;
		if (o <= b)
			break;
		e = o - 1;
		trim(s, &b, &e);
	}
	size_t at = last_member(s, b, e);
	if (!at) {
		size_t i = b;
		while (i < e && idc(s[i]))
			i++;
		if (i != e || b == e)
			return 0;
		uint32_t id = intern_n(s + b, e - b);
		if (!addr || is_var(a, fn, id))
			return 0; /* a pointer to a lock: its class depends on where it points */
		return intern_f("g:%s", istr(id)); /* &name: a lock object with a name of its own */
	}
	size_t me, m = member_name(s, at, e, &me);
	if (me == m)
		return 0;
	size_t pb = b, pe = at;
	trim(s, &pb, &pe);
	if (s[at] == '-') /* &param->member */
		*param = param_index(a, fn, s + pb, pe - pb);
	char key[160];
	offset_key(a, fn, s + me, e - me, key, sizeof(key));
	uint32_t t = expr_type(a, fn, s, b, at, 0);
	if (t)
		return intern_f("%s.%.*s%s", istr(t), (int)(me - m), s + m, key);
	/* x->file.run_lock where `file` has no type of its own (a struct or union
	 * written inside x's: `union { struct { ... } file; }`): a lock inside the
	 * object x points to, whose class is x's type with the member path */
	size_t at2 = s[at] == '.' ? last_member(s, b, at) : 0;
	if (at2) {
		size_t me2, m2 = member_name(s, at2, at, &me2);
		uint32_t t2 = me2 > m2 ? expr_type(a, fn, s, b, at2, 0) : 0;
		if (t2)
			return intern_f("%s.%.*s.%.*s%s", istr(t2), (int)(me2 - m2), s + m2, (int)(me - m), s + m, key);
	}
	return intern_f("%s:.%.*s%s", file_dir(a, file), (int)(me - m), s + m, key);
}

/* The length of a lockdep subclass argument s (leading blanks skipped into
 * *s) that names one subclass: a constant spelled as one
 * (NTFS_INODE_MUTEX_SECURITY, I_DATA_SEM_OTHER) or a non-zero number; 0 for
 * anything else (0 is the plain primitive's subclass, a variable can be any). */
static size_t named_subclass(const char **s)
{
	while (**s == ' ')
		(*s)++;
	const char *t = *s;
	size_t n = strlen(t);
	while (n && t[n - 1] == ' ')
		n--;
	if (!n)
		return 0;
	int digits = 1, upper = t[0] >= 'A' && t[0] <= 'Z';
	for (size_t i = 0; i < n; i++) {
		digits &= t[i] >= '0' && t[i] <= '9';
		upper &= (t[i] >= 'A' && t[i] <= 'Z') || (t[i] >= '0' && t[i] <= '9') || t[i] == '_';
	}
	return upper || (digits && !(n == 1 && t[0] == '0')) ? n : 0;
}

/* An integer constant at *t (after `NAME =`): its value. */
static int int_at(const char *t, long *val)
{
	while (*t == ' ' || *t == '\t')
		t++;
	if (!isdigit((unsigned char)*t))
		return 0;
	char *e;
	*val = strtol(t, &e, 0);
	while (*e == 'U' || *e == 'u' || *e == 'L' || *e == 'l')
		e++;
	return !*e || *e == ',' || *e == ' ' || *e == '\t' || *e == '}' || *e == '/';
}

/* The value of the subclass constant name (n bytes) that a lock call in
 * `file` names: an enumerator written `NAME = N` in that file or a header of its
 * directory (ubifs.h: `WB_MUTEX_1 = 0`). 0 when it cannot be told (an
 * enumerator without `=`, a #define: a class of its own, as before). */
static int subclass_value(const struct analysis *a, int file, const char *text, size_t n, long *val)
{
	const struct program *p = a->prog;
	const char *dir = p->files[file].dir;
	char *name = xstrndup(text, n); /* the argument may go on after the name */
	int found = 0;
	for (size_t f = 0; f < p->nfiles && !found; f++) {
		if ((int)f != file && (!p->files[f].is_header || strcmp(p->files[f].dir, dir) != 0))
			continue;
		/* the source cache is a memo of the facts' texts */
		const struct srcfile *sf = file_src((struct analysis *)a, (int)f);
		for (int l = 0; sf->text && l < sf->nlines && !found; l++) {
			const char *q = sf->line[l];
			while (!found && (q = strstr(q, name)) != NULL) {
				int word = (q == sf->line[l] || !idc(q[-1])) && !idc(q[n]);
				const char *t = q + n;
				q += n;
				if (!word)
					continue;
				while (*t == ' ' || *t == '\t')
					t++;
				found = *t == '=' && t[1] != '=' && int_at(t + 1, val);
			}
		}
	}
	free(name);
	return found;
}

/* cls with the subclass sub: "T.m#SUB", before any array key "[...]". */
static uint32_t with_subclass(uint32_t cls, const char *sub, size_t n)
{
	const char *s = istr(cls);
	const char *k = strchr(s, '[');
	size_t at = k ? (size_t)(k - s) : strlen(s);
	return intern_f("%.*s#%.*s%s", (int)at, s, (int)n, sub, s + at);
}

/* The subclass of a lock whose object was taken from a member that a model
 * `objclass` row names (the quota files of struct quota_info.files[]:
 * inode_lock(dqopt->files[cnt])): "STRUCT.MEMBER", or 0. text is the lock
 * call's argument; implied says it is the object itself (a row with class=,
 * inode_lock(inode)), not the address of a lock inside it (&x->lock). */
static uint32_t object_subclass(const struct analysis *a, int fn, const char *text, int implied)
{
	if (!a->model->n || fn < 0)
		return 0;
	size_t b = 0, e = strlen(text);
	trim(text, &b, &e);
	if (!implied) { /* &obj->lock: the object is obj */
		if (b >= e || text[b] != '&')
			return 0;
		b++;
		size_t at = last_member(text, b, e);
		if (!at)
			return 0;
		e = at;
		trim(text, &b, &e);
	}
	drop_subscripts(text, &b, &e); /* files[cnt]: an element of the member */
	size_t at = last_member(text, b, e);
	if (!at)
		return 0;
	size_t me, m = member_name(text, at, e, &me);
	uint32_t st = expr_type(a, fn, text, b, at, 0);
	if (!st || me == m)
		return 0;
	char key[256];
	snprintf(key, sizeof(key), "%s.%.*s", istr(st), (int)(me - m), text + m);
	uint32_t id = intern_lookup(key);
	return id && model_find1(a->model, ROW_OBJCLASS, id) ? id : 0;
}

uint32_t lock_class(const struct analysis *a, int c, const struct mrow *row)
{
	const struct program *p = a->prog;
	const struct call *cl = &p->calls[c];
	if (row->cls_name) {
		int ai = row->arg_idx >= 0 ? row->arg_idx : 0;
		uint32_t sub = ai < cl->nargs ? object_subclass(a, cl->fn, istr(cl->args[ai]), 1) : 0;
		return sub ? with_subclass(row->cls_name, istr(sub), strlen(istr(sub))) : row->cls_name;
	}
	if (row->fs) /* a filesystem's own lock row: its transactions, cluster locks, or the row */
		return row->lkind == LK_TRANS	? intern_f("trans:%s", istr(row->fs))
		       : row->lkind == LK_CLUSTER ? intern_f("cluster:%s", istr(row->fs))
						  : intern_f("row:%s:%s", istr(row->fs), istr(row->name));
	int ai = row->arg_idx >= 0 ? row->arg_idx : 0;
	if (ai >= cl->nargs)
		return 0;
	int param;
	uint32_t cls = class_of_text(a, cl->fn, cl->file, istr(cl->args[ai]), &param);
	uint32_t osub = cls ? object_subclass(a, cl->fn, istr(cl->args[ai]), 0) : 0;
	if (osub)
		cls = with_subclass(cls, istr(osub), strlen(istr(osub)));
	/* lockdep keeps the instances of one per-object class that a subclass tells
	 * apart (ntfs3's ni_lock of the $Secure inode, NTFS_INODE_MUTEX_SECURITY,
	 * and of $Reparse, NTFS_INODE_MUTEX_REPARSE) as classes of their own */
	if (cls && row->subclass_idx >= 0 && row->subclass_idx < cl->nargs && lock_class_level(a, cls) == LC_OBJECT) {
		const char *sub = istr(cl->args[row->subclass_idx]);
		size_t n = named_subclass(&sub);
		long v = 1;
		/* a constant whose value is 0 is the default subclass: ubifs's
		 * lock_4_inodes() takes WB_MUTEX_1, 0, the subclass ubifs_write_inode()'s
		 * mutex_lock() takes */
		if (n && !isdigit((unsigned char)sub[0]) && subclass_value(a, cl->file, sub, n, &v) && v == 0)
			n = 0;
		if (n)
			cls = with_subclass(cls, sub, n);
	}
	if (cls && param >= 0) /* a lock wrapper: "@K|class", keyed again at each call site */
		return intern_f("@%d|%s", param, istr(cls));
	return cls;
}

uint32_t lock_class_at(const struct analysis *a, int c, uint32_t cls)
{
	cls = offset_at(a, c, cls);
	const char *s = istr(cls);
	if (s[0] != '@')
		return cls;
	char *bar;
	long k = strtol(s + 1, &bar, 10);
	uint32_t plain = intern(bar + 1);
	const struct call *cl = &a->prog->calls[c];
	if (k < 0 || k >= cl->nargs)
		return plain;
	/* Only a lock object passed by address (`&F2FS_I(inode)->i_gc_rwsem` for
	 * `&sem->internal_rwsem`) gives the lock a class of the caller's; a pointer
	 * to the struct that holds the lock (`grab(sbi->peer)` for
	 * `mutex_lock(&peer->tree_lock)`) leaves it the wrapper's "myfs_sb.tree_lock". */
	const char *arg = istr(cl->args[k]);
	while (*arg == ' ' || *arg == '(')
		arg++;
	if (*arg != '&') {
		/* the object itself: a subclass of its member (model objclass rows:
		 * inode_lock(dqopt->files[cnt]) takes a quota file's i_rwsem) */
		uint32_t os = !strchr(istr(plain), '#') ? object_subclass(a, cl->fn, istr(cl->args[k]), 1) : 0;
		return os ? with_subclass(plain, istr(os), strlen(istr(os))) : plain;
	}
	int param;
	uint32_t at = class_of_text(a, cl->fn, cl->file, istr(cl->args[k]), &param);
	if (!at)
		return plain;
	/* the subclass the wrapper gives stays with the object passed */
	const char *sub = strchr(bar + 1, '#');
	if (sub && !strchr(istr(at), '#')) {
		size_t n = strcspn(sub + 1, "[");
		at = with_subclass(at, sub + 1, n);
	}
	/* an offset into the wrapper's lock array stays with the object passed */
	const char *key = strchr(bar + 1, '[');
	if (key && !strchr(istr(at), '['))
		at = intern_f("%s%s", istr(at), key);
	return param >= 0 ? intern_f("@%d|%s", param, istr(at)) : at;
}

int lock_class_keyed(uint32_t cls)
{
	const char *s = istr(cls);
	return s[0] == '@' || strstr(s, "[@") != NULL;
}

uint32_t lock_class_unkeyed(uint32_t cls)
{
	const char *s = istr(cls);
	const char *bar = s[0] == '@' ? strchr(s, '|') : NULL;
	if (bar)
		s = bar + 1;
	const char *o = strstr(s, "[@");
	return o ? intern_n(s, (size_t)(o - s)) : bar ? intern(s) : cls;
}

uint32_t lock_class_base(uint32_t cls)
{
	uint32_t u = lock_class_unkeyed(cls);
	const char *s = istr(u);
	const char *sub = strchr(s, '#');
	if (!sub)
		return u;
	size_t n = strcspn(sub, "[");
	return intern_f("%.*s%s", (int)(sub - s), s, sub + n);
}

const char *lock_class_name(uint32_t cls)
{
	const char *s = istr(cls);
	const char *bar = s[0] == '@' ? strchr(s, '|') : NULL;
	return bar ? bar + 1 : s;
}

/* "an" before a name that starts with a vowel read as one (ext4, ocfs2,
 * exfat, isofs), else "a" (btrfs, gfs2, ubifs). */
static const char *article(const char *name)
{
	return name[0] && strchr("aeio", name[0]) ? "an" : "a";
}

char *lock_class_text(uint32_t cls)
{
	const char *s = istr(cls);
	if (s[0] == '@' && strchr(s, '|'))
		s = strchr(s, '|') + 1;
	if (strncmp(s, "g:", 2) == 0)
		return xstrdup(s + 2);
	if (strncmp(s, "trans:", 6) == 0)
		return xasprintf("%s %s transaction", article(s + 6), s + 6);
	if (strncmp(s, "cluster:", 8) == 0)
		return xasprintf("%s %s cluster lock", article(s + 8), s + 8);
	if (strncmp(s, "row:", 4) == 0) { /* "row:FS:NAME": a model lock row of filesystem FS */
		const char *name = strchr(s + 4, ':');
		if (name)
			return xasprintf("the %.*s lock context of %s()", (int)(name - s - 4), s + 4, name + 1);
		return xstrdup("a filesystem lock context");
	}
	const char *c = strstr(s, ":.");
	const char *sub = strchr(s, '#');
	if (sub) /* "T.m#SUB": lockdep's subclass SUB of T.m */
		return xasprintf("%.*s (lockdep subclass %s)", (int)(sub - s), s, sub + 1);
	if (c)
		return xasprintf("->%s (%.*s)", c + 2, (int)(c - s), s);
	return xstrdup(s);
}

/* The struct of a typed class ("T.m", also with a wrapper's key "@1|T.m"), 0
 * for any other; *member gets ".m". */
static uint32_t class_struct(uint32_t cls, const char **member)
{
	const char *s = istr(cls);
	if (s[0] == '@' && strchr(s, '|'))
		s = strchr(s, '|') + 1;
	const char *dot = strchr(s, '.');
	if (!dot || strchr(s, ':'))
		return 0;
	*member = dot;
	return intern_n(s, (size_t)(dot - s));
}

uint32_t lock_class_dirform(const struct analysis *a, uint32_t cls)
{
	const char *dot;
	uint32_t sname = class_struct(cls, &dot);
	const struct cstruct *c = sname ? struct_def(a, sname) : NULL;
	if (!c)
		return 0;
	return intern_f("%s:%s", file_dir(a, c->file), dot);
}

/* Is struct sname one whose objects reclaim frees one by one: the type of the
 * freed object (a reclaim row's `object=`) of a function stored into that row's
 * member (`struct inode *` of ->evict_inode)? */
static int freed_struct(const struct analysis *a, uint32_t sname)
{
	struct analysis *w = (struct analysis *)a; /* a memo, filled on first use */
	if (!w->nfreed_structs) {
		const struct program *p = a->prog;
		size_t cap = 0, n = 0;
		w->freed_structs = NULL;
		for (size_t i = 0; i < p->nrefs; i++) {
			const struct ref *rf = &p->refs[i];
			const char *how = istr(rf->how);
			const char *f = ref_stored_field(how);
			/* the row that names the freed object (nsfs's kind=none row of
			 * ->evict_inode names none) */
			const struct mrow *rows[8], *r = NULL;
			int nr = f ? model_find(a->model, ROW_RECLAIM, intern(f), rows, 8) : 0;
			for (int k = 0; k < nr && !r; k++)
				if (rows[k]->freed_obj >= 0)
					r = rows[k];
			int g = r ? graph_resolve_in(a, rf->file, rf->fn, rf->name) : -1;
			if (g < 0 || r->freed_obj >= p->funcs[g].nparams)
				continue;
			uint32_t t = ctype_name(istr(p->params[p->funcs[g].param0 + r->freed_obj].type));
			int dup = !t;
			for (size_t k = 0; k < n && !dup; k++)
				dup = w->freed_structs[k] == t;
			if (!dup)
				VEC_PUSH(w->freed_structs, n, cap, t);
		}
		w->nfreed_structs = (int)n + 1;
	}
	for (int k = 0; k < w->nfreed_structs - 1; k++)
		if (w->freed_structs[k] == sname)
			return 1;
	return 0;
}

static int embeds(const struct analysis *a, uint32_t t, uint32_t u);

int lock_class_freed(const struct analysis *a, uint32_t cls)
{
	const char *dot;
	uint32_t sname = class_struct(cls, &dot);
	if (!sname || !struct_def(a, sname))
		return 0;
	if (freed_struct(a, sname))
		return 1;
	/* a filesystem's inode info that holds the struct inode reclaim frees
	 * (struct ntfs_inode { ... struct inode vfs_inode; }): one per inode too */
	for (int k = 0; k < a->nfreed_structs - 1; k++)
		if (embeds(a, sname, a->freed_structs[k]))
			return 1;
	return 0;
}

int lock_class_level(const struct analysis *a, uint32_t cls)
{
	const char *s = istr(cls);
	if (s[0] == '@' && strchr(s, '|'))
		s = strchr(s, '|') + 1;
	if (strncmp(s, "g:", 2) == 0)
		return LC_GLOBAL;
	if (strncmp(s, "trans:", 6) == 0)
		return LC_TRANS;
	if (strncmp(s, "cluster:", 8) == 0 || strncmp(s, "row:", 4) == 0)
		return LC_OBJECT;
	const char *dot = strchr(s, '.');
	if (!dot || strchr(s, ':'))
		return LC_UNKNOWN;
	uint32_t sname = intern_n(s, (size_t)(dot - s));
	if (strcmp(istr(sname), "super_block") == 0)
		return LC_SB;
	const struct cstruct *c = struct_def(a, sname);
	if (c && freed_struct(a, sname))
		return LC_OBJECT; /* struct inode points to its superblock, and is one of many */
	for (int i = 0; c && i < c->nmembers; i++) {
		const char *d = istr(c->members[i]);
		if (strstr(d, "struct super_block *") == d)
			return LC_SB; /* a filesystem's superblock info: one per mount */
	}
	return c ? LC_OBJECT : LC_UNKNOWN;
}

/* ---------------------------------------------------------------- object identity */

/* Does struct t hold a struct u itself (a member `struct u name;`, not a pointer)? */
static int embeds(const struct analysis *a, uint32_t t, uint32_t u)
{
	const struct cstruct *c = t && u ? struct_def(a, t) : NULL;
	for (int i = 0; c && i < c->nmembers; i++) {
		const char *d = istr(c->members[i]);
		if (strchr(d, '*') || strchr(d, '(') || strchr(d, ','))
			continue;
		char *dt = xstrdup(d);
		size_t n = strlen(dt);
		while (n && (dt[n - 1] == ' ' || dt[n - 1] == ';'))
			dt[--n] = 0;
		while (n && idc(dt[n - 1])) /* drop the member name */
			dt[--n] = 0;
		int yes = ctype_name(dt) == u;
		free(dt);
		if (yes)
			return 1;
	}
	return 0;
}

/* Is the function or macro `name` a converter: one that returns the object its
 * one argument points into (container_of(): `EXT4_I(inode)`,
 * `JFFS2_INODE_INFO(inode)`), so that its value is the same object? A
 * function counts when it has one parameter and calls container_of() and
 * nothing else, or, where the front end expanded that macro (Clang, sparse),
 * calls nothing and returns a struct that holds its parameter's struct; a
 * macro when container_of() is all its body calls, or one such macro
 * (bcachefs's to_bch_ei() over container_of_or_null()). */
static int converter_d(const struct analysis *a, int file, uint32_t name, int depth)
{
	struct analysis *w = (struct analysis *)a; /* a memo, filled on use */
	const struct program *p = a->prog;
	static const char co[] = "container_of";
	if (strcmp(istr(name), co) == 0)
		return 1;
	struct sidx *m = w->convidx;
	if (!m) {
		m = xcalloc(1, sizeof(*m));
		m->cap = 1024;
		m->key = xcalloc(m->cap, sizeof(*m->key));
		m->val = xcalloc(m->cap, sizeof(*m->val));
		w->convidx = m;
	}
	size_t sl = slot(m, name);
	if (m->key[sl])
		return m->val[sl] == 1;
	int yes = 0;
	int g = graph_resolve(a, file, name);
	if (g >= 0) {
		const struct func *f = &p->funcs[g];
		if (f->nparams == 1 && f->ncalls == 1)
			yes = strcmp(istr(p->calls[f->calls[0]].callee), co) == 0;
		else if (f->nparams == 1 && f->ncalls == 0) /* container_of() expanded (Clang, sparse) */
			yes = embeds(a, ctype_name(istr(f->ret_type)), ctype_name(istr(p->params[f->param0].type)));
	} else {
		int seen = 0;
		for (size_t i = 0; i < p->nmacros; i++) {
			const struct macro *mc = &p->macros[i];
			if (mc->name != name)
				continue;
			int only = mc->ncalled == 1 && mc->called[0] != name && depth < 4 &&
				   converter_d(a, file, mc->called[0], depth + 1);
			yes = seen ? yes && only : only; /* every definition of the name */
			seen = 1;
		}
	}
	if (m->n * 2 + 2 >= m->cap) { /* grow: rehash */
		struct sidx old = *m;
		m->cap *= 2;
		m->key = xcalloc(m->cap, sizeof(*m->key));
		m->val = xcalloc(m->cap, sizeof(*m->val));
		m->n = 0;
		for (size_t i = 0; i < old.cap; i++)
			if (old.key[i]) {
				size_t t = slot(m, old.key[i]);
				m->key[t] = old.key[i];
				m->val[t] = old.val[i];
				m->n++;
			}
		free(old.key);
		free(old.val);
	}
	sl = slot(m, name); /* a macro's callee may have been added meanwhile */
	if (m->key[sl])
		return m->val[sl] == 1;
	m->key[sl] = name;
	m->val[sl] = yes ? 1 : 2;
	m->n++;
	return yes;
}

static int converter(const struct analysis *a, int file, uint32_t name)
{
	return converter_d(a, file, name, 0);
}

static int same_obj(const struct analysis *a, int fn, const char *s, size_t b, size_t e, int k, int addr, int depth);

/* Is local variable `name` of fn only ever assigned converters of the object? */
static int local_alias(const struct analysis *a, int fn, uint32_t name, int k, int depth)
{
	const struct program *p = a->prog;
	const struct func *f = &p->funcs[fn];
	const struct local *l = NULL;
	for (int i = 0; i < f->nlocals && !l; i++)
		if (p->locals[f->local0 + i].name == name)
			l = &p->locals[f->local0 + i];
	if (!l || !l->nassign || l->plain_assign)
		return 0;
	int n = 0;
	for (int i = 0; i < f->ncalls; i++) {
		const struct call *cl = &p->calls[f->calls[i]];
		if (cl->lhs != name)
			continue;
		if (cl->is_icall || cl->nargs < 1 || !converter(a, cl->file, cl->callee))
			return 0;
		const char *t = istr(cl->args[0]);
		if (!same_obj(a, fn, t, 0, strlen(t), k, 0, depth + 1))
			return 0;
		n++;
	}
	return n == l->nassign;
}

/* Does s[b, e) point to the object of parameter k (addr 0: its value is such
 * a pointer), or, with addr 1, is it an lvalue inside that object (what `&`
 * was applied to)? `&x->m` is inside the object x points to whatever m is;
 * the value of `x->m` is another object (a pointer stored in it). */
static int same_obj(const struct analysis *a, int fn, const char *s, size_t b, size_t e, int k, int addr, int depth)
{
	const struct program *p = a->prog;
	trim(s, &b, &e);
	if (b >= e || depth > 8 || fn < 0)
		return 0;
	if (s[b] == '&')
		return !addr && same_obj(a, fn, s, b + 1, e, k, 1, depth + 1);
	if (s[b] == '*')
		return 0;
	if (s[b] == '(') { /* a cast: (struct foo *)x */
		size_t i = paren_close(s, b, e);
		if (i + 1 >= e)
			return 0;
		return same_obj(a, fn, s, i + 1, e, k, addr, depth + 1);
	}
	size_t at = last_member(s, b, e);
	if (at) { /* x->m, x.m, and x->locks[i] */
		size_t me, m = member_name(s, at, e, &me);
		size_t r = me;
		while (r < e && s[r] == ' ')
			r++;
		if (!addr || me == m || (r < e && s[r] != '['))
			return 0; /* a member's value, `x->locks + i`, calls on members... */
		return s[at] == '-' ? same_obj(a, fn, s, b, at, k, 0, depth + 1) : same_obj(a, fn, s, b, at, k, 1, depth + 1);
	}
	if (addr)
		return 0; /* the address of a variable or of a call's value: not the object */
	size_t i = b;
	while (i < e && idc(s[i]))
		i++;
	if (i == e) { /* a variable */
		uint32_t id = intern_lookup_n(s + b, e - b);
		const struct func *f = &p->funcs[fn];
		if (!id)
			return 0;
		if (k < f->nparams && p->params[f->param0 + k].name == id)
			return !p->params[f->param0 + k].reassigned;
		return local_alias(a, fn, id, k, depth);
	}
	/* NAME(arg): a converter of the object */
	size_t j = i;
	while (j < e && s[j] == ' ')
		j++;
	if (i == b || j >= e || s[j] != '(' || paren_close(s, j, e) != e - 1)
		return 0;
	uint32_t id = intern_lookup_n(s + b, i - b);
	if (!id || !converter(a, p->funcs[fn].file, id))
		return 0;
	size_t ae = j + 1;
	int d = 0;
	while (ae < e - 1 && !(d == 0 && s[ae] == ',')) { /* the first argument */
		if (s[ae] == '(' || s[ae] == '[')
			d++;
		else if (s[ae] == ')' || s[ae] == ']')
			d--;
		ae++;
	}
	return same_obj(a, fn, s, j + 1, ae, k, 0, depth + 1);
}

int lock_on_object(const struct analysis *a, int fn, const char *text, int k)
{
	if (k < 0 || !text)
		return 0;
	return same_obj(a, fn, text, 0, strlen(text), k, 0, 0);
}
