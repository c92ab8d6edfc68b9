#!/bin/sh
# bench/regress.sh [--update] NAME TREE - the whole text report of a real tree
# (every finding with its chains, not the summary line, whose file counts depend
# on the spatch build) against bench/regress/NAME.txt.gz: a refactoring that
# must not change what gfpcheck says shows here byte for byte. A change that
# means to change findings updates the copy with --update and says why in its
# commit. Exit 0 same, 1 different (the diff is printed), 2 usage or run error.
set -eu
update=0
if [ "${1:-}" = --update ]; then update=1; shift; fi
[ $# -eq 2 ] || { echo "usage: bench/regress.sh [--update] NAME TREE" >&2; exit 2; }
name=$1 tree=$2
here=$(cd "$(dirname "$0")/.." && pwd)
want="$here/bench/regress/$name.txt.gz"
[ -d "$tree" ] || { echo "regress: $tree: no such directory (make kernel-scan installs Linux 6.1)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
"$here/bin/gfpcheck" -q -o "$tmp/out.txt" "$tree" || [ $? = 1 ] || { echo "regress: gfpcheck failed on $tree" >&2; exit 2; }
# the copy is of one kernel release and one spatch: say which, first line
top=$(cd "$tree" && while [ ! -f Makefile ] || ! grep -q '^VERSION = ' Makefile; do [ "$(pwd)" = / ] && break; cd ..; done; pwd)
kver=$(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p; s/^SUBLEVEL = //p' "$top/Makefile" 2>/dev/null | paste -sd. -)
sver=$(spatch --version 2>/dev/null | sed -n '1s/^spatch version \([^ ]*\).*/\1/p')
{ echo "# Linux ${kver:-unknown}, spatch ${sver:-unknown}"; grep -v '^gfpcheck: ' "$tmp/out.txt" || true; } >"$tmp/got.txt"
if [ $update = 1 ]; then
	gzip -9n <"$tmp/got.txt" >"$want"
	echo "regress: $name: $(grep -c ': \[' "$tmp/got.txt") findings written to bench/regress/$name.txt.gz"
	exit 0
fi
[ -f "$want" ] || { echo "regress: no bench/regress/$name.txt.gz (run with --update once)" >&2; exit 2; }
gzip -dc "$want" >"$tmp/want.txt"
if [ "$(head -n 1 "$tmp/want.txt")" != "$(head -n 1 "$tmp/got.txt")" ]; then
	echo "regress: $name: the copy is of $(head -n 1 "$tmp/want.txt" | cut -c3-), this run of $(head -n 1 "$tmp/got.txt" | cut -c3-): not comparable (run with --update on the old code first)" >&2
	exit 2
fi
if cmp -s "$tmp/want.txt" "$tmp/got.txt"; then
	echo "regress: $name: same report ($(grep -c ': \[' "$tmp/got.txt") findings)"
	exit 0
fi
echo "regress: $name: the report differs from bench/regress/$name.txt.gz:"
diff -u "$tmp/want.txt" "$tmp/got.txt" | head -200
exit 1
