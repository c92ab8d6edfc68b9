/* report_sarif.c - SARIF 2.1.0 for code scanning (GitHub, GitLab, IDEs).
 * Rules with their help go in tool.driver.rules; each finding is a result with a
 * level from its confidence (high: error, medium: warning, low: note), a physical
 * location, its evidence chain as a codeFlow, a partialFingerprint (baseline.c)
 * and, where the rule has one, a fix. No timestamps: the output is deterministic. */
#include <string.h>

#include "report/report.h"
#include "facts/srclines.h"
#include "base/util.h"

static const char *level_of(enum conf conf)
{
	return conf == CONF_HIGH ? "error" : conf == CONF_MEDIUM ? "warning" : "note";
}

/* file:// URI of an absolute directory, ending in '/'. */
static void dir_uri(FILE *out, const char *dir)
{
	static const char hex[] = "0123456789ABCDEF";
	fputs("\"file://", out);
	for (const unsigned char *p = (const unsigned char *)dir; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '/' ||
		    *p == '-' || *p == '.' || *p == '_' || *p == '~')
			fputc(*p, out);
		else
			fprintf(out, "%%%c%c", hex[*p >> 4], hex[*p & 15]);
	}
	if (!*dir || dir[strlen(dir) - 1] != '/')
		fputc('/', out);
	fputc('"', out);
}

/* Relative URI reference of a tree path (percent-encodes what a URI may not hold). */
static void rel_uri(FILE *out, const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '/' ||
		    *p == '-' || *p == '.' || *p == '_' || *p == '~' || *p == '+' || *p == ',')
			fputc(*p, out);
		else
			fprintf(out, "%%%c%c", hex[*p >> 4], hex[*p & 15]);
	}
	fputc('"', out);
}

static void artifact(FILE *out, const char *file)
{
	fputs("{\"uri\": ", out);
	rel_uri(out, file);
	fputs(", \"uriBaseId\": \"SRCROOT\"}", out);
}

static void text_obj(FILE *out, const char *s)
{
	fputs("{\"text\": ", out);
	json_str(out, s);
	fputc('}', out);
}

/* A physical location with the line as its snippet and two lines either side as
 * its context region, when the source can be read. */
static void phys(FILE *out, struct srccache *sc, const char *file, int line, int col, int col_end)
{
	if (line < 1)
		line = 1;
	const struct srcfile *sf = src_file(sc, file);
	int have = sf->text && line <= sf->nlines;
	fputs("{\"artifactLocation\": ", out);
	artifact(out, file);
	fprintf(out, ", \"region\": {\"startLine\": %d", line);
	if (col > 0) {
		fprintf(out, ", \"startColumn\": %d", col);
		if (col_end > col)
			fprintf(out, ", \"endColumn\": %d", col_end);
	}
	if (have) {
		fputs(", \"snippet\": ", out);
		text_obj(out, sf->line[line - 1]);
	}
	fputc('}', out);
	if (have) {
		int lo = line > 2 ? line - 2 : 1, hi = line + 2 <= sf->nlines ? line + 2 : sf->nlines;
		struct strbuf b = {0};
		for (int l = lo; l <= hi; l++)
			sb_addf(&b, "%s\n", sf->line[l - 1]);
		fprintf(out, ", \"contextRegion\": {\"startLine\": %d, \"endLine\": %d, \"snippet\": ", lo, hi);
		text_obj(out, b.s);
		fputc('}', out);
		sb_free(&b);
	}
	fputc('}', out);
}

/* A fix that lifts the GFP_NOFS token the finding points at (tok_fix) is offered
 * as GFP_NOFS -> GFP_KERNEL at that token (the fix field holds the whole
 * rewritten expression). Emit it only when the source shows that token there. */
static void fixes(FILE *out, const struct finding *f, struct srccache *sc)
{
	if (!f->fix || !f->tok_fix || f->col < 1 || f->col_end <= f->col)
		return;
	const char *line = src_line(sc, f->file, f->line);
	size_t n = (size_t)(f->col_end - f->col);
	if (!line || strlen(line) < (size_t)f->col_end - 1 || n != 8 || strncmp(line + f->col - 1, "GFP_NOFS", 8) != 0)
		return;
	fputs(",\n      \"fixes\": [{\"description\": {\"text\": ", out);
	char d[600];
	snprintf(d, sizeof(d), "Use %s", f->fix);
	json_str(out, d);
	fputs("}, \"artifactChanges\": [{\"artifactLocation\": ", out);
	artifact(out, f->file);
	fprintf(out,
		", \"replacements\": [{\"deletedRegion\": {\"startLine\": %d, \"startColumn\": %d, \"endColumn\": %d}, "
		"\"insertedContent\": {\"text\": \"%s\"}}]}]}]",
		f->line, f->col, f->col_end, f->tok_fix);
}

void report_sarif(FILE *out, const struct findings *fs, const struct run_stats *st)
{
	struct srccache sc;
	srccache_init(&sc, st->prog);
	fputs("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n", out);
	fputs("  \"runs\": [{\n    \"tool\": {\"driver\": {\n      \"name\": \"gfpcheck\",\n      \"version\": ", out);
	json_str(out, GFPCHECK_VERSION);
	fputs(",\n      \"informationUri\": \"https://docs.kernel.org/core-api/gfp_mask-from-fs-io.html\",\n"
	      "      \"semanticVersion\": ", out);
	json_str(out, GFPCHECK_VERSION);
	fputs(",\n      \"rules\": [", out);
	for (int r = 0; r < NRULES; r++) {
		const struct rule_def *h = &rule_table[r];
		fputs(r ? ",\n        {\"id\": " : "\n        {\"id\": ", out);
		json_str(out, h->id);
		fputs(", \"name\": ", out);
		json_str(out, h->name);
		fputs(",\n         \"shortDescription\": ", out);
		text_obj(out, h->summary);
		fputs(",\n         \"fullDescription\": ", out);
		text_obj(out, h->help);
		fputs(",\n         \"help\": ", out);
		text_obj(out, h->help);
		fputs(",\n         \"defaultConfiguration\": {\"level\": \"warning\"},\n", out);
		fputs("         \"properties\": {\"tags\": [\"gfp\", \"memory-reclaim\"]}}", out);
	}
	fputs("\n      ]\n    }},\n", out);
	fputs("    \"originalUriBaseIds\": {\"SRCROOT\": {\"uri\": ", out);
	dir_uri(out, st->tree ? st->tree : "/");
	fputs("}},\n    \"columnKind\": \"utf16CodeUnits\",\n", out);
	fputs("    \"invocations\": [{\"executionSuccessful\": true", out);
	if (st->nfailed || st->nskipped) {
		fputs(", \"toolExecutionNotifications\": [", out);
		for (size_t i = 0; i < st->nfailed + st->nskipped; i++) {
			int failed = i < st->nfailed;
			const char *m = failed ? st->failed[i] : st->skipped[i - st->nfailed];
			fputs(i ? ", {\"level\": " : "{\"level\": ", out);
			fputs(failed ? "\"error\", \"message\": " : "\"warning\", \"message\": ", out);
			char buf[1200];
			snprintf(buf, sizeof(buf), "%s: %s", failed ? "failed to parse" : "skipped", m);
			text_obj(out, buf);
			fputc('}', out);
		}
		fputc(']', out);
	}
	fputs("}],\n    \"results\": [", out);
	for (size_t i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->v[i];
		int ri = f->rid;
		fputs(i ? ",\n    {" : "\n    {", out);
		fputs("\"ruleId\": ", out);
		json_str(out, f->rule);
		if (ri >= 0)
			fprintf(out, ", \"ruleIndex\": %d", ri);
		fprintf(out, ", \"level\": \"%s\",\n      \"message\": ", level_of(f->conf));
		text_obj(out, f->message);
		fputs(",\n      \"locations\": [{\"physicalLocation\": ", out);
		phys(out, &sc, f->file, f->line, f->col, f->col_end);
		if (f->function && *f->function) {
			fputs(", \"logicalLocations\": [{\"name\": ", out);
			json_str(out, f->function);
			fputs(", \"kind\": \"function\"}]", out);
		}
		fputs("}]", out);
		if (f->nev) {
			fputs(",\n      \"codeFlows\": [{\"threadFlows\": [{\"locations\": [", out);
			for (int k = 0; k < f->nev; k++) {
				fputs(k ? ",\n        {\"location\": {\"physicalLocation\": "
					: "\n        {\"location\": {\"physicalLocation\": ",
				      out);
				phys(out, &sc, f->ev[k].file, f->ev[k].line, 0, 0);
				fputs(", \"message\": ", out);
				text_obj(out, f->ev[k].what);
				/* the hop's kind (analysis/evidence.h), as JSON's `kind` */
				fprintf(out, "}, \"kinds\": [\"%s\"], \"nestingLevel\": 0, \"executionOrder\": %d}",
					hop_kind_name(f->ev[k].kind), k + 1);
			}
			fputs(",\n        {\"location\": {\"physicalLocation\": ", out);
			phys(out, &sc, f->file, f->line, f->col, f->col_end);
			fputs(", \"message\": {\"text\": \"the finding\"}}", out);
			fprintf(out, ", \"nestingLevel\": 0, \"executionOrder\": %d}]}]}]", f->nev + 1);
		}
		if (f->fingerprint) {
			fputs(",\n      \"partialFingerprints\": {\"gfpcheck/v1\": ", out);
			json_str(out, f->fingerprint);
			fputc('}', out);
		}
		fputs(",\n      \"properties\": {\"confidence\": ", out);
		json_str(out, f->confidence);
		if (f->function && *f->function) {
			fputs(", \"function\": ", out);
			json_str(out, f->function);
		}
		fputc('}', out);
		fixes(out, f, &sc);
		if (f->suppressed) {
			fputs(",\n      \"suppressions\": [{\"kind\": \"inSource\", \"justification\": ", out);
			json_str(out, f->suppressed);
			fputs("}]", out);
		}
		fputc('}', out);
	}
	fputs(fs->n ? "\n    ]\n  }]\n}\n" : "]\n  }]\n}\n", out);
	srccache_free(&sc);
}
