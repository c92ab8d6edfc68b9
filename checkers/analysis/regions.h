/* regions.h - lock regions: the GFP_NOFS tokens and __GFP_FS allocations that
 * are reached only while one acquire call's lock entry is held (in the acquiring
 * function or in callees reached only from inside it), the calls that release
 * that entry, and whether one memalloc_nofs_save()/restore() pair placed after
 * the acquire and before every release would be balanced on every path.
 * Used by the region rules (nofs-to-scope, missing-nofs) and by the fixer. */
#ifndef GFPCHECK_REGIONS_H
#define GFPCHECK_REGIONS_H
#include "analysis/sites.h"

struct region {
	int acquire;     /* call that opens the lock entry */
	int fn;          /* function holding that call */
	int row;         /* model row of the entry (-1 for inferred acquirers) */
	uint32_t key;    /* identity of the entry */
	int try_;        /* the row is a trylock */
	pos_t save_at;   /* the scope opens after this point: the acquire's end, or
			  * the end of the error check right after it */
	int after_if;    /* item index of that error check, or -1 */
	int *rel; int nrel;   /* calls that release the entry */
	int *toks; int ntoks; /* GFP_NOFS tokens (prog.gfps) reached only inside */
	int *fs; int nfs;     /* __GFP_FS allocation sites (sites index) inside */
	int in_callee;   /* some token or site lies in a callee */
	int ok;          /* a scope can be placed mechanically */
	const char *why; /* when not: the reason */
};

/* Groups of regions (lockgroups.c): GFP_NOFS tokens no single region holds
 * that need NOFS only for the same lock classes, with every place those locks
 * are taken. */
struct lockacq {
	int call;      /* the call that takes the lock */
	uint32_t cls;  /* its class */
	int row;       /* the model row of the lock entry, or -1 */
	int open_at_use; /* 0 when a call through which a token is reached with this
			  * lock held would be outside a scope opened here: one of
			  * its releases (region_open_at()) */
};

struct lockgroup {
	int *toks; int ntoks;          /* GFP_NOFS tokens (prog.gfps), in token order */
	struct lockacq *acq; int nacq; /* where the scopes would open, in call order */
	uint32_t *cls; int ncls;       /* the lock classes, in order of first acquisition */
	struct region *reg;            /* per acq: the region of that acquire built alone (its
					* releases, save point, whether a scope fits; no sites) */
};

struct lockgroups {
	struct lockgroup *v;
	size_t n, cap;
	int *tokgroup; /* per prog.gfps: its group, or -1 */
};

struct regions {
	struct region *v;
	size_t n, cap;
	struct lockgroups groups; /* built after the regions (lockgroups.c) */
};

/* The regions, then their groups with the region of each of their acquires:
 * computed once here, for the rules and the fixer. */
void regions_build(struct analysis *a, const struct sites *s, struct regions *r);
void regions_free(struct regions *r);
void region_free(struct region *g);
/* The first region whose __GFP_FS sites hold site (sites index), or -1. */
int region_of_site(const struct regions *r, int site);
/* Can a path arrive at `call` (of the acquire's function) with the entry
 * opened by `acquire` still held, as the region probe sees it? 1 when it can,
 * or when the probe does not tell (another function, a call it does not reach). */
int region_covers(struct analysis *a, int acquire, int call);
/* Would a scope opened after `acquire` be open at `call` (of the same
 * function): some path arrives there inside it, and `call` is not one of its
 * releases (a callee that releases the lock's class is one: the restore goes
 * before it). 1 also when the probe cannot tell. */
int region_open_at(struct analysis *a, int acquire, int call);
/* "myfs_lock(sbi)" for messages (caller frees). */
char *region_lock_text(const struct analysis *a, const struct region *g);
#endif
