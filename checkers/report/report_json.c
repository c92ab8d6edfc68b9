/* report_json.c - one JSON object: version, tree, kernel_version, stats, findings. */
#include <string.h>

#include "base/utf8.h"
#include "report/report.h"

/* A JSON string: quotes, backslashes and control characters escaped, and every
 * byte that is not part of well-formed UTF-8 (sources, identifiers and comments
 * may hold any byte) replaced by U+FFFD, so strict parsers accept the file. */
void json_str(FILE *out, const char *s)
{
	fputc('"', out);
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	size_t n = strlen((const char *)p);
	while (*p) {
		if (*p >= 0x80) {
			size_t l = utf8_seq(p, n);
			if (l)
				fwrite(p, 1, l, out);
			else
				fputs(UTF8_REPLACEMENT, out);
			l = l ? l : 1;
			p += l;
			n -= l;
			continue;
		}
		switch (*p) {
		case '"':
			fputs("\\\"", out);
			break;
		case '\\':
			fputs("\\\\", out);
			break;
		case '\n':
			fputs("\\n", out);
			break;
		case '\t':
			fputs("\\t", out);
			break;
		case '\r':
			fputs("\\r", out);
			break;
		default:
			if (*p < 0x20)
				fprintf(out, "\\u%04x", *p);
			else
				fputc(*p, out);
		}
		p++;
		n--;
	}
	fputc('"', out);
}

static void str_list(FILE *out, char **v, size_t n)
{
	fputc('[', out);
	for (size_t i = 0; i < n; i++) {
		if (i)
			fputs(", ", out);
		json_str(out, v[i]);
	}
	fputc(']', out);
}

void report_json(FILE *out, const struct findings *fs, const struct run_stats *st)
{
	fputs("{\n  \"version\": ", out);
	json_str(out, GFPCHECK_VERSION);
	fputs(",\n  \"tree\": ", out);
	json_str(out, st->tree);
	fputs(",\n  \"kernel_version\": ", out);
	if (st->kernel_version && *st->kernel_version)
		json_str(out, st->kernel_version);
	else
		fputs("null", out);
	fprintf(out, ",\n  \"stats\": {\n    \"files\": %zu,\n", st->files);
	if (st->context_headers)
		fprintf(out, "    \"context_headers\": %zu,\n", st->context_headers);
	fprintf(out, "    \"files_failed\": %zu,\n", st->nfailed);
	fputs("    \"failed\": ", out);
	str_list(out, st->failed, st->nfailed);
	fprintf(out, ",\n    \"files_partial\": %zu,\n    \"skipped\": ", st->files_partial);
	str_list(out, st->skipped, st->nskipped);
	fprintf(out, ",\n    \"functions\": %zu,\n    \"call_sites\": %zu,\n    \"call_edges\": %zu,\n", st->functions,
		st->calls, st->edges);
	fprintf(out, "    \"cache_hits\": %zu,\n", st->cache_hits);
	fprintf(out,
		"    \"indirect_calls\": {\"sites\": %zu, \"resolved\": %zu, \"unresolved_no_candidate\": %zu, "
		"\"unresolved_too_many\": %zu, \"through_parameters\": %zu, \"through_variables\": %zu, \"typed_from_struct_facts\": %zu, \"targets_median\": %zu, \"targets_max\": %zu, "
		"\"summaries_applied\": %zu},\n",
		st->icall_sites, st->icall_resolved, st->icall_none, st->icall_many, st->icall_params, st->icall_vars, st->icall_typed, st->icall_median,
		st->icall_max, st->icall_summaries);
	fprintf(out, "    \"reclaim\": {\"entry_functions\": %zu, \"lock_classes\": %zu},\n", st->reclaim_entries,
		st->reclaim_classes);
	fprintf(out, "    \"suppressed\": %zu,\n    \"baselined\": %zu,\n", st->suppressed, st->baselined);
	if (st->min_conf_set)
		fprintf(out, "    \"min_confidence\": \"%s\",\n    \"below_min_confidence\": %zu,\n",
			conf_name((enum conf)st->min_conf), st->below_conf);
	fprintf(out,
		"    \"seconds\": {\"extract\": %.3f, \"load\": %.3f, \"graph\": %.3f, \"flow\": %.3f, "
		"\"context\": %.3f, \"rules\": %.3f},\n",
		st->t_extract, st->t_load, st->t_graph, st->t_flow, st->t_context, st->t_rules);
	fprintf(out,
		"    \"peak_mib\": {\"load\": %.0f, \"graph\": %.0f, \"flow\": %.0f, \"context\": %.0f, \"rules\": %.0f}\n  },\n",
		st->m_load, st->m_graph, st->m_flow, st->m_context, st->m_rules);
	fputs("  \"findings\": [", out);
	for (size_t i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->v[i];
		fputs(i ? ",\n    {" : "\n    {", out);
		fputs("\"rule\": ", out);
		json_str(out, f->rule);
		fputs(", \"confidence\": ", out);
		json_str(out, f->confidence);
		fputs(", \"file\": ", out);
		json_str(out, f->file);
		fprintf(out, ", \"line\": %d, \"col\": %d, \"col_end\": %d, \"function\": ", f->line, f->col, f->col_end);
		json_str(out, f->function);
		fputs(", \"message\": ", out);
		json_str(out, f->message);
		fputs(", \"evidence\": [", out);
		for (int k = 0; k < f->nev; k++) {
			fputs(k ? ", {\"file\": " : "{\"file\": ", out);
			json_str(out, f->ev[k].file);
			fprintf(out, ", \"line\": %d, \"kind\": \"%s\", \"what\": ", f->ev[k].line, hop_kind_name(f->ev[k].kind));
			json_str(out, f->ev[k].what);
			fputc('}', out);
		}
		fputs("], \"fix\": ", out);
		if (f->fix)
			json_str(out, f->fix);
		else
			fputs("null", out);
		if (f->fingerprint) {
			fputs(", \"fingerprint\": ", out);
			json_str(out, f->fingerprint);
		}
		if (f->suppressed) {
			fputs(", \"suppressed\": ", out);
			json_str(out, f->suppressed);
		}
		fputc('}', out);
	}
	fputs(fs->n ? "\n  ]\n}\n" : "]\n}\n", out);
}
