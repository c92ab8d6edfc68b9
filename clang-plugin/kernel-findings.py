#!/usr/bin/env python3
"""kernel-findings.py CLANG.json COCCI.json [DIR...]: agreement of the findings of
gfpcheck on the facts of the two front ends (gfpcheck --facts ... --format json).

A finding is keyed by (file, line, rule); several findings with the same key are
counted with their multiplicity.  Prints a markdown table per rule (both, Clang
only, Coccinelle only) for every DIR (default fs/ext4 fs/xfs fs/btrfs) and in
total, then, with -v, every disagreement with its function and message. Rules
come in the order of `gfpcheck --list-rules` ($GFPCHECK, else bin/gfpcheck);
rules the table does not hold follow, sorted."""
import json
import os
import subprocess
import sys
from collections import Counter


def rule_ids():
    """The rule IDs in the order of `gfpcheck --list-rules` (the rule table): the
    gfpcheck of $GFPCHECK, else bin/gfpcheck of this checkout."""
    exe = os.environ.get("GFPCHECK") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "bin", "gfpcheck")
    try:
        out = subprocess.run([exe, "--list-rules"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             universal_newlines=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        sys.stderr.write("kernel-findings.py: cannot run '%s --list-rules' (%s): run make, or set GFPCHECK\n"
                         % (exe, e))
        sys.exit(2)
    ids = [line.split()[0] for line in out.splitlines() if line.strip()]
    if not ids:
        sys.stderr.write("kernel-findings.py: '%s --list-rules' printed no rule\n" % exe)
        sys.exit(2)
    return ids


def load(p):
    with open(p) as fh:
        j = json.load(fh)
    return j["findings"], j.get("stats", {})


def key(f):
    return (f["file"], f["line"], f["rule"])


def main():
    # --front=NAME: the first report comes from that front end (default Clang;
    # sparse/kernel-check.sh passes --front=sparse)
    front = ([a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--front=")] or ["Clang"])[0]
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    verbose = "-v" in sys.argv
    cf, cst = load(args[0])
    sf, sst = load(args[1])
    dirs = args[2:] or ["fs/ext4", "fs/xfs", "fs/btrfs"]
    ck, sk = Counter(map(key, cf)), Counter(map(key, sf))
    RULES = rule_ids()

    def dir_of(path):
        for d in dirs:
            if path.startswith(d.rstrip("/") + "/"):
                return d
        return "other"

    n = Counter()
    for k in set(ck) | set(sk):
        d, rule = dir_of(k[0]), k[2]
        b = min(ck[k], sk[k])
        for dd in (d, "total"):
            n[(dd, rule, "both")] += b
            n[(dd, rule, "clang")] += ck[k] - b
            n[(dd, rule, "cocci")] += sk[k] - b
    rules = [r for r in RULES if any(n[(d, r, s)] for d in ["total"] for s in ("both", "clang", "cocci"))]
    rules += sorted({k[2] for k in set(ck) | set(sk)} - set(RULES))
    cols = dirs + (["other"] if any(n[("other", r, s)] for r in rules for s in ("both", "clang", "cocci")) else []) + ["total"]
    fl = front.lower()
    print("findings: %s %d, cocci %d (functions: %s %s, cocci %s; files: %s %s, cocci %s)" % (
        fl, len(cf), len(sf), fl, cst.get("functions", "?"), sst.get("functions", "?"), fl,
        cst.get("files", "?"), sst.get("files", "?")))
    print()
    print("both / %s only / Coccinelle only, findings keyed by file, line and rule:" % front)
    print()
    print("| rule | " + " | ".join(cols) + " |")
    print("|---|" + "---|" * len(cols))
    for r in rules + ["all rules"]:
        cells = []
        for d in cols:
            if r == "all rules":
                v = [sum(n[(d, x, s)] for x in rules) for s in ("both", "clang", "cocci")]
            else:
                v = [n[(d, r, s)] for s in ("both", "clang", "cocci")]
            cells.append("%d / %d / %d" % tuple(v))
        print("| %s | %s |" % (r, " | ".join(cells)))
    if verbose:
        by = {}
        for f in cf:
            by.setdefault(("clang",) + key(f), f)
        for f in sf:
            by.setdefault(("cocci",) + key(f), f)
        for side, mine, other in (("clang", ck, sk), ("cocci", sk, ck)):
            print("\n%s only:" % (front if side == "clang" else "Coccinelle"))
            for k in sorted(mine, key=lambda k: (k[2], k[0], k[1])):
                if mine[k] > other[k]:
                    f = by[(side,) + k]
                    print("  %s:%d: [%s] %s: %s" % (k[0], k[1], k[2], f.get("function", "?"), f["message"]))
                    for e in f.get("evidence", [])[:4]:
                        print("      %s:%d: %s" % (e["file"], e["line"], e["what"]))


if __name__ == "__main__":
    main()
