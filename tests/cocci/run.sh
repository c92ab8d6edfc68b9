#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# run.sh - fixture cases of gfpcheck's coccicheck scripts.
#
# A case is a directory tests/cocci/<rule>/<case>/ holding
#   input.c        kernel-like C written for this project
#   expected.txt   the report lines, exactly as `make coccicheck MODE=report`
#                  prints them (file name input.c); empty for a negative case
#   expected.c     (optional) input.c after patch mode; without it, patch
#                  mode must leave input.c unchanged
# Each case runs cocci/<rule>.cocci with the flags scripts/coccicheck passes:
#   report:  -D report  --no-show-diff --very-quiet --no-includes --include-headers
#   org:     -D org     --no-show-diff --very-quiet ...   (one TODO per report line)
#   context: -D context --very-quiet ...   (marks lines iff there is a report)
#   patch:   -D patch   --very-quiet ...   (the diff applied with patch -p0
#                                           gives expected.c)
# and compiles input.c and the patched file with
#   gcc -fsyntax-only -nostdinc -I tests/include -I tests/cocci/include
# A case passes when every check does.  Usage: run.sh [-v] [FILTER]
top=$(cd "$(dirname "$0")/../.." && pwd)
verbose=0
[ "${1:-}" = "-v" ] && { verbose=1; shift; }
filter=${1:-}
SPATCH=${SPATCH:-spatch}
CC=${CC_COCCI:-gcc}
flags="--very-quiet --no-includes --include-headers"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

pass=0
failn=0
for dir in "$top"/tests/cocci/*/*/; do
	dir=${dir%/}
	[ -f "$dir/input.c" ] || continue
	case_=${dir#$top/tests/cocci/}
	rule=${case_%%/*}
	case $case_ in *"$filter"*) ;; *) continue ;; esac
	sp=$top/cocci/$rule.cocci
	w=$work/$(echo "$case_" | tr / _)
	mkdir -p "$w"
	cp "$dir/input.c" "$w/input.c"
	why=
	(cd "$w" && $SPATCH -D report --no-show-diff $flags --cocci-file "$sp" input.c > report.out 2> report.err)
	(cd "$w" && $SPATCH -D org --no-show-diff $flags --cocci-file "$sp" input.c > org.out 2> org.err)
	(cd "$w" && $SPATCH -D context $flags --cocci-file "$sp" input.c > context.out 2> context.err)
	(cd "$w" && $SPATCH -D patch $flags --cocci-file "$sp" input.c > patch.out 2> patch.err)
	for m in report org context patch; do
		if [ -s "$w/$m.err" ]; then
			why="$why; $m mode wrote to stderr: $(head -3 "$w/$m.err" | tr '\n' ' ')"
		fi
	done
	if ! diff -u "$dir/expected.txt" "$w/report.out" > "$w/report.diff"; then
		why="$why; report differs"
		[ $verbose = 1 ] && cat "$w/report.diff"
	fi
	nrep=$(grep -c "WARNING: \[$rule\]" "$w/report.out")
	norg=$(grep -c "^\* TODO .*\[$rule\]" "$w/org.out")
	[ "$nrep" = "$norg" ] || why="$why; org has $norg entries for $nrep report lines"
	nctx=$(grep -c '^-[^-]' "$w/context.out")
	if [ "$nrep" -gt 0 ] && [ "$nctx" = 0 ]; then why="$why; context marks nothing"; fi
	if [ "$nrep" = 0 ] && [ "$nctx" != 0 ]; then why="$why; context marks lines without a report"; fi
	cp "$w/input.c" "$w/patched.c"
	if [ -s "$w/patch.out" ]; then
		sed -n '/^--- /,$p' "$w/patch.out" | sed '1s|^--- .*|--- input.c|; 2s|^+++ .*|+++ input.c|' > "$w/fix.diff"
		(cd "$w" && patch -s -o patched.c input.c < fix.diff > patch.log 2>&1) || why="$why; patch-mode diff does not apply"
	fi
	exp=$dir/expected.c
	[ -f "$exp" ] || exp=$dir/input.c
	if ! diff -u "$exp" "$w/patched.c" > "$w/patched.diff"; then
		why="$why; patched file differs from $(basename "$exp")"
		[ $verbose = 1 ] && cat "$w/patched.diff"
	fi
	for c in "$dir/input.c" "$w/patched.c"; do
		if ! $CC -fsyntax-only -nostdinc -I "$top/tests/include" -I "$top/tests/cocci/include" "$c" > "$w/cc.log" 2>&1; then
			why="$why; $(basename "$c") does not compile: $(head -2 "$w/cc.log" | tr '\n' ' ')"
		fi
	done
	if [ -z "$why" ]; then
		pass=$((pass + 1))
		[ $verbose = 1 ] && echo "ok   $case_"
	else
		failn=$((failn + 1))
		echo "FAIL $case_${why}"
	fi
done
echo "$pass passed, $failn failed"
[ $failn = 0 ]
