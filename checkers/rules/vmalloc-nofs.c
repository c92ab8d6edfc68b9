/* vmalloc-nofs: a vmalloc- or kvmalloc-family call given a GFP_NOFS or GFP_NOIO
 * mask in a kernel older than the allocator's honours-nofs= version (5.17 in
 * model/allocators.txt: commits 451769ebb7e7 and a421ef303008). Before it,
 * __vmalloc() allocated its page tables with GFP_KERNEL whatever the mask, and
 * kvmalloc() with such a mask never fell back to vmalloc. The fix wraps the call
 * in the matching scope (memalloc_nofs_save since 4.12, memalloc_noio_save since
 * 3.9: the FIXON column of rules.def) and passes GFP_KERNEL; `fix` holds the rewritten mask, `noio` the scope
 * kind. A call that every path reaches inside such a scope already is
 * not reported. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/gfpexpr.h"
#include "analysis/noio.h"
#include "analysis/order.h"
#include "rules/rules.h"
#include "base/util.h"

void rule_vmalloc_nofs(struct rulectx *rc)
{
	struct analysis *a = rc->a;
	const struct sites *S = rc->s;
	const struct program *p = a->prog;
	int v = a->model->version;
	for (size_t i = 0; i < S->n; i++) {
		const struct asite *s = &S->v[i];
		int vw;
		const struct mrow *r = alloc_row_of(a, s->call, &vw);
		if (!r || !r->honours_nofs || r->gfp_idx < 0 || !s->mask_known || s->expr == 0)
			continue;
		if (v && v >= r->honours_nofs)
			continue;
		if ((s->mask & GB_FS) || !(s->mask & GB_DIRECT_RECLAIM))
			continue;
		int noio = !(s->mask & GB_IO);
		int origin;
		if (!noio && s->cv.cls && !(s->cv.cls & ~(unsigned)(PC_SCOPE | PC_TRANS)))
			continue; /* inside a NOFS scope on every path: vmalloc inherits it */
		if (noio && call_always_noio(a, s->call, &origin))
			continue;
		const char *kind = noio ? "noio" : "nofs", *mask = noio ? "GFP_NOIO" : "GFP_NOFS";
		const struct call *cl = &p->calls[s->call];
		int fam_kv = r->family && strcmp(istr(r->family), "kvmalloc") == 0;
		struct finding *f = finding_at_token(rc, R_vmalloc_nofs, v ? CONF_HIGH : CONF_MEDIUM, -1, s->call);
		f->noio = noio;
		int has_api = rule_fix_on(R_vmalloc_nofs, v, noio); /* rules.def: the scope API, NOFS 4.12, NOIO 3.9 */
		const struct gfptok *t = s->tok >= 0 ? &p->gfps[s->tok] : NULL;
		if (has_api && t && t->call == s->call)
			f->fix = gfp_replace_token(istr(s->expr), mask, "GFP_KERNEL");
		char ver[64];
		if (v)
			snprintf(ver, sizeof(ver), "in this %d.%d tree", v / 1000, v % 1000);
		else
			snprintf(ver, sizeof(ver), "before Linux %d.%d", r->honours_nofs / 1000, r->honours_nofs % 1000);
		finding_msg(f, "%s() %s %s%s: wrap it in memalloc_%s_save()/memalloc_%s_restore() and pass GFP_KERNEL%s",
			    istr(cl->callee), fam_kv ? "never falls back to vmalloc with" : "ignores", mask,
			    fam_kv ? "" : " for its page tables", kind, kind, "");
		{
			char *m = xasprintf("%s (%s)", f->message, ver);
			free(f->message);
			f->message = m;
		}
		if (vw)
			finding_hop(f, HOP_ALLOC, p->files[cl->file].path, cl->pos.line, s->call, cl->fn, -1,
				    "%s() passes the mask on to a vmalloc-family allocator", istr(cl->callee));
		finding_hop(f, HOP_MODEL, p->files[cl->file].path, cl->pos.line, -1, -1, (int)(r - a->model->rows),
			    "%s honours %s only since %d.%d (model/allocators.txt)", istr(r->name), mask,
			    r->honours_nofs / 1000, r->honours_nofs % 1000);
		if (!has_api)
			note_no_scope_api(rc, f);
	}
}
