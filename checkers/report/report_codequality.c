/* report_codequality.c - GitLab's Code Quality report (a JSON array of issues in
 * the Code Climate subset GitLab reads: description, check_name, fingerprint,
 * severity, location.path, location.lines.begin). Severity from the confidence:
 * high major, medium minor, low info. The fingerprint is the stable one of
 * baseline.c, so GitLab tracks a finding across unrelated edits. */
#include <string.h>

#include "report/report.h"

static const char *severity(const char *conf)
{
	if (conf && strcmp(conf, "high") == 0)
		return "major";
	if (conf && strcmp(conf, "medium") == 0)
		return "minor";
	return "info";
}

void report_codequality(FILE *out, const struct findings *fs, const struct run_stats *st)
{
	(void)st;
	fputc('[', out);
	int first = 1;
	for (size_t i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->v[i];
		if (f->suppressed)
			continue;
		fputs(first ? "\n  {" : ",\n  {", out);
		first = 0;
		fputs("\"type\": \"issue\", \"check_name\": ", out);
		json_str(out, f->rule);
		fputs(", \"description\": ", out);
		char buf[2048];
		snprintf(buf, sizeof(buf), "[%s] %s", f->rule, f->message ? f->message : "");
		json_str(out, buf);
		fputs(", \"categories\": [\"Bug Risk\"], \"fingerprint\": ", out);
		json_str(out, f->fingerprint ? f->fingerprint : "");
		fprintf(out, ", \"severity\": \"%s\", \"location\": {\"path\": ", severity(f->confidence));
		json_str(out, f->file);
		fprintf(out, ", \"lines\": {\"begin\": %d}}}", f->line);
	}
	fputs(first ? "]\n" : "\n]\n", out);
}
