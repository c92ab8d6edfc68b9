#!/bin/sh
# clang-plugin/tests/run.sh - run the Clang front end and the Coccinelle front end
# over every fixture (tests/fixtures/*/*/ and clang-plugin/tests/cases/*/) and
# compare their call/gfp/gfparg/if/return/goto/label records, modulo the known
# differences in clang-plugin/DIFFERENCES.md.  When bin/gfpcheck can read
# --facts, also compare the findings of both.  Prints "N passed, N failed".
#
# Environment: CLANG (default: clang-<major of the plugin's LLVM> or clang),
# PLUGIN (bin/gfpcheck-clang.so), SPATCH (spatch), FILTER (substring of case
# paths), V=1 (print the differences).
cd "$(dirname "$0")/../.." || exit 2
TOP=$(pwd)
PLUGIN=${PLUGIN:-$TOP/bin/gfpcheck-clang.so}
case "$PLUGIN" in /*) ;; *) PLUGIN=$TOP/$PLUGIN ;; esac
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
		mkdir -p "$(dirname "$sdir/$f")"
		(cd "$case" && $SPATCH --very-quiet --sp-file "$TOP/cocci/gfpfacts.cocci" "$f" 2>/dev/null) |
			awk -F'\t' -v f="$f" 'BEGIN { print "gfpfacts\t1\nfrontend\tcoccinelle\nstatus\tok" }
				$1 == f { sub(/^[^\t]*\t/, ""); print }' >"$sdir/$f.facts"
		if [ ! -f "$cdir/$f.facts" ]; then
			ok=0; msg="$msg
  $f: no clang facts ($(head -c 300 "$cdir/$(echo "$f" | tr / _).log"))"
			continue
		fi
		d=$(python3 clang-plugin/tests/compare.py "$cdir/$f.facts" "$sdir/$f.facts")
		if [ -n "$d" ]; then ok=0; msg="$msg
  $f:
$d"; fi
	done
	if [ $gfpcheck_ok = 1 ]; then
		margs=""
		[ -f "$case/model.txt" ] && margs="--model $case/model.txt"
		[ -f "$case/args" ] && margs="$margs $(cat "$case/args")"
		bin/gfpcheck -q --format text $margs --facts "$cdir" "$case" 2>&1 | sed "s|$cdir/||" | sort >"$OUT/$id/findings.clang"
		bin/gfpcheck -q --format text $margs --facts "$sdir" "$case" 2>&1 | sed "s|$sdir/||" | sort >"$OUT/$id/findings.cocci"
		if ! cmp -s "$OUT/$id/findings.clang" "$OUT/$id/findings.cocci"; then
			ok=0; msg="$msg
  findings differ:
$(diff "$OUT/$id/findings.cocci" "$OUT/$id/findings.clang" | grep '^[<>]' | sed 's/^</  cocci:/; s/^>/  clang:/')"
		fi
	fi
	if [ $ok = 1 ]; then
		pass=$((pass + 1)); [ -n "${V:-}" ] && echo "ok   $case"
	else
		fail=$((fail + 1)); echo "FAIL $case$msg"
	fi
done
[ $gfpcheck_ok = 1 ] || echo "(bin/gfpcheck --facts not available: findings not compared)"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
