/* evidence.c - evidence chains (see evidence.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/evidence.h"
#include "base/util.h"

const char *hop_kind_name(int k)
{
	static const char *const names[HOP__N] = {
		[HOP_CALLER] = "caller",   [HOP_SCOPE] = "scope",       [HOP_TRANS] = "transaction",
		[HOP_LOCK] = "lock",       [HOP_ENTRY] = "entry",       [HOP_ROOT] = "root",
		[HOP_HANDLE] = "handle",   [HOP_NOCALLER] = "no-caller", [HOP_ICALL] = "indirect-call",
		[HOP_RECLAIM] = "reclaim", [HOP_ALLOC] = "allocation",  [HOP_HELD] = "held",
		[HOP_OTHERS] = "other-callers", [HOP_BLOCKER] = "blocker", [HOP_DEFINE] = "define",
		[HOP_MODEL] = "model",     [HOP_RESTORE] = "restore",
	};
	return k >= 0 && k < HOP__N && names[k] ? names[k] : "unknown";
}

int evidence_brief(const char *what)
{
	const char *paren = strstr(what, " (");
	return paren ? (int)(paren - what) : (int)strlen(what);
}

void chain_add(struct chain *c, int kind, const char *file, int line, int call, int fn, int row, const char *fmt,
	       ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	struct evidence e;
	e.file = xstrdup(file);
	e.line = line;
	e.kind = kind;
	e.call = call;
	e.fn = fn;
	e.row = row;
	e.what = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(e.what, (size_t)n + 1, fmt, ap);
	va_end(ap);
	e.brief = evidence_brief(e.what);
	VEC_PUSH(c->ev, c->nev, c->capev, e);
}

void chain_move(struct chain *dst, struct chain *src)
{
	for (int i = 0; i < src->nev; i++)
		VEC_PUSH(dst->ev, dst->nev, dst->capev, src->ev[i]);
	free(src->ev);
	memset(src, 0, sizeof(*src));
}

void chain_free(struct chain *c)
{
	for (int i = 0; i < c->nev; i++) {
		free(c->ev[i].file);
		free(c->ev[i].what);
	}
	free(c->ev);
	memset(c, 0, sizeof(*c));
}
