/* report_html.c - one self-contained HTML page (no external resources): a
 * summary per subsystem (first two path components) and per rule as inline SVG
 * bar charts, a filter by rule, confidence and directory (also driven by the URL
 * fragment, e.g. #rule=missing-nofs&conf=high&dir=fs/ext4), and every finding
 * with its code excerpt and its evidence chain, each hop linked to an excerpt of
 * its own. Source lines are read from the tree root. No timestamps. */
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "report/report.h"
#include "facts/srclines.h"
#include "base/util.h"

/* HTML text: markup characters escaped, bytes that are not well-formed UTF-8
 * (the page says charset=utf-8) replaced by U+FFFD. */
static void h(FILE *out, const char *s)
{
	size_t n = s ? strlen(s) : 0;
	for (; s && *s; s++, n--) {
		if ((unsigned char)*s >= 0x80) {
			size_t l = utf8_seq((const unsigned char *)s, n);
			if (l)
				fwrite(s, 1, l, out);
			else
				fputs(UTF8_REPLACEMENT, out);
			s += l ? l - 1 : 0;
			n -= l ? l - 1 : 0;
			continue;
		}
		switch (*s) {
		case '&':
			fputs("&amp;", out);
			break;
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		case '\'':
			fputs("&#39;", out);
			break;
		default:
			fputc(*s, out);
		}
	}
}

static void hn(FILE *out, const char *s, size_t n)
{
	char *t = xstrndup(s, n);
	h(out, t);
	free(t);
}

/* "fs/ext4/inode.c" -> "fs/ext4"; "fs/x.c" -> "fs"; "x.c" -> "." */
static char *subsystem(const char *file)
{
	const char *a = strchr(file, '/');
	if (!a)
		return xstrdup(".");
	const char *b = strchr(a + 1, '/');
	return b ? xstrndup(file, (size_t)(b - file)) : xstrndup(file, (size_t)(a - file));
}

struct count {
	char *key;
	int n;
};

static void bump(struct count **v, size_t *n, size_t *cap, const char *key)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*v)[i].key, key) == 0) {
			(*v)[i].n++;
			return;
		}
	struct count c = {xstrdup(key), 1};
	VEC_PUSH(*v, *n, *cap, c);
}

static int cmp_count(const void *a, const void *b)
{
	const struct count *x = a, *y = b;
	if (x->n != y->n)
		return x->n > y->n ? -1 : 1;
	return strcmp(x->key, y->key);
}

static const char *const palette[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
				      "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};

static const char *rule_color(int rid)
{
	return palette[(rid < 0 ? 9 : rid) % 10];
}

static const char *rule_color_of(const char *id)
{
	return rule_color(rule_index(id));
}

/* A horizontal bar chart; each bar links to the filter `param=key`. */
static void chart(FILE *out, const char *title, const char *param, const struct count *v, size_t n, int by_rule)
{
	const int bar_h = 22, label_w = 190, bar_w = 300, top = 28;
	int max = 1;
	for (size_t i = 0; i < n; i++)
		if (v[i].n > max)
			max = v[i].n;
	int height = top + (int)n * bar_h + 8;
	fprintf(out, "<figure class=\"chart\"><svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"%d\" height=\"%d\" "
		     "viewBox=\"0 0 %d %d\"><title>",
		label_w + bar_w + 60, height, label_w + bar_w + 60, height);
	h(out, title);
	fprintf(out, "</title><text x=\"0\" y=\"16\" class=\"ct\">");
	h(out, title);
	fputs("</text>\n", out);
	for (size_t i = 0; i < n; i++) {
		int y = top + (int)i * bar_h;
		int w = (int)((double)bar_w * v[i].n / max);
		if (w < 2)
			w = 2;
		fprintf(out, "<a href=\"#%s=", param);
		h(out, v[i].key);
		fputs("\" class=\"bar\"><title>", out);
		h(out, v[i].key);
		fprintf(out, ": %d</title><text x=\"%d\" y=\"%d\" text-anchor=\"end\" class=\"cl\">", v[i].n, label_w - 6,
			y + 15);
		size_t kl = strlen(v[i].key);
		if (kl > 28) {
			fputs("…", out);
			h(out, v[i].key + kl - 27);
		} else
			h(out, v[i].key);
		fprintf(out, "</text><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"2\" fill=\"%s\"/>", label_w, y + 3,
			w, bar_h - 6, by_rule ? rule_color_of(v[i].key) : "#4e79a7");
		fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"cn\">%d</text></a>\n", label_w + w + 6, y + 15, v[i].n);
	}
	fputs("</svg></figure>\n", out);
}

/* Findings per subsystem, each bar stacked by rule (rules[] gives the order and
 * the legend); each segment links to the filter dir=SUB&rule=RULE. */
static void chart_stacked(FILE *out, const char *title, const struct count *subs, size_t n, const struct count *rules,
			  size_t nrl, const struct findings *fs)
{
	const int bar_h = 22, label_w = 190, bar_w = 300, top = 28;
	int max = 1;
	for (size_t i = 0; i < n; i++)
		if (subs[i].n > max)
			max = subs[i].n;
	int legend_y = top + (int)n * bar_h + 10;
	int height = legend_y + (int)((nrl + 2) / 3) * 18 + 6;
	int width = label_w + bar_w + 60;
	fprintf(out, "<figure class=\"chart\"><svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"%d\" "
		     "height=\"%d\" viewBox=\"0 0 %d %d\"><title>",
		width, height, width, height);
	h(out, title);
	fputs("</title><text x=\"0\" y=\"16\" class=\"ct\">", out);
	h(out, title);
	fputs("</text>\n", out);
	for (size_t i = 0; i < n; i++) {
		int y = top + (int)i * bar_h, cum = 0;
		fprintf(out, "<a href=\"#dir=");
		h(out, subs[i].key);
		fputs("\" class=\"bar\"><title>", out);
		h(out, subs[i].key);
		fprintf(out, ": %d</title><text x=\"%d\" y=\"%d\" text-anchor=\"end\" class=\"cl\">", subs[i].n,
			label_w - 6, y + 15);
		size_t kl = strlen(subs[i].key);
		if (kl > 28) {
			fputs("…", out);
			h(out, subs[i].key + kl - 27);
		} else
			h(out, subs[i].key);
		fputs("</text></a>", out);
		for (size_t r = 0; r < nrl; r++) {
			int cnt = 0;
			for (size_t k = 0; k < fs->n; k++) {
				if (strcmp(fs->v[k].rule, rules[r].key) != 0)
					continue;
				char *sub = subsystem(fs->v[k].file);
				cnt += strcmp(sub, subs[i].key) == 0;
				free(sub);
			}
			if (!cnt)
				continue;
			int x0 = label_w + (int)((double)bar_w * cum / max), x1 = label_w + (int)((double)bar_w * (cum + cnt) / max);
			if (x1 - x0 < 2)
				x1 = x0 + 2;
			cum += cnt;
			fputs("<a href=\"#dir=", out);
			h(out, subs[i].key);
			fputs("&amp;rule=", out);
			h(out, rules[r].key);
			fputs("\" class=\"bar\"><title>", out);
			h(out, subs[i].key);
			fputs(", ", out);
			h(out, rules[r].key);
			fprintf(out, ": %d</title><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/></a>", cnt, x0,
				y + 3, x1 - x0, bar_h - 6, rule_color_of(rules[r].key));
		}
		fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"cn\">%d</text>\n",
			label_w + (int)((double)bar_w * cum / max) + 6, y + 15, subs[i].n);
	}
	for (size_t r = 0; r < nrl; r++) {
		int x = (int)(r % 3) * 180, y = legend_y + (int)(r / 3) * 18;
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"%d\" "
			     "class=\"cl\">",
			x, y, rule_color_of(rules[r].key), x + 14, y + 9);
		h(out, rules[r].key);
		fputs("</text>\n", out);
	}
	fputs("</svg></figure>\n", out);
}

/* Lines [line-before, line+after] of file, the line `line` marked, the span
 * [col, col_end) on it highlighted when col > 0. */
static void excerpt(FILE *out, struct srccache *sc, const char *file, int line, int col, int col_end, int before,
		    int after, const char *id)
{
	const struct srcfile *f = src_file(sc, file);
	if (!f->text || line < 1 || line > f->nlines) {
		fprintf(out, "<pre class=\"code missing\"%s%s%s>(source not available: ", id ? " id=\"" : "", id ? id : "",
			id ? "\"" : "");
		h(out, file);
		fputs(")</pre>\n", out);
		return;
	}
	int lo = line - before < 1 ? 1 : line - before, hi = line + after > f->nlines ? f->nlines : line + after;
	fprintf(out, "<pre class=\"code\"%s%s%s>", id ? " id=\"" : "", id ? id : "", id ? "\"" : "");
	for (int l = lo; l <= hi; l++) {
		const char *t = f->line[l - 1];
		fprintf(out, "<span class=\"ln%s\"><i>%d</i>", l == line ? " hit" : "", l);
		size_t len = strlen(t);
		if (l == line && col > 0 && (size_t)col - 1 <= len && col_end > col) {
			size_t s = (size_t)col - 1, e = (size_t)col_end - 1 > len ? len : (size_t)col_end - 1;
			hn(out, t, s);
			fputs("<mark>", out);
			hn(out, t + s, e - s);
			fputs("</mark>", out);
			h(out, t + e);
		} else
			h(out, t);
		fputs("</span>", out); /* block spans: a newline here would double the spacing */
	}
	fputs("</pre>\n", out);
}

static const char css[] =
	"body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;color:#1d2330;background:#f6f7f9}"
	"header{background:#1d2330;color:#fff;padding:14px 24px}header h1{margin:0;font-size:20px}"
	"header p{margin:4px 0 0;color:#c8cdd8}main{padding:16px 24px;max-width:1200px}"
	".charts{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}.chart{background:#fff;border:1px solid #dde1e8;"
	"border-radius:6px;padding:10px;margin:0}.ct{font-weight:600;font-size:14px}.cl,.cn{font-size:12px}"
	".bar:hover rect{opacity:.75}#filters{position:sticky;top:0;background:#f6f7f9;padding:10px 0;"
	"border-bottom:1px solid #dde1e8;display:flex;gap:14px;align-items:center;flex-wrap:wrap;z-index:1}"
	"#filters label{font-weight:600}#filters select,#filters input{font:inherit;padding:2px 4px}"
	".finding{background:#fff;border:1px solid #dde1e8;border-left:5px solid var(--c);border-radius:6px;"
	"margin:12px 0;padding:10px 14px}.finding h3{margin:0 0 4px;font-size:15px}"
	".finding h3 a{color:inherit}.badge{display:inline-block;border-radius:3px;padding:0 6px;"
	"font-size:12px;color:#fff;background:var(--c);margin-right:6px}.conf{background:#6b7280}"
	".conf.high{background:#b91c1c}.conf.medium{background:#c2410c}.conf.low{background:#4b5563}"
	".supp{background:#6d28d9}.msg{margin:4px 0}.fix code{background:#ecfdf5;padding:1px 4px}"
	"pre.code{background:#0f172a;color:#e2e8f0;padding:6px 0;border-radius:4px;overflow-x:auto;"
	"tab-size:8;margin:6px 0}pre.code span{display:block;min-height:1.45em;padding:0 10px}pre.code i{display:inline-block;"
	"width:4em;color:#64748b;font-style:normal;user-select:none}pre.code .hit{background:#334155}"
	"pre.code mark{background:#facc15;color:#111}pre.missing{color:#94a3b8;padding:6px 10px}"
	"ol.chain{margin:4px 0;padding-left:22px}ol.chain li{margin:6px 0}pre.code:target{outline:3px solid #facc15}"
	"#none{color:#6b7280}.footer{color:#6b7280;font-size:12px;margin:24px 0}";

static const char js[] =
	"(function(){\n"
	"var F=[].slice.call(document.querySelectorAll('section.finding'));\n"
	"var R=document.getElementById('f-rule'),C=document.getElementById('f-conf'),"
	"D=document.getElementById('f-dir'),S=document.getElementById('shown');\n"
	"function dirOk(file,d){d=d.replace(/^\\.?\\/+|\\/+$/g,'');return !d||d=='.'&&file.indexOf('/')<0||"
	"(file+'/').indexOf(d+'/')==0;}\n"
	"function apply(upd){var n=0;F.forEach(function(s){var ok=(!R.value||s.dataset.rule==R.value)&&"
	"(!C.value||s.dataset.conf==C.value)&&dirOk(s.dataset.file,D.value);s.hidden=!ok;if(ok)n++;});\n"
	"S.textContent=n;document.body.setAttribute('data-shown',n);"
	"document.getElementById('none').hidden=n>0;\n"
	"if(upd){var q=[];if(R.value)q.push('rule='+encodeURIComponent(R.value));"
	"if(C.value)q.push('conf='+encodeURIComponent(C.value));if(D.value)q.push('dir='+encodeURIComponent(D.value));"
	"history.replaceState(null,'',q.length?'#'+q.join('&'):location.pathname+location.search);}}\n"
	"function fromHash(){var h=location.hash.slice(1);if(h.indexOf('=')<0)return false;"
	"R.value='';C.value='';D.value='';h.split('&').forEach(function(kv){var i=kv.indexOf('=');if(i<0)return;"
	"var k=kv.slice(0,i),v=decodeURIComponent(kv.slice(i+1));if(k=='rule')R.value=v;"
	"else if(k=='conf'||k=='confidence')C.value=v;else if(k=='dir')D.value=v;});return true;}\n"
	"[R,C].forEach(function(e){e.addEventListener('change',function(){apply(true);});});\n"
	"D.addEventListener('input',function(){apply(true);});\n"
	"window.addEventListener('hashchange',function(){if(fromHash())apply(false);});\n"
	"document.getElementById('f-reset').addEventListener('click',function(){R.value='';C.value='';D.value='';"
	"apply(true);});\n"
	"fromHash();apply(false);\n"
	"})();\n";

/* The document head and the page header: tree, version, counts. */
static void html_head(FILE *out, const struct findings *fs, const struct run_stats *st)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
	      "script-src 'unsafe-inline'; img-src data:\">\n<title>gfpcheck report",
	      out);
	if (st->tree) {
		fputs(": ", out);
		h(out, st->tree);
	}
	fprintf(out, "</title>\n<style>%s</style>\n</head>\n<body data-total=\"%zu\">\n", css, fs->n);
	fputs("<header><h1>gfpcheck report</h1><p>", out);
	h(out, st->tree ? st->tree : "");
	if (st->kernel_version && *st->kernel_version) {
		fputs(" &middot; Linux ", out);
		h(out, st->kernel_version);
	}
	fprintf(out, " &middot; %zu finding%s in %zu files, %zu functions", fs->n, fs->n == 1 ? "" : "s", st->files,
		st->functions);
	if (st->suppressed)
		fprintf(out, " &middot; %zu suppressed", st->suppressed);
	if (st->baselined)
		fprintf(out, " &middot; %zu in the baseline", st->baselined);
	if (st->nfailed)
		fprintf(out, " &middot; %zu file%s failed to parse", st->nfailed, st->nfailed == 1 ? "" : "s");
	fputs("</p></header>\n<main>\n", out);
}

/* The filter form: rule, confidence, directory (the subsystems with findings). */
static void html_filters(FILE *out, const struct findings *fs, const struct count *subs, size_t nsubs)
{
	fputs("<form id=\"filters\" onsubmit=\"return false\">\n<label for=\"f-rule\">Rule</label> "
	      "<select id=\"f-rule\"><option value=\"\">all</option>",
	      out);
	for (int r = 0; r < NRULES; r++) {
		fputs("<option>", out);
		h(out, rule_table[r].id);
		fputs("</option>", out);
	}
	fputs("</select>\n<label for=\"f-conf\">Confidence</label> <select id=\"f-conf\"><option value=\"\">all</option>"
	      "<option>high</option><option>medium</option><option>low</option></select>\n"
	      "<label for=\"f-dir\">Directory</label> <input id=\"f-dir\" list=\"dirs\" size=\"24\" "
	      "placeholder=\"e.g. fs/ext4\"><datalist id=\"dirs\">",
	      out);
	for (size_t i = 0; i < nsubs; i++) {
		fputs("<option value=\"", out);
		h(out, subs[i].key);
		fputs("\">", out);
	}
	fprintf(out, "</datalist>\n<button type=\"button\" id=\"f-reset\">reset</button>\n"
		     "<span id=\"count\"><b id=\"shown\">%zu</b> of %zu findings shown</span>\n</form>\n",
		fs->n, fs->n);
	fprintf(out, "<p id=\"none\"%s>No finding matches.</p>\n", fs->n ? " hidden" : "");
}

/* Finding i (0-based) as a section: badges, message, fix, excerpt, evidence. */
static void html_finding(FILE *out, struct srccache *sc, const struct finding *f, size_t i)
{
	char *sub = subsystem(f->file);
	fprintf(out, "<section class=\"finding\" id=\"f%zu\" style=\"--c:%s\" data-rule=\"", i + 1, rule_color(f->rid));
	h(out, f->rule);
	fputs("\" data-conf=\"", out);
	h(out, f->confidence);
	fputs("\" data-dir=\"", out);
	h(out, sub);
	fputs("\" data-file=\"", out);
	h(out, f->file);
	fputs("\">\n<h3><span class=\"badge\">", out);
	h(out, f->rule);
	fputs("</span><span class=\"badge conf ", out);
	h(out, f->confidence);
	fputs("\">", out);
	h(out, f->confidence);
	fputs("</span>", out);
	if (f->suppressed)
		fputs("<span class=\"badge supp\">suppressed</span>", out);
	fprintf(out, "<a href=\"#f%zu\">", i + 1);
	h(out, f->file);
	fprintf(out, ":%d:%d</a>", f->line, f->col);
	if (f->function && *f->function) {
		fputs(" in <code>", out);
		h(out, f->function);
		fputs("()</code>", out);
	}
	fputs("</h3>\n<p class=\"msg\">", out);
	h(out, f->message);
	fputs("</p>\n", out);
	if (f->fix) {
		fputs("<p class=\"fix\">Fix: <code>", out);
		h(out, f->fix);
		fputs("</code></p>\n", out);
	}
	if (f->suppressed) {
		fputs("<p class=\"msg\">Suppressed: ", out);
		h(out, f->suppressed);
		fputs("</p>\n", out);
	}
	excerpt(out, sc, f->file, f->line, f->col, f->col_end, 3, 3, NULL);
	if (f->nev) {
		fputs("<details open><summary>Evidence</summary>\n<ol class=\"chain\">\n", out);
		for (int k = 0; k < f->nev; k++) {
			char id[64];
			snprintf(id, sizeof(id), "f%zu-h%d", i + 1, k + 1);
			fprintf(out, "<li><a href=\"#%s\">", id);
			h(out, f->ev[k].file);
			fprintf(out, ":%d</a> ", f->ev[k].line);
			h(out, f->ev[k].what);
			fputc('\n', out);
			excerpt(out, sc, f->ev[k].file, f->ev[k].line, 0, 0, 1, 1, id);
			fputs("</li>\n", out);
		}
		fputs("</ol>\n</details>\n", out);
	}
	fputs("</section>\n", out);
	free(sub);
}

void report_html(FILE *out, const struct findings *fs, const struct run_stats *st)
{
	struct srccache sc;
	srccache_init(&sc, st->prog);
	struct count *subs = NULL, *rules = NULL;
	size_t nsubs = 0, capsubs = 0, nrl = 0, caprl = 0;
	for (size_t i = 0; i < fs->n; i++) {
		char *s = subsystem(fs->v[i].file);
		bump(&subs, &nsubs, &capsubs, s);
		free(s);
	}
	for (int r = 0; r < NRULES; r++) /* rule order, rules with findings only */
		for (size_t i = 0; i < fs->n; i++)
			if (fs->v[i].rid == r)
				bump(&rules, &nrl, &caprl, rule_table[r].id);
	if (nsubs) /* qsort(NULL, 0) is undefined */
		qsort(subs, nsubs, sizeof(*subs), cmp_count);

	html_head(out, fs, st);
	fputs("<section class=\"charts\" aria-label=\"summary\">\n", out);
	if (fs->n) {
		size_t shown = nsubs > 25 ? 25 : nsubs;
		chart_stacked(out, nsubs > shown ? "Findings per subsystem and rule (top 25)" : "Findings per subsystem and rule",
			      subs, shown, rules, nrl, fs);
		chart(out, "Findings per rule", "rule", rules, nrl, 1);
	}
	fputs("</section>\n", out);
	html_filters(out, fs, subs, nsubs);
	for (size_t i = 0; i < fs->n; i++)
		html_finding(out, &sc, &fs->v[i], i);
	fputs("<p class=\"footer\">gfpcheck " GFPCHECK_VERSION " &middot; self-contained report, works offline</p>\n",
	      out);
	fprintf(out, "</main>\n<script>\n%s</script>\n</body>\n</html>\n", js);
	for (size_t i = 0; i < nsubs; i++)
		free(subs[i].key);
	for (size_t i = 0; i < nrl; i++)
		free(rules[i].key);
	free(subs);
	free(rules);
	srccache_free(&sc);
}
