#!/usr/bin/env python3
"""compare.py [--expanded] CLANG_FACTS COCCI_FACTS (or compare.py --batch LIST):
compare the records of two facts files of the same source file, modulo the known
differences of clang-plugin/DIFFERENCES.md.  Prints one line per unexplained
difference; exit 1 if there is any.  The first file may also come from the sparse
front end (it expands macros like Clang); with --expanded (a fourth field
`expanded` in a --batch line) the second one does too: sparse against Clang, both
sides filtered as the Clang side."""
import os
import sys

ALL = os.environ.get("ALL_KINDS") == "1"

KINDS = ("call", "gfp", "gfparg", "if", "return", "goto", "label",
         # the source bytes parsed and the directives in their comments: the
         # front ends share the writer, so these must be identical
         "source", "suppress",
         # indirect calls, locals, return types (`fnret`: from the `fn`
         # records) and functions stored into members or variables (`ref`
         # with HOW init:/assign:, functions only), modulo D18-D21
         "icall", "local", "fnret", "ref")
# also compared (not required by the issue, useful to the core)
EXTRA = ("fn", "loop", "switch", "case", "break", "continue", "export", "assign", "gfpvar")


def load(path):
    recs = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("text\t") or line == "end":
                break  # the source text and the end marker
            if not line or line.startswith("#") or line.split("\t")[0] in ("gfpfacts", "frontend", "status"):
                continue
            recs.append(line.split("\t"))
    return recs


def writes_new_kinds(path):
    # version 2 writers other than the sparse front end (which writes no
    # local, fnret or receiver text yet: sparse/README.md)
    with open(path, encoding="utf-8", errors="replace") as f:
        first = f.readline().rstrip("\n").split("\t")
        second = f.readline().rstrip("\n").split("\t")
    if not (len(first) == 2 and first[0] == "gfpfacts" and first[1].isdigit() and int(first[1]) >= 2):
        return False
    return not (len(second) == 2 and second[0] == "frontend" and second[1].startswith("gfpcheck-sparse"))


def typed(recs):
    # fnret records from fn records; ref records only for functions of the
    # file (D6: Coccinelle also writes refs of variables and macros) and
    # only where they are stored (init:, assign:)
    fns = {r[1] for r in recs if r[0] in ("fn", "proto")}
    out = []
    for r in recs:
        if r[0] == "fn" and len(r) > 5:
            out.append(["fnret", r[1], r[5].replace(" ", "")])
        elif r[0] == "ref":
            if r[3] in fns and (r[4].startswith("init:") or r[4].startswith("assign:")):
                out.append(r)
        elif r[0] == "local":
            # D20: types compared without spaces (`char *[4]`)
            out.append(r[:4] + [r[4].replace(" ", "")])
        else:
            out.append(r)
    return out


def clang_side(recs):
    recs = typed(recs)
    out = []
    callpos = set()
    argseen = set()
    # D1: calls in the expansion of an iterator macro (the for header of
    # bio_for_each_segment_all() calls bvec_init_iter_all()) are at the position
    # of its `loop ... iter` record, where Coccinelle has no call.
    iterpos = {r[2] for r in recs if r[0] == "loop" and r[-1] == "iter"}
    for r in recs:
        k = r[0]
        if k == "call" and r[2] in iterpos:
            continue
        if k == "call":
            # D1: the callee after macro expansion shares the position of the
            # macro as written (which comes first).
            if r[2] in callpos:
                continue
            callpos.add(r[2])
        if k == "gfparg":
            # D1: gfparg of the expanded callee (same token, same position).
            if (r[1], r[2]) in argseen:
                continue
            argseen.add((r[1], r[2]))
        if k in KINDS or (ALL and k in EXTRA):
            out.append(r)
    return out


def cocci_side(recs):
    recs = typed(recs)
    out = []
    outside = {r[2] for r in recs if r[0] == "gfp" and r[1] == "-"}
    for r in recs:
        if r[0] in ("gfparg", "gfpvar") and r[1] in outside:
            continue  # D2: tokens in #define bodies, linked to calls there
        k = r[0]
        if k == "call" and r[1] == "-":
            continue  # D2: calls in #define bodies and file-scope initialisers
        if k in KINDS or (ALL and k in EXTRA):
            out.append(r)
    return out


def key(r):
    if r[0] in ("assign", "gfpvar"):
        # variable texts: Coccinelle pretty-prints (`* p`), Clang copies (`*p`)
        r = r[:-1] + [r[-1].replace(" ", "")]
    return "\t".join(r)


def untyped(c, s):
    # D18: where Coccinelle does not know the struct type (`.member`), the
    # Clang record is compared without it (icall FIELD, ref HOW init:/assign:)
    loose = set()
    for r in s:
        if r[0] == "icall" and r[4].startswith("."):
            loose.add(("icall", r[2]))
        elif r[0] == "ref" and (r[4].startswith("init:.") or r[4].startswith("assign:.")):
            loose.add(("ref", r[2]))
    out = []
    for r in c:
        if r[0] in ("icall", "ref") and (r[0], r[2]) in loose:
            pre, _, rest = r[4].partition(":") if r[0] == "ref" else ("", "", r[4])
            m = rest[rest.rfind("."):] if "." in rest else rest
            r = r[:4] + [(pre + ":" if pre else "") + m] + r[5:]
        out.append(r)
    return out


# written by the shared writer from the bytes parsed (gfpfacts version 2): compared
# when both files have them (a version 1 writer has neither)
SOURCE_KINDS = ("source", "suppress")
# written by the Coccinelle and Clang front ends (the sparse front end not yet)
NEW_KINDS = ("icall", "local", "fnret", "ref")


def differences(clang_path, cocci_path, expanded=False):
    cr, sr = load(clang_path), load(cocci_path)
    if not (any(r[0] == "source" for r in cr) and any(r[0] == "source" for r in sr)):
        cr = [r for r in cr if r[0] not in SOURCE_KINDS]
        sr = [r for r in sr if r[0] not in SOURCE_KINDS]
    if expanded or not writes_new_kinds(clang_path) or not writes_new_kinds(cocci_path):
        # (fnret comes from the return type field of fn records)
        cr = [r[:5] if r[0] == "fn" else r for r in cr if r[0] not in NEW_KINDS]
        sr = [r[:5] if r[0] == "fn" else r for r in sr if r[0] not in NEW_KINDS]
    c = clang_side(cr)
    s = clang_side(sr) if expanded else cocci_side(sr)
    if not expanded:
        c = untyped(c, s)
    # gfparg of tokens outside functions cannot be compared either (D2)
    cs = {key(r) for r in c}
    ss = {key(r) for r in s}
    return (["  clang only: " + r for r in sorted(cs - ss)] +
            ["  cocci only: " + r for r in sorted(ss - cs)])


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--batch":
        # one line per pair: CLANG_FACTS TAB COCCI_FACTS TAB OUTPUT [TAB
        # expanded]; each pair's differences go to its OUTPUT file (one
        # interpreter for all)
        with open(sys.argv[2], encoding="utf-8") as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                cf, sf, outp = parts[:3]
                with open(outp, "w", encoding="utf-8") as o:
                    for d in differences(cf, sf, len(parts) > 3 and parts[3] == "expanded"):
                        o.write(d + "\n")
        return
    args = sys.argv[1:]
    expanded = bool(args) and args[0] == "--expanded"
    if expanded:
        args = args[1:]
    bad = differences(args[0], args[1], expanded)
    for d in bad:
        print(d)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
