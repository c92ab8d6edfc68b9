#!/bin/bash
# tests/robustness/run.sh - hostile-input and misuse cases (issue 13 and beyond).
#
# usage: tests/robustness/run.sh [-v] [GFPCHECK [CASE...]]
#
# Every tests/robustness/cases/*.sh is one case (see README.md): it runs in a fresh
# temporary directory (its working directory, also $T) with lib.sh sourced, and
# passes when it exits 0. CASE names a case file without .sh (or a glob of them).
# Prints PASS/FAIL per case (the case's output under a failure) and ends with
# "N passed, N failed"; exit status 1 when a case failed.
set -u
verbose=0
[ "${1:-}" = -v ] && { verbose=1; shift; }
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
g=${1:-$top/bin/gfpcheck}
G=$(cd "$(dirname "$g")" && pwd)/$(basename "$g")
[ $# -gt 0 ] && shift
[ -x "$G" ] || { echo "robustness: no gfpcheck at $G (make first)"; exit 2; }
GX=$(dirname "$G")/gfpcheck-extract
export G GX TOP="$top" GFPCHECK_HOME="$top" GFPCHECK_COCCI="$top/cocci/gfpfacts.cocci" ROBUST="$here"
# A case never depends on the caller's identity or git configuration.
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gfpcheck-robust.XXXXXX")
chmod 755 "$tmp" # cases may run a command as another user
trap 'chmod -R u+rwX "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
cases=()
if [ $# -gt 0 ]; then
	for c in "$@"; do
		for f in "$here"/cases/$c.sh; do [ -f "$f" ] && cases+=("$f"); done
	done
	[ ${#cases[@]} -gt 0 ] || { echo "robustness: no case matches $*"; exit 2; }
else
	for f in "$here"/cases/*.sh; do cases+=("$f"); done
fi
pass=0 fail=0
start=$(date +%s)
for c in "${cases[@]}"; do
	name=$(basename "$c" .sh)
	T=$tmp/$name
	mkdir -p "$T"
	what=$(sed -n '2s/^# *//p' "$c")
	t0=$(date +%s.%N)
	( cd "$T" && export T && timeout "${ROBUST_TIMEOUT:-120}" bash -c '. "$ROBUST/lib.sh"; . "$1"' case "$c" ) \
		>"$T.log" 2>&1
	rc=$?
	secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
	if [ $rc = 0 ]; then
		pass=$((pass + 1))
		echo "PASS $name ($secs s)${what:+: $what}"
		[ $verbose = 1 ] && sed 's/^/    /' "$T.log"
	else
		fail=$((fail + 1))
		[ $rc = 124 ] && echo "    (timed out)" >>"$T.log"
		echo "FAIL $name ($secs s)${what:+: $what}"
		sed 's/^/    /' "$T.log" | head -n 60
	fi
	chmod -R u+rwX "$T" 2>/dev/null
	rm -rf "$T"
done
echo "robustness: $(($(date +%s) - start)) s"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
