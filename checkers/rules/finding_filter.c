/* finding_filter.c - drop findings from a list in place, keeping the order. */
#include <string.h>

#include "rules/finding_filter.h"
#include "base/util.h"

size_t findings_filter(struct findings *fs, int (*keep)(struct finding *f, void *ctx), void *ctx)
{
	struct findings trash;
	memset(&trash, 0, sizeof(trash));
	size_t w = 0;
	for (size_t i = 0; i < fs->n; i++) {
		if (keep(&fs->v[i], ctx))
			fs->v[w++] = fs->v[i];
		else
			VEC_PUSH(trash.v, trash.n, trash.cap, fs->v[i]);
	}
	fs->n = w;
	size_t dropped = trash.n;
	findings_free(&trash);
	return dropped;
}
