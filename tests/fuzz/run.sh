#!/bin/bash
# tests/fuzz/run.sh BINDIR SECONDS TARGET... - run each libFuzzer target BINDIR/fuzz-TARGET
# for SECONDS (0: only replay the committed corpus tests/fuzz/corpus/TARGET), under
# ASan and UBSan. A target passes when it ends without a crash, a sanitizer report,
# a timeout (10 s for one input) or running out of memory (2 GB). New inputs go to a
# scratch directory, not to the committed corpus; a crashing input is kept in
# tests/out/fuzz/. Ends with "N passed, N failed".
set -u
bindir=$1 secs=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out=$top/tests/out/fuzz
mkdir -p "$out"
work=$(mktemp -d "${TMPDIR:-/tmp}/gfpcheck-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
pass=0 fail=0 total=0
for t in "$@"; do
	bin=$bindir/fuzz-$t
	corpus=$here/corpus/$t
	[ -x "$bin" ] || { echo "FAIL fuzz-$t: $bin not built"; fail=$((fail + 1)); continue; }
	mkdir -p "$work/$t"
	if [ "$secs" = 0 ]; then
		"$bin" -runs=0 -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$out/$t-" \
			"$corpus" >"$work/$t.log" 2>&1
	else
		"$bin" -max_total_time="$secs" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
			-artifact_prefix="$out/$t-" "$work/$t" "$corpus" >"$work/$t.log" 2>&1
	fi
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$t.log" | tail -n 1)
	runs=${runs:-0}
	total=$((total + runs))
	seeds=$(find "$corpus" -type f | wc -l)
	if [ $rc = 0 ] && ! grep -q 'ERROR: \|runtime error:' "$work/$t.log"; then
		pass=$((pass + 1))
		echo "PASS fuzz-$t: $runs inputs in ${secs} s (corpus $seeds seeds, $(find "$work/$t" -type f | wc -l) new)"
	else
		fail=$((fail + 1))
		echo "FAIL fuzz-$t: exit $rc after $runs inputs; input kept as $(ls -t "$out/$t"-* 2>/dev/null | head -n 1)"
		grep -m 1 -A 25 'ERROR: \|runtime error:\|==ERROR\|deadly signal' "$work/$t.log" | sed 's/^/    /'
	fi
done
echo "fuzz: $total inputs in all"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
