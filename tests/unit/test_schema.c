/* The fact schema (facts.def): the table itself, docs/FACTS.md against it, the
 * writer (facts_write.c) read back by the loader, and the comment scanner. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "facts/facts_write.h"
#include "facts/program.h"
#include "facts/schema.h"
#include "facts/srcscan.h"
#include "unit.h"
#include "base/util.h"

/* Every record kind and its fields as docs/FACTS.md documents them: table rows
 * "| `KEYWORD` | `FIELDS` | ...".  A kind or a field list that differs, in either
 * direction, fails. */
static void docs_match_table(void)
{
	char *doc = read_file("docs/FACTS.md", NULL);
	CHECK(doc != NULL);
	if (!doc)
		return;
	int seen[FACT__N] = {0};
	int rows = 0, in_table = 0;
	for (char *line = doc; line && *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = 0;
		/* only the tables headed "| record | fields | meaning |" */
		if (strncmp(line, "| record | fields |", 19) == 0)
			in_table = 1;
		else if (line[0] != '|')
			in_table = 0;
		char kw[64], spec[256];
		int n = 0;
		if (!in_table) {
			line = nl ? nl + 1 : NULL;
			continue;
		}
		int got = sscanf(line, "| `%63[^`]` | %n", kw, &n);
		if (got == 1 && n && strncmp(line + n, "(no fields) |", 13) == 0)
			spec[0] = 0;
		else if (got != 1 || sscanf(line, "| `%63[^`]` | `%255[^`]` |", kw, spec) != 2)
			got = 0;
		if (got == 1) {
			/* a '|' in a table cell is written \| */
			for (char *r = spec, *w = spec;; r++) {
				if (r[0] == '\\' && r[1] == '|')
					r++;
				if (!(*w++ = *r))
					break;
			}
			rows++;
			int k = fact_kind_find(kw, strlen(kw));
			if (k < 0) {
				fprintf(stderr, "docs/FACTS.md documents a record '%s' that facts.def does not have\n", kw);
				CHECK(k >= 0);
			} else {
				seen[k]++;
				if (strcmp(fact_schema((enum fact_kind)k)->spec, spec) != 0) {
					fprintf(stderr, "docs/FACTS.md: '%s' has fields `%s`, facts.def `%s`\n", kw, spec,
						fact_schema((enum fact_kind)k)->spec);
					CHECK(0);
				}
			}
		}
		line = nl ? nl + 1 : NULL;
	}
	for (int k = 0; k < FACT__N; k++)
		if (seen[k] != 1) {
			fprintf(stderr, "docs/FACTS.md documents the record '%s' %d times (want once)\n",
				fact_keyword((enum fact_kind)k), seen[k]);
			CHECK(seen[k] == 1);
		}
	CHECK(rows == FACT__N);
	free(doc);
}

/* The parsed fields of every row (schema_table.h, generated at build time) give
 * its FIELDS string of facts.def again, written back as NAME:TYPE with their
 * modifiers, and its field counts follow from them: a facts.def changed without
 * `make facts-schema` fails here. */
static void fields_match_spec(void)
{
	static const char *const types[] = {[FT_FN] = "fn",     [FT_NAME] = "name",   [FT_TEXT] = "text",
					    [FT_POS] = "pos",   [FT_OPOS] = "opos",   [FT_SIZE] = "size",
					    [FT_HASH] = "hash", [FT_HEX] = "hex",     [FT_COND] = "cond",
					    [FT_SUCCS] = "succs", [FT_CALLS] = "calls"};
	for (int k = 0; k < FACT__N; k++) {
		const struct fact_schema *s = fact_schema((enum fact_kind)k);
		char spec[512] = "", t[96];
		int minf = 0, maxf = s->nfields;
		for (int i = 0; i < s->nfields && i < FACT_MAXF; i++) {
			const struct fact_field *f = &s->f[i];
			if (f->type == FT_UINT && f->min)
				snprintf(t, sizeof(t), "uint(%lld,%lld)", f->min, f->max);
			else if (f->type == FT_UINT)
				snprintf(t, sizeof(t), "uint(%lld)", f->max);
			else
				snprintf(t, sizeof(t), "%s", f->type == FT_WORD ? f->words : types[f->type]);
			size_t o = strlen(spec);
			snprintf(spec + o, sizeof(spec) - o, "%s%s%s:%s%s%s", i ? " " : "", f->rep == FR_OPT ? "[" : "", f->name,
				 t, f->rep == FR_COUNTED ? "*" : f->rep == FR_REST ? "..." : "", f->rep == FR_OPT ? "]" : "");
			minf += f->rep == FR_ONE;
			if (f->rep == FR_COUNTED || f->rep == FR_REST)
				maxf = -1;
		}
		if (strcmp(spec, s->spec) != 0 || minf != s->minf || maxf != s->maxf) {
			fprintf(stderr, "checkers/facts/schema_table.h: '%s' has `%s` (min %d, max %d), facts.def `%s`: run "
					"make facts-schema\n",
				s->keyword, spec, s->minf, s->maxf, s->spec);
			CHECK(0);
		}
	}
}

static void table(void)
{
	/* every row parses, keywords are unique, counts are consistent */
	for (int k = 0; k < FACT__N; k++) {
		const struct fact_schema *s = fact_schema((enum fact_kind)k);
		CHECK(s && s->keyword && fact_kind_find(s->keyword, strlen(s->keyword)) == k);
		CHECK(s->minf <= s->nfields && (s->maxf < 0 || s->maxf >= s->minf));
	}
	const struct fact_schema *call = fact_schema(FACT_CALL);
	CHECK(call->nfields == 6 && call->minf == 5 && call->maxf == -1 && call->f[5].rep == FR_COUNTED);
	CHECK(call->f[4].type == FT_UINT && call->f[4].max == 256 && !strcmp(call->f[3].name, "CALLEE"));
	const struct fact_schema *fi = fact_schema(FACT_IF);
	CHECK(fi->minf == 9 && fi->maxf == 10 && fi->f[9].rep == FR_OPT);
	CHECK(fact_field_at(FACT_CALL, 9) == &call->f[5] && fact_field_at(FACT_CALL, 2) == &call->f[2]);
	CHECK(fact_kind_find("callx", 5) < 0 && fact_kind_find("cal", 3) < 0);
	char out[32];
	CHECK(fact_fold("  a \t\n b  ", 10, out, sizeof(out)) == 3 && !strcmp(out, "a b"));
	long long v;
	CHECK(fact_parse_uint("255", 3, 0, 255, &v) == 0 && v == 255);
	CHECK(fact_parse_uint("256", 3, 0, 255, &v) == -1);
	CHECK(fact_parse_uint("18446744073709551617", 20, 0, 255, &v) == -1);
	/* 19 digits above LLONG_MAX: rejected without a signed overflow (fuzz, 2026-12-04) */
	CHECK(fact_parse_uint("9555555555555555555", 19, 0, LLONG_MAX, &v) == -1);
	CHECK(fact_parse_uint("9223372036854775807", 19, 0, LLONG_MAX, &v) == 0 && v == LLONG_MAX);
	CHECK(fact_parse_uint("9223372036854775808", 19, 0, LLONG_MAX, &v) == -1);
	struct fact_pos p;
	CHECK(fact_parse_pos("2147483647:0", 12, &p) == 0 && p.line == 2147483647 && p.col == 0);
	CHECK(fact_parse_pos("2147483648:0", 12, &p) == -1 && fact_parse_pos("1:", 2, &p) == -1);
	docs_match_table();
	fields_match_spec();
}

struct seen {
	char buf[2048];
};

static void collect(void *arg, const struct src_directive *d)
{
	struct seen *s = arg;
	size_t o = strlen(s->buf);
	snprintf(s->buf + o, sizeof(s->buf) - o, "%d:%d-%d[%.*s]\n", d->line, d->col, d->end_col, (int)d->n, d->text);
}

static const char *scan(const char *src)
{
	static struct seen s;
	s.buf[0] = 0;
	src_directives(src, strlen(src), collect, &s);
	return s.buf;
}

static void scanner(void)
{
	CHECK(!strcmp(scan("int x; /* gfpcheck: ignore a -- b */\n"), "1:11-35[gfpcheck: ignore a -- b ]\n"));
	/* literals hide it, an escaped quote does not end them */
	CHECK(!strcmp(scan("s = \"/* gfpcheck: x */\"; c = '\"'; t = \"\\\" // gfpcheck: y\";\n"), ""));
	CHECK(!strcmp(scan("c = '\"'; // gfpcheck: z\n"), "1:13-24[gfpcheck: z]\n"));
	/* two comments on a line, two directives in one comment */
	CHECK(!strcmp(scan("/* gfpcheck: a */ /*gfpcheck: b*/\n// gfpcheck: c gfpcheck: d\n"),
		      "1:4-16[gfpcheck: a ]\n1:21-32[gfpcheck: b]\n2:4-16[gfpcheck: c ]\n2:16-27[gfpcheck: d]\n"));
	/* a block comment over lines: each directive ends with its line; CRLF */
	CHECK(!strcmp(scan("/*\r\n * gfpcheck: e -- f\r\n */ x\r\n"), "2:4-20[gfpcheck: e -- f]\n"));
	/* a line comment continued by a backslash; an unterminated comment */
	CHECK(!strcmp(scan("// a \\\n gfpcheck: g\nint y; /* gfpcheck: h"), "2:2-13[gfpcheck: g]\n3:11-22[gfpcheck: h]\n"));
	CHECK(!strcmp(scan("/* gfpcheck:"), "1:4-13[gfpcheck:]\n"));
	CHECK(!strcmp(scan(""), ""));
}

static void writer(void)
{
	static const char src[] = "void f(void)\n{\n\tx(); /* gfpcheck: ignore a -- b */\n}\n";
	struct facts_writer w;
	fw_init(&w, "unit  test");
	fw_source(&w, src, sizeof(src) - 1);
	fw_begin(&w, FACT_FN);
	fw_str(&w, "f");
	fw_str(&w, "extern");
	fw_pos(&w, 1, 6);
	fw_pos(&w, 4, 2);
	CHECK(fw_end(&w) == 0);
	fw_begin(&w, FACT_CALL);
	fw_str(&w, "f");
	fw_pos(&w, 3, 2);
	fw_pos(&w, 3, 5);
	fw_str(&w, "x");
	fw_uint(&w, 1);
	fw_str(&w, "a\t +\n b"); /* text is folded */
	CHECK(fw_end(&w) == 0);
	fw_comment(&w, "a comment");
	CHECK(fw_raw(&w, "return\tf\t3:9\n# c\n\nbreak\tf\t3:10\r\n", 31) == 0);
	CHECK(fw_finish(&w) == 0 && w.err[0] == 0);
	struct program p;
	memset(&p, 0, sizeof(p));
	char err[512] = "";
	char *text = xstrndup(w.data, w.len);
	int rc = facts_load_text(&p, "w.facts", text, "w.c", err, sizeof(err));
	if (rc)
		fprintf(stderr, "%s\n", err);
	CHECK(rc == 0);
	CHECK(p.nfuncs == 1 && p.ncalls == 1 && p.calls[0].nargs == 1 &&
	      !strcmp(istr(p.calls[0].args[0]), "a + b") && p.nitems == 2);
	CHECK(p.ndirectives == 1 && p.directives[0].pos.line == 3 && p.directives[0].pos.col == 10 &&
	      !strcmp(istr(p.directives[0].text), "gfpcheck: ignore a -- b"));
	CHECK(p.files[0].src_size == (long long)sizeof(src) - 1 && strlen(p.files[0].src_hash) == 32);
	CHECK(p.files[0].text && !strcmp(p.files[0].text, src) && !p.files[0].partial);
	CHECK(strstr(text, "frontend\tunit test\n") && strstr(text, "\n# a comment\n"));
	program_free(&p);
	free(text);
	fw_free(&w);

	/* records that break the schema are not written, and the file fails */
	fw_init(&w, "t");
	fw_begin(&w, FACT_RETURN);
	fw_str(&w, "f");
	fw_pos(&w, 0, 1);
	CHECK(fw_end(&w) == -1);
	CHECK(strstr(w.err, "bad POS '0:1' in 'return' record (expected LINE:COL)") != NULL);
	fw_begin(&w, FACT_GOTO); /* the first error is kept */
	fw_str(&w, "f");
	CHECK(fw_end(&w) == -1 && strstr(w.err, "'return'") != NULL);
	CHECK(fw_finish(&w) == -1 && w.data == NULL);
	fw_free(&w);
	fw_init(&w, "t");
	fw_begin(&w, FACT_GOTO);
	fw_str(&w, "f");
	fw_pos(&w, 1, 1);
	fw_str(&w, "a label");
	CHECK(fw_end(&w) == -1 && strstr(w.err, "bad LABEL 'a label' in 'goto' record") != NULL);
	fw_free(&w);
	fw_init(&w, "t");
	CHECK(fw_raw(&w, "call\tf\t1:1\t1:2\tg\t2\tx\n", 22) == -1 &&
	      strstr(w.err, "'call' record says NARGS 2 but has 1 ARG fields") != NULL);
	fw_free(&w);
	fw_init(&w, "t");
	CHECK(fw_raw(&w, "gfpfacts\t2\n", 11) == -1 && strstr(w.err, "'gfpfacts' record is not written") != NULL);
	fw_free(&w);
	fw_init(&w, "t");
	fw_begin(&w, FACT_SKIPPED); /* a skipped record makes the file partial */
	fw_str(&w, "g");
	fw_str(&w, "parse error");
	CHECK(fw_end(&w) == 0 && fw_finish(&w) == 0 && strstr(w.data, "status\tpartial\n") != NULL);
	fw_free(&w);
}

static void tree_file(void)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/gfpunit.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	int made = mkdtemp(dir) != NULL;
	CHECK(made);
	if (!made) { /* nothing below can run without the directory */
		free(dir);
		return;
	}
	char err[512] = "", *root, *kernel;
	CHECK(facts_tree_read(dir, &root, &kernel, err, sizeof(err)) == 0);
	CHECK(facts_tree_write(dir, "unit", "/some/tree root", "6.1", err, sizeof(err)) == 0);
	CHECK(facts_tree_read(dir, &root, &kernel, err, sizeof(err)) == 1);
	CHECK(root && !strcmp(root, "/some/tree root") && kernel && !strcmp(kernel, "6.1"));
	free(root);
	free(kernel);
	/* the paths the extraction was given */
	const char *sc[] = {"fs", "include/linux"};
	char **got = NULL;
	size_t ngot = 0;
	CHECK(facts_tree_write_scanned(dir, "unit", "/t", "6.1", sc, 2, err, sizeof(err)) == 0);
	CHECK(facts_tree_read_scanned(dir, &root, &kernel, &got, &ngot, err, sizeof(err)) == 1 && ngot == 2 &&
	      !strcmp(got[0], "fs") && !strcmp(got[1], "include/linux"));
	for (size_t i = 0; i < ngot; i++)
		free(got[i]);
	free(got);
	free(root);
	free(kernel);
	CHECK(facts_tree_write(dir, "unit", "/t", NULL, err, sizeof(err)) == 0);
	CHECK(facts_tree_read_scanned(dir, &root, &kernel, &got, &ngot, err, sizeof(err)) == 1 && ngot == 0 &&
	      !got);
	free(root);
	CHECK(facts_tree_read(dir, &root, &kernel, err, sizeof(err)) == 1 && !strcmp(root, "/t") && !kernel);
	free(root);
	char *path = xasprintf("%s/gfpfacts.tree", dir);
	FILE *f = fopen(path, "w");
	CHECK(f != NULL);
	if (!f)
		goto out;
	fputs("gfpfacts\t2\nfrontend\tx\ntree\t/t\n", f); /* no end */
	fclose(f);
	CHECK(facts_tree_read(dir, &root, &kernel, err, sizeof(err)) == -1 &&
	      strstr(err, "gfpfacts.tree:4: error: truncated tree file") != NULL);
	f = fopen(path, "w");
	CHECK(f != NULL);
	if (!f)
		goto out;
	fputs("gfpfacts\t2\nfrontend\tx\nstatus\tok\nend\n", f);
	fclose(f);
	CHECK(facts_tree_read(dir, &root, &kernel, err, sizeof(err)) == -1 &&
	      strstr(err, "gfpfacts.tree:3: error: a 'status' record does not belong here") != NULL);
out:
	remove(path);
	remove(dir);
	free(path);
	free(dir);
}

void test_schema(void)
{
	table();
	scanner();
	writer();
	tree_file();
}
