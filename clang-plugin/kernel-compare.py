#!/usr/bin/env python3
"""kernel-compare.py CLANG_DIR COCCI_DIR: record-level agreement of the two front
ends on the files both have facts for.  Prints, per record kind, the records of
each side, the common ones and the ones of one side only (after the filters of
tests/compare.py for the known differences D1, D2 and D4), then a few examples of
each disagreement."""
import os
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"))
import compare  # noqa: E402

compare.ALL = True
KINDS = list(compare.KINDS) + list(compare.EXTRA)


def facts(d):
    out = {}
    for root, _, files in os.walk(d):
        for f in files:
            if f.endswith(".facts"):
                p = os.path.join(root, f)
                out[os.path.relpath(p, d)[:-6]] = p
    return out


def main():
    cd, sd = sys.argv[1], sys.argv[2]
    c, s = facts(cd), facts(sd)
    both = sorted(set(c) & set(s))
    n = Counter()
    ex = defaultdict(list)
    partial = 0
    for f in both:
        cr = compare.clang_side(compare.load(c[f]))
        sr = compare.cocci_side(compare.load(s[f]))
        with open(s[f]) as fh:
            if "status\tpartial" in fh.read(200):
                partial += 1
        ck = Counter(compare.key(r) for r in cr)
        sk = Counter(compare.key(r) for r in sr)
        for k, v in ck.items():
            kind = k.split("\t", 1)[0]
            n[(kind, "clang")] += v
            common = min(v, sk.get(k, 0))
            n[(kind, "common")] += common
            if v > common:
                n[(kind, "clang-only")] += v - common
                if len(ex[(kind, "clang-only")]) < 6:
                    ex[(kind, "clang-only")].append(f + ": " + k)
        for k, v in sk.items():
            kind = k.split("\t", 1)[0]
            n[(kind, "cocci")] += v
            if v > ck.get(k, 0):
                n[(kind, "cocci-only")] += v - ck.get(k, 0)
                if len(ex[(kind, "cocci-only")]) < 6:
                    ex[(kind, "cocci-only")].append(f + ": " + k)
    print("files: clang %d, cocci %d, both %d (cocci partial: %d)" % (len(c), len(s), len(both), partial))
    print("| kind | clang | cocci | common | clang only | cocci only | agreement |")
    print("|---|---|---|---|---|---|---|")
    for kind in KINDS:
        a, b, m = n[(kind, "clang")], n[(kind, "cocci")], n[(kind, "common")]
        agr = "%.1f%%" % (100.0 * m / max(a, b)) if max(a, b) else "-"
        print("| %s | %d | %d | %d | %d | %d | %s |" % (kind, a, b, m, n[(kind, "clang-only")],
                                                       n[(kind, "cocci-only")], agr))
    if "-v" in sys.argv:
        for (kind, side), v in sorted(ex.items()):
            print("\n%s %s:" % (kind, side))
            for e in v:
                print("  " + e)


if __name__ == "__main__":
    main()
