/* analysis.h - the shared state of one analysis run. */
#ifndef GFPCHECK_ANALYSIS_H
#define GFPCHECK_ANALYSIS_H
#include <stdio.h>

#include "model/model.h"
#include "facts/program.h"

/* Path classes at a site (bit set). */
enum {
	PC_SCOPE = 1,   /* inside a scope API NOFS/NOIO scope */
	PC_TRANS = 2,   /* inside a scope opened by a setter */
	PC_LOCK = 4,    /* a modelled fs lock context held, no scope */
	PC_UNKNOWN = 8, /* callers not all known, no scope */
	PC_NONE = 16,   /* nothing held, callers known */
	PC_BLOCKED = 32, /* locks held, but reclaim cannot enter their superblock (s_umount held for write) */
};
#define PC_NKINDS 6

/* Evidence of one class at a function's entry. */
struct ctxent {
	int via;    /* call (in a caller) through which the class arrives, -1 if none */
	signed int origin : 31; /* call that opened the lock/scope, -1 if none */
	unsigned int local : 1; /* the class arose at `via` itself (lock/scope held there) */
};

/* Generic code (no filesystem of its own: the VFS, fs/iomap, fs/quota, ...) is
 * entered from many filesystems: per class, which filesystem's paths bring it
 * (fs 0: generic code's own, or a root), so that an indirect call out of it
 * into one filesystem's method carries only that filesystem's (and generic)
 * context (context.c). */
struct fsrun {
	int start;                   /* the first entry (index in fctx.fsb[k]) of the run */
	struct ctxent e;             /* the path that brought every filesystem of the run */
};

/* Generic functions only, per class: the filesystems whose paths bring it,
 * as their bits in the sets (context.c fs_bit(): 0 generic, 1 + i
 * a->fstops[i]) in the order they came, each with the first such path. The
 * filesystems one call passes on at once share that call's path: a run of
 * entries (fsrun) holds it once. */
struct fskind {
	uint16_t *fsb; int nfse, capfse;
	struct fsrun *fsr; int nfsr, capfsr;
	uint64_t *fsbits; /* the filesystems of fsb as a set (a->fse_words words) */
	/* the first entry and run, held here until a second one comes (capfse,
	 * capfsr 0; fsbits NULL): most functions of a kernel get one, generic
	 * code's own path (context.c fsk_bit(), fsk_run()) */
	uint16_t fsb1;
	struct fsrun fsr1;
};

/* Allocated for the functions that get one, with a struct fskind for each
 * class they get (on the whole 6.1 tree 614,180 functions, most with one or
 * two classes: every function of drivers/ and net/ is generic code, reached
 * from its roots; a fixed block for all six classes was 157 MB of the peak). */
struct fsents {
	int8_t slot[PC_NKINDS]; /* index in v, or -1 */
	uint8_t n;
	struct fskind *v;
};

struct fctx {
	unsigned cls;                /* PC_* bits at entry */
	struct fsents *fse;          /* NULL: no filesystem path recorded */
	unsigned fse_grew;           /* classes whose fse grew since the function last passed its classes on */
	unsigned passed_cls;         /* cls when it last passed them on, UINT_MAX: never */
	unsigned char unk_spont;     /* generic code reached with callers unknown from a root that runs
	                                on its own (context.c spontaneous_root()) */
	unsigned char must_hold;     /* annotated __must_hold(x) (sparse facts) with x a class reclaim
					takes: every caller holds x, so the entry holds a lock (PC_LOCK),
					never nothing or unknown callers */
	int handle_param;            /* index in prog.params of a transaction handle parameter
	                                (model handle row) fixing the entry to PC_TRANS, else -1 */
	int handle_null;             /* with handle_param: a call that passes NULL for it through a
					parameter of its caller (context.c brings_null()), else -1 */
	uint32_t bound_params;       /* parameters k (bit k) every caller passes a function name for and
					f only calls: its calls through k take each caller's context
					at the call that passes the function (context.c compute_bound()) */
	struct ctxent ev[PC_NKINDS]; /* evidence per class */
	uint16_t evd[PC_NKINDS];     /* calls on the path ev[] shows (0: a root's own); the shortest
					offered is kept (context.c pass_class()) */
};

/* One rule-independent imbalance event found by the flow pass. */
struct imbalance {
	int kind; /* 1 missing restore, 2 restore of unknown cookie, 3 out of order */
	int call;
	int fn;
};

struct analysis {
	struct program *prog;
	struct model *model;
	const char *arch;      /* the architecture built (arch/NAME/), NULL: none preferred (graph.c graph_resolve()) */
	struct fctx *ctx;      /* per function */
	int fse_words;         /* 64-bit words of a filesystem set: bit 0 generic, bit 1 + i a->fstops[i] */
	uint32_t *func_fs;     /* per function: fs_of_func(), UINT32_MAX: not yet known */
	unsigned char *sysdef; /* per function: 2 defined through a definer row's macro (SYSCALL_DEFINEn()), 1 not, 0 not yet read (graph.c) */
	uint64_t sysdef_cols;  /* bit c: a definer row's function name stands at column c */
	struct stateset *states; /* per call */
	struct imbalance *imb; size_t nimb, capimb;
	int *noio_entry;       /* per function: entered inside a NOIO scope from every caller (noio.c) */
	unsigned char *noreturn;     /* per function: a model noreturn row names it (graph.c) */
	unsigned char *trans_handle; /* per function: some path brings it a transaction from a handle
				       parameter (context.c trans_from_handle(), built on first use) */
	struct fcfg *cfgs;     /* per function: its CFG (cfg.c), built on first use */
	struct sidx *structidx; /* struct definitions by name (lockclass.c), built on first use */
	struct sidx *convidx;   /* converter functions and macros by name (lockclass.c), filled on use */
	uint32_t *freed_structs; /* the structs reclaim frees one by one (lockclass.c freed_struct()) */
	int nfreed_structs;      /* their number + 1; 0: not yet known */
	uint32_t *call_cls;    /* per call: the lock class it takes or releases, UINT32_MAX: not yet known */
	int *fn_head, *fn_next; /* functions by name id (graph.c) */
	int *mac_head, *mac_next; /* function-like macros by name id */
	size_t nhead;
	struct reclaim *reclaim; /* reclaim lock sets (reclaim.c) */
	struct lp *lp;         /* feasible lock paths found so far (feasible.c) */
	struct hopmemo *hopmemo; /* hop feasibility by (call, call) worked out so far (feasible.c) */
	struct icalls *icalls; /* indirect call targets (icall.c) */
	int *icall_sum;        /* per call: the target whose summary an indirect call applies, -1 none (flow.c);
				  NULL until the direct calls' summaries settled */
	uint32_t *fstops; size_t nfstops; /* directories under fs/ that register a filesystem (icall.c: fs_of) */
	struct srccache *src;  /* function texts from the facts, read on first use (flagvar.c) */
	int nedges;
	double t_graph, t_flow, t_ctx, t_rules;
	double m_graph, m_flow, m_ctx; /* peak RSS after each phase, MiB */
};

int func_is_root(const struct analysis *a, int f);

struct sites;
struct regions;
struct fcfg;
struct srccache;
/* Every analysis phase in order: call graph, flow states, entry contexts, NOIO
 * entries, allocation sites and lock regions. a->prog and a->model are set. */
void analysis_run(struct analysis *a, struct sites *s, struct regions *r);
void analysis_free(struct analysis *a, struct sites *s, struct regions *r);
#endif
