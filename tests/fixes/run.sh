#!/bin/sh
# tests/fixes/run.sh - the fix fixtures.
#
# usage: tests/fixes/run.sh [-v] GFPCHECK [CASE...]
#
# Every directory under tests/fixes/ holding an expected/ directory is a case:
#   *.c, *.h       the tree to fix (its root; written for this project)
#   model.txt      optional extra model rows
#   args           optional extra gfpcheck options (e.g. --fix-rules missing-nofs)
#   expected/F.out the expected content of F after the fix; every file without
#                  one must come out unchanged
#   expected/stderr optional: lines that must appear in gfpcheck's stderr
#   expected/series optional: lines that must appear in the --patch-dir series
#   expected/series-not optional: lines that must not appear in it
# For each case the runner checks that
#   1. `gfpcheck --fix` prints a diff that `patch -p1` and `git apply` accept and
#      that yields exactly the expected files;
#   2. the patched tree compiles: gcc -fsyntax-only -nostdinc -I tests/include -I <case>;
#   3. fixing twice: --fix on the patched tree prints no diff;
#   4. `--fix --apply` writes the same files in place;
#   5. `--fix --patch-dir` writes a series that `git am` applies to a repository
#      holding the original tree, giving the same files.
set -u
verbose=0
[ "${1:-}" = -v ] && { verbose=1; shift; }
gfpcheck=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
export GFPCHECK_HOME="$top"
# the series' author, whatever the caller's git configuration holds
export GIT_AUTHOR_NAME="gfpcheck test" GIT_AUTHOR_EMAIL="test@example.invalid"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gfpcheck-fixes.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cases=""
if [ $# -gt 0 ]; then
	for c in "$@"; do cases="$cases $here/$c"; done
else
	for d in "$here"/*/; do [ -d "$d/expected" ] && cases="$cases ${d%/}"; done
fi
pass=0
fail=0
say() { [ $verbose = 1 ] && echo "    $*"; return 0; }

copy_tree() { # src dst: the case without expected/, args, model.txt
	mkdir -p "$2"
	(cd "$1" && find . -path ./expected -prune -o -type f ! -name args ! -name model.txt -print) |
	while read -r f; do
		mkdir -p "$2/$(dirname "$f")"
		cp "$1/$f" "$2/$f"
	done
}

run_gfpcheck() { # tree extra-args...
	t=$1
	shift
	# shellcheck disable=SC2086
	"$gfpcheck" $model $args "$@" "$t"
}

compare_tree() { # case tree -> 0 when every file is as expected
	ok=0
	for f in $(cd "$1" && find . -path ./expected -prune -o -type f \( -name '*.c' -o -name '*.h' \) -print); do
		f=${f#./}
		want="$1/expected/$f.out"
		[ -f "$want" ] || want="$1/$f"
		if ! cmp -s "$want" "$2/$f"; then
			echo "    $f differs from $(basename "$(dirname "$want")")/$(basename "$want"):"
			diff -u "$want" "$2/$f" | sed 's/^/      /' | head -40
			ok=1
		fi
	done
	return $ok
}

for c in $cases; do
	name=$(basename "$c")
	w="$tmp/$name"
	mkdir -p "$w"
	model=""
	[ -f "$c/model.txt" ] && model="--model $c/model.txt"
	args=""
	[ -f "$c/args" ] && args=$(cat "$c/args")
	problems=""
	# 1. the diff
	copy_tree "$c" "$w/orig"
	run_gfpcheck "$w/orig" --fix >"$w/fix.diff" 2>"$w/fix.err"
	rc=$?
	[ $rc = 0 ] || problems="$problems; --fix exited with $rc"
	if [ -f "$c/expected/stderr" ]; then
		while IFS= read -r line; do
			[ -n "$line" ] && ! grep -qF -- "$line" "$w/fix.err" && problems="$problems; stderr lacks '$line'"
		done <"$c/expected/stderr"
	fi
	cp -r "$w/orig" "$w/patched"
	if [ -s "$w/fix.diff" ]; then
		(cd "$w/patched" && patch -p1 -s --no-backup-if-mismatch <"$w/fix.diff") >"$w/patch.out" 2>&1 ||
			problems="$problems; patch -p1 failed: $(head -c 300 "$w/patch.out")"
		cp -r "$w/orig" "$w/gitapply"
		(cd "$w/gitapply" && git init -q . && git apply --check "$w/fix.diff") >"$w/gitapply.out" 2>&1 ||
			problems="$problems; git apply --check failed: $(head -c 300 "$w/gitapply.out")"
	fi
	compare_tree "$c" "$w/patched" >"$w/cmp.out" || problems="$problems; patched files differ"
	# 2. the patched tree compiles
	for f in $(cd "$w/patched" && find . -name '*.c'); do
		gcc -fsyntax-only -nostdinc -Werror=implicit-function-declaration -I "$top/tests/include" \
			-I "$w/patched" "$w/patched/$f" >"$w/gcc.out" 2>&1 ||
			problems="$problems; $f does not compile: $(head -c 400 "$w/gcc.out")"
	done
	# 3. fixing twice
	run_gfpcheck "$w/patched" --fix >"$w/fix2.diff" 2>/dev/null
	[ -s "$w/fix2.diff" ] && problems="$problems; fixing twice changes more: $(head -c 300 "$w/fix2.diff")"
	# 4. --apply
	copy_tree "$c" "$w/applied"
	run_gfpcheck "$w/applied" --fix --apply >/dev/null 2>"$w/apply.err" ||
		problems="$problems; --apply failed: $(head -c 300 "$w/apply.err")"
	compare_tree "$c" "$w/applied" >>"$w/cmp.out" || problems="$problems; --apply wrote other content"
	# 5. the series and git am
	if [ -s "$w/fix.diff" ]; then
		copy_tree "$c" "$w/repo"
		(cd "$w/repo" && git init -q . && git add -A && git -c user.name=t -c user.email=t@t commit -qm base) ||
			problems="$problems; git init failed"
		run_gfpcheck "$w/repo" --fix --patch-dir "$w/series" -q >/dev/null 2>"$w/series.err" ||
			problems="$problems; --patch-dir failed: $(head -c 300 "$w/series.err")"
		n=$(ls "$w/series"/*.patch 2>/dev/null | wc -l)
		[ "$n" -ge 1 ] || problems="$problems; no patch written"
		(cd "$w/repo" && git -c user.name=t -c user.email=t@t am -q "$w/series"/*.patch) >"$w/am.out" 2>&1 ||
			problems="$problems; git am failed: $(head -c 300 "$w/am.out")"
		compare_tree "$c" "$w/repo" >>"$w/cmp.out" || problems="$problems; git am gave other content"
		say "$n patch(es): $(grep -h '^Subject:' "$w/series"/*.patch | tr '\n' ' ')"
		if [ -f "$c/expected/series" ]; then
			while IFS= read -r l; do
				[ -n "$l" ] && ! cat "$w/series"/*.patch | grep -qF -- "$l" &&
					problems="$problems; the series lacks: $l"
			done <"$c/expected/series"
		fi
		if [ -f "$c/expected/series-not" ]; then
			while IFS= read -r l; do
				[ -n "$l" ] && cat "$w/series"/*.patch | grep -qF -- "$l" &&
					problems="$problems; the series has: $l"
			done <"$c/expected/series-not"
		fi
	fi
	if [ -z "$problems" ]; then
		pass=$((pass + 1))
		echo "PASS fixes/$name"
	else
		fail=$((fail + 1))
		echo "FAIL fixes/$name${problems}"
		cat "$w/cmp.out"
		[ $verbose = 1 ] && sed 's/^/    stderr: /' "$w/fix.err"
	fi
	[ $verbose = 1 ] && [ -s "$w/fix.diff" ] && sed 's/^/    | /' "$w/fix.diff"
done
echo "$pass passed, $fail failed"
[ $fail = 0 ]
