#!/bin/sh
# tests/flags/run.sh - the contract between the flag rules and the fixer: the
# `fix` field (JSON) of chosen findings of the fixture cases, as listed in
# tests/flags/fixes.expected, and the "said once" note of trees older than 4.12.
# usage: tests/flags/run.sh GFPCHECK.  Prints `N passed, N failed`.
set -u
gfpcheck=$1
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
export GFPCHECK_HOME="$top"
fx="$top/tests/fixtures"
pass=0; fail=0
tab=$(printf '\t')
while IFS="$tab" read -r rule case at fix; do
	case "$rule" in ''|'#'*) continue ;; esac
	args=""; [ -f "$fx/$case/args" ] && args=$(cat "$fx/$case/args")
	got=$("$gfpcheck" $args --format json --rules "$rule" "$fx/$case" 2>/dev/null | python3 -c '
import json, sys
at = sys.argv[1]
for f in json.load(sys.stdin)["findings"]:
    if "%s:%d" % (f["file"], f["line"]) == at:
        print("null" if f["fix"] is None else f["fix"]); break
else:
    print("(no finding)")' "$at")
	if [ "$got" = "$fix" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL $rule $case $at: fix '$got', expected '$fix'"; fi
done < "$here/fixes.expected"
# the pre-4.12 note appears exactly once however many findings lose their fix
n=$("$gfpcheck" --format text --rules vmalloc-nofs "$fx/vmalloc-nofs/pre-scope-api" 2>/dev/null | grep -c "predates the scope API")
if [ "$n" = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL pre-scope-api note printed $n times"; fi
n=$("$gfpcheck" --format text --rules vmalloc-nofs "$fx/vmalloc-nofs/old-tree" 2>/dev/null | grep -c "predates the scope API")
if [ "$n" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL old-tree (4.14) has the pre-4.12 note"; fi
echo "flag rules: $pass passed, $fail failed"
[ $fail -eq 0 ]
