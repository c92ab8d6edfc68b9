/* icall.h - indirect calls resolved.
 *
 * A call through a struct member (`icall` records: `sb->s_op->alloc_inode(sb)`,
 * FIELD `super_operations.alloc_inode`, or `.alloc_inode` when the front end
 * does not know the type) resolves to every function stored into that member
 * anywhere in the scanned code (designated initialisers, assignments: `ref`
 * records init:FIELD / assign:FIELD), narrowed by struct type where both sides
 * know it, and to functions with as many parameters as the call has arguments.
 * A call from inside one filesystem's directory does not resolve to
 * another filesystem's functions (an inode's or superblock's ops are its own
 * filesystem's). A call through a function-pointer parameter (`fill_super(sb,
 * fc)` in get_tree_bdev()) resolves to the functions the callers pass for it.
 * Calls with more than ICALL_MAX candidates stay unresolved. */
#ifndef GFPCHECK_ICALL_H
#define GFPCHECK_ICALL_H
#include "analysis/analysis.h"

#define ICALL_MAX 64

struct icalls {
	int *first, *n;  /* per call: index into tgt and count (n 0: none) */
	int *tgt;
	size_t ntgt, captgt;
	signed char *pk;  /* per call: the parameter of its function it calls through (param_calls()), or -1 */
	uint32_t *pmask;  /* per function: bit k when its parameter k (k < 32) is called, or passed on to
			     such a parameter of a callee (icall_param_mask()) */
	/* stats */
	size_t sites, resolved, unresolved_none, unresolved_many, param_calls, var_calls;
	size_t typed_here; /* member calls the front end left untyped, typed from the struct facts (expr_struct_type()) */
	size_t summaries; /* resolved sites whose targets' flow summaries agree, applied at the call (flow.c) */
	int maxn;
	size_t *counts; size_t ncounts, capcounts; /* target counts of resolved sites */
};

/* Resolve every indirect call (after graph_build): a->icalls, and each target's
 * icallers (func.icallers). */
/* The filesystem a directory belongs to ("fs/ext4" for fs/ext4/...), or 0 for
 * generic code: fs/ itself, mm/, include/, and the directories of fs/ that
 * register no filesystem (no file_system_type of theirs: fs/quota, fs/jbd2,
 * fs/iomap, fs/crypto, ... are libraries the filesystems call). */
uint32_t fs_of(const struct analysis *a, const char *dir);
/* The index of filesystem fs (as fs_of() names it) in a->fstops, or -1. */
int fs_slot(const struct analysis *a, uint32_t fs);
/* The filesystem of function f's code (fs_of its directory). */
uint32_t fs_of_func(const struct analysis *a, int f);
void icall_resolve(struct analysis *a);
void icall_free(struct analysis *a);
/* The median number of targets of the resolved sites. */
size_t icall_median(const struct icalls *I);
/* The targets of call c (none for a direct call); *n gets their number. */
const int *icall_targets(const struct analysis *a, int c, int *n);
/* The parameter of its own function that call c calls through (`ea_call(...)`
 * where ea_call is a parameter), or -1. */
int icall_param(const struct analysis *a, int c);
/* The parameters of function f (bit k, k < 32) whose value decides a call:
 * called in f, or passed on to such a parameter of a function f calls. */
uint32_t icall_param_mask(const struct analysis *a, int f);
/* The parameter of function g named name, or -1. */
int icall_param_named(const struct program *p, int g, uint32_t name);
/* The identifier an argument text names, `name` or `&name` (interned), or 0. */
uint32_t icall_arg_name(uint32_t arg);
#endif
