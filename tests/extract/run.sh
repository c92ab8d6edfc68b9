#!/bin/sh
# tests/extract/run.sh - smoke test of the Coccinelle front end and its runner.
# Extracts every tests/extract/cases/*.c and *.h (pp-*.h: preprocessor lines only) with bin/gfpcheck-extract and
# compares with the expected cases/NAME.facts (header lines as they are, the
# records sorted, since the format allows any order).  Also checks the cache,
# that nothing is written into the scanned tree, and the error exits.
# Prints `N passed, N failed`.  Regenerate expectations: run.sh --update.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
ext="$top/bin/gfpcheck-extract"
update=0; [ "${1:-}" = --update ] && update=1
pass=0; fail=0
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }
if ! command -v "${SPATCH:-spatch}" >/dev/null 2>&1; then
	echo "extract tests: spatch not installed (make deps)"; echo "0 passed, 1 failed"; exit 1
fi
[ -x "$ext" ] || { echo "extract tests: build $ext first"; echo "0 passed, 1 failed"; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/gfpextract.XXXXXX")
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT INT TERM
export GFPCHECK_CACHE="$work/cache"
cases="$here/cases"
before=$(cd "$cases" && ls -la . | md5sum)
# The header lines as they are, the records sorted (the format allows any order),
# then the `text` record (its bytes are compared with the source below) and `end`.
norm() {
	awk 'NR <= 4 { print; next }
	     /^text\t/ { t = $0; exit }
	     !/^#/ { print | "LC_ALL=C sort" }
	     END { close("LC_ALL=C sort"); if (t != "") print t }' "$1"
	tail -n 1 "$1"
}
# The source text a facts file ends with must be the source file's bytes.
text_is_source() {
	python3 - "$1" "$2" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
src = open(sys.argv[2], "rb").read()
i = data.find(b"\ntext\t")
n = int(data[i + 6:data.index(b"\n", i + 1)]) if i >= 0 else -1
start = data.index(b"\n", i + 1) + 1 if i >= 0 else 0
sys.exit(0 if n == len(src) and data[start:start + n] == src and data[start + n:] == b"\nend\n" else 1)
PY
}

# 1. cold extraction, compare with the expectations
"$ext" -q -j 2 --root "$cases" -o "$work/out" "$cases" 2>"$work/err1"; rc=$?
[ $rc -eq 0 ] && ok || ko "cold extraction exit $rc: $(cat "$work/err1")"
for src in "$cases"/*.c "$cases"/*.h; do
	[ -f "$src" ] || continue
	name=$(basename "$src")
	got="$work/out/$name.facts"
	exp="$cases/$name.facts"
	if [ ! -f "$got" ]; then ko "$name: no facts written"; continue; fi
	norm "$got" >"$work/got"
	if [ $update = 1 ]; then cp "$work/got" "$exp"; ok; continue; fi
	if [ ! -f "$exp" ]; then ko "$name: no expectation $exp (run.sh --update)"; continue; fi
	if diff -u "$exp" "$work/got" >"$work/diff"; then ok; else ko "$name: facts differ"; cat "$work/diff"; fi
	text_is_source "$got" "$src" && ok || ko "$name: the facts' text is not the source"
done

# 2. warm run: everything from the cache, same facts
"$ext" -j 2 --root "$cases" -o "$work/out2" "$cases" 2>"$work/err2" >/dev/null
grep -q ', 0 extracted (' "$work/err2" && ok || ko "warm run re-extracted: $(cat "$work/err2")"
diff -r "$work/out" "$work/out2" >/dev/null && ok || ko "warm facts differ from cold facts"

# 2b. preprocessor-only files: the C scanner writes exactly what spatch writes
#     (and every other file's facts are unchanged with the scanner on or off)
"$ext" -j 2 --cache "$work/cache-pp" --root "$cases" -o "$work/pp-on" "$cases" 2>"$work/err6" >/dev/null
"$ext" -q -j 2 --no-preproc --cache "$work/cache-nopp" --root "$cases" -o "$work/pp-off" "$cases" 2>>"$work/err6"
npp=$(ls "$cases"/pp-*.h | wc -l)
grep -q ", $npp preprocessor-only by the C scanner" "$work/err6" && ok ||
	ko "the C scanner did not take the $npp preprocessor-only files: $(cat "$work/err6")"
diff -r "$work/pp-on" "$work/pp-off" >"$work/diff6" && ok || { ko "facts differ with the C scanner on and off"; cat "$work/diff6"; }

# 2c. headers of include/ read as context (tests/extract/hdrtree: only fs/ is
#     scanned): the C scanner's proto records for every header, spatch's facts
#     too for the header whose static inlines call a model allocator (directly
#     or through another such inline), a tree file that says what was scanned
ht="$here/hdrtree"
hbefore=$(cd "$ht" && find . -type f | sort | xargs ls -la | md5sum)
"$ext" -j 2 --root "$ht" -o "$work/hdr" "$ht/fs" 2>"$work/err7" >/dev/null; rc=$?
[ $rc -eq 0 ] && ok || ko "header extraction exit $rc: $(cat "$work/err7")"
grep -q "2 headers of include/ as context (1 through spatch" "$work/err7" && ok ||
	ko "not 2 context headers, 1 through spatch: $(cat "$work/err7")"
for h in hot cold; do
	got="$work/hdr/include/linux/$h.h.facts"
	exp="$ht/expected/$h.h.facts"
	[ -f "$got" ] || { ko "no facts for include/linux/$h.h"; continue; }
	norm "$got" >"$work/got"
	if [ $update = 1 ]; then cp "$work/got" "$exp"; ok; continue; fi
	diff -u "$exp" "$work/got" >"$work/diff" && ok || { ko "include/linux/$h.h: facts differ"; cat "$work/diff"; }
done
grep -q "^scanned	fs$" "$work/hdr/gfpfacts.tree" && ok || ko "the tree file lacks 'scanned fs': $(cat "$work/hdr/gfpfacts.tree")"
hafter=$(cd "$ht" && find . -type f | sort | xargs ls -la | md5sum)
[ "$hbefore" = "$hafter" ] && ok || ko "the header tree was modified"

# 3. nothing written into the scanned tree
after=$(cd "$cases" && ls -la . | md5sum)
[ "$before" = "$after" ] && ok || ko "the scanned tree was modified"

# 4. error exits
"$ext" "$work/no-such-path" 2>"$work/err3"; rc=$?
[ $rc -eq 2 ] && grep -q "no-such-path" "$work/err3" && ok || ko "missing path: exit $rc, $(cat "$work/err3")"
"$ext" 2>/dev/null; rc=$?
[ $rc -eq 2 ] && ok || ko "no path: exit $rc"
"$ext" -j x "$cases" 2>/dev/null; rc=$?
[ $rc -eq 2 ] && ok || ko "bad -j: exit $rc"
rm -rf "$work/cache"
SPATCH=/nonexistent/spatch "$ext" "$cases" 2>"$work/err4"; rc=$?
[ $rc -eq 2 ] && grep -q "make deps" "$work/err4" && ok || ko "missing spatch: exit $rc, $(cat "$work/err4")"

# 5. a failing spatch run is reported per file, not dropped
cat >"$work/fake-spatch" <<'EOS'
#!/bin/sh
case "$1" in --version) echo "spatch version 9.9.9 fake"; exit 0;; esac
exit 3
EOS
chmod +x "$work/fake-spatch"
SPATCH="$work/fake-spatch" "$ext" -q --root "$cases" "$cases/basic.c" 2>"$work/err5"; rc=$?
[ $rc -eq 1 ] && grep -q "basic.c: extraction failed" "$work/err5" && ok || ko "crashing spatch: exit $rc, $(cat "$work/err5")"

# 6. sharding: 3 shards by content hash, in separate processes with separate
#    caches, cover the tree once, and the union of their facts gives the same
#    findings, byte for byte, as one process scanning the tree
tree="$work/shtree"
mkdir -p "$tree/fs"
cp -r "$top/tests/fixtures/nofs-in-scope" "$top/tests/fixtures/missing-nofs" "$tree/fs/"
printf 'VERSION = 6\nPATCHLEVEL = 1\n' >"$tree/Makefile"
: >"$tree/Kbuild"
for i in 1 2 3; do
	"$ext" -q -j 1 --shard $i/3 --cache "$work/shcache$i" --root "$tree" -o "$work/shard$i" "$tree" \
		2>"$work/shard$i.err" &
done
wait
nsrc=$(cd "$tree" && find . -name '*.[ch]' | wc -l)
nfacts=$(find "$work"/shard1 "$work"/shard2 "$work"/shard3 -name '*.facts' | sed "s|^$work/shard[123]/||" | sort | uniq | wc -l)
nall=$(find "$work"/shard1 "$work"/shard2 "$work"/shard3 -name '*.facts' | wc -l)
[ "$nfacts" = "$nsrc" ] && [ "$nall" = "$nsrc" ] && ok ||
	ko "shards: $nall facts files, $nfacts distinct, for $nsrc sources: $(cat "$work"/shard?.err)"
for i in 1 2 3; do
	n=$(find "$work/shard$i" -name '*.facts' | wc -l)
	[ "$n" -gt 0 ] || ko "shard $i/3 got no file"
done
gf="$top/bin/gfpcheck"
"$gf" --format text --facts "$work/shard1" --facts "$work/shard2" --facts "$work/shard3" "$tree" >"$work/union.txt" 2>"$work/union.err"
GFPCHECK_CACHE="$work/shcache-single" "$gf" --format text "$tree" >"$work/single.txt" 2>"$work/single.err"
[ -s "$work/single.txt" ] && cmp -s "$work/union.txt" "$work/single.txt" && ok ||
	{ ko "the union of 3 shards differs from one scan"; diff "$work/single.txt" "$work/union.txt" | head -20; }

# spatch reads a line of a semantic patch that starts with "#spatch" or
# "# spatch" as command-line options, comments included: a comment line of
# gfpfacts.cocci once made every run handle its words as files to parse.
opts=$(grep -nE '^#[[:space:]]*spatch' "$top"/cocci/*.cocci "$top"/cocci/templates/*.in 2>/dev/null)
[ -z "$opts" ] && ok || ko "lines spatch reads as options (reword them): $opts"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
