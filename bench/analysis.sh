#!/bin/sh
# bench/analysis.sh TREE [RUNS] - the cost of everything after extraction.
# Fills the facts cache once, then runs gfpcheck RUNS times on the warm cache and
# prints, per run, the seconds of each phase (load, graph, flow, context, rules)
# from the JSON stats, the wall time and the peak resident memory.
# Targets (issue 2): under 3 s and 512 MiB on linux-6.1 fs/ with 2 cores.
set -eu
tree=${1:-${HOME}/.cache/gfpcheck/linux-source-6.1/fs}
runs=${2:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
gfp="$here/bin/gfpcheck"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "tree: $tree"
echo "filling the facts cache (first run extracts what is missing)..."
"$gfp" -q -o "$out/warm.txt" "$tree" || [ $? = 1 ]
i=1
while [ "$i" -le "$runs" ]; do
	/usr/bin/time -f "%e %M" -o "$out/time" "$gfp" -q --format json -o "$out/r.json" "$tree" || [ $? = 1 ]
	python3 - "$out/r.json" "$out/time" <<'PY'
import json, sys
st = json.load(open(sys.argv[1]))["stats"]
s = st["seconds"]
m = st.get("peak_mib", {})
wall, rss = open(sys.argv[2]).read().split("\n")[-2].split()  # last line; time prefixes an exit-status note
after = sum(v for k, v in s.items() if k != "extract")
print("run: load %.2f graph %.2f flow %.2f context %.2f rules %.2f | after extraction %.2f s | wall %s s | peak %.0f MiB"
      % (s["load"], s["graph"], s["flow"], s["context"], s["rules"], after, wall, int(rss) / 1024))
if m:
    print("     peak MiB after load %(load).0f graph %(graph).0f flow %(flow).0f context %(context).0f rules %(rules).0f" % m)
PY
	i=$((i + 1))
done
