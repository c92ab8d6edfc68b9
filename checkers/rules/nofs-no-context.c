/* nofs-no-context: GFP_NOFS where no known path holds, outside a scope, a lock
 * context that reclaim can take (a model lock row, or a lock whose class is in a
 * reclaim lock set), and all callers are known (or the unknown ones reach it
 * only through the methods of a quiet filesystem: unknown_is_own()); at least
 * one path holds nothing at all, runs where reclaim cannot enter the superblock
 * (s_umount held for write: mount callbacks), or is such an unknown caller.
 * Needs review: the reason may be a lock gfpcheck does not see. */
#include <stdio.h>

#include "analysis/context.h"
#include "analysis/icall.h"
#include "analysis/reclaim.h"
#include "base/util.h"
#include "rules/rules.h"

/* Callers gfpcheck cannot see count as holding nothing that matters when the
 * token's function is in a quiet filesystem (its reclaim takes no lock, the
 * model names no lock or transaction of it) and they reach it only as callers
 * of that filesystem's own methods (the VFS calls erofs's ->read_folio on
 * erofs inodes): whatever they hold, this filesystem's reclaim waits for none
 * of it. *root gets the method, *walked whether reclaim entries of the
 * filesystem were walked. */
static int unknown_is_own(const struct analysis *a, const struct nofs_tok *t, int *root, int *walked)
{
	int g = a->prog->gfps[t->tok].fn;
	uint32_t fs = g >= 0 ? fs_of_func(a, g) : 0;
	*root = -1;
	*walked = 0;
	return fs && reclaim_fs_quiet(a, fs, walked) && unknown_callers_own(a, g, fs, root);
}

static void check(struct rulectx *rc, const struct nofs_tok *t)
{
	struct analysis *a = rc->a;
	unsigned c = t->cv.cls;
	int root = -1, walked = 0;
	int own = (c & PC_UNKNOWN) && !(c & PC_LOCK) && unknown_is_own(a, t, &root, &walked);
	if ((!(c & (PC_NONE | PC_BLOCKED)) && !own) || (c & PC_LOCK) || ((c & PC_UNKNOWN) && !own))
		return;
	/* a transaction known only from a handle that some call may pass NULL
	 * for (nofs-in-transaction.c) is no scope to count on */
	int null_handle = (c & PC_TRANS) && t->cv.inherited[pc_index(PC_TRANS)] &&
			  trans_from_handle(a, a->prog->calls[t->call].fn) == 2;
	struct finding *f = nofs_finding(rc, R_nofs_no_context, CONF_LOW, t);
	if (own)
		finding_chain(rc, f, t->call, PC_UNKNOWN, &t->cv);
	if (c & PC_NONE)
		finding_chain(rc, f, t->call, PC_NONE, &t->cv);
	if (c & PC_BLOCKED)
		finding_chain(rc, f, t->call, PC_BLOCKED, &t->cv);
	if (c & PC_SCOPE)
		finding_chain(rc, f, t->call, PC_SCOPE, &t->cv);
	int dummy = 0;
	if (c & PC_TRANS) {
		int before = f->nev;
		finding_chain(rc, f, t->call, PC_TRANS, &t->cv);
		/* nor is a transaction whose handle may be a dummy (ext4 without a
		 * journal opens no scope): such a path may hold a lock there
		 * (ext4_map_blocks()'s i_data_sem around fscrypt_zeroout_range())
		 * that this rule does not see */
		dummy = chain_dummy_row(a, f, before) != NULL;
	}
	int scoped = (c & PC_SCOPE) || ((c & PC_TRANS) && !null_handle && !dummy);
	if (scoped && !own) {
		f->conf = CONF_MEDIUM;
		f->confidence = conf_name(CONF_MEDIUM);
	}
	char unk[512] = "";
	if (own) {
		const char *fsn = istr(fs_of_func(a, root)) + 3;
		snprintf(unk, sizeof(unk),
			 "%scallers gfpcheck cannot see, which reach it only through %s's own %s() and the like, "
			 "and %s has no writeback and its reclaim %s",
			 (c & (PC_NONE | PC_BLOCKED | PC_SCOPE | PC_TRANS)) ? "; " : "", fsn, func_name(a, root), fsn,
			 walked ? "takes no lock" : "calls none of its functions");
	}
	const char *sep = (c & (PC_NONE | PC_BLOCKED)) ? ", " : "";
	const char *trans = dummy	  ? "inside a transaction scope on journalled mounts"
			    : null_handle ? "inside a transaction scope, or with a handle a caller may pass as NULL"
					  : "inside a transaction scope";
	finding_msg(f, "%s may be unneeded: no known path holds a filesystem lock context here "
		       "(paths found: %s%s%s%s%s%s); review, then %s", nofs_name(a, t), (c & PC_NONE) ? "nothing held that reclaim takes" : "",
		    (c & PC_BLOCKED) ? (c & PC_NONE ? ", s_umount held for write" : "s_umount held for write") : "",
		    (c & PC_SCOPE) ? (*sep ? ", inside a NOFS scope" : "inside a NOFS scope") : "",
		    (c & PC_TRANS) && (*sep || (c & PC_SCOPE)) ? ", " : "", (c & PC_TRANS) ? trans : "",
		    unk, nofs_advice(a, t));
}

void rule_nofs_no_context(struct rulectx *rc)
{
	nofs_tokens(rc, check);
}
