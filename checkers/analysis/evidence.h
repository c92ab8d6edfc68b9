/* evidence.h - evidence chains: the hops that show why a finding holds, each
 * with its place (file:line), a rendered sentence, and typed references into the
 * program (the call, function or model row it is about), so that consumers (the
 * fixer, patch bodies, reports) never parse the sentence. */
#ifndef GFPCHECK_EVIDENCE_H
#define GFPCHECK_EVIDENCE_H

enum hop_kind {
	HOP_CALLER,   /* fn() called from caller(): `call` is the call site */
	HOP_SCOPE,    /* a NOFS/NOIO scope opens at `call` */
	HOP_TRANS,    /* a transaction whose start opens a NOFS scope: `call`, setter `row` */
	HOP_LOCK,     /* a filesystem lock context is taken at `call` (`row` when modelled) */
	HOP_ENTRY,    /* fn is called through an ops field the model lists as an entry */
	HOP_ROOT,     /* fn has callers gfpcheck cannot see */
	HOP_HANDLE,   /* fn receives a started transaction as a parameter (`row`: handle row) */
	HOP_NOCALLER, /* fn has no callers in the scanned files */
	HOP_ICALL,    /* an indirect call resolved through an ops-table member */
	HOP_RECLAIM,  /* a hop of a reclaim chain: how direct reclaim reaches a lock */
	HOP_ALLOC,    /* the allocation a mask reaches */
	HOP_HELD,     /* a lock held on a "nothing held that reclaim takes" path: `call` takes it */
	HOP_OTHERS,   /* the other callers of `fn` than the chain's, with what their calls hold (`call`: the first) */
	HOP_BLOCKER,  /* reclaim is kept out of the superblock from here (s_umount held for write): `call` */
	HOP_DEFINE,   /* the #define a mask or an order comes from */
	HOP_MODEL,    /* what a model row says about the call (`row`) */
	HOP_RESTORE,  /* a scope restore (`call`) that does not pair with a save */
	HOP__N
};

struct evidence {
	char *file;
	int line;
	char *what;
	int kind;   /* enum hop_kind */
	int call;   /* program call index, or -1 */
	int fn;     /* program function index, or -1 */
	int row;    /* model row index, or -1 */
	int brief;  /* bytes of `what` a short listing keeps: the sentence before its first
		     * parenthesised note (" ("), or all of it (evidence_brief()) */
};

struct chain {
	struct evidence *ev;
	int nev, capev;
};

/* The name a report gives hop kind k ("caller", "scope", ...; JSON `kind`). */
const char *hop_kind_name(int k);
/* Where the sentence of hop text `what` ends: before its first parenthesised
 * note, or at its end. Set by whatever makes a hop, read by short listings. */
int evidence_brief(const char *what);
/* Append a hop; `what` is printf-formatted. */
void chain_add(struct chain *c, int kind, const char *file, int line, int call, int fn, int row, const char *fmt,
	       ...) __attribute__((format(printf, 8, 9)));
/* Move every hop of src to the end of dst (src is left empty). */
void chain_move(struct chain *dst, struct chain *src);
void chain_free(struct chain *c);
#endif
