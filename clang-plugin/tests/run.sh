#!/bin/sh
# clang-plugin/tests/run.sh - run the Clang front end and the Coccinelle front end
# over every fixture (tests/fixtures/*/*/ and clang-plugin/tests/cases/*/) and
# compare their call/gfp/gfparg/if/return/goto/label records, modulo the known
# differences in clang-plugin/DIFFERENCES.md and a case's known-records-diff.  When bin/gfpcheck can read
# --facts, also compare the findings of both.  Prints "N passed, N failed".
#
# The sparse front end (bin/gfpcheck-sparse, when built) runs on every file too:
# its records are compared with Coccinelle's and Clang's, its findings with
# Coccinelle's (sparse/DIFFERENCES.md; a case lists the expected ones in
# known-records-diff-sparse and known-findings-diff-sparse).
#
# Environment: CLANG (default: clang-<major of the plugin's LLVM> or clang),
# PLUGIN (bin/gfpcheck-clang.so), SPATCH (spatch), SPARSE (bin/gfpcheck-sparse;
# SPARSE=none skips it), FILTER (substring of case paths), V=1 (print the
# differences), JOBS (cases run at once, default: the number of CPUs).
#
# The Coccinelle facts come from bin/gfpcheck-extract, the runner gfpcheck itself
# uses, through the facts cache (GFPCHECK_CACHE): `make test` fills it for every
# fixture in one batched run first, so no case starts spatch of its own.
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
EXTRACT=${EXTRACT:-$TOP/bin/gfpcheck-extract}
SPARSE=${SPARSE:-$TOP/bin/gfpcheck-sparse}
if [ -z "${sparse_ok:-}" ]; then sparse_ok=0; [ -x "$SPARSE" ] && sparse_ok=1; fi
export SPARSE sparse_ok
OUT=${OUT:-$TOP/tests/out/frontends}
JOBS=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
export TOP PLUGIN DRIVER CLANG EXTRACT OUT
if [ -z "${gfpcheck_ok:-}" ]; then gfpcheck_ok=0
if [ -x bin/gfpcheck ] && bin/gfpcheck --help 2>&1 | grep -q -- --facts; then gfpcheck_ok=1; fi; fi
export gfpcheck_ok

# The Coccinelle facts of files $3... of case $1 into directory $2, written by
# the runner gfpcheck uses (spatch only for files the facts cache lacks).
cocci_facts() {
	c=$1; d=$2; shift 2
	[ $# -gt 0 ] || return 0
	(cd "$c" && "$EXTRACT" -q -j 1 --root . -o "$d" "$@") >"$d/extract.log" 2>&1
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

# Drop the sparse record differences of file $2 that case $1 lists in
# known-records-diff-sparse (`FILE: sparse only: RECORD`, `FILE: cocci only: …`,
# `FILE: clang only: …`).
known_sparse() {
	if [ -f "$1/known-records-diff-sparse" ]; then
		awk -v f="$2" -v k="$1/known-records-diff-sparse" \
			'BEGIN { while ((getline l < k) > 0) known[l] = 1 }
			{ x = $0; sub(/^ +/, "", x); if (!((f ": " x) in known)) print }'
	else
		cat
	fi
}

# The records of file $1 of the case are compared by compare.py later, in one
# interpreter for all cases: $OUT/<id>/pairs lists them; $OUT/<id>/spairs the
# sparse front end's (against cocci, and against clang with `expanded`).
pair() {
	printf '%s\t%s\t%s\t%s\n' "$cdir/$1.facts" "$sdir/$1.facts" "$OUT/$id/cmp.$(echo "$1" | tr / _)" "$1" >>"$OUT/$id/pairs"
}
spair() {
	printf '%s\t%s\t%s\t-\t%s\tcocci\n' "$pdir/$1.facts" "$sdir/$1.facts" "$OUT/$id/scmp.$(echo "$1" | tr / _)" "$1" >>"$OUT/$id/spairs"
	[ -f "$cdir/$1.facts" ] &&
	printf '%s\t%s\t%s\texpanded\t%s\tclang\n' "$pdir/$1.facts" "$cdir/$1.facts" "$OUT/$id/xcmp.$(echo "$1" | tr / _)" "$1" >>"$OUT/$id/spairs"
}

# One case: $1 is its directory.  Writes $OUT/<id>/result: "ok" or the
# failures found so far (the record comparison is added at the end).
run_case() {
	case=$1
	id=$(echo "$case" | tr / _)
	cdir=$OUT/$id/clang; sdir=$OUT/$id/cocci; pdir=$OUT/$id/sparse
	mkdir -p "$cdir" "$sdir" "$pdir"
	ok=1; msg=""
	: >"$OUT/$id/pairs"
	: >"$OUT/$id/spairs"
	files=$(cd "$case" && find . -name '*.c' ! -path './include/*' | sed 's|^\./||' | sort)
	for f in $files; do
		# the Clang front end, exactly as the fixture runner compiles the case
		(cd "$case" && $CLANG -fsyntax-only -nostdinc -I "$TOP/tests/include" -I . \
			-fplugin="$PLUGIN" -fplugin-arg-gfpcheck-out="$cdir" -fplugin-arg-gfpcheck-root=. "$f") \
			>"$cdir/$(echo "$f" | tr / _).log" 2>&1
		# the sparse front end, the same way
		[ $sparse_ok = 1 ] && (cd "$case" && "$SPARSE" --facts-dir "$pdir" --root . -nostdinc \
			-I "$TOP/tests/include" -I . "$f") >"$pdir.$(echo "$f" | tr / _).log" 2>&1
	done
	# the case's own headers (not include/): facts written by the plugin when
	# a .c file includes them
	hdrs=""
	for h in $(cd "$case" && find . -name '*.h' ! -path './include/*' | sed 's|^\./||' | sort); do
		[ -f "$cdir/$h.facts" ] || [ -f "$pdir/$h.facts" ] && hdrs="$hdrs $h"
	done
	# the Coccinelle front end, on the same files
	cocci_facts "$case" "$sdir" $files $hdrs
	for f in $files; do
		if [ ! -f "$cdir/$f.facts" ]; then
			ok=0; msg="$msg
  $f: no clang facts ($(head -c 300 "$cdir/$(echo "$f" | tr / _).log"))"
			continue
		fi
		if [ ! -f "$sdir/$f.facts" ]; then
			ok=0; msg="$msg
  $f: no coccinelle facts ($(head -c 300 "$sdir/extract.log"))"
			continue
		fi
		pair "$f"
		if [ $sparse_ok = 1 ]; then
			if [ -f "$pdir/$f.facts" ]; then
				spair "$f"
			else
				ok=0; msg="$msg
  $f: no sparse facts ($(head -c 300 "$pdir.$(echo "$f" | tr / _).log"))"
			fi
		fi
	done
	for h in $hdrs; do
		if [ ! -f "$sdir/$h.facts" ]; then
			ok=0; msg="$msg
  $h: no coccinelle facts ($(head -c 300 "$sdir/extract.log"))"
			continue
		fi
		[ -f "$cdir/$h.facts" ] && pair "$h"
		[ $sparse_ok = 1 ] && [ -f "$pdir/$h.facts" ] && spair "$h"
	done
	# the sparse front end's facts of the case's own headers
	if [ $sparse_ok = 1 ]; then
		for h in $(cd "$case" && find . -name '*.h' ! -path './include/*' | sed 's|^\./||' | sort); do
			[ -f "$pdir/$h.facts" ] || continue
			[ -f "$sdir/$h.facts" ] || cocci_facts "$case" "$h" "$sdir"
			d=$(python3 clang-plugin/tests/compare.py "$pdir/$h.facts" "$sdir/$h.facts" |
				sed 's/clang only:/sparse only:/' | known_sparse "$case" "$h")
			if [ -n "$d" ]; then ok=0; msg="$msg
  $h (sparse):
$d"; fi
		done
	fi
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
		# the headers of the case's include/ (Coccinelle writes their facts with
		# the others; Clang and sparse write none: D22) go with the Clang and
		# sparse facts, as gfpcheck-extract --context-headers writes them
		hargs=""
		if [ -d "$case/include" ]; then
			hdir=$OUT/$id/context-headers
			(cd "$case" && "$EXTRACT" -q --root . --context-headers -o "$hdir") >"$OUT/$id/context-headers.log" 2>&1
			hargs="--facts $hdir"
		fi
		# findings compared as "file:line rule" (the evidence texts may differ)
		fes="clang cocci"; [ $sparse_ok = 1 ] && fes="$fes sparse"
		for fe in $fes; do
			d=$cdir; [ $fe = cocci ] && d=$sdir; [ $fe = sparse ] && d=$pdir
			h=$hargs; [ $fe = cocci ] && h=""
			bin/gfpcheck -q --format text $margs --facts "$d" $h "$case" 2>&1 |
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
		if [ $sparse_ok = 1 ]; then
			diff "$OUT/$id/findings.cocci" "$OUT/$id/findings.sparse" |
				sed -n 's/^< /cocci: /p; s/^> /sparse: /p' >"$OUT/$id/findings-sparse.diff"
			known=/dev/null; [ -f "$case/known-findings-diff-sparse" ] && known=$case/known-findings-diff-sparse
			if ! diff -q "$OUT/$id/findings-sparse.diff" "$known" >/dev/null; then
				ok=0; msg="$msg
  sparse findings differ from Coccinelle's (file:line rule):
$(diff "$OUT/$id/findings-sparse.diff" "$known" | sed -n 's/^< /    /p; s/^> /    expected: /p')"
			fi
		fi
	fi
	printf '%s' "$msg" >"$OUT/$id/result"
}

if [ "${1:-}" = "--case" ]; then
	run_case "$2"
	exit 0
fi

rm -rf "$OUT"; mkdir -p "$OUT"
pass=0; fail=0
cases=""
for case in tests/fixtures/*/*/ clang-plugin/tests/cases/*/; do
	[ -d "$case" ] || continue
	case=${case%/}
	[ -n "${FILTER:-}" ] && case "$case" in *"$FILTER"*) ;; *) continue ;; esac
	cases="$cases $case"
done
# the cases, JOBS at a time; the results are printed in case order
printf '%s\n' $cases | xargs -P "$JOBS" -n 1 sh "$TOP/clang-plugin/tests/run.sh" --case
# the records of every file pair, in one python3 run
{ for case in $cases; do cat "$OUT/$(echo "$case" | tr / _)/pairs" 2>/dev/null; done | cut -f1-3
  for case in $cases; do cat "$OUT/$(echo "$case" | tr / _)/spairs" 2>/dev/null; done | cut -f1-4; } >"$OUT/pairs"
python3 clang-plugin/tests/compare.py --batch "$OUT/pairs" || echo "compare.py --batch failed"
for case in $cases; do
	id=$(echo "$case" | tr / _)
	if [ ! -f "$OUT/$id/result" ]; then
		fail=$((fail + 1)); echo "FAIL $case: the case did not finish"; continue
	fi
	msg=$(cat "$OUT/$id/result")
	while IFS='	' read -r cf sf cmp f; do
		if [ ! -f "$cmp" ]; then msg="$msg
  $f: records not compared (compare.py failed)"; continue; fi
		d=$(known_records "$case" "$f" <"$cmp")
		if [ -n "$d" ]; then msg="$msg
  $f:
$d"; fi
	done <"$OUT/$id/pairs"
	# sparse against cocci (`clang only` is sparse's side) and against clang
	while IFS='	' read -r pf of cmp mode f other; do
		if [ ! -f "$cmp" ]; then msg="$msg
  $f (sparse): records not compared (compare.py failed)"; continue; fi
		if [ "$other" = clang ]; then
			d=$(sed 's/clang only:/sparse only:/; s/cocci only:/clang only:/' "$cmp")
		else
			d=$(sed 's/clang only:/sparse only:/' "$cmp")
		fi
		d=$(printf '%s\n' "$d" | sed '/^$/d' | known_sparse "$case" "$f")
		if [ -n "$d" ]; then msg="$msg
  $f (sparse):
$d"; fi
	done <"$OUT/$id/spairs"
	if [ -z "$msg" ]; then
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
