/* program.h - the whole program as loaded from facts: files, functions, calls,
 * gfp tokens and structure, plus what the analysis computes on them. */
#ifndef GFPCHECK_PROGRAM_H
#define GFPCHECK_PROGRAM_H
#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

typedef struct {
	int line, col;
} pos_t;

static inline int pos_cmp(pos_t a, pos_t b)
{
	return a.line != b.line ? (a.line < b.line ? -1 : 1) : (a.col < b.col ? -1 : a.col > b.col);
}
static inline int pos_in(pos_t p, pos_t s, pos_t e)
{
	return pos_cmp(p, s) >= 0 && pos_cmp(p, e) < 0;
}

enum item_kind { IT_IF, IT_LOOP, IT_SWITCH, IT_CASE, IT_RETURN, IT_GOTO, IT_LABEL, IT_BREAK, IT_CONTINUE };
enum cond_kind { CK_NONE, CK_CALL, CK_NOT };

/* A file's identity when it was read: the same device, inode, size and
 * modification time later say its bytes are the same (srclines.c). */
struct fstamp {
	unsigned long long dev, ino, size;
	long long mtime_ns;
	int valid;
};

struct sfile {
	char *path;        /* relative to the tree root */
	int partial;
	int failed;        /* the front end produced nothing */
	char *error;
	char **skipped;    /* "WHAT: REASON" */
	int nskipped;
	int is_header;
	int context;       /* a header of <root>/include/ read only as context: the
			      user did not ask to scan it, its findings are not reported */
	char *dir;         /* directory part of path */
	/* The source the front end parsed (`source` and `text` records): its hash
	 * and size, and where its bytes are, read only when a report shows a line
	 * (facts/srclines.c). */
	char src_hash[33]; /* "" when the facts do not say */
	long long src_size; /* -1 when the facts do not say */
	char *facts_path;   /* the facts file holding the text, or NULL */
	struct fstamp facts_stamp; /* that file's identity when it was loaded (valid 0: unknown) */
	long long text_off, text_len; /* its `text` bytes in that file; text_len -1: none */
	char *text;         /* the text when loaded from memory (facts_load_text), or NULL */
	/* the configured target (`target` record, sparse): pointer size in bytes
	 * and PAGE_SHIFT, 0 when the facts do not say */
	int ptr_size, page_shift;
	/* the system headers its text includes (`#include <NAME>` with no
	 * directory, or under sys/): a host program's (stdio.h, unistd.h) when the
	 * model's hostheader rows say so; the kernel includes none of them */
	uint32_t *sysinc;
	int nsysinc;
	int host;          /* set by the graph: a host program (tools/, UML's *_user.c) */
	int test;          /* set by the graph: a test module (it defines a struct of a
			      model testsuite row: KUnit's kunit_suite) */
};

/* Pointers first, then 4-byte fields, then bytes: 208 bytes (646,402 of them
 * on a whole kernel; the declaration order of 2026-12-07 padded it to 248). */
struct func {
	int *calls;          /* global call ids, in source order (slices: graph.c) */
	int *items;          /* structure items */
	int *callers;        /* call ids resolving here */
	int *icallers;       /* indirect calls resolving here (icall.c) */
	/* summaries, filled by flow.c */
	struct held *gen;    /* entries open at some exit, opened here */
	uint32_t *kill;      /* model rows released without being held */
	uint32_t *kill_cls;  /* their lock classes (0: any), in step with kill */
	uint32_t *cgen;      /* lock classes left held at some exits but not all (a conditional acquire) */
	int *bbs;            /* block id -> index in prog.bbs, -1 when not given */
	uint32_t name;
	int file;
	pos_t start, end;
	int param0, nparams; /* range in prog.params */
	int ncalls, nitems;
	uint32_t ret_type;   /* the return type text (`fn` RET), 0 when the front end does not say */
	int local0, nlocals; /* range in prog.locals, in position order (`local` records) */
	int ncallers, capcallers, nicallers, capicallers;
	uint32_t addr_how;   /* first way its address was taken (for messages) */
	uint32_t entry_field; /* that field ("inode_operations.mkdir") */
	int cb_call;          /* the call that passes it, for evidence */
	int alloc_gfp_param; /* inferred wrapper: param index carrying gfp, -1 */
	uint32_t must_hold;  /* sparse `ctxfn NAME 1 1 EXPR CLASS` (__must_hold(x)): the lock class every
				caller holds, in lockclass.c's form; 0 none */
	int alloc_via_call;  /* call inside that passes the param on */
	int ngen, nkill, ncgen;
	/* control-flow graph from `cfg`/`bb` records (Clang front end), or cfg_n 0 */
	int cfg_n, cfg_entry, cfg_exit;
	int order;           /* visit order */
	uint8_t is_static;
	uint8_t relevant;    /* contains lock/scope activity (direct or via callees) */
	uint8_t analysed;
	uint8_t icall_only;   /* its address is only stored into ops-table members and it is reached
				 through resolved indirect calls: those are all its callers */
	uint8_t addr_taken, exported, in_include, model_root, has_callers_unknown;
	uint8_t addr_escapes; /* its address goes where no resolved indirect call follows it: an
				 argument of a call (kthread_run(fn, ...), INIT_WORK(&w, fn)) other
				 than to a parameter that is only called, a variable, ... (icall.c) */
	uint8_t called_elsewhere; /* a direct caller in a file of another directory (graph.c) */
	uint8_t users_in_scan;    /* public, but called only beside it, by functions whose users the scan holds (graph.c) */
	uint8_t entry_only;   /* every address-taking is an ops field of a model entry row */
	int8_t cb_only;       /* 1: every address-taking passes it to a model `callback` (fill_super); -1 unknown yet */
};

struct param {
	uint32_t name, type;
	uint8_t reassigned;  /* an `assign` record writes it in the body */
};

/* `local` records: a local variable declared in a function body. */
struct local {
	uint32_t name, type;
	pos_t pos;           /* of its name */
	uint8_t nassign;     /* `assign` records of it (its initialiser included), at most 255 */
	uint8_t plain_assign; /* one of them assigns something other than a call's value */
};

/* Field order and widths keep it at 64 bytes (3.8 million of them on a whole kernel). */
struct call {
	int file, fn;
	pos_t pos, end;
	uint32_t callee;   /* name, or field for icalls: `struct_type.member`, `.member`, `=VAR` */
	uint32_t recv;     /* icalls: the receiver's text (`sb->s_op`); 0 for `=VAR` and calls */
	uint32_t *args;
	int nargs;
	uint32_t lhs;
	int target;        /* resolved function id or -1 */
	/* a call of a function annotated __acquires()/__releases() (sparse's
	 * `ctxfn` and the `ctx` record at the call): 1 acquire, 2 release, 0 none;
	 * ctx_cls the lock class in lockclass.c's form, 0 when unknown */
	uint32_t ctx_cls;
	int8_t ctx_change;
	uint8_t is_icall;
	uint8_t via_macro; /* target reached through a function-like macro */
};

struct gfptok {
	int file, fn;
	pos_t pos, end;
	uint32_t token;
	int call, argidx;  /* innermost enclosing call and argument, or -1 */
	uint32_t var;      /* variable it is assigned to, or 0 */
};

struct ref {
	int file, fn;
	pos_t pos;
	uint32_t name, how;
};

/* 76 bytes: 3.4 million of them on a whole kernel. */
struct item {
	int file, fn;
	uint8_t kind;      /* enum item_kind */
	uint8_t has_else;
	uint8_t ck;        /* enum cond_kind */
	pos_t pos;
	pos_t s1, e1, s2, e2, s3, e3; /* if: cond, then, else; loop/switch: body */
	uint32_t name;     /* cond callee, goto/label name, loop kind */
	uint32_t ctext;    /* if: condition text when the front end gives it, else 0 */
};

/* One basic block of a function's CFG (`bb` record). */
struct bblock {
	int fn, id;
	int nsucc;
	int *succ;           /* block ids in the front end's order; -1: edge never taken */
	int nev;
	pos_t *evpos;        /* the calls of the block in evaluation order: */
	uint32_t *evcallee;  /* their `call` record's position and callee */
	pos_t ifpos;         /* the `if` whose condition ends the block; line 0: none */
};

struct macro {
	uint32_t name;
	int file;
	uint32_t *called; /* identifiers called in the body, in order */
	int ncalled;
};

/* `proto` records: a function declared (or, with a KIND of *-inline,
 * defined) in a header, where it is written. */
enum proto_kind { PK_UNKNOWN, PK_EXTERN, PK_STATIC, PK_STATIC_INLINE, PK_EXTERN_INLINE };
struct proto {
	uint32_t name;
	int file;
	pos_t pos;
	uint8_t kind; /* enum proto_kind: PK_UNKNOWN when the front end does not say */
};

/* `suppress` records: a `gfpcheck:` directive in a comment (rules/suppress.c
 * reads it). */
struct directive {
	int file;
	pos_t pos, end;
	uint32_t text; /* from "gfpcheck:" to the end of the directive, folded */
};

struct export_ {
	uint32_t name;
	int file;
	pos_t pos;
};

/* `define` and `struct` records (optional): macros and struct layouts, for the
 * request order of an allocation (checkers/analysis/cexpr.c). */
struct cdefine {
	uint32_t name, value;
	int file;
	pos_t pos;
};
struct cstruct {
	uint32_t name;
	int file;
	pos_t pos;
	int nmembers;
	uint32_t *members;
};

/* `argval` records (sparse): argument IDX of the call at POS to CALLEE is at
 * least lo and at most hi (-1: no upper bound), for the configured target. */
struct argval {
	int file, idx;
	pos_t pos;
	uint32_t callee;
	long long lo, hi;
};

struct program {
	struct sfile *files; size_t nfiles, capfiles;
	struct func *funcs; size_t nfuncs, capfuncs;
	struct param *params; size_t nparams, capparams;
	struct local *locals; size_t nlocals, caplocals;
	struct call *calls; size_t ncalls, capcalls;
	struct gfptok *gfps; size_t ngfps, capgfps;
	struct ref *refs; size_t nrefs, caprefs;
	struct item *items; size_t nitems, capitems;
	struct bblock *bbs; size_t nbbs, capbbs;
	struct export_ *exports; size_t nexports, capexports;
	struct proto *protos; size_t nprotos, capprotos;
	struct directive *directives; size_t ndirectives, capdirectives;
	struct macro *macros; size_t nmacros, capmacros;
	struct cdefine *defines; size_t ndefines, capdefines;
	/* defines by name, built on first lookup (analysis/cexpr.c define_value()):
	 * open addressing over defidx_cap slots, each a define index + 1 or 0, DEF_VARIES (cexpr.c) set when it varies under #ifdef */
	uint32_t *defidx; size_t defidx_cap, defidx_n;
	struct cstruct *structs; size_t nstructs, capstructs;
	struct argval *argvals; size_t nargvals, capargvals;
	/* the calls' argument arrays, carved from blocks that never move (one
	 * allocation per 3.8 million calls of a whole kernel cost 86 MB) */
	uint32_t **argblk; size_t nargblk, capargblk;
	/* every function's calls and items (func.calls, func.items are slices;
	 * graph.c list_calls_items()) */
	int *fncalls, *fnitems;
	size_t argused, argcap; /* words used and held by the last block */
	const char *root;
	struct facts_bufs *load_bufs; /* the loader's buffers, reused from file to file (facts.c) */
};

/* Load one facts file's text for source file `path` (relative to root): text
 * (NUL-terminated, len bytes: facts_reader.h), and pre its records split and
 * checked ahead (facts_pre.h; NULL or no lines: none). On a format error
 * writes "facts:line: error: ..." and returns -1. */
struct facts_pre;
int facts_load_read(struct program *p, const char *facts_path, const char *text, size_t len,
		    const struct facts_pre *pre, const char *src_path, char *err, size_t errlen);
/* The same from memory: text[0..len), or a NUL-terminated text (facts_load_text). */
int facts_load_mem(struct program *p, const char *facts_path, const char *text, size_t len, const char *src_path,
		   char *err, size_t errlen);
int facts_load_text(struct program *p, const char *facts_path, const char *text, const char *src_path,
		    char *err, size_t errlen);
/* The tree file of a facts directory (DIR/gfpfacts.tree, docs/FACTS.md): the
 * tree's root and kernel version as the extraction saw them (*kernel NULL when
 * unknown).  Returns 1 when read, 0 when DIR has none, -1 on a format error. */
int facts_tree_read(const char *dir, char **root, char **kernel, char *err, size_t errlen);
/* The same, and its `scanned` paths (*scanned malloc'd, each too; none when the
 * file has no `scanned` records: every file was scanned). */
int facts_tree_read_scanned(const char *dir, char **root, char **kernel, char ***scanned, size_t *nscanned,
			    char *err, size_t errlen);
/* Register a file that could not be extracted. */
void program_add_failed(struct program *p, const char *src_path, const char *error);
void program_free(struct program *p);
#endif
