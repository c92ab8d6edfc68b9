/* fuzz_suppress.c - the suppression directives: the comment scanner every front
 * end runs on the source bytes (facts/srcscan.c) and the directive parser the core
 * runs on what it found (rules/suppress.c), on any input. */
#include "base/util.h"
#include "facts/schema.h"
#include "facts/srcscan.h"
#include "fuzz.h"
#include "rules/suppress.h"

struct in {
	const uint8_t *data;
	size_t size;
};

static void one(void *arg, const struct src_directive *d)
{
	const struct in *in = arg;
	const char *base = (const char *)in->data;
	/* the directive lies inside the input, on one line, where it says */
	if (d->text < base || d->text + d->n > base + in->size || d->n < 9 || memcmp(d->text, "gfpcheck:", 9) ||
	    memchr(d->text, '\n', d->n) || d->line < 1 || d->col < 1 || d->end_col != d->col + (int)d->n)
		abort();
	char *t = malloc(d->n + 1);
	if (!t)
		abort();
	fact_fold(d->text, d->n, t, d->n + 1);
	struct suppression s;
	if (suppression_parse(t, &s)) {
		if (s.nrules < 0 || s.nrules > SUPPRESS_MAXRULES || strlen(s.reason) >= sizeof(s.reason) ||
		    strlen(s.subject) >= sizeof(s.subject) || (!s.problem && (!s.nrules || !s.reason[0])))
			abort(); /* an unterminated field, or a valid directive without rule or reason */
		for (int i = 0; i < s.nrules; i++)
			if (strlen(s.rules[i]) >= sizeof(s.rules[i]))
				abort();
	}
	free(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct in in = {data, size};
	src_directives((const char *)data, size, one, &in);
	return 0;
}
