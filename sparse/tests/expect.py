#!/usr/bin/env python3
"""expect.py SOURCE FACTS [COCCI_FACTS]: check the `EXPECT-FACT: KIND WORD...`
and `EXPECT-NO-FACT: KIND WORD...` comments of SOURCE against the facts file the
sparse front end wrote for it, and `COCCI-NO-FACT: KIND WORD...` against the
Coccinelle front end's facts of the same file (what only sparse sees).  A record matches when it is of KIND, holds the
WORDs as whole fields in that order, and (for a record with a position) one of
its positions lies on the comment's line.  Prints one line per failed
expectation and `N passed, N failed` for the file; exit 1 on a failure."""
import re
import sys

POS = re.compile(r"^(\d+):\d+$")


def records(path):
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for i, line in enumerate(f):
            if i >= 3 and line.strip() and not line.startswith("#"):
                out.append(line.rstrip("\n").split("\t"))
    return out


def matches(rec, kind, words, line):
    if rec[0] != kind:
        return False
    lines = [int(POS.match(x).group(1)) for x in rec[1:] if POS.match(x)]
    if lines and line not in lines:
        return False
    i = 1
    for w in words:
        while i < len(rec) and rec[i] != w:
            i += 1
        if i == len(rec):
            return False
        i += 1
    return True


def main():
    src, facts = sys.argv[1], sys.argv[2]
    recs = records(facts)
    crecs = records(sys.argv[3]) if len(sys.argv) > 3 else None
    ok = bad = 0
    with open(src, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            for who, neg, body in re.findall(r"(EXPECT|COCCI)-(NO-)?FACT:\s*([^*]*?)\s*(?:\*/|$)", line):
                kind, *words = body.split()
                rs = recs if who == "EXPECT" else crecs
                if rs is None:
                    bad += 1
                    print("FAIL %s:%d: COCCI-NO-FACT needs the Coccinelle facts" % (src, n))
                    continue
                hit = any(matches(r, kind, words, n) for r in rs)
                if hit != bool(neg):
                    ok += 1
                else:
                    bad += 1
                    print("FAIL %s:%d: %s %s" % (src, n, "unexpected" if neg else "missing", body))
    print("%d passed, %d failed" % (ok, bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
