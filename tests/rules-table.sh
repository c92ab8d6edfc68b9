#!/bin/sh
# tests/rules-table.sh - every rule of the rule table (checkers/rules/rules.def, as
# `gfpcheck --list-rules` prints it) has its file, its doc page and its fixtures,
# under its ID, and nothing is named after a rule the table does not hold.
# usage: tests/rules-table.sh GFPCHECK
set -u
G=${1:-bin/gfpcheck}
cd "$(dirname "$0")/.." || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
ids=$("$G" --list-rules | awk '{print $1}')
[ -n "$ids" ] || { echo "rules-table: '$G --list-rules' printed nothing"; exit 2; }
for id in $ids; do
	[ -f "checkers/rules/$id.c" ] && ok || bad "$id: no checkers/rules/$id.c"
	[ -f "docs/rules/$id.md" ] && ok || bad "$id: no docs/rules/$id.md"
	if [ -f "docs/rules/$id.md" ]; then
		head -n 1 "docs/rules/$id.md" | grep -q "^# $id\$" && ok || bad "docs/rules/$id.md: the first line must be '# $id'"
		for part in "## What it finds" "## Why" "## Example" "## Fix" "## False positives"; do
			grep -q "^$part" "docs/rules/$id.md" && ok || bad "docs/rules/$id.md: no '$part' section"
		done
	fi
	n=$(find "tests/fixtures/$id" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | wc -l)
	[ "$n" -gt 0 ] && ok || bad "$id: no cases under tests/fixtures/$id/"
	grep -q "\"$id\"" checkers/rules/rules.def && ok || bad "$id: not in rules.def"
done
# the other direction: folders and pages named after no rule
for d in tests/fixtures/*/ docs/rules/*.md checkers/rules/*.c; do
	[ -e "$d" ] || continue
	name=$(basename "$d" .md); name=$(basename "$name" .c)
	case "$name" in common|registry|finding|finding_filter|suppress|repeat|README) continue ;; esac
	echo "$ids" | grep -qx "$name" && ok || bad "$d: named after no rule of the table"
done
for d in tests/fixes/*/; do
	name=$(basename "$d")
	m=0
	for id in $ids; do case "$name" in "$id"-*) m=1 ;; esac; done
	[ $m = 1 ] && ok || bad "$d: fix cases are named <rule-id>-<case>"
done
# scripts take the list of rules from `gfpcheck --list-rules`, never from a copy
# of it (a script may still name the few rules it is about)
nids=$(echo "$ids" | wc -l)
for f in clang-plugin/*.py sparse/*.py bench/*.py tests/*/*.py; do
	[ -f "$f" ] || continue
	n=0
	for id in $ids; do grep -q "[\"']$id[\"']" "$f" && n=$((n + 1)); done
	[ $((n * 2)) -le "$nids" ] && ok || bad "$f: names $n of the $nids rule IDs: read them from gfpcheck --list-rules"
done
echo "rules table: $pass passed, $fail failed"
[ "$fail" = 0 ]
