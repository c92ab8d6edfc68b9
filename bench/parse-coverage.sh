#!/bin/sh
# bench/parse-coverage.sh TREE [MACROS] [JOBS] - how much of TREE spatch cannot
# parse with gfpcheck's runner and options, and why.
#
# Every .c and .h file under TREE goes through gfpcheck-extract with
# bench/parse-only.cocci (spatch parses each file and does nothing else), a
# temporary facts cache, and MACROS as spatch's macro file ('' for none, the
# default: cocci/gfpcheck-macros.h).  The runner turns spatch's parse errors
# into `skipped` records exactly as in a real scan (regions inside #define
# bodies do not count: no front end analyses macro bodies); the summary
# counts the lines and regions not analysed and lists the tokens spatch
# stopped at, the files and the directories with most.  Output: a report on
# stdout; the per-region list in $OUT/regions.txt when OUT is set.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
tree=${1:?usage: parse-coverage.sh TREE [MACROS] [JOBS]}
macros=${2-$top/cocci/gfpcheck-macros.h}
jobs=${3:-2}
work=$(mktemp -d "${TMPDIR:-/tmp}/parse-coverage.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
start=$(date +%s)
"$top/bin/gfpcheck-extract" -j "$jobs" --timeout 300 --cocci "$top/bench/parse-only.cocci" \
	--macros "$macros" --cache "$work/cache" --root "$tree" -o "$work/facts" "$tree" \
	>/dev/null 2>"$work/extract.err"
end=$(date +%s)
echo "tree: $tree"
echo "macro file: ${macros:-(none)}"
echo "extraction: $((end - start)) s wall, -j $jobs; $(tail -n 1 "$work/extract.err")"
python3 "$top/bench/parse-coverage.py" "$work/facts" "${OUT:-}"
