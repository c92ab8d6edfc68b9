/* report_registry.c - output formats by name. */
#include <string.h>

#include "report/report.h"

const struct report_format report_formats[] = {
	{"text", report_text},
	{"json", report_json},
	{"sarif", report_sarif},
	{"org", report_org},
	{"html", report_html},
	{"codequality", report_codequality},
};
const int nreport_formats = (int)(sizeof(report_formats) / sizeof(report_formats[0]));

const struct report_format *report_format_find(const char *name)
{
	for (int i = 0; i < nreport_formats; i++)
		if (strcmp(report_formats[i].name, name) == 0)
			return &report_formats[i];
	return NULL;
}
