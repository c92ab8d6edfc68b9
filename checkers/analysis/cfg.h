/* cfg.h - a function's control-flow graph in the one form the flow engine
 * (engine.c) interprets: blocks holding call events in evaluation order, their
 * successors, and the `if` whose condition ends a block.
 *
 * Two builders: from the front end's own CFG (`cfg`/`bb` records of the Clang
 * front end), and by lowering the structure records (if, loop, switch, case,
 * return, goto, label, break, continue) that every front end writes. The
 * lowering reproduces C's control flow over those records:
 *  - an `if` ends its block; the then branch is successor 0, the else branch (or
 *    the join when there is none) successor 1;
 *  - a loop is a header block (the condition and iterator), a body looping back
 *    to the header, and an exit reached from the header and from `break`;
 *  - a switch's head reaches its body, every `case` label and the exit (no
 *    default arm); `break` goes to the exit;
 *  - `return` ends the path after the calls of its expression; `goto` reaches
 *    its label; a call of a model `noreturn` function ends the path;
 *  - where a function has no `case` records (a front end that does not write
 *    them), code after a jump in the same block resumes from the block before
 *    the jump (the usual shape of a switch arm).
 * The lowering can also place one virtual event, a region probe, at a source
 * position (regions.c: "would a scope opened here be balanced?"). */
#ifndef GFPCHECK_CFG_H
#define GFPCHECK_CFG_H
#include "analysis/analysis.h"

#define CFG_PROBE (-2) /* the virtual event of a region probe */

struct cfg_block {
	int *ev;                 /* call ids (prog.calls), or CFG_PROBE, in evaluation order */
	int nev, capev;
	int *succ;               /* successor blocks; for an `if` block: then, else */
	int nsucc, capsucc;
	const struct item *ifit; /* the `if` whose condition ends the block, or NULL */
};

struct fcfg {
	struct cfg_block *b;
	int n, cap;
	int entry, exit;
	int from_front_end;      /* built from `bb` records, not lowered */
	int packed;              /* b and every block's ev and succ are one allocation (b) */
};

/* The function's CFG: from its `bb` records when it has them and no probe is
 * asked for, else lowered from its structure records (with the probe at
 * `probe` when probe.line > 0). */
void cfg_build(const struct analysis *a, int fn, pos_t probe, struct fcfg *g);
void cfg_free(struct fcfg *g);
#endif
