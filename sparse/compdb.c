/* compdb.c - compile_commands.json: a small JSON reader (the array of objects
 * with "directory", "file" and "arguments" or "command" that compilers and the
 * kernel's gen_compile_commands.py write) and the driver over its entries. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compdb.h"
#include "base/hash.h"
#include "base/util.h"

struct entry {
	char *dir, *file, *command;
	char **args;
	int nargs;
};

struct json {
	const char *s, *end, *path;
	int bad;
};

static void ws(struct json *j)
{
	while (j->s < j->end && (*j->s == ' ' || *j->s == '\t' || *j->s == '\n' || *j->s == '\r'))
		j->s++;
}

static char *jstring(struct json *j)
{
	ws(j);
	if (j->s >= j->end || *j->s != '"') {
		j->bad = 1;
		return NULL;
	}
	j->s++;
	struct strbuf b = {0};
	sb_add(&b, "");
	while (j->s < j->end && *j->s != '"') {
		char c = *j->s++;
		if (c == '\\' && j->s < j->end) {
			c = *j->s++;
			switch (c) {
			case 'n': c = '\n'; break;
			case 't': c = '\t'; break;
			case 'r': c = '\r'; break;
			case 'b': c = '\b'; break;
			case 'f': c = '\f'; break;
			case 'u': {
				unsigned v = 0;
				for (int i = 0; i < 4 && j->s < j->end; i++) {
					char h = *j->s++;
					v = v * 16 + (unsigned)(h >= 'a' ? h - 'a' + 10 : h >= 'A' ? h - 'A' + 10 : h - '0');
				}
				c = v < 128 ? (char)v : '?';
				break;
			}
			default: break;	/* \" \\ \/ */
			}
		}
		sb_addc(&b, c);
	}
	if (j->s >= j->end) {
		j->bad = 1;
		free(b.s);
		return NULL;
	}
	j->s++;
	return b.s;
}

static void jskip(struct json *j);

static void jskip(struct json *j)
{
	ws(j);
	if (j->s >= j->end) {
		j->bad = 1;
		return;
	}
	if (*j->s == '"') {
		free(jstring(j));
	} else if (*j->s == '[' || *j->s == '{') {
		char close = *j->s == '[' ? ']' : '}';
		int obj = close == '}';
		j->s++;
		ws(j);
		if (j->s < j->end && *j->s == close) {
			j->s++;
			return;
		}
		for (;;) {
			if (obj) {
				free(jstring(j));
				ws(j);
				if (j->s >= j->end || *j->s != ':') {
					j->bad = 1;
					return;
				}
				j->s++;
			}
			jskip(j);
			ws(j);
			if (j->bad || j->s >= j->end) {
				j->bad = 1;
				return;
			}
			if (*j->s == ',') {
				j->s++;
				continue;
			}
			if (*j->s == close) {
				j->s++;
				return;
			}
			j->bad = 1;
			return;
		}
	} else {
		while (j->s < j->end && *j->s != ',' && *j->s != ']' && *j->s != '}')
			j->s++;
	}
}

static int parse_db(const char *path, struct entry **out, int *nout)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "gfpcheck-sparse: error: cannot open %s: %s\n", path, strerror(errno));
		return -1;
	}
	struct strbuf b = {0};
	char chunk[65536];
	size_t r;
	while ((r = fread(chunk, 1, sizeof(chunk), f)) > 0)
		sb_addn(&b, chunk, r);
	fclose(f);
	struct json j = {b.s ? b.s : "", (b.s ? b.s : "") + b.len, path, 0};
	struct entry *es = NULL;
	int n = 0;
	ws(&j);
	if (j.s >= j.end || *j.s != '[')
		j.bad = 1;
	else
		j.s++;
	ws(&j);
	if (!j.bad && j.s < j.end && *j.s == ']')
		j.s++;
	else
		while (!j.bad) {
			ws(&j);
			if (j.s >= j.end || *j.s != '{') {
				j.bad = 1;
				break;
			}
			j.s++;
			struct entry e = {0};
			for (;;) {
				char *key = jstring(&j);
				ws(&j);
				if (j.bad || j.s >= j.end || *j.s != ':') {
					free(key);
					j.bad = 1;
					break;
				}
				j.s++;
				ws(&j);
				if (!strcmp(key, "directory"))
					e.dir = jstring(&j);
				else if (!strcmp(key, "file"))
					e.file = jstring(&j);
				else if (!strcmp(key, "command"))
					e.command = jstring(&j);
				else if (!strcmp(key, "arguments") && j.s < j.end && *j.s == '[') {
					j.s++;
					ws(&j);
					while (!j.bad && j.s < j.end && *j.s != ']') {
						e.args = xrealloc(e.args, sizeof(char *) * (size_t)(e.nargs + 1));
						e.args[e.nargs++] = jstring(&j);
						ws(&j);
						if (j.s < j.end && *j.s == ',')
							j.s++;
						ws(&j);
					}
					if (j.s < j.end)
						j.s++;
				} else
					jskip(&j);
				free(key);
				ws(&j);
				if (j.s < j.end && *j.s == ',') {
					j.s++;
					ws(&j);
					continue;
				}
				if (j.s < j.end && *j.s == '}') {
					j.s++;
					break;
				}
				j.bad = 1;
				break;
			}
			if (j.bad)
				break;
			es = xrealloc(es, sizeof(struct entry) * (size_t)(n + 1));
			es[n++] = e;
			ws(&j);
			if (j.s < j.end && *j.s == ',') {
				j.s++;
				continue;
			}
			if (j.s < j.end && *j.s == ']')
				break;
			j.bad = 1;
		}
	free(b.s);
	if (j.bad) {
		fprintf(stderr, "gfpcheck-sparse: error: %s: not a compilation database (a JSON array of "
			"{\"directory\", \"file\", \"arguments\"|\"command\"} objects)\n", path);
		return -1;
	}
	*out = es;
	*nout = n;
	return 0;
}

/* split a shell command line (quotes and backslashes; no expansions) */
static char **shell_split(const char *s, int *n)
{
	char **v = NULL;
	*n = 0;
	while (*s) {
		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (!*s)
			break;
		struct strbuf b = {0};
		sb_add(&b, "");
		char q = 0;
		for (; *s && (q || (*s != ' ' && *s != '\t' && *s != '\n')); s++) {
			if (q) {
				if (*s == q)
					q = 0;
				else if (*s == '\\' && q == '"' && (s[1] == '"' || s[1] == '\\'))
					sb_addc(&b, *++s);
				else
					sb_addc(&b, *s);
			} else if (*s == '"' || *s == '\'') {
				q = *s;
			} else if (*s == '\\' && s[1]) {
				sb_addc(&b, *++s);
			} else {
				sb_addc(&b, *s);
			}
		}
		v = xrealloc(v, sizeof(char *) * (size_t)(*n + 2));
		v[(*n)++] = b.s;
	}
	return v;
}

static char *abs_path(const char *dir, const char *file)
{
	char buf[PATH_MAX];
	char *p = file[0] == '/' ? xstrdup(file) : xasprintf("%s/%s", dir, file);
	if (realpath(p, buf)) {
		free(p);
		return xstrdup(buf);
	}
	return p;
}

/* the facts file of a source file already has these hashes */
static int up_to_date(const char *facts_dir, const char *root, const char *file, uint64_t fh)
{
	char rbuf[PATH_MAX];
	if (!root || !realpath(root, rbuf))
		return 0;
	size_t l = strlen(rbuf);
	if (strncmp(file, rbuf, l) != 0 || file[l] != '/')
		return 0;
	char *path = xasprintf("%s/%s.facts", facts_dir, file + l + 1);
	FILE *f = fopen(path, "r");
	free(path);
	if (!f)
		return 0;
	char line[1024];
	int ok = 0;
	for (int i = 0; i < 3 && fgets(line, sizeof(line), f); i++)
		if (!strncmp(line, "frontend\t", 9)) {
			char want[64];
			snprintf(want, sizeof(want), "flags %016llx;", (unsigned long long)fh);
			if (strstr(line, want)) {
				/* and the source: its hash */
				FILE *s = fopen(file, "rb");
				if (s) {
					uint64_t h = FNV1A64_INIT;
					char chunk[65536];
					size_t r;
					while ((r = fread(chunk, 1, sizeof(chunk), s)) > 0)
						h = fnv1a64(h, chunk, r);
					fclose(s);
					snprintf(want, sizeof(want), "source %016llx)", (unsigned long long)h);
					ok = strstr(line, want) != NULL;
				}
			}
		}
	fclose(f);
	return ok;
}

int compdb_run(const char *db, const char *facts_dir, const char *root, char **sel, int nsel, int jobs, int force,
	       int verbose)
{
	struct stat st;
	char *path = stat(db, &st) == 0 && S_ISDIR(st.st_mode) ? xasprintf("%s/compile_commands.json", db)
							      : xstrdup(db);
	struct entry *es;
	int n;
	if (parse_db(path, &es, &n) != 0) {
		free(path);
		return 2;
	}
	free(path);
	char **selabs = xmalloc(sizeof(char *) * (size_t)(nsel + 1));
	for (int i = 0; i < nsel; i++) {
		char buf[PATH_MAX];
		if (sel[i][0] == '-') {
			fprintf(stderr, "gfpcheck-sparse: error: with -p, give files or directories, not '%s'\n", sel[i]);
			return 2;
		}
		if (!realpath(sel[i], buf)) {
			fprintf(stderr, "gfpcheck-sparse: error: %s: %s\n", sel[i], strerror(errno));
			return 2;
		}
		selabs[i] = xstrdup(buf);
	}
	char *facts_abs;
	if (facts_dir[0] != '/') {
		char cwd[PATH_MAX];
		if (!getcwd(cwd, sizeof(cwd)))
			return 2;
		facts_abs = xasprintf("%s/%s", cwd, facts_dir);
	} else {
		facts_abs = xstrdup(facts_dir);
	}
	char root_abs[PATH_MAX] = "";
	if (root && !realpath(root, root_abs)) {
		fprintf(stderr, "gfpcheck-sparse: error: --root %s: %s\n", root, strerror(errno));
		return 2;
	}
	if (jobs <= 0) {
		long c = sysconf(_SC_NPROCESSORS_ONLN);
		jobs = c > 0 ? (int)c : 1;
	}
	int running = 0, failed = 0, done = 0, skipped = 0;
	for (int i = 0; i <= n; i++) {
		/* keep at most JOBS children; after the last entry, wait for all */
		while (running > 0 && (running >= jobs || i == n)) {
			int status;
			if (wait(&status) > 0) {
				running--;
				if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
					failed++;
			} else {
				break;
			}
		}
		if (i == n)
			break;
		struct entry *e = &es[i];
		if (!e->file || !e->dir)
			continue;
		char *file = abs_path(e->dir, e->file);
		int want = nsel == 0;
		for (int s = 0; s < nsel && !want; s++) {
			size_t l = strlen(selabs[s]);
			want = !strcmp(file, selabs[s]) || (!strncmp(file, selabs[s], l) && file[l] == '/');
		}
		if (!want) {
			free(file);
			continue;
		}
		/* the sparse arguments: the command without the compiler, -c, -o X and the file */
		char **v = e->args;
		int nv = e->nargs;
		if (!v && e->command)
			v = shell_split(e->command, &nv);
		char **argv = xmalloc(sizeof(char *) * (size_t)(nv + 8));
		int ac = 0;
		argv[ac++] = "gfpcheck-sparse";
		for (int k = 1; k < nv; k++) {
			if (!strcmp(v[k], "-c") || !strncmp(v[k], "-Werror", 7) || !strncmp(v[k], "-fplugin", 8))
				continue;
			if (!strcmp(v[k], "-o") || !strcmp(v[k], "-MF") || !strcmp(v[k], "-MT") || !strcmp(v[k], "-MQ")) {
				k++;
				continue;
			}
			if (!strcmp(v[k], e->file))
				continue;
			argv[ac++] = v[k];
		}
		argv[ac++] = file;
		argv[ac] = NULL;
		const char *rt = root ? root_abs : NULL;
		if (!force && up_to_date(facts_abs, rt ? rt : e->dir, file, facts_flags_hash(ac - 1, argv))) {
			skipped++;
			free(argv);
			free(file);
			continue;
		}
		fflush(NULL);
		pid_t pid = fork();
		if (pid < 0) {
			fprintf(stderr, "gfpcheck-sparse: error: fork: %s\n", strerror(errno));
			return 2;
		}
		if (pid == 0) {
			if (chdir(e->dir) != 0) {
				fprintf(stderr, "gfpcheck-sparse: error: %s: %s\n", e->dir, strerror(errno));
				_exit(1);
			}
			/* a child runs the CHECK tool's code with the facts directory fixed */
			gfpsparse_facts_dir = facts_abs;
			if (rt)
				gfpsparse_root = rt;
			if (verbose)
				fprintf(stderr, "gfpcheck-sparse: %s\n", file);
			check_main(ac, argv);
			fflush(NULL);
			_exit(0);
		}
		running++;
		done++;
		free(argv);
		free(file);
	}
	if (verbose || failed)
		fprintf(stderr, "gfpcheck-sparse: %d files checked, %d up to date, %d failed\n", done, skipped, failed);
	return failed ? 1 : 0;
}
