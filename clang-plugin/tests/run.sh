#!/bin/sh
# clang-plugin/tests/run.sh - run the Clang front end and the Coccinelle front end
# over every fixture (tests/fixtures/*/*/ and clang-plugin/tests/cases/*/) and
# compare their call/gfp/gfparg/if/return/goto/label records, modulo the known
# differences in clang-plugin/DIFFERENCES.md and a case's known-records-diff.  When bin/gfpcheck can read
# --facts, also compare the findings of both.  Prints "N passed, N failed".
#
# Environment: CLANG (default: clang-<major of the plugin's LLVM> or clang),
# PLUGIN (bin/gfpcheck-clang.so), SPATCH (spatch), FILTER (substring of case
# paths), V=1 (print the differences).
cd "$(dirname "$0")/../.." || exit 2
TOP=$(pwd)
PLUGIN=${PLUGIN:-$TOP/bin/gfpcheck-clang.so}
case "$PLUGIN" in /*) ;; *) PLUGIN=$TOP/$PLUGIN ;; esac
DRIVER=${DRIVER:-$TOP/bin/gfpcheck-clang}
case "$DRIVER" in /*) ;; *) DRIVER=$TOP/$DRIVER ;; esac
if [ -z "${CLANG:-}" ]; then
	for v in 19 16 14; do
		if command -v clang-$v >/dev/null && [ -x "$(command -v llvm-config-$v)" ] &&
		   llvm-config-$v --version >/dev/null 2>&1; then CLANG=clang-$v; break; fi
	done
fi
SPATCH=${SPATCH:-spatch}
OUT=${OUT:-$TOP/tests/out/frontends}
rm -rf "$OUT"; mkdir -p "$OUT"
pass=0; fail=0
gfpcheck_ok=0
if [ -x bin/gfpcheck ] && bin/gfpcheck --help 2>&1 | grep -q -- --facts; then gfpcheck_ok=1; fi

# The Coccinelle facts of file $2 of case $1 into directory $3, as the runner
# writes them: `status partial` when spatch reports a parse error.
cocci_facts() {
	mkdir -p "$(dirname "$3/$2")"
	(cd "$1" && $SPATCH --parse-error-msg --verbose-parsing \
		--sp-file "$TOP/cocci/gfpfacts.cocci" "$2" >"$3/$2.out" 2>"$3/$2.err")
	st=ok; grep -q 'parse error' "$3/$2.err" && st=partial
	awk -F'\t' -v f="$2" -v st=$st 'BEGIN { print "gfpfacts\t1\nfrontend\tcoccinelle\nstatus\t" st }
		$1 == f { sub(/^[^\t]*\t/, ""); print }' "$3/$2.out" >"$3/$2.facts"
}
# Drop the record differences of file $2 that case $1 lists in known-records-diff
# (lines `FILE: cocci only: RECORD` / `FILE: clang only: RECORD`, D9).
known_records() {
	if [ -f "$1/known-records-diff" ]; then
		awk -v f="$2" -v k="$1/known-records-diff" \
			'BEGIN { while ((getline l < k) > 0) known[l] = 1 }
			{ x = $0; sub(/^ +/, "", x); if (!((f ": " x) in known)) print }'
	else
		cat
	fi
}

for case in tests/fixtures/*/*/ clang-plugin/tests/cases/*/; do
	[ -d "$case" ] || continue
	case=${case%/}
	[ -n "${FILTER:-}" ] && case "$case" in *"$FILTER"*) ;; *) continue ;; esac
	id=$(echo "$case" | tr / _)
	cdir=$OUT/$id/clang; sdir=$OUT/$id/cocci
	mkdir -p "$cdir" "$sdir"
	ok=1; msg=""
	files=$(cd "$case" && find . -name '*.c' ! -path './include/*' | sed 's|^\./||' | sort)
	for f in $files; do
		# the Clang front end, exactly as the fixture runner compiles the case
		(cd "$case" && $CLANG -fsyntax-only -nostdinc -I "$TOP/tests/include" -I . \
			-fplugin="$PLUGIN" -fplugin-arg-gfpcheck-out="$cdir" -fplugin-arg-gfpcheck-root=. "$f") \
			>"$cdir/$(echo "$f" | tr / _).log" 2>&1
		# the Coccinelle front end
		cocci_facts "$case" "$f" "$sdir"
		if [ ! -f "$cdir/$f.facts" ]; then
			ok=0; msg="$msg
  $f: no clang facts ($(head -c 300 "$cdir/$(echo "$f" | tr / _).log"))"
			continue
		fi
		d=$(python3 clang-plugin/tests/compare.py "$cdir/$f.facts" "$sdir/$f.facts" | known_records "$case" "$f")
		if [ -n "$d" ]; then ok=0; msg="$msg
  $f:
$d"; fi
	done
	# the case's own headers (not include/): facts written by the plugin when
	# a .c file includes them
	for h in $(cd "$case" && find . -name '*.h' ! -path './include/*' | sed 's|^\./||' | sort); do
		[ -f "$cdir/$h.facts" ] || continue
		cocci_facts "$case" "$h" "$sdir"
		d=$(python3 clang-plugin/tests/compare.py "$cdir/$h.facts" "$sdir/$h.facts" | known_records "$case" "$h")
		if [ -n "$d" ]; then ok=0; msg="$msg
  $h:
$d"; fi
	done
	# the standalone driver over a compilation database must write the same facts
	if [ -x "$DRIVER" ] && [ -n "$files" ]; then
		abs=$(cd "$case" && pwd)
		{ echo "["; sep=""
		  for f in $files; do
			printf '%s{"directory": "%s", "file": "%s", "arguments": ["%s", "-c", "-nostdinc", "-I", "%s", "-I", ".", "%s"]}\n' \
				"$sep" "$abs" "$f" "$CLANG" "$TOP/tests/include" "$f"; sep=","
		  done; echo "]"; } >"$OUT/$id/compile_commands.json"
		"$DRIVER" -p "$OUT/$id/compile_commands.json" -o "$OUT/$id/driver" >"$OUT/$id/driver.log" 2>&1
		if ! diff -r "$cdir" "$OUT/$id/driver" -x '*.log' >"$OUT/$id/driver.diff" 2>&1; then
			ok=0; msg="$msg
  driver and plugin facts differ: $(head -5 "$OUT/$id/driver.diff")"
		fi
	fi
	if [ $gfpcheck_ok = 1 ]; then
		margs=""
		[ -f "$case/model.txt" ] && margs="--model $case/model.txt"
		[ -f "$case/args" ] && margs="$margs $(cat "$case/args")"
		# findings compared as "file:line rule" (the evidence texts may differ)
		for fe in clang cocci; do
			d=$cdir; [ $fe = cocci ] && d=$sdir
			bin/gfpcheck -q --format text $margs --facts "$d" "$case" 2>&1 |
				sed -n 's/^\([^	][^:]*:[0-9]*\):[^ ]* \[\([a-z0-9-]*\)\].*/\1 \2/p' | sort -u >"$OUT/$id/findings.$fe"
		done
		diff "$OUT/$id/findings.cocci" "$OUT/$id/findings.clang" | sed -n 's/^< /cocci: /p; s/^> /clang: /p' >"$OUT/$id/findings.diff"
		# a case may list the findings difference it is about (known-findings-diff)
		known=/dev/null; [ -f "$case/known-findings-diff" ] && known=$case/known-findings-diff
		if ! diff -q "$OUT/$id/findings.diff" "$known" >/dev/null; then
			ok=0; msg="$msg
  findings differ (file:line rule):
$(diff "$OUT/$id/findings.diff" "$known" | sed -n 's/^< /    /p; s/^> /    expected: /p')"
		fi
	fi
	if [ $ok = 1 ]; then
		pass=$((pass + 1)); [ -n "${V:-}" ] && echo "ok   $case"
	else
		fail=$((fail + 1)); echo "FAIL $case$msg"
	fi
done
# Bad input: a file that does not compile still gets its facts (status partial);
# a facts directory that cannot be written is one warning and the compile succeeds.
bad=clang-plugin/tests/bad
if (cd $bad && $CLANG -fsyntax-only -nostdinc -I "$TOP/tests/include" -fplugin="$PLUGIN" \
	-fplugin-arg-gfpcheck-out="$OUT/bad" broken.c) >"$OUT/bad.log" 2>&1; then
	fail=$((fail + 1)); echo "FAIL bad/broken.c: compiled without error"
elif ! grep -q '^status	partial' "$OUT/bad/broken.c.facts" 2>/dev/null ||
     ! grep -q '^gfp	myfs_after	.*GFP_KERNEL' "$OUT/bad/broken.c.facts"; then
	fail=$((fail + 1)); echo "FAIL bad/broken.c: no partial facts with the functions after the error"
else
	pass=$((pass + 1)); [ -n "${V:-}" ] && echo "ok   bad/broken.c (status partial)"
fi
if ! (cd clang-plugin/tests/cases/gfp-values && $CLANG -c -o /dev/null -nostdinc -I "$TOP/tests/include" \
	-Werror -fplugin="$PLUGIN" -fplugin-arg-gfpcheck-out=/dev/null/facts values.c) >"$OUT/wfail.log" 2>&1; then
	fail=$((fail + 1)); echo "FAIL write failure broke the compile: $(head -3 "$OUT/wfail.log")"
elif [ "$(grep -c 'gfpcheck-clang: warning: cannot write' "$OUT/wfail.log")" != 1 ]; then
	fail=$((fail + 1)); echo "FAIL write failure: expected one warning line, got: $(head -3 "$OUT/wfail.log")"
else
	pass=$((pass + 1)); [ -n "${V:-}" ] && echo "ok   write failure is one warning"
fi
[ $gfpcheck_ok = 1 ] || echo "(bin/gfpcheck --facts not available: findings not compared)"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
