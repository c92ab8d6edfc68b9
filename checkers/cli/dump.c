/* dump.c - --dump-state: the lock/scope state computed before every call. */
#include <stdio.h>

#include "analysis/flow.h"
#include "cli/dump.h"
#include "base/util.h"

void dump_state(const struct analysis *a, FILE *out)
{
	const struct program *p = a->prog;
	/* which functions had their states computed on the front end's CFG */
	for (size_t f = 0; f < p->nfuncs; f++)
		if (p->funcs[f].cfg_n)
			fprintf(out, "cfg\t%s\t%s\t%d blocks\n", p->files[p->funcs[f].file].path,
				istr(p->funcs[f].name), p->funcs[f].cfg_n);
	for (size_t c = 0; c < p->ncalls; c++) {
		const struct stateset *st = &a->states[c];
		if (!st->n)
			continue;
		const struct call *cl = &p->calls[c];
		fprintf(out, "state\t%s\t%d:%d\t%s\t", p->files[cl->file].path, cl->pos.line, cl->pos.col, istr(cl->callee));
		for (int i = 0; i < st->n; i++) {
			fputs(i ? " | " : "", out);
			if (!st->s[i].n)
				fputs("{}", out);
			for (int j = 0; j < st->s[i].n; j++) {
				const struct held *h = &st->s[i].h[j];
				const char *k = h->kind == HK_SCOPE ? "scope" : h->kind == HK_SETTER ? "trans" : "lock";
				fprintf(out, "%s%s:%s(%s)", j ? "," : "", k,
					h->row >= 0 ? istr(a->model->rows[h->row].name) : "?", istr(h->key));
			}
		}
		fputc('\n', out);
	}
}

