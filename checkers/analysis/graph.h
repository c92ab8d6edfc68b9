/* graph.h - link the facts of all files into one call graph. */
#ifndef GFPCHECK_GRAPH_H
#define GFPCHECK_GRAPH_H
#include "analysis/analysis.h"

/* Attach calls and structure items to their functions, resolve call targets
 * (static functions by file), fill callers, mark functions whose callers are not
 * all known (their address taken, exported, declared in a header of include/:
 * `proto` records), and infer allocator wrappers. Returns the number of call
 * edges. */
int graph_build(struct analysis *a);
/* Does call cl of allocator wrapper fn pass fn's gfp parameter on as the gfp
 * argument of an allocator or of another wrapper? */
int wrapper_passes_gfp(const struct analysis *a, const struct func *fn, const struct call *cl);
/* Which function `name` means in file `file` (static functions by file,
 * extern ones preferring the same directory), or -1. After graph_build(). */
int graph_resolve(const struct analysis *a, int file, uint32_t name);
/* The same for a name written inside function fn (-1: at file scope): -1 when
 * a parameter or local of fn has that name (`.link = link` in overlayfs's
 * ovl_create_object(), whose `const char *link` is no function link()). */
int graph_resolve_in(const struct analysis *a, int file, int fn, uint32_t name);
/* The STRUCT.MEMBER a `ref` HOW stores into (`init:FIELD`, `assign:FIELD`;
 * FIELD `=VAR` for a variable), or NULL for another kind of ref. */
const char *ref_stored_field(const char *how);
/* A function's gfp_t parameter index, or -1. */
int func_gfp_param(const struct program *p, const struct func *fn, uint32_t name);
#endif
