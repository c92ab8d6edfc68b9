#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kernel-coccicheck.sh - run gfpcheck's scripts through the kernel's own
# `make coccicheck`, in all four modes, on a copy of a kernel tree.
#
# Environment: KSRC (pristine tree, never written), KWORK (the copy the
# scripts are installed into; made with cp -a when missing), KCOCCI_DIRS
# (directories, relative to the tree), J (spatch jobs, default: CPUs).
#
# For each directory, script and mode: the exit status must be 0, the output
# must hold no semantic-patch error, and patch-mode output must apply with
# `patch -p1 --dry-run`.  A Markdown table of counts and times goes to
# tests/out/cocci-kernel/summary.md; every output to tests/out/cocci-kernel/.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
KSRC=${KSRC:-$HOME/.cache/gfpcheck/linux-source-6.1}
KWORK=${KWORK:-$HOME/.cache/gfpcheck/linux-6.1-cocci}
KCOCCI_DIRS=${KCOCCI_DIRS:-fs/ext4 fs/xfs fs/btrfs fs}
out=$top/tests/out/cocci-kernel
mkdir -p "$out"

if [ ! -f "$KWORK/Makefile" ]; then
	[ -f "$KSRC/Makefile" ] || { echo "kernel-coccicheck: no kernel tree at $KSRC" >&2; exit 2; }
	echo "kernel-coccicheck: copying $KSRC to $KWORK"
	cp -a "$KSRC" "$KWORK" || exit 2
fi
make -s -C "$top" install-cocci KDIR="$KWORK" || exit 2
kver=$(awk '/^VERSION *=/{v=$3} /^PATCHLEVEL *=/{p=$3} END{print v "." p}' "$KWORK/Makefile")

# Installed (version-specific) scripts, plus the any-version script of every
# rule the version did not get, run from the repository so that each rule is
# exercised on real code (its findings do not apply to this version).
scripts=()
for r in nofs-in-scope nofs-in-transaction scope-imbalance vmalloc-nofs repeat-order0 repeat-costly; do
	if [ -f "$KWORK/scripts/coccinelle/api/gfp/$r.cocci" ]; then
		scripts+=("scripts/coccinelle/api/gfp/$r.cocci")
	else
		scripts+=("$top/cocci/$r.cocci")
	fi
done

sum=$out/summary.md
{
	echo "Linux $kver ($(basename "$KSRC")), spatch $(spatch --version | awk 'NR==1{print $3}'), $(nproc) CPUs"
	echo
	echo "| directory | rule | script | report | context | org | patch (files/hunks) | report s | context s | org s | patch s |"
	echo "|---|---|---|---|---|---|---|---|---|---|---|"
} > "$sum"

fail=0
for d in $KCOCCI_DIRS; do
	for s in "${scripts[@]}"; do
		r=$(basename "$s" .cocci)
		case $s in /*) where="any-version" ;; *) where="installed" ;; esac
		declare -A cnt=() secs=()
		for m in report context org patch; do
			log=$out/$(echo "$d" | tr / _).$r.$m.txt
			t0=$(date +%s.%N)
			make -s -C "$KWORK" coccicheck MODE=$m COCCI="$s" M="$d" ${J:+J=$J} > "$log" 2>&1
			rc=$?
			t1=$(date +%s.%N)
			secs[$m]=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b - a}')
			if [ $rc != 0 ]; then
				echo "FAIL: $d $r $m: exit $rc (see $log)"; fail=1
			fi
			if grep -Eq "semantic error|parse error|Python failure|Fatal error|exception|coccicheck failed|not used in the - or context code" "$log"; then
				echo "FAIL: $d $r $m: semantic-patch error (see $log)"; fail=1
			fi
			case $m in
			report) cnt[$m]=$(grep -c "WARNING: \[$r\]" "$log") ;;
			org) cnt[$m]=$(grep -c "^\* TODO .*\[$r\]" "$log") ;;
			context) cnt[$m]=$(grep -E -c "^-[^-]|^-$" "$log") ;;
			patch)
				diff=$out/$(echo "$d" | tr / _).$r.patch
				sed -n '/^--- /,$p' "$log" > "$diff"
				nf=$(grep -c "^+++ " "$diff")
				nh=$(grep -c "^@@ " "$diff")
				cnt[$m]="$nf/$nh"
				if [ "$nf" -gt 0 ] && ! (cd "$KWORK" && patch -p1 --dry-run -s < "$diff" > "$diff.dry" 2>&1); then
					echo "FAIL: $d $r patch does not apply (see $diff.dry)"; fail=1
				fi
				;;
			esac
		done
		echo "| $d | $r | $where | ${cnt[report]} | ${cnt[context]} | ${cnt[org]} | ${cnt[patch]} | ${secs[report]} | ${secs[context]} | ${secs[org]} | ${secs[patch]} |" >> "$sum"
		echo "$d $r: report ${cnt[report]} (${secs[report]} s), context ${cnt[context]}, org ${cnt[org]}, patch ${cnt[patch]} (${secs[patch]} s)"
		unset cnt secs
	done
done
echo
cat "$sum"
[ $fail = 0 ] && echo "kernel-coccicheck: all runs clean" || echo "kernel-coccicheck: FAILURES above"
exit $fail
