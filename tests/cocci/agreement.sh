#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# agreement.sh - compare the coccicheck scripts with gfpcheck's expectations.
#
# Part 1 (always): run cocci/<rule>.cocci (report mode, coccicheck's flags) on
# every .c of tests/fixtures/<rule>/<case>/ for the rules that have a script,
# and compare with the case's EXPECT / EXPECT-NOT markers, which are what
# gfpcheck must report.  Each difference is printed as
#   ONLY-GFPCHECK rule case file:line   (the script finds less: allowed, it
#                                        sees one function at a time)
#   ONLY-COCCI    rule case file:line   (the script reports a site gfpcheck
#                                        does not; on an EXPECT-NOT line this
#                                        is a failure)
# Part 2 (when GFPCHECK names a binary and FS_TREE a kernel tree): run both on
# the tree and list the sites that only one of them reports, per rule.
# Exit status 1 when the script reports an EXPECT-NOT line.
top=$(cd "$(dirname "$0")/../.." && pwd)
flags="-D report --no-show-diff --very-quiet --no-includes --include-headers"
out=$top/tests/out/cocci-agreement
mkdir -p "$out"
bad=0
both=0; onlyg=0; onlyc=0
: > "$out/differences.txt"
for rule in nofs-in-scope nofs-in-transaction scope-imbalance vmalloc-nofs repeat-order0 repeat-costly; do
	[ -d "$top/tests/fixtures/$rule" ] || continue
	for case_ in "$top"/tests/fixtures/$rule/*/; do
		case_=${case_%/}
		name=$rule/$(basename "$case_")
		# the case's own model rows and kernel version, as gfpcheck gets them
		sp=$top/cocci/$rule.cocci
		kv=$(sed -n 's/.*--kernel-version[= ]\([0-9.]*\).*/\1/p' "$case_/args" 2>/dev/null)
		[ -z "$kv" ] && [ -f "$case_/Makefile" ] && \
			kv=$(awk '/^VERSION *=/{v=$3} /^PATCHLEVEL *=/{p=$3} END{print v "." p}' "$case_/Makefile")
		if [ -f "$case_/model.txt" ] || [ -n "$kv" ]; then
			rm -rf "$out/gen" && mkdir -p "$out/gen"
			"$top/cocci/gen-cocci.sh" -o "$out/gen" ${kv:+-k $kv} \
				$( [ -f "$case_/model.txt" ] && echo "-x $case_/model.txt") 2>/dev/null
			sp=$out/gen/$rule.cocci
		fi
		[ -f "$sp" ] || { : > "$out/got"; sp=; }
		[ -n "$sp" ] && (cd "$case_" && for f in $(find . -name '*.c' | sort); do
			spatch $flags --cocci-file "$sp" "${f#./}" 2>&1
		done) | grep "WARNING: \[$rule\]" | awk -F: '{print $1 ":" $2}' | sort -u > "$out/got"
		(cd "$case_" && grep -n "EXPECT:[^*]*\b$rule\b" $(find . -name '*.c' | sort) /dev/null) \
			| awk -F: '{sub("^\\./", "", $1); print $1 ":" $2}' | sort -u > "$out/want"
		(cd "$case_" && grep -n "EXPECT-NOT:[^*]*\b$rule\b" $(find . -name '*.c' | sort) /dev/null) \
			| awk -F: '{sub("^\\./", "", $1); print $1 ":" $2}' | sort -u > "$out/wantnot"
		for s in $(comm -12 "$out/want" "$out/got"); do both=$((both + 1)); done
		for s in $(comm -23 "$out/want" "$out/got"); do
			echo "ONLY-GFPCHECK $name $s" >> "$out/differences.txt"; onlyg=$((onlyg + 1))
		done
		for s in $(comm -13 "$out/want" "$out/got"); do
			onlyc=$((onlyc + 1))
			if grep -qx "$s" "$out/wantnot"; then
				echo "ONLY-COCCI    $name $s (an EXPECT-NOT line: FAIL)" >> "$out/differences.txt"; bad=1
			else
				echo "ONLY-COCCI    $name $s" >> "$out/differences.txt"
			fi
		done
	done
done
cat "$out/differences.txt"
echo "fixtures: $both sites reported by both, $onlyg only by gfpcheck's expectations, $onlyc only by the scripts"

if [ -n "${GFPCHECK:-}" ] && [ -n "${FS_TREE:-}" ]; then
	# The tree root as gfpcheck finds it (nearest ancestor with Makefile and
	# Kbuild), so that both sides print paths relative to it.
	root=$(cd "$FS_TREE" && pwd)
	while [ "$root" != / ] && ! { [ -f "$root/Makefile" ] && [ -f "$root/Kbuild" ]; }; do
		root=$(dirname "$root")
	done
	[ "$root" = / ] && root=$(cd "$FS_TREE" && pwd)
	rel=$(cd "$FS_TREE" && pwd); rel=${rel#"$root"}; rel=${rel#/}; [ -n "$rel" ] || rel=.
	kv=$(awk '/^VERSION *=/{v=$3} /^PATCHLEVEL *=/{p=$3} END{if (v != "") print v "." p}' "$root/Makefile" 2>/dev/null)
	# The scripts as install-cocci would generate them for this version, so
	# that both sides use the same model rows.
	rm -rf "$out/tree-gen" && mkdir -p "$out/tree-gen"
	"$top/cocci/gen-cocci.sh" -o "$out/tree-gen" ${kv:+-k $kv} 2>/dev/null
	t0=$(date +%s)
	"$GFPCHECK" --format text "$FS_TREE" > "$out/gfpcheck.txt" 2> "$out/gfpcheck.err"
	grep -E '^[^ 	].*: \[[a-z0-9-]+\]' "$out/gfpcheck.txt" \
		| sed -E 's/^([^:]+:[0-9]+):[^ ]* \[([a-z0-9-]+)\].*/\2 \1/' | sort -u > "$out/gfpcheck.sites"
	t1=$(date +%s)
	: > "$out/cocci.sites"; : > "$out/cocci.txt"
	rules=
	for rule in nofs-in-scope nofs-in-transaction scope-imbalance vmalloc-nofs repeat-order0 repeat-costly; do
		[ -f "$out/tree-gen/$rule.cocci" ] || continue
		rules="$rules $rule"
		(cd "$root" && spatch $flags --cocci-file "$out/tree-gen/$rule.cocci" --dir "$rel" -j "$(nproc)" 2>/dev/null) \
			| grep "WARNING: \[$rule\]" | sed 's|^\./||' | tee -a "$out/cocci.txt" \
			| sed -E "s|^([^:]+:[0-9]+):.*|$rule \\1|" >> "$out/cocci.sites"
	done
	t2=$(date +%s)
	sort -u -o "$out/cocci.sites" "$out/cocci.sites"
	pat=$(echo $rules | sed 's/ /|/g')
	grep -E "^($pat) " "$out/gfpcheck.sites" > "$out/gfpcheck.compared"
	comm -12 "$out/gfpcheck.compared" "$out/cocci.sites" > "$out/tree-both.txt"
	comm -23 "$out/gfpcheck.compared" "$out/cocci.sites" > "$out/tree-only-gfpcheck.txt"
	comm -13 "$out/gfpcheck.compared" "$out/cocci.sites" > "$out/tree-only-cocci.txt"
	echo "tree $root/$rel (Linux ${kv:-?}; rules:$rules; gfpcheck $((t1 - t0)) s, scripts $((t2 - t1)) s)"
	echo "tree: both: $(wc -l < "$out/tree-both.txt")"; cat "$out/tree-both.txt"
	echo "tree: only gfpcheck: $(wc -l < "$out/tree-only-gfpcheck.txt")"; cat "$out/tree-only-gfpcheck.txt"
	echo "tree: only the scripts: $(wc -l < "$out/tree-only-cocci.txt")"; cat "$out/tree-only-cocci.txt"
fi
exit $bad
