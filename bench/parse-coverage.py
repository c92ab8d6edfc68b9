#!/usr/bin/env python3
"""parse-coverage.py FACTS_DIR [OUT]: sum the `skipped` records of spatch parse
errors in a directory of facts files (bench/parse-coverage.sh)."""
import collections
import os
import re
import sys

SK = re.compile(r"spatch parse error near (.*), (\d+) lines not analysed$")


def main():
    base = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] else None
    files = partial = lines = regions = 0
    src_lines = 0
    tokens = collections.Counter()
    tok_lines = collections.Counter()
    per_file = collections.Counter()
    per_dir = collections.Counter()
    rows = []
    for d, _, fs in os.walk(base):
        for f in fs:
            if not f.endswith(".facts"):
                continue
            rel = os.path.relpath(os.path.join(d, f), base)[:-6]
            files += 1
            seen = False
            with open(os.path.join(d, f), encoding="utf-8", errors="replace") as fh:
                for line in fh:
                    if not line.startswith("skipped\t"):
                        continue
                    parts = line.rstrip("\n").split("\t")
                    m = SK.match(parts[2]) if len(parts) > 2 else None
                    if not m:
                        continue
                    n = int(m.group(2))
                    tok = m.group(1)
                    if tok.startswith("the end of line"):
                        tok = "(end of a line)"
                    seen = True
                    lines += n
                    regions += 1
                    tokens[tok] += 1
                    tok_lines[tok] += n
                    per_file[rel] += n
                    parts_dir = rel.split("/")
                    per_dir["/".join(parts_dir[:2]) if len(parts_dir) > 2 else parts_dir[0]] += n
                    rows.append("%s:%s\t%d\t%s" % (rel, parts[1], n, tok))
            partial += seen
    print("files: %d, with regions not analysed: %d" % (files, partial))
    print("lines not analysed: %d in %d regions" % (lines, regions))
    print("top tokens spatch stopped at (regions, lines):")
    for t, c in tok_lines.most_common(25):
        print("  %-40s %5d %7d" % (t, tokens[t], c))
    print("top files (lines):")
    for f, c in per_file.most_common(15):
        print("  %-60s %6d" % (f, c))
    print("top directories (lines):")
    for f, c in per_dir.most_common(15):
        print("  %-40s %6d" % (f, c))
    if out:
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "regions.txt"), "w") as o:
            o.write("\n".join(sorted(rows)) + "\n")


if __name__ == "__main__":
    main()
