#!/bin/sh
# extract-vs-trivial.sh [TREE_DIR] [JOBS]
# Wall time of a trivial spatch pass (bench/trivial-pass.cocci: every call,
# python prints position and function) against a cold-cache extraction with
# gfpcheck-extract, then a warm-cache one, then a cold whole scan with
# bin/gfpcheck, on the same directory with the same number of jobs.  The
# requirement is scan ratio <= 1.5.  The trivial pass reads the .c files
# only (spatch --dir); gfpcheck also reads the headers.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
tree=${1:-${HOME}/.cache/gfpcheck/linux-source-6.1/fs}
jobs=${2:-2}
spatch=${SPATCH:-spatch}
[ -d "$tree" ] || { echo "extract-vs-trivial: no such directory '$tree'" >&2; exit 2; }
ext="$top/bin/gfpcheck-extract"
[ -x "$ext" ] || { echo "extract-vs-trivial: build $ext first (make)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/gfpbench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
parent=$(dirname "$tree"); base=$(basename "$tree")
now() { date +%s.%N; }
# CPU seconds (user+sys of the command and its children) go to $work/cpu
cpu() { /usr/bin/time -f '%U %S' -o "$work/cpu" "$@"; }
cpus() { tail -n 1 "$work/cpu" | awk '{ printf "%.1f", $1 + $2 }'; }

t0=$(now)
(cd "$parent" && cpu "$spatch" --very-quiet --sp-file "$here/trivial-pass.cocci" --dir "$base" -j "$jobs" >"$work/trivial.out" 2>"$work/trivial.err")
t1=$(now)
trivial=$(echo "$t1 - $t0" | bc); trivial_cpu=$(cpus)

t0=$(now)
GFPCHECK_CACHE="$work/cache" cpu "$ext" -q -j "$jobs" --root "$parent" "$tree" 2>"$work/cold.err" || true
t1=$(now)
cold=$(echo "$t1 - $t0" | bc); cold_cpu=$(cpus)

t0=$(now)
GFPCHECK_CACHE="$work/cache" "$ext" -q -j "$jobs" --root "$parent" "$tree" 2>/dev/null || true
t1=$(now)
warm=$(echo "$t1 - $t0" | bc)

# the whole scan, cold: extraction, analysis and the report
t0=$(now)
GFPCHECK_CACHE="$work/scache" cpu "$top/bin/gfpcheck" -q -j "$jobs" --format json -o "$work/scan.json" "$tree" 2>"$work/scan.err" || true
t1=$(now)
scan=$(echo "$t1 - $t0" | bc); scan_cpu=$(cpus)

files=$(find "$tree" -name '.*' -prune -o \( -name '*.[ch]' -type f \) -print | wc -l)
failed=$(grep -c 'extraction failed' "$work/cold.err" || true)
partial=$(grep -l '^status	partial' "$work"/cache/facts/*/*.facts 2>/dev/null | wc -l)
records=$(cat "$work"/cache/facts/*/*.facts | wc -l)
echo "tree:         $tree ($files files, -j $jobs)"
echo "trivial pass: ${trivial} s wall, ${trivial_cpu} s cpu ($(wc -l <"$work/trivial.out") calls printed)"
echo "extraction:   ${cold} s wall, ${cold_cpu} s cpu cold; ${warm} s wall warm ($records lines of facts)"
echo "whole scan:   ${scan} s wall, ${scan_cpu} s cpu cold (bin/gfpcheck --format json)"
echo "load:         $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine makes wall times noisy; compare cpu too)"
echo "files:        $failed failed, $partial partial"
grep 'extraction failed' "$work/cold.err" | head -20 || true
echo "ratio:        $(echo "scale=2; $cold / $trivial" | bc) wall, $(echo "scale=2; $cold_cpu / $trivial_cpu" | bc) cpu (cold extraction / trivial pass)"
echo "scan ratio:   $(echo "scale=2; $scan / $trivial" | bc) wall, $(echo "scale=2; $scan_cpu / $trivial_cpu" | bc) cpu (cold whole scan / trivial pass; must be <= 1.5)"
