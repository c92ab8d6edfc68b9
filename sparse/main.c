/* main.c - gfpcheck-sparse: the sparse front end of gfpcheck.
 *
 *   gfpcheck-sparse [--facts-dir DIR] [--root DIR] [--no-headers] [-v] SPARSE-ARGS... FILE
 *       as the kernel's CHECK tool: `make C=2 CHECK="gfpcheck-sparse --facts-dir DIR"`
 *       (called once per compiled file with the compiler's flags); always exits 0
 *   gfpcheck-sparse -p BUILD_DIR|compile_commands.json [--facts-dir DIR] [--root DIR]
 *       [-j N] [--force] [-v] [FILE|DIR...]
 *       every file of the compilation database (below the given FILEs/DIRs)
 *
 * Writes one facts file per translation unit (and per header of the tree's own,
 * not under include/) as docs/FACTS.md describes, to DIR/<path relative to the
 * tree root>.facts.  See sparse/README.md. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib.h"
#include "allocate.h"
#include "token.h"
#include "parse.h"
#include "symbol.h"
#include "expression.h"
#include "evaluate.h"
#include "scope.h"

#include "fe.h"
#include "compdb.h"
#include "facts/facts_write.h"

#ifndef GFPCHECK_VERSION
#define GFPCHECK_VERSION "0.0"
#endif

struct fe fe;

const char *gfpsparse_facts_dir, *gfpsparse_root;
#define facts_dir gfpsparse_facts_dir
#define root_opt gfpsparse_root
static int fe_verbose;

static void warnf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void warnf(const char *fmt, ...)
{
	va_list ap;
	fputs("gfpcheck-sparse: warning: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* ---- records ---- */
void fold_field(struct strbuf *b, const char *s)
{
	int sp = 0, any = 0;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
			sp = any;
			continue;
		}
		if (sp)
			sb_addc(b, ' ');
		sp = 0;
		any = 1;
		sb_addc(b, (char)c);
	}
	if (!b->s)
		sb_add(b, "");
}

void rec_add(int owner, int line, int col, const char *fmt, ...)
{
	struct owner *o = &fe.owners[owner];
	if (o->nrecs == o->caprecs) {
		o->caprecs = o->caprecs ? o->caprecs * 2 : 256;
		o->recs = xrealloc(o->recs, sizeof(struct rec) * (size_t)o->caprecs);
	}
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *t = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(t, (size_t)n + 1, fmt, ap);
	va_end(ap);
	struct rec *r = &o->recs[o->nrecs++];
	r->line = line;
	r->col = col;
	r->seq = fe.seq++;
	r->text = t;
}

char *pos_start(int o, int i)
{
	const struct text *tx = &fe.owners[o].tx;
	if (i < 0 || i >= tx->n)
		return xstrdup("-");
	return xasprintf("%d:%d", tx->t[i].line, tx->t[i].col);
}

char *pos_end(int o, int i)
{
	const struct text *tx = &fe.owners[o].tx;
	if (i < 0 || i >= tx->n)
		return xstrdup("-");
	return xasprintf("%d:%d", tx->t[i].line, tx->t[i].col + tx->t[i].len);
}

int owner_of_stream(int stream)
{
	if (stream < 0 || stream >= fe.nstreams)
		return -1;
	return fe.stream_owner[stream];
}

int tok_of_pos(int owner, int line, int spcol)
{
	return text_tok_at(&fe.owners[owner].tx, line, spcol);
}

/* ---- paths ---- */
static int is_tree_root(const char *dir)
{
	struct stat st;
	char *p = xasprintf("%s/Makefile", dir);
	int ok = stat(p, &st) == 0;
	free(p);
	p = xasprintf("%s/Kbuild", dir);
	ok = ok && stat(p, &st) == 0;
	free(p);
	return ok;
}

/* the nearest ancestor of FILE's directory holding Makefile and Kbuild, else the cwd */
static char *find_root(const char *file)
{
	char buf[PATH_MAX];
	if (!realpath(file, buf))
		return NULL;
	char *slash;
	while ((slash = strrchr(buf, '/')) != NULL) {
		*slash = 0;
		if (!*buf)
			break;
		if (is_tree_root(buf))
			return xstrdup(buf);
	}
	return getcwd(buf, sizeof(buf)) ? xstrdup(buf) : NULL;
}

/* PATH relative to ROOT, or NULL when it is not below it */
static char *relative(const char *root, const char *path)
{
	char buf[PATH_MAX];
	if (!realpath(path, buf))
		return NULL;
	size_t l = strlen(root);
	if (strncmp(buf, root, l) == 0 && buf[l] == '/')
		return xstrdup(buf + l + 1);
	return NULL;
}

static int has_include_component(const char *rel)
{
	return strncmp(rel, "include/", 8) == 0 || strstr(rel, "/include/") != NULL;
}

/* ---- one translation unit ---- */
static int add_owner(int stream, const char *path, const char *rel, int is_main)
{
	fe.owners = xrealloc(fe.owners, sizeof(struct owner) * (size_t)(fe.nowners + 1));
	struct owner *o = &fe.owners[fe.nowners];
	memset(o, 0, sizeof(*o));
	o->stream = stream;
	o->path = xstrdup(path);
	o->rel = xstrdup(rel);
	o->is_main = is_main;
	if (text_load(&o->tx, path) != 0) {
		warnf("cannot read %s: %s", path, strerror(errno));
		free(o->path);
		free(o->rel);
		return -1;
	}
	return fe.nowners++;
}

/* classify the streams sparse opened: the main file and the tree's own headers */
static void classify_streams(int main_stream, const char *main_rel)
{
	int old = fe.nstreams;
	if (input_stream_nr <= old)
		return;
	fe.stream_owner = xrealloc(fe.stream_owner, sizeof(int) * (size_t)input_stream_nr);
	for (int s = old; s < input_stream_nr; s++) {
		fe.stream_owner[s] = -1;
		const char *name = input_streams[s].name;
		if (s == main_stream) {
			fe.stream_owner[s] = add_owner(s, name, main_rel, 1);
			continue;
		}
		if (!fe.headers || !name || !*name)
			continue;
		size_t l = strlen(name);
		if (l < 3 || strcmp(name + l - 2, ".h") != 0)
			continue;
		char *rel = relative(fe.root, name);
		if (rel && !has_include_component(rel))
			fe.stream_owner[s] = add_owner(s, name, rel, 0);
		free(rel);
	}
	fe.nstreams = input_stream_nr;
}

static int ident_equal_text(const struct text *tx, int k, struct token *t)
{
	if (token_type(t) != TOKEN_IDENT || tx->t[k].kind != TK_IDENT)
		return 0;
	return (int)t->ident->len == tx->t[k].len && memcmp(t->ident->name, tx->buf + tx->t[k].off, (size_t)t->ident->len) == 0;
}

/* sparse's own sparse(), with a look at the preprocessed tokens: which
 * positions of the owners survived the preprocessor */
static struct symbol_list *run_sparse(char *filename, const char *main_rel)
{
	translation_unit_used_list = NULL;
	new_file_scope();
	int fd = open(filename, O_RDONLY);
	if (fd < 0) {
		warnf("cannot open %s: %s", filename, strerror(errno));
		return NULL;
	}
	base_filename = filename;
	int main_stream = input_stream_nr;
	struct token *token = tokenize(NULL, filename, fd, NULL, includepath);
	close(fd);
	token = preprocess(token);
	classify_streams(main_stream, main_rel);
	for (struct token *t = token; !eof_token(t); t = t->next) {
		int o = owner_of_stream(t->pos.stream);
		if (o < 0)
			continue;
		struct text *tx = &fe.owners[o].tx;
		int k = text_tok_at(tx, (int)t->pos.line, (int)t->pos.pos);
		if (k < 0)
			continue;
		tx->t[k].seen = 1;
		if (tx->t[k].kind == TK_IDENT && !ident_equal_text(tx, k, t))
			tx->t[k].expanded = 1;
	}
	for (int o = 0; o < fe.nowners; o++)
		text_mark_live(&fe.owners[o].tx);
	while (!eof_token(token))
		token = external_declaration(token, &translation_unit_used_list, NULL);
	struct symbol_list *res = translation_unit_used_list;
	/* sparse frees the tokens here; the macro bodies are read later (walk.c),
	 * so one_file() frees them at its end */
	if (has_error & ERROR_CURR_PHASE)
		has_error = ERROR_PREV_PHASE;
	evaluate_symbol_list(res);
	return res;
}

static int cmp_rec(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;
	if (x->line != y->line)
		return x->line - y->line;
	if (x->col != y->col)
		return x->col - y->col;
	return x->seq - y->seq;
}

/* The bytes of a source file (malloc'd, NUL-terminated), or NULL with errno. */
static char *read_all(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *b = malloc(cap + 1);
	for (;;) {
		if (!b)
			break;
		if (n == cap) {
			char *nb = realloc(b, 2 * cap + 1);
			if (!nb) {
				free(b);
				b = NULL;
				break;
			}
			b = nb;
			cap *= 2;
		}
		ssize_t r = read(fd, b + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			free(b);
			b = NULL;
			break;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	if (b) {
		b[n] = 0;
		*len = n;
	}
	return b;
}

static int write_owner(struct owner *o, const char *frontend, int partial, const char *reason)
{
	char *path = xasprintf("%s/%s.facts", facts_dir, o->rel);
	if (!o->is_main) {
		/* a header: rewritten only when the facts are older than it */
		struct stat sh, sf;
		if (stat(path, &sf) == 0 && stat(o->path, &sh) == 0 && sf.st_mtime >= sh.st_mtime) {
			free(path);
			return 0;
		}
	}
	if (o->nrecs > 1)
		qsort(o->recs, (size_t)o->nrecs, sizeof(struct rec), cmp_rec);
	/* the shared writer (facts/facts_write.h): every record checked against
	 * the schema; from the source bytes their hash, the `suppress` records of
	 * its comments and the text reports quote */
	struct facts_writer w;
	fw_init(&w, frontend);
	size_t srclen = 0;
	char *src = read_all(o->path, &srclen);
	if (src)
		fw_source(&w, src, srclen);
	if (partial) {
		fw_partial(&w);
		fw_begin(&w, FACT_SKIPPED);
		fw_str(&w, "-");
		fw_str(&w, reason);
		fw_end(&w);
	}
	for (int i = 0; i < o->nrecs; i++)
		fw_raw(&w, o->recs[i].text, strlen(o->recs[i].text));
	char err[1200];
	int bad = fw_finish(&w);
	if (bad)
		snprintf(err, sizeof(err), "a record breaks the facts schema: %s (a gfpcheck-sparse bug: please report it)", w.err);
	else
		bad = fw_write_file(&w, path, err, sizeof(err));
	fw_free(&w);
	free(src);
	if (bad) {
		warnf("cannot write %s: %s (facts for %s lost; the build goes on)", path, err, o->rel);
		free(path);
		return -1;
	}
	if (fe_verbose)
		fprintf(stderr, "gfpcheck-sparse: wrote %s\n", path);
	free(path);
	return 0;
}

static uint64_t flags_hash;

static void one_file(char *file)
{
	/* one translation unit per process normally; start clean for the next */
	for (int o = 0; o < fe.nowners; o++) {
		for (int i = 0; i < fe.owners[o].nrecs; i++)
			free(fe.owners[o].recs[i].text);
		free(fe.owners[o].recs);
		text_free(&fe.owners[o].tx);
	}
	fe.nowners = 0;
	fe.nfns = 0;
	fe.ncalls = 0;
	walk_reset();
	char *root = root_opt ? xstrdup(root_opt) : find_root(file);
	char rbuf[PATH_MAX];
	if (!root || !realpath(root, rbuf)) {
		warnf("cannot resolve the tree root for %s", file);
		free(root);
		return;
	}
	free(root);
	fe.root = rbuf;
	char *rel = relative(rbuf, file);
	if (!rel) {
		char abuf[PATH_MAX];
		rel = xstrdup(realpath(file, abuf) ? abuf + 1 : file);	/* absolute, below DIR */
	}
	fe.nstreams = input_stream_nr;	/* streams opened before this file are not owners */
	fe.stream_owner = xrealloc(fe.stream_owner, sizeof(int) * (size_t)(fe.nstreams + 1));
	for (int s = 0; s < fe.nstreams; s++)
		fe.stream_owner[s] = -1;
	struct symbol_list *list = run_sparse(file, rel);
	int partial = has_error != 0;
	if (fe.nowners == 0 || fe.owners[0].is_main == 0) {
		warnf("no facts for %s", file);
		free(rel);
		return;
	}

	/* definitions, prototypes, file-scope initialisers */
	/* every file-scope symbol: the translation unit's list holds neither
	 * prototypes nor inline functions */
	(void)list;
	struct symbol_list *scopes[2] = {file_scope->symbols, global_scope->symbols};
	for (int sc = 0; sc < 2; sc++) {
	struct symbol *sym;
	FOR_EACH_PTR(scopes[sc], sym) {
		if (sym->namespace != NS_SYMBOL || sym->type != SYM_NODE)
			continue;
		int o = owner_of_stream(sym->pos.stream);
		if (o < 0 || !sym->ident)
			continue;
		struct symbol *base = sym->ctype.base_type;
		const struct text *tx = &fe.owners[o].tx;
		int k = tok_of_pos(o, (int)sym->pos.line, (int)sym->pos.pos);
		/* a declarator's position is its start: `*name`, `(*name)` */
		for (int j = 0; j < 8 && k >= 0 && k + 1 < tx->n && !tok_is(tx, k, show_ident(sym->ident)) &&
				(tok_is(tx, k, "*") || tok_is(tx, k, "(") || tx->t[k].kind == TK_IDENT); j++)
			k++;
		int named = k >= 0 && tok_is(tx, k, show_ident(sym->ident));
		if (base && base->type == SYM_FN) {
			if (sym->ctype.contexts || base->ctype.contexts)
				context_decl(o, sym, show_ident(sym->ident));
			if (!named)
				continue;
			if (base->stmt || base->inline_stmt) {
				int open, close;
				if (fn_locate(o, k, &open, &close) != 0)
					continue;
				if (fe.nfns == fe.capfns) {
					fe.capfns = fe.capfns ? fe.capfns * 2 : 64;
					fe.fns = xrealloc(fe.fns, sizeof(struct fnrec) * (size_t)fe.capfns);
				}
				struct fnrec *f = &fe.fns[fe.nfns];
				f->name = xstrdup(show_ident(sym->ident));
				f->owner = o;
				f->nametok = k;
				f->open = open;
				f->close = close;
				f->sym = sym;
				f->is_static = (sym->ctype.modifiers & MOD_STATIC) != 0;
				fe.nfns++;
				walk_function(sym, o, fe.nfns - 1);
			} else {
				char *p = pos_start(o, k);
				rec_add(o, tx->t[k].line, tx->t[k].col, "proto\t%s\t%s", show_ident(sym->ident), p);
				free(p);
			}
		} else if (sym->initializer) {
			walk_file_scope(sym, o);
		}
	} END_FOR_EACH_PTR(sym);
	}
	/* annotations of the callees */
	for (int i = 0; i < fe.ncalls; i++)
		if (fe.calls[i].callee_sym) {
			struct symbol *c = fe.calls[i].callee_sym;
			struct symbol *b = c->ctype.base_type;
			if (c->ctype.contexts || (b && b->ctype.contexts))
				context_decl(fe.calls[i].owner, c, show_ident(c->ident));
		}
	gfpflow_records();
	argval_records();
	for (int o = 0; o < fe.nowners; o++)
		text_records(o);
	for (int f = 0; f < fe.nfns; f++)
		cfg_function(f);

	/* frontend line: sparse version, compile flags and source hashes */
	uint64_t sh = FNV1A64_INIT;
	sh = fnv1a64(sh, fe.owners[0].tx.buf, fe.owners[0].tx.size);
	char *frontend = xasprintf("gfpcheck-sparse %s (sparse %s; flags %016llx; source %016llx)", GFPCHECK_VERSION,
				     sparse_version, (unsigned long long)flags_hash, (unsigned long long)sh);
	for (int o = 0; o < fe.nowners; o++)
		write_owner(&fe.owners[o], frontend, partial && fe.owners[o].is_main, "sparse reported errors in this file");
	free(frontend);
	free(rel);
	clear_token_alloc();
}

static void usage(void)
{
	fputs("usage: gfpcheck-sparse [--facts-dir DIR] [--root DIR] [--no-headers] [-v] SPARSE-ARGS... FILE\n"
	      "       gfpcheck-sparse -p BUILD_DIR|compile_commands.json [--facts-dir DIR] [--root DIR]\n"
	      "                       [-j N] [--force] [--no-headers] [-v] [FILE|DIR...]\n", stderr);
}

int main(int argc, char **argv)
{
	const char *pdb = NULL;
	int jobs = 0, force = 0;
	fe.headers = 1;
	/* our options out, the rest to sparse */
	char **sargv = xmalloc(sizeof(char *) * (size_t)(argc + 1));
	int sargc = 0;
	sargv[sargc++] = argv[0];
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--facts-dir") && i + 1 < argc)
			facts_dir = argv[++i];
		else if (!strncmp(a, "--facts-dir=", 12))
			facts_dir = a + 12;
		else if (!strcmp(a, "--root") && i + 1 < argc)
			root_opt = argv[++i];
		else if (!strcmp(a, "--no-headers"))
			fe.headers = 0;
		else if (!strcmp(a, "-v") || !strcmp(a, "--verbose"))
			fe_verbose = 1;
		else if (!strcmp(a, "--force"))
			force = 1;
		else if (!strcmp(a, "-p") && i + 1 < argc)
			pdb = argv[++i];
		else if (!strcmp(a, "-j") && i + 1 < argc)
			jobs = atoi(argv[++i]);
		else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage();
			return 0;
		} else if (!strcmp(a, "--version")) {
			printf("gfpcheck-sparse %s (sparse %s)\n", GFPCHECK_VERSION, sparse_version);
			return 0;
		} else
			sargv[sargc++] = argv[i];
	}
	sargv[sargc] = NULL;
	if (!facts_dir)
		facts_dir = getenv("GFPCHECK_FACTS_DIR");
	if (!facts_dir)
		facts_dir = "gfpcheck-facts";
	if (pdb)
		return compdb_run(pdb, facts_dir, root_opt, sargv + 1, sargc - 1, jobs, force, fe_verbose);

	return check_main(sargc, sargv);
}

uint64_t facts_flags_hash(int argc, char **argv)
{
	uint64_t h = FNV1A64_INIT;
	for (int i = 1; i < argc; i++) {
		/* the flags, not the file names and not the dependency-file options */
		const char *a = argv[i];
		if (a[0] != '-' || !strncmp(a, "-Wp,-M", 6))
			continue;
		h = fnv1a64(h, a, strlen(a) + 1);
	}
	return h;
}

int check_main(int sargc, char **sargv)
{
	flags_hash = facts_flags_hash(sargc, sargv);
	struct string_list *files = NULL;
	sparse_initialize(sargc, sargv, &files);
	tabstop = 1;	/* byte columns, as the facts want them */
	char *file;
	FOR_EACH_PTR(files, file) {
		one_file(file);
	} END_FOR_EACH_PTR(file);
	/* a CHECK tool never stops the build */
	return 0;
}
