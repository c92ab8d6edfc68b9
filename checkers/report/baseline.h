/* baseline.h - stable finding fingerprints and baseline files.
 *
 * A fingerprint is built from the rule, the file, the function, the normalised
 * flag expression at the site and the occurrence index of that key in the file,
 * never from line numbers, so it survives unrelated edits. A baseline file is
 * sorted text, one finding per line:
 *   FILE <TAB> FUNCTION <TAB> RULE <TAB> EXPR <TAB> INDEX <TAB> FINGERPRINT
 */
#ifndef GFPCHECK_BASELINE_H
#define GFPCHECK_BASELINE_H
#include <stddef.h>

#include "rules/finding.h"

struct program;
/* Set f->fingerprint on every finding (fs sorted). Reads the source line of the
 * site from the facts (facts/srclines.h) to find the flag expression; falls back
 * to the fix text. */
void findings_fingerprint(struct findings *fs, const struct program *prog);
/* The normalised expression of a finding's site (no white space), malloc'ed. */
char *finding_site_expr(const struct finding *f, const char *line);
/* Write the baseline of the unsuppressed findings; -1 and err on failure. */
int baseline_write(const struct findings *fs, const struct program *prog, const char *path, char *err, size_t errlen);
/* Drop the findings the baseline holds; *dropped counts them. -1 and err
 * ("path:line: error: ...") on an unreadable or malformed baseline. */
int baseline_filter(struct findings *fs, const char *path, size_t *dropped, char *err, size_t errlen);
/* Parse len bytes of a baseline file: *fps gets the fingerprints (malloc'ed
 * strings). -1 and "path:line: error: ..." on a malformed line or a NUL byte. */
int baseline_parse(const char *path, const char *text, size_t len, char ***fps, size_t *nfps, char *err,
		   size_t errlen);
#endif
