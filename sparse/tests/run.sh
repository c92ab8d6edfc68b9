#!/bin/sh
# sparse/tests/run.sh - `make test-sparse`: the sparse front end on its own cases.
#  - sparse/tests/cases/*.c: the EXPECT-FACT / EXPECT-NO-FACT / COCCI-NO-FACT
#    comments (sparse/tests/expect.py), the facts loaded by gfpcheck --facts;
#  - -p over a compilation database writes the same facts as the CHECK mode,
#    and a second run finds every file up to date (flags and source hashes);
#  - as a CHECK tool: a file with errors still gets facts (status partial) and
#    exit 0; a facts directory that cannot be written is one warning and exit 0;
#    paths are relative to the tree root (Makefile + Kbuild) from any directory.
# Prints "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 2
TOP=$(pwd)
SPARSE=${SPARSE:-$TOP/bin/gfpcheck-sparse}
SPATCH=${SPATCH:-spatch}
OUT=${OUT:-$TOP/tests/out/sparse}
rm -rf "$OUT"; mkdir -p "$OUT"
pass=0; fail=0
ok() { pass=$((pass + 1)); [ -n "${V:-}" ] && echo "ok   $*"; }
ko() { fail=$((fail + 1)); echo "FAIL $*"; }
SFLAGS="-nostdinc -I $TOP/tests/include -I ."

cd sparse/tests/cases || exit 2
for f in *.c; do
	"$SPARSE" --facts-dir "$OUT/check" --root . $SFLAGS "$f" >"$OUT/$f.log" 2>&1 || ko "$f: exit $?"
	cargs=""
	if grep -q 'COCCI-NO-FACT' "$f"; then
		$SPATCH --sp-file "$TOP/cocci/gfpfacts.cocci" "$f" 2>/dev/null |
			awk -F'\t' -v f="$f" 'BEGIN { print "gfpfacts\t1\nfrontend\tcoccinelle\nstatus\tok" }
				$1 == f { sub(/^[^\t]*\t/, ""); print }' >"$OUT/$f.cocci.facts"
		cargs="$OUT/$f.cocci.facts"
	fi
	r=$(python3 "$TOP/sparse/tests/expect.py" "$f" "$OUT/check/$f.facts" $cargs)
	p=$(echo "$r" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
	n=$(echo "$r" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
	pass=$((pass + ${p:-0})); fail=$((fail + ${n:-1}))
	echo "$r" | grep '^FAIL'
	if "$TOP/bin/gfpcheck" -q --facts "$OUT/check" . >"$OUT/gfpcheck.txt" 2>&1 || [ $? = 1 ]; then
		ok "$f: gfpcheck --facts loads the facts"
	else
		ko "$f: gfpcheck --facts: $(head -3 "$OUT/gfpcheck.txt")"
	fi
done

# -p over a compilation database: the same facts as the CHECK mode
abs=$(pwd)
{ echo "["; sep=""
  for f in *.c; do
	printf '%s{"directory": "%s", "file": "%s", "arguments": ["gcc", "-c", "-o", "/dev/null", "-nostdinc", "-I", "%s", "-I", ".", "%s"]}\n' \
		"$sep" "$abs" "$f" "$TOP/tests/include" "$f"; sep=","
  done; echo "]"; } >"$OUT/compile_commands.json"
"$SPARSE" -p "$OUT/compile_commands.json" --facts-dir "$OUT/db" --root . -j 2 >"$OUT/db.log" 2>&1
if diff -r -I '^frontend' "$OUT/check" "$OUT/db" >"$OUT/db.diff" 2>&1 && [ -n "$(ls "$OUT/db" 2>/dev/null)" ]; then
	ok "-p: the same facts as the CHECK mode"
else
	ko "-p: facts differ from the CHECK mode ($(head -3 "$OUT/db.diff"; head -3 "$OUT/db.log"))"
fi
"$SPARSE" -p "$OUT/compile_commands.json" --facts-dir "$OUT/db" --root . -v >"$OUT/db2.log" 2>&1
n=$(ls *.c | wc -l)
if grep -q "0 files checked, $n up to date, 0 failed" "$OUT/db2.log"; then
	ok "-p: a second run finds the $n facts files up to date"
else
	ko "-p: second run: $(tail -1 "$OUT/db2.log")"
fi
"$SPARSE" -p "$OUT/compile_commands.json" --facts-dir "$OUT/db" --root . -v context.c >"$OUT/db3.log" 2>&1
if grep -q "0 files checked, 1 up to date" "$OUT/db3.log"; then
	ok "-p FILE: only that file"
else
	ko "-p FILE: $(tail -1 "$OUT/db3.log")"
fi
echo '[{"directory": "/", "file": "x.c"' >"$OUT/bad.json"
"$SPARSE" -p "$OUT/bad.json" --facts-dir "$OUT/bad" >"$OUT/bad.log" 2>&1
rc=$?
if [ $rc = 2 ] && grep -q "not a compilation database" "$OUT/bad.log"; then
	ok "-p: a broken database is exit 2 with a message"
else
	ko "-p broken database: exit $rc, $(head -2 "$OUT/bad.log")"
fi
cd "$TOP" || exit 2

# CHECK tool: errors in the file, unwritable facts directory
mkdir -p "$OUT/tree/fs/myfs" "$OUT/elsewhere"
printf 'obj-y += fs/\n' >"$OUT/tree/Kbuild"; printf 'all:\n' >"$OUT/tree/Makefile"
cat >"$OUT/tree/fs/myfs/broken.c" <<'EOC'
#include <linux/slab.h>
int myfs_before(void) { return 0; }
int myfs_broken(void) { return undeclared_thing + ; }
void *myfs_after(int n) { return kmalloc(n, GFP_KERNEL); }
EOC
(cd "$OUT/elsewhere" && "$SPARSE" --facts-dir "$OUT/tf" -nostdinc -I "$TOP/tests/include" "$OUT/tree/fs/myfs/broken.c") >"$OUT/broken.log" 2>&1
rc=$?
if [ $rc = 0 ] && grep -q '^status	partial' "$OUT/tf/fs/myfs/broken.c.facts" 2>/dev/null &&
   grep -q '^gfp	myfs_after	.*GFP_KERNEL' "$OUT/tf/fs/myfs/broken.c.facts"; then
	ok "a file with errors: exit 0, status partial, the functions after the error"
else
	ko "a file with errors: exit $rc; $(ls -R "$OUT/tf" 2>&1 | head -5); $(head -3 "$OUT/broken.log")"
fi
(cd "$OUT/tree" && "$SPARSE" --facts-dir /dev/null/facts -nostdinc -I "$TOP/tests/include" fs/myfs/broken.c) >"$OUT/wfail.log" 2>&1
rc=$?
if [ $rc = 0 ] && [ "$(grep -c 'gfpcheck-sparse: warning: cannot write' "$OUT/wfail.log")" = 1 ]; then
	ok "an unwritable facts directory: one warning, exit 0"
else
	ko "unwritable facts directory: exit $rc, $(grep -c 'cannot write' "$OUT/wfail.log") warnings"
fi
echo "$pass passed, $fail failed"
[ $fail = 0 ]
