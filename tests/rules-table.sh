#!/bin/sh
# tests/rules-table.sh - every rule of the rule table (checkers/rules/rules.def, as
# `gfpcheck --list-rules` prints it) has its file, its doc page, its fixtures and,
# when it has a fix, a fix case, under its ID, and nothing is named after a rule
# the table does not hold.
# usage: tests/rules-table.sh GFPCHECK
set -u
G=${1:-bin/gfpcheck}
cd "$(dirname "$0")/.." || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rules-table.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
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
# fix cases: tests/fixes/<rule-id>-<case>/, each of the rule whose ID is the
# longest that prefixes its name; every rule with a fix has at least one case
# that selects the rule (its args name it in --fix-rules, unless --fix fixes the
# rule by default) and whose expected/ holds a fixed file (FILE.out)
case_rule() { # case name -> the rule ID, or nothing
	best=""
	for id in $ids; do
		case "$1" in "$id"-*) [ ${#id} -gt ${#best} ] && best=$id ;; esac
	done
	echo "$best"
}
selects() { # case-dir id default -> 0 when the case fixes the rule
	[ "$3" = 1 ] && return 0
	[ -f "$1/args" ] && grep -Eq -- "--fix-rules[ =]([^ ]*,)?$2(,| |\$)" "$1/args"
}
fixcases=""
for d in tests/fixes/*/; do
	[ -d "$d/expected" ] || continue
	name=$(basename "$d")
	id=$(case_rule "$name")
	[ -n "$id" ] && ok || bad "$d: fix cases are named <rule-id>-<case>"
	fixcases="$fixcases $id:${d%/}"
done
"$G" --list-rules | while read -r id conf fix fixon summary; do
	[ "$fix" = - ] && continue
	def=0
	case "$fix" in *,default) def=1 ;; esac
	n=0
	for c in $fixcases; do
		[ "${c%%:*}" = "$id" ] || continue
		dir=${c#*:}
		selects "$dir" "$id" $def || continue
		ls "$dir"/expected/*.out >/dev/null 2>&1 && n=$((n + 1))
	done
	[ $n -gt 0 ] && echo ok ||
		echo "bad $id: a rule with a fix ($fix) and no case tests/fixes/$id-CASE/ that fixes it (args with --fix-rules $id unless fixed by default, expected/FILE.out)"
done >"$tmp/fixcases"
while read -r verdict rest; do
	[ "$verdict" = ok ] && ok || bad "$rest"
done <"$tmp/fixcases"
# the rule tables of README.md and docs/rules/README.md are generated from
# --list-rules (docs/rules/tables.sh): every rule once, with its summary,
# confidence, fix and kernels, and no other row
if sh docs/rules/tables.sh --check "$G" >"$tmp/tables" 2>&1; then ok; else
	bad "rule tables: $(cat "$tmp/tables")"
fi
# scripts take the list of rules from `gfpcheck --list-rules`, never from a copy
# of it (a script may still name the few rules it is about)
nids=$(echo "$ids" | wc -l)
for f in clang-plugin/*.py sparse/*.py bench/*.py tests/*/*.py; do
	[ -f "$f" ] || continue
	n=0
	for id in $ids; do grep -q "[\"']$id[\"']" "$f" && n=$((n + 1)); done
	[ $((n * 2)) -le "$nids" ] && ok || bad "$f: names $n of the $nids rule IDs: read them from gfpcheck --list-rules"
done
# an opt-in rule (--list-rules marks it) runs only when --rules names it or says
# all: its fixtures give no finding of it by default, and give them with `all`
# and with its ID
for id in $("$G" --list-rules | awk '/\(opt-in:/ {print $1}'); do
	[ -d "tests/fixtures/$id" ] || { bad "opt-in rule $id has no fixtures"; continue; }
	d=$("$G" -q --format json "tests/fixtures/$id" 2>/dev/null | grep -c "\"rule\": \"$id\"")
	a=$("$G" -q --format json --rules all "tests/fixtures/$id" 2>/dev/null | grep -c "\"rule\": \"$id\"")
	o=$("$G" -q --format json --rules "$id" "tests/fixtures/$id" 2>/dev/null | grep -c "\"rule\": \"$id\"")
	[ "$d" = 0 ] && ok || bad "opt-in rule $id: $d findings without --rules"
	[ "$a" -gt 0 ] && [ "$a" = "$o" ] && ok || bad "opt-in rule $id: $a findings with --rules all, $o with --rules $id"
done
echo "rules table: $pass passed, $fail failed"
[ "$fail" = 0 ]
