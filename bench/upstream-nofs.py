#!/usr/bin/env python3
"""Compare gfpcheck's "this GFP_NOFS can go" findings on an old tree with what
upstream later changed.

    bench/upstream-nofs.py OLD_TREE NEW_TREE REPORT.json [DIR...]

For every function of OLD_TREE/DIR (default fs) that writes GFP_NOFS (or XFS's
KM_NOFS), the same function (same name, same file name or, failing that, a name
unique in DIR) is looked up in NEW_TREE. The function counts as *changed
upstream* when the new one writes fewer NOFS masks than the old one while it
still exists. The report's findings of the rules that say a GFP_NOFS is
redundant or belongs in a scope (nofs-in-scope, nofs-in-transaction,
nofs-no-context, nofs-to-scope) are matched per function. The script prints
recall (changed functions gfpcheck flags), the flagged functions that upstream
left alone, and per-rule counts. It measures the analysis; it never feeds it.
Exit status: 0, or 2 on bad input.
"""
import json
import os
import re
import sys

NOFS = re.compile(r"\b(GFP_NOFS|KM_NOFS)\b")
KERNEL = re.compile(r"\b(GFP_KERNEL|GFP_USER|memalloc_nofs_save)\b")
RULES = ("nofs-in-scope", "nofs-in-transaction", "nofs-no-context", "nofs-to-scope")
KEYW = {"if", "for", "while", "switch", "return", "sizeof", "do", "else"}


def strip(text):
    """C text with comments and string/char literals blanked (lengths kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            e = text.find("*/", i + 2)
            e = n if e < 0 else e + 2
            out.append(re.sub(r"[^\n]", " ", text[i:e]))
            i = e
        elif text.startswith("//", i):
            e = text.find("\n", i)
            e = n if e < 0 else e
            out.append(" " * (e - i))
            i = e
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + " " * (j - i - 2) + c if j - i >= 2 else text[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(path):
    """{name: (NOFS masks, GFP_KERNEL/GFP_USER/scope saves)} of the top-level function bodies."""
    try:
        with open(path, errors="replace") as f:
            text = strip(f.read())
    except OSError:
        return {}
    # preprocessor lines do not open bodies
    text = re.sub(r"(?m)^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    res = {}
    depth = 0
    i = 0
    start = None
    name = None
    for m in re.finditer(r"[{}]", text):
        if m.group(0) == "{":
            if depth == 0:
                head = text[max(0, m.start() - 400):m.start()]
                fm = re.search(r"\b([A-Za-z_]\w*)\s*\([^;{}]*\)\s*(?:__\w+(?:\([^)]*\))?\s*)*$", head)
                if fm and fm.group(1) not in KEYW:
                    name, start = fm.group(1), m.start()
                else:
                    name, start = None, None
            depth += 1
        else:
            depth -= 1
            if depth == 0 and name:
                body = text[start:m.end()]
                res.setdefault(name, (len(NOFS.findall(body)), len(KERNEL.findall(body))))
                name = None
            depth = max(depth, 0)
    return res


def scan(tree, dirs):
    """{(basename, fn): (relpath, nofs)} and {fn: [keys]}"""
    byfile = {}
    byname = {}
    for d in dirs:
        for root, _, files in os.walk(os.path.join(tree, d)):
            for fn in files:
                if not fn.endswith((".c", ".h")):
                    continue
                p = os.path.join(root, fn)
                rel = os.path.relpath(p, tree)
                for name, cnt in functions(p).items():
                    key = (fn, name)
                    byfile[key] = (rel, cnt)
                    byname.setdefault(name, []).append(key)
    return byfile, byname


def main(argv):
    if len(argv) < 4:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    old, new, rep = argv[1], argv[2], argv[3]
    dirs = argv[4:] or ["fs"]
    for t in (old, new):
        if not os.path.isfile(os.path.join(t, "Makefile")):
            print(f"upstream-nofs: {t}: not a kernel tree (no Makefile)", file=sys.stderr)
            return 2
    try:
        with open(rep) as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        print(f"upstream-nofs: {rep}: {e}; give the JSON report of the old tree", file=sys.stderr)
        return 2
    o_file, _ = scan(old, dirs)
    n_file, n_name = scan(new, dirs)
    changed = {}
    kept = {}
    tokernel = set()
    for key, (rel, (cnt, kcnt)) in o_file.items():
        if cnt == 0:
            continue
        nk = key if key in n_file else None
        if nk is None and len(n_name.get(key[1], [])) == 1:
            nk = n_name[key[1]][0]
        if nk is None:
            continue
        ncnt, nkcnt = n_file[nk][1]
        (changed if ncnt < cnt else kept)[(rel, key[1])] = (cnt, ncnt)
        if ncnt < cnt and nkcnt > kcnt:
            tokernel.add((rel, key[1]))
    flagged = {}
    for f in report.get("findings", []):
        if f.get("rule") in RULES:
            flagged.setdefault((f["file"], f.get("function")), set()).add(f["rule"])
    hit = [k for k in changed if k in flagged]
    miss = [k for k in changed if k not in flagged]
    left = [k for k in flagged if k in kept]
    print(f"functions with GFP_NOFS/KM_NOFS in the old tree that still exist: {len(changed) + len(kept)}")
    print(f"  changed upstream (fewer NOFS masks): {len(changed)}")
    print(f"  flagged by gfpcheck and changed upstream: {len(hit)}"
          f" (recall {100.0 * len(hit) / max(1, len(changed)):.1f}%)")
    hk = [k for k in hit if k in tokernel]
    print(f"    of which the new code writes more GFP_KERNEL/GFP_USER/memalloc_nofs_save: {len(tokernel)},"
          f" flagged {len(hk)} (recall {100.0 * len(hk) / max(1, len(tokernel)):.1f}%)")
    print(f"  flagged by gfpcheck, NOFS kept upstream: {len(left)}")
    per = {}
    for k in flagged:
        for r in flagged[k]:
            s = per.setdefault(r, [0, 0, 0])
            s[0] += 1
            s[1] += k in changed
            s[2] += k in kept
    for r in sorted(per):
        print(f"  {r}: {per[r][0]} functions flagged, {per[r][1]} changed upstream, {per[r][2]} kept")
    if os.environ.get("VERBOSE"):
        for k in sorted(hit):
            print("HIT  ", k[0], k[1], changed[k], ",".join(sorted(flagged[k])))
        for k in sorted(miss):
            print("MISS ", k[0], k[1], changed[k], "to-kernel" if k in tokernel else "")
        for k in sorted(left):
            print("KEPT ", k[0], k[1], kept[k], ",".join(sorted(flagged[k])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
