/* fuzz_baseline.c - the baseline parser (--baseline FILE). */
#include "fuzz.h"
#include "report/baseline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char **fps = NULL;
	size_t n = 0;
	char err[1024];
	if (baseline_parse("fuzz.baseline", (const char *)data, size, &fps, &n, err, sizeof(err)) == 0)
		for (size_t i = 0; i < n; i++) {
			if (strlen(fps[i]) != 16)
				abort(); /* the parser promised a 16-digit fingerprint */
			free(fps[i]);
		}
	free(fps);
	return 0;
}
