#!/bin/sh
# docs/rules/tables.sh - the rule tables of README.md ("Rules") and
# docs/rules/README.md, generated from `gfpcheck --list-rules` (the rule table,
# checkers/rules/rules.def) between the lines
#   <!-- rules table: generated ... -->  and  <!-- end of rules table -->
# One row per rule, in table order: the ID linked to its page, the summary, the
# highest confidence, the fix kind (and "default") and the kernels the fix is
# written for.
# usage: docs/rules/tables.sh [--check] GFPCHECK
#   --check  change nothing; exit 1 naming each file whose table differs
#            (tests/rules-table.sh runs this), 0 when both are up to date
set -u
check=0
[ "${1:-}" = --check ] && { check=1; shift; }
[ $# -eq 1 ] || { echo "usage: docs/rules/tables.sh [--check] GFPCHECK" >&2; exit 2; }
G=$1
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rules-tables.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
"$G" --list-rules >"$tmp/list" && [ -s "$tmp/list" ] ||
	{ echo "tables.sh: '$G --list-rules' failed or printed nothing" >&2; exit 2; }

# rows LINKDIR: the table, header included
rows() {
	awk -v dir="$1" '
	BEGIN {
		print "| rule | finds | confidence (highest) | fix (`--fix-rules`) | fixed on |"
		print "|---|---|---|---|---|"
	}
	{
		id = $1; conf = $2; fix = $3; on = $4
		summary = $0
		sub(/^[^ ]+ +[^ ]+ +[^ ]+ +[^ ]+ +/, "", summary)
		gsub(/\|/, "\\|", summary)
		if (fix == "-")
			fix = "—"
		sub(/,default$/, ", default", fix)
		n = split(on, part, ",")
		kern = part[1] == "-" ? "—" : part[1] == "any" ? "all" : part[1]
		for (i = 2; i <= n; i++) {
			if (part[i] ~ /^noio:/)
				kern = kern " (NOIO: " substr(part[i], 6) ")"
			else if (part[i] == "known")
				kern = kern ", a known version"
			else
				kern = kern ", " part[i]
		}
		printf "| [%s](%s%s.md) | %s | %s | %s | %s |\n", id, dir, id, summary, conf, fix, kern
	}' "$tmp/list"
}

# put FILE LINKDIR: FILE with the lines between the markers replaced by rows
put() {
	rows "$2" >"$tmp/rows"
	awk -v rows="$tmp/rows" -v file="$1" '
	/^<!-- rules table: generated / {
		print
		while ((getline l < rows) > 0)
			print l
		skip = 1
		begun++
		next
	}
	/^<!-- end of rules table -->/ { skip = 0; ended++ }
	!skip { print }
	END {
		if (begun != 1 || ended != 1 || skip) {
			printf "tables.sh: %s: want one generated table between the markers\n", file > "/dev/stderr"
			exit 1
		}
	}' "$1" >"$tmp/out" || return 2
	if cmp -s "$1" "$tmp/out"; then
		return 0
	elif [ $check = 1 ]; then
		echo "$1: its rules table is not what gfpcheck --list-rules says: run make rules-tables"
		diff -u "$1" "$tmp/out" | head -20
		return 1
	fi
	cp "$tmp/out" "$1" && echo "tables.sh: $1 updated"
}

rc=0
put README.md docs/rules/ || rc=$?
put docs/rules/README.md "" || { r=$?; [ $r -gt $rc ] && rc=$r; }
exit $rc
