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
# cocci/<rule>.cocci runs in each mode with the flags scripts/coccicheck passes:
#   report:  -D report  --no-show-diff --very-quiet --no-includes --include-headers
#   org:     -D org     --no-show-diff --very-quiet ...   (one TODO per report line)
#   context: -D context --very-quiet ...   (marks lines iff there is a report)
#   patch:   -D patch   --very-quiet ...   (the diff applied with patch -p0
#                                           gives expected.c)
# and, as `make coccicheck` does, over a whole directory (--dir): the cases of
# one rule are copies <case>/input.c in one directory, so one spatch run per
# rule and mode serves all of them (spatch handles each file on its own); the
# output is split per case by file name, and "<case>/" is taken off the names.
# input.c and the patched file are compiled with
#   gcc -fsyntax-only -nostdinc -I tests/include -I tests/cocci/include
# A case passes when every check does.  Usage: run.sh [-v] [FILTER]
# JOBS: spatch runs at once (default: the number of CPUs).
top=$(cd "$(dirname "$0")/../.." && pwd)
SPATCH=${SPATCH:-spatch}
flags="--very-quiet --no-includes --include-headers"

# run.sh --spatch DIR RULE MODE: one run over the copies in DIR/RULE
if [ "${1:-}" = "--spatch" ]; then
	d=$2/$3; m=$4
	nsd=--no-show-diff
	case $m in context|patch) nsd= ;; esac
	(cd "$d" && $SPATCH -D "$m" $nsd $flags --cocci-file "$top/cocci/$3.cocci" --dir . \
		> "../$3.$m.out" 2> "../$3.$m.err")
	exit 0
fi

verbose=0
[ "${1:-}" = "-v" ] && { verbose=1; shift; }
filter=${1:-}
CC=${CC_COCCI:-gcc}
JOBS=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# the copies: $work/<rule>/<case>/input.c
cases=""
for dir in "$top"/tests/cocci/*/*/; do
	dir=${dir%/}
	[ -f "$dir/input.c" ] || continue
	case_=${dir#$top/tests/cocci/}
	case $case_ in *"$filter"*) ;; *) continue ;; esac
	mkdir -p "$work/$case_"
	cp "$dir/input.c" "$work/$case_/input.c"
	cases="$cases $case_"
done
rules=$(for c in $cases; do echo "${c%%/*}"; done | sort -u)

# every rule in every mode, JOBS spatch runs at a time
for r in $rules; do for m in report org context patch; do echo "$work $r $m"; done; done |
	xargs -P "$JOBS" -n 3 sh "$0" --spatch

# Split the output of rule $1 in mode $2 per case: report and org lines by the
# file name they start with or view, diffs (context, patch) by their
# `diff -u -p` header.  Lines that name no case of the rule go to
# $work/$1.$2.stray.
split_out() {
	names=" "
	for c in $cases; do case $c in "$1"/*) names="$names${c#*/} " ;; esac; done
	awk -v w="$work/$1" -v m="$2" -v stray="$work/$1.$2.stray" -v names="$names" '
	function known(c) { return c != "" && index(names, " " c " ") > 0 }
	m == "report" {
		if (match($0, /^\.\/[^:]*\/input\.c:/)) {
			c = substr($0, 3, RLENGTH - 11)
			if (known(c)) { print substr($0, RLENGTH - 7) >> (w "/" c "/report.out"); next }
		}
		print >> stray; next
	}
	m == "org" {
		if (match($0, /view:\.\/[^:]*\/input\.c::/)) {
			c = substr($0, RSTART + 7, RLENGTH - 17)
			if (known(c)) {
				sub(/view:\.\/[^:]*\/input\.c::/, "view:input.c::")
				print >> (w "/" c "/org.out"); next
			}
		}
		print >> stray; next
	}
	/^diff -u -p / {
		p = $4; sub(/^(a\/|\.\/)/, "", p); cur = ""
		if (p ~ /\/input\.c$/) { c = substr(p, 1, length(p) - 8); if (known(c)) cur = c }
	}
	{ if (cur != "") print >> (w "/" cur "/" m ".out"); else print >> stray }
	' "$work/$1.$2.out"
}
for r in $rules; do
	for m in report org context patch; do
		for c in $cases; do case $c in "$r"/*) : >"$work/$c/$m.out" ;; esac; done
		[ -f "$work/$r.$m.out" ] && split_out "$r" "$m"
	done
done

pass=0
failn=0
for case_ in $cases; do
	rule=${case_%%/*}
	dir=$top/tests/cocci/$case_
	w=$work/$case_
	why=
	for m in report org context patch; do
		if [ ! -f "$work/$rule.$m.out" ]; then
			why="$why; $m mode did not run"
		fi
		if [ -s "$work/$rule.$m.err" ]; then
			why="$why; $m mode wrote to stderr: $(head -3 "$work/$rule.$m.err" | tr '\n' ' ')"
		fi
		if [ -s "$work/$rule.$m.stray" ]; then
			why="$why; $m mode printed lines for no case: $(head -3 "$work/$rule.$m.stray" | tr '\n' ' ')"
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
