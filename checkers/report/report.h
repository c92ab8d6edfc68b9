/* report.h - report writers. */
#ifndef GFPCHECK_REPORT_H
#define GFPCHECK_REPORT_H
#include <stdio.h>

#include "rules/rules.h"

struct program;
struct run_stats {
	const char *tree;
	const struct program *prog; /* the source lines reports quote (facts/srclines.h) */
	const char *kernel_version; /* "6.1" or "" */
	size_t files, files_failed, files_partial, functions, calls, edges;
	size_t context_headers; /* headers of include/ read as context (not in files) */
	char **failed;   /* "path: reason" for failed files and skipped functions */
	size_t nfailed;
	char **skipped;
	size_t nskipped;
	double t_extract, t_load, t_graph, t_flow, t_context, t_rules, t_report;
	double m_load, m_graph, m_flow, m_context, m_rules; /* peak RSS of gfpcheck itself after each phase, MiB */
	size_t cache_hits;
	/* indirect calls: sites, resolved, unresolved (no candidate / too many),
	 * calls through function-pointer parameters, target counts (median, max) */
	size_t icall_sites, icall_resolved, icall_none, icall_many, icall_params, icall_vars;
	size_t icall_typed; /* member calls typed from the struct facts (icall.c) */
	size_t icall_median, icall_max;
	size_t icall_summaries; /* resolved sites that apply their targets' agreed flow summary */
	size_t reclaim_entries, reclaim_classes; /* reclaim entry functions, lock classes they take */
	size_t suppressed; /* findings suppressed in the source (suppress.c) */
	size_t baselined; /* findings dropped because the baseline holds them */
	int min_conf_set, min_conf; /* --min-confidence given, and its level (enum conf) */
	size_t below_conf; /* findings dropped below --min-confidence */
};

/* Format registry (report_registry.c). */
struct report_format {
	const char *name;
	void (*write)(FILE *out, const struct findings *fs, const struct run_stats *st);
};
extern const struct report_format report_formats[];
extern const int nreport_formats;
const struct report_format *report_format_find(const char *name);

void report_text(FILE *out, const struct findings *fs, const struct run_stats *st);
void report_json(FILE *out, const struct findings *fs, const struct run_stats *st);
void json_str(FILE *out, const char *s);
void report_sarif(FILE *out, const struct findings *fs, const struct run_stats *st);
void report_org(FILE *out, const struct findings *fs, const struct run_stats *st);
void report_html(FILE *out, const struct findings *fs, const struct run_stats *st);
void report_codequality(FILE *out, const struct findings *fs, const struct run_stats *st);
#endif
