/* fuzz_suppress.c - the `gfpcheck: ignore RULE -- REASON` directive parser, on
 * every line of the input. */
#include "base/util.h"
#include "fuzz.h"
#include "rules/suppress.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size);
	for (char *line = text; line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = 0;
		struct suppression s;
		if (suppression_parse(line, &s)) {
			size_t len = strlen(line);
			if (s.col < 1 || s.col_end < s.col || (size_t)s.col_end > len + 1 || strlen(s.rule) >= sizeof(s.rule) ||
			    strlen(s.reason) >= sizeof(s.reason))
				abort(); /* a span outside the line, or an unterminated field */
		}
		line = nl ? nl + 1 : NULL;
	}
	free(text);
	return 0;
}
