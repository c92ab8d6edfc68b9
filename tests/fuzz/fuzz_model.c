/* fuzz_model.c - the model parser (the model/ tables, --model FILE): any bytes, then the
 * index and the dump over what was loaded. */
#include <stdio.h>

#include "base/util.h"
#include "fuzz.h"
#include "model/model.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct model m;
	memset(&m, 0, sizeof(m));
	char err[1024];
	if (model_load_buf(&m, "fuzz.txt", (const char *)data, size, err, sizeof(err)) == 0) {
		model_index(&m);
		m.version = version_code("6.1");
		FILE *null = fopen("/dev/null", "w");
		if (null) {
			model_dump(&m, null);
			fclose(null);
		}
		for (size_t i = 0; i < m.n; i++)
			(void)model_find1(&m, m.rows[i].kind, m.rows[i].name);
	}
	model_free(&m);
	intern_reset();
	/* version strings on their own */
	char *s = fuzz_cstr(data, size < 64 ? size : 64);
	(void)version_code(s);
	free(s);
	return 0;
}
