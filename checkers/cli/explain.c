/* explain.c - --explain-site (see explain.h). */
#include <stdlib.h>
#include <string.h>

#include "analysis/context.h"
#include "analysis/evidence.h"
#include "base/util.h"
#include "cli/explain.h"

int explain_parse(const char *arg, char **file, int *line, char *err, size_t errsz)
{
	const char *c = strrchr(arg, ':');
	char *end = NULL;
	long v = c ? strtol(c + 1, &end, 10) : 0;
	if (!c || c == arg || !c[1] || *end || v < 1 || v > 100000000) {
		snprintf(err, errsz, "--explain-site takes FILE:LINE (e.g. fs/quota/quota_tree.c:117), not '%s'", arg);
		return -1;
	}
	*file = xstrndup(arg, (size_t)(c - arg));
	*line = (int)v;
	return 0;
}

/* Does the program's path p name the user's file f (same path, or f ends in "/p")? */
static int same_file(const char *p, const char *f)
{
	size_t lp = strlen(p), lf = strlen(f);
	if (lf == lp)
		return strcmp(p, f) == 0;
	return lf > lp && f[lf - lp - 1] == '/' && strcmp(f + lf - lp, p) == 0;
}

static const char *const class_names[PC_NKINDS] = {
	"inside a NOFS/NOIO scope (memalloc_*_save)",
	"inside a transaction whose start opens a NOFS scope",
	"a filesystem lock context held that reclaim can take, no scope",
	"callers gfpcheck cannot see, no scope",
	"nothing held, every caller known",
	"locks held, but reclaim cannot enter the superblock (s_umount held for write)",
};

static void print_chain(const struct analysis *a, const struct asite *s, unsigned bit, FILE *fo)
{
	struct chain ch = {0};
	chain_evidence(a, &ch, s->call, bit, &s->cv);
	if (!ch.nev)
		fprintf(fo, "      (no chain recorded)\n");
	for (int i = 0; i < ch.nev; i++)
		fprintf(fo, "      %s:%d: %s\n", ch.ev[i].file, ch.ev[i].line, ch.ev[i].what);
	chain_free(&ch);
}

static const char *const class_short[PC_NKINDS] = {"scope", "transaction", "lock", "callers unknown",
						     "nothing held", "s_umount held"};

/* Every call site of function f (direct and resolved indirect) with the path
 * classes there: each chain above shows one path, this shows them all. */
static void print_callers(const struct analysis *a, int f, FILE *fo)
{
	const struct program *p = a->prog;
	const struct func *fn = &p->funcs[f];
	int n = fn->ncallers + fn->nicallers;
	if (!n)
		return;
	fprintf(fo, "  %s() is called from %d site%s:\n", istr(fn->name), n, n == 1 ? "" : "s");
	for (int i = 0; i < n; i++) {
		int c = i < fn->ncallers ? fn->callers[i] : fn->icallers[i - fn->ncallers];
		const struct call *x = &p->calls[c];
		struct classev cv;
		classes_at(a, c, &cv);
		fprintf(fo, "      %s:%d: %s()%s%s [", p->files[x->file].path, x->pos.line,
			x->fn >= 0 ? istr(p->funcs[x->fn].name) : "(file scope)", x->is_icall ? " through " : "",
			x->is_icall ? istr(x->callee) : "");
		const char *sep = "";
		for (int k = 0; k < PC_NKINDS; k++)
			if (cv.cls & (1u << k)) {
				fprintf(fo, "%s%s", sep, class_short[k]);
				sep = ", ";
			}
		fprintf(fo, "]\n");
	}
}

int explain_site(const struct analysis *a, const struct sites *s, const struct findings *out, const char *file,
		 int line, FILE *fo)
{
	const struct program *p = a->prog;
	int n = 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct asite *as = &s->v[i];
		const struct call *cl = &p->calls[as->call];
		int tline = as->tok >= 0 ? p->gfps[as->tok].pos.line : cl->pos.line;
		if ((tline != line && cl->pos.line != line) || !same_file(p->files[cl->file].path, file))
			continue;
		n++;
		fprintf(fo, "%s:%d: %s(%s) in %s()%s%s%s\n", p->files[cl->file].path, cl->pos.line, istr(cl->callee),
			as->expr ? istr(as->expr) : "implicit mask", cl->fn >= 0 ? istr(p->funcs[cl->fn].name) : "?",
			as->via >= 0 ? " (through the allocator wrapper " : "", as->via >= 0 ? istr(p->funcs[as->via].name) : "",
			as->via >= 0 ? "())" : "");
		if (!as->cv.cls)
			fprintf(fo, "  no path class reaches it (no caller reaches this function)\n");
		for (int k = 0; k < PC_NKINDS; k++) {
			if (!(as->cv.cls & (1u << k)))
				continue;
			fprintf(fo, "  path: %s\n", class_names[k]);
			print_chain(a, as, 1u << k, fo);
		}
		if (cl->fn >= 0)
			print_callers(a, cl->fn, fo);
	}
	int nf = 0;
	for (size_t i = 0; i < out->n; i++) {
		const struct finding *f = &out->v[i];
		if (f->line != line || !same_file(f->file, file))
			continue;
		if (!nf++)
			fprintf(fo, "findings on this line:\n");
		fprintf(fo, "  %s (%s)%s: %s\n", f->rule, f->confidence, f->suppressed ? " [suppressed]" : "", f->message);
	}
	if (n && !nf)
		fprintf(fo, "findings on this line: none\n");
	return n;
}
