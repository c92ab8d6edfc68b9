#!/bin/sh
# bench/rescan-compare.sh OLD NEW KSRC [ROUNDS] - two gfpcheck checkouts side by
# side on the rescans of issue 15: a warm rescan of KSRC (every file from the
# facts cache), ROUNDS times each, alternating OLD and NEW so that both see the
# same machine, then one rescan each after one .c file changed (a comment line
# appended, a different one for each, so each re-extracts exactly that file).
#
# OLD and NEW are checkouts with bin/gfpcheck built (e.g. a `git worktree add
# --detach` of the old commit). The facts cache is GFPCHECK_CACHE (it must hold
# KSRC's facts already: run `make kernel-scan-all` or one cold scan first, or
# the first round is a cold scan). KSRC is never written: the runs scan a
# hard-linked copy, and the changed file is a private copy in it.
# Prints, per run, wall time, peak RSS and the JSON's stats.seconds, and the
# best of each side; checks that both sides give the same findings.
set -eu
old=${1:?usage: rescan-compare.sh OLD NEW KSRC [ROUNDS]}
new=${2:?usage: rescan-compare.sh OLD NEW KSRC [ROUNDS]}
ksrc=${3:?usage: rescan-compare.sh OLD NEW KSRC [ROUNDS]}
rounds=${4:-2}
for h in "$old" "$new"; do
	[ -x "$h/bin/gfpcheck" ] || { echo "rescan-compare: $h/bin/gfpcheck: not built (make -C $h)" >&2; exit 2; }
done
[ -f "$ksrc/Makefile" ] || { echo "rescan-compare: $ksrc: not a kernel tree" >&2; exit 2; }
[ -n "${GFPCHECK_CACHE:-}" ] || { echo "rescan-compare: set GFPCHECK_CACHE to the facts cache of $ksrc" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
tree="$work/tree"
cp -al "$ksrc" "$tree" 2>/dev/null || cp -a "$ksrc" "$tree"

run() { # SIDE HOME STEP N
	out="$work/$1-$3-$4"
	( cd "$tree" && GFPCHECK_HOME=$2 /usr/bin/time -f "%e %M" -o "$out.time" "$2/bin/gfpcheck" -q -j2 \
		--format json -o "$out.json" . ) || [ $? = 1 ] || { echo "rescan-compare: $2 failed" >&2; exit 2; }
}

i=1
while [ "$i" -le "$rounds" ]; do
	run old "$old" warm "$i"
	run new "$new" warm "$i"
	i=$((i + 1))
done
victim=$(find "$tree/fs" -name '*.c' | sort | head -n 1)
cp -p "$victim" "$victim.private" && mv "$victim.private" "$victim"
# the comments name this run (date and process), so that a second run of the
# script does not find the changed file in the facts cache already
stamp="$(date +%s) $$"
printf '/* rescan-compare: old %s */\n' "$stamp" >>"$victim"
run old "$old" touched 1
printf '/* rescan-compare: new %s */\n' "$stamp" >>"$victim"
run new "$new" touched 1

python3 - "$work" "$rounds" "${victim#"$tree"/}" <<'PY'
import glob, json, os, sys
work, rounds, victim = sys.argv[1], int(sys.argv[2]), sys.argv[3]
best = {}
keys = None
for side in ("old", "new"):
    for step in ("warm", "touched"):
        for n in range(1, rounds + 1):
            base = os.path.join(work, "%s-%s-%d" % (side, step, n))
            if not os.path.exists(base + ".json"):
                continue
            wall, rss = open(base + ".time").read().split("\n")[-2].split()
            d = json.load(open(base + ".json"))
            st = d["stats"]
            secs = " ".join("%s %.1f" % (k, v) for k, v in st["seconds"].items())
            extracted = st["files"] - st.get("cache_hits", 0)
            print("%-3s %-7s %d: %6.1f s  %5d MiB  re-extracted %d  (%s)" %
                  (side, step, n, float(wall), int(rss) // 1024, extracted, secs))
            b = best.setdefault((side, step), [1e9, 0])
            b[0] = min(b[0], float(wall))
            b[1] = max(b[1], int(rss) // 1024)
            k = sorted((f["file"], f["line"], f.get("col"), f["rule"], f.get("message")) for f in d["findings"])
            if keys is None:
                keys = k
            elif k != keys:
                print("  findings differ from the first run's")
print("changed file: %s" % victim)
for step in ("warm", "touched"):
    o, n = best.get(("old", step)), best.get(("new", step))
    if o and n:
        print("%-7s best wall old %.1f s, new %.1f s (%.2fx); peak old %d MiB, new %d MiB" %
              (step, o[0], n[0], n[0] / o[0], o[1], n[1]))
PY
