#!/bin/sh
# bench/regress.sh [--update] NAME TREE - what gfpcheck says about a real tree,
# against the copies in bench/regress/: a refactoring that must not change what
# gfpcheck says shows here byte for byte. Four outputs are compared:
#   NAME.txt.gz      the whole text report (every finding with its chains, not
#                    the summary line, whose file counts depend on the spatch build)
#   NAME.json.gz     the JSON report without its timings (stats.seconds,
#                    stats.peak_mib, stats.cache_hits) and without the tree's path
#   NAME.fix.diff.gz the --fix diff
#   NAME.patches.gz  the --patch-dir series, one file after the other (the Date:
#                    lines are the only part that changes between runs: blanked)
# A change that means to change findings or fixes updates the copies with
# --update and says why in its commit. Exit 0 same, 1 different (the diffs are
# printed), 2 usage or run error.
set -eu
update=0
if [ "${1:-}" = --update ]; then update=1; shift; fi
[ $# -eq 2 ] || { echo "usage: bench/regress.sh [--update] NAME TREE" >&2; exit 2; }
name=$1 tree=$2
here=$(cd "$(dirname "$0")/.." && pwd)
[ -d "$tree" ] || { echo "regress: $tree: no such directory (make kernel-scan installs Linux 6.1)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "regress: python3 is needed to compare the JSON report (make deps installs it)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
g="$here/bin/gfpcheck"
from='gfpcheck regress <regress@gfpcheck.invalid>'
"$g" -q --fix -o "$tmp/out.txt" "$tree" >"$tmp/fix.diff" ||
	{ echo "regress: gfpcheck --fix failed on $tree" >&2; exit 2; }
"$g" -q --format json -o "$tmp/out.json" --patch-dir "$tmp/patches" --from "$from" "$tree" || [ $? = 1 ] ||
	{ echo "regress: gfpcheck --format json --patch-dir failed on $tree" >&2; exit 2; }
# the copies are of one kernel release and one spatch: say which, first line of each
top=$(cd "$tree" && while [ ! -f Makefile ] || ! grep -q '^VERSION = ' Makefile; do [ "$(pwd)" = / ] && break; cd ..; done; pwd)
kver=$(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p; s/^SUBLEVEL = //p' "$top/Makefile" 2>/dev/null | paste -sd. -)
sver=$(spatch --version 2>/dev/null | sed -n '1s/^spatch version \([^ ]*\).*/\1/p')
head="# Linux ${kver:-unknown}, spatch ${sver:-unknown}"
{ echo "$head"; grep -v '^gfpcheck: ' "$tmp/out.txt" || true; } >"$tmp/got.txt"
{ echo "$head"; python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
d.pop("tree", None)
for k in ("seconds", "peak_mib", "cache_hits"):
    d.get("stats", {}).pop(k, None)
json.dump(d, sys.stdout, indent=1, sort_keys=True)
print()' "$tmp/out.json"; } >"$tmp/got.json"
{ echo "$head"; cat "$tmp/fix.diff"; } >"$tmp/got.fix.diff"
{ echo "$head"; for p in "$tmp"/patches/*.patch; do
	[ -f "$p" ] || continue
	echo "=== ${p##*/}"
	sed 's/^Date: .*/Date: (blanked)/' "$p"
done; } >"$tmp/got.patches"

count() { grep -c ': \[' "$tmp/got.txt" || true; }
if [ $update = 1 ]; then
	for k in txt json fix.diff patches; do gzip -9n <"$tmp/got.$k" >"$here/bench/regress/$name.$k.gz"; done
	echo "regress: $name: $(count) findings, $(grep -c '^+++ ' "$tmp/got.fix.diff" || true) files in the --fix diff, $(grep -c '^=== ' "$tmp/got.patches" || true) patches written to bench/regress/$name.*.gz"
	exit 0
fi
rc=0
for k in txt json fix.diff patches; do
	want="$here/bench/regress/$name.$k.gz"
	[ -f "$want" ] || { echo "regress: no bench/regress/$name.$k.gz (run with --update once)" >&2; exit 2; }
	gzip -dc "$want" >"$tmp/want.$k"
	if [ "$(head -n 1 "$tmp/want.$k")" != "$head" ]; then
		echo "regress: $name.$k: the copy is of $(head -n 1 "$tmp/want.$k" | cut -c3-), this run of ${head#\# }: not comparable (run with --update on the old code first)" >&2
		exit 2
	fi
	if ! cmp -s "$tmp/want.$k" "$tmp/got.$k"; then
		echo "regress: $name: the $k output differs from bench/regress/$name.$k.gz:"
		diff -u "$tmp/want.$k" "$tmp/got.$k" | head -200
		rc=1
	fi
done
[ $rc = 0 ] && echo "regress: $name: same report ($(count) findings), JSON, --fix diff and --patch-dir series"
exit $rc
