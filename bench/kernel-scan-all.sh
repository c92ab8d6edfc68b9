#!/bin/sh
# bench/kernel-scan-all.sh KSRC [JOBS] - the whole-kernel scan of issue 15.
#
# 1. cold: every directory of KSRC with an empty facts cache, -j JOBS; writes
#    reports/linux-<ver>.txt and .json;
# 2. warm: the same scan again, every file from the cache;
# 3. one file changed: a comment line appended to one .c file, then a rescan:
#    exactly one file must be re-extracted.  KSRC itself is never written: every
#    run scans a hard-linked copy of it (cp -al, seconds), and the changed file is
#    first replaced by a private copy in that link farm.
# Each step's wall time, CPU time and peak RSS, the files (analysed, skipped
# with reason, partial), functions, call sites, edges and findings per rule and
# per top-level directory go to reports/linux-<ver>-scan.md, and into README.md
# between the kernel-scan-all markers.  Takes hours on 2 cores: run it alone.
# CACHE=DIR keeps the facts cache (default: a fresh one, removed at the end).
set -eu
ksrc=${1:?usage: kernel-scan-all.sh KSRC [JOBS]}
jobs=${2:-2}
here=$(cd "$(dirname "$0")/.." && pwd)
gfp="$here/bin/gfpcheck"
ver=$(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p' "$ksrc/Makefile" | paste -sd. -)
[ -n "$ver" ] || { echo "kernel-scan-all: $ksrc/Makefile: no VERSION/PATCHLEVEL: is this a kernel tree?" >&2; exit 2; }
rep="$here/reports"
mkdir -p "$rep"
work=$(mktemp -d)
cache=${CACHE:-$work/cache}
cleanup() {
	rm -rf "$work"
}
trap cleanup EXIT INT TERM
export GFPCHECK_CACHE="$cache"

run() { # NAME ARGS...: one timed gfpcheck run; the JSON report in $work/NAME.json
	name=$1
	shift
	/usr/bin/time -f "%e %U %S %M" -o "$work/$name.time" "$gfp" -j "$jobs" --format json -o "$work/$name.json" "$@" \
		2>"$work/$name.err" || [ $? = 1 ] || { echo "kernel-scan-all: $name run failed:" >&2; tail -5 "$work/$name.err" >&2; exit 2; }
}

tree="$work/linux-$ver"
cp -al "$ksrc" "$tree" 2>/dev/null || cp -a "$ksrc" "$tree"
echo "kernel-scan-all: Linux $ver at $ksrc (scanned through the link farm $tree), -j$jobs, cache $cache"
run cold "$tree"
cp "$work/cold.json" "$rep/linux-$ver.json"
"$gfp" -q -j "$jobs" -o "$rep/linux-$ver.txt" "$tree" || [ $? = 1 ]
run warm "$tree"
victim=$(find "$tree/fs" -name '*.c' | sort | head -n 1)
cp -p "$victim" "$victim.private" && mv "$victim.private" "$victim"
printf '/* kernel-scan-all: one changed file */\n' >>"$victim"
run touched "$tree"

python3 - "$work" "$ver" "$jobs" "$rep/linux-$ver-scan.md" "$here/README.md" <<'PY'
import json, os, re, sys
work, ver, jobs, md, readme = sys.argv[1:]

def timing(name):
    wall, user, sys_, rss = open(os.path.join(work, name + ".time")).read().split("\n")[-2].split()
    return float(wall), float(user) + float(sys_), int(rss) / 1024

def report(name):
    return json.load(open(os.path.join(work, name + ".json")))

cold = report("cold")
st = cold["stats"]
lines = ["Linux %s, whole tree, -j%s (bench/kernel-scan-all.sh):" % (ver, jobs), ""]
lines.append("| run | wall | CPU | peak RSS | files extracted |")
lines.append("|---|---|---|---|---|")
for name, what in (("cold", "cold (empty cache)"), ("warm", "warm (all cached)"), ("touched", "one .c file changed")):
    w, c, r = timing(name)
    s = report(name)["stats"]
    ext = s.get("files", 0) - s.get("cache_hits", 0)
    lines.append("| %s | %.0f s | %.0f s | %.0f MiB | %d |" % (what, w, c, r, ext))
skipped = st.get("skipped", [])
lines += ["", "Files: %d analysed, %d failed, %d partial, %d skipped%s." % (
    st["files"] - st.get("files_failed", 0), st.get("files_failed", 0), st.get("files_partial", 0), len(skipped),
    (" (" + "; ".join(skipped[:5]) + (", ..." if len(skipped) > 5 else "") + ")") if skipped else ""),
    "Functions %d, call sites %d, call edges %d." % (st["functions"], st["call_sites"], st["call_edges"]), ""]
per_rule, per_dir = {}, {}
for f in cold["findings"]:
    per_rule[f["rule"]] = per_rule.get(f["rule"], 0) + 1
    top = f["file"].split("/")[0]
    per_dir[top] = per_dir.get(top, 0) + 1
lines.append("Findings per rule: " + ", ".join("%s %d" % kv for kv in sorted(per_rule.items(), key=lambda kv: -kv[1])) + ".")
lines.append("Findings per top-level directory: " + ", ".join("%s %d" % kv for kv in sorted(per_dir.items(), key=lambda kv: -kv[1])) + ".")
text = "\n".join(lines) + "\n"
open(md, "w").write(text)
r = open(readme).read()
begin, end = "<!-- kernel-scan-all:begin -->\n", "<!-- kernel-scan-all:end -->"
if begin in r and end in r:
    r = r[:r.index(begin) + len(begin)] + text + r[r.index(end):]
    open(readme, "w").write(r)
print(text, end="")
PY
