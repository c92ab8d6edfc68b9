/* fuzz_facts.c - the facts parser (docs/FACTS.md): one facts file of any bytes
 * loaded into an empty program. */
#include "base/util.h"
#include "facts/program.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size);
	struct program p;
	memset(&p, 0, sizeof(p));
	p.root = "/nonexistent";
	char err[1024];
	(void)facts_load_text(&p, "fuzz.facts", text, "fs/fuzz/fuzz.c", err, sizeof(err));
	program_free(&p);
	intern_reset();
	free(text);
	return 0;
}
