#!/bin/sh
# kernel-check.sh - build fs/ext4 fs/xfs fs/btrfs of a Linux 6.1 copy with CC=clang,
# once without and once with the gfpcheck Clang plugin (same run), report the
# build times, the overhead and the facts written, then run gfpcheck on the Clang
# facts and on the Coccinelle facts of the same files and compare the findings
# per rule.  Used by `make kernel-clang-check`.
#
# Environment: SRC (pristine tree, never modified), TREE (the copy we build in),
# CLANG (clang-14), PLUGIN (bin/gfpcheck-clang.so), WORK (results), OUT (Clang
# facts directory), COUT (Coccinelle facts directory), JOBS (make -j), DIRS
# (directories to build), SAMPLE (every SAMPLE-th object is compiled again for
# the interleaved timing, default 4), PHASE (all|prepare|build|sample|analyse|
# facts: Clang facts again with -fsyntax-only, then analyse).
#
# Results in WORK: kernel-clang-check.log (times, overhead), clang.json and
# cocci.json (gfpcheck reports), findings.md (agreement per rule),
# findings-diff.txt (every disagreement), records.md (record-level agreement).
set -u
SRC=${SRC:-$HOME/.cache/gfpcheck/linux-source-6.1}
TREE=${TREE:-$HOME/.cache/gfpcheck/linux-6.1-clang}
CLANG=${CLANG:-clang-14}
PLUGIN=${PLUGIN:-$(pwd)/bin/gfpcheck-clang.so}
WORK=${WORK:-$(pwd)/bin/kernel-clang-check}
OUT=${OUT:-$WORK/clang-facts}
JOBS=${JOBS:-$(nproc)}
DIRS=${DIRS:-fs/ext4 fs/xfs fs/btrfs}
PHASE=${PHASE:-all}
COUT=${COUT:-$WORK/cocci-facts}
LOG=${LOG:-$WORK/kernel-clang-check.log}
TOP=$(cd "$(dirname "$0")/.." && pwd)
GFPCHECK=${GFPCHECK:-$TOP/bin/gfpcheck}
mkdir -p "$(dirname "$LOG")"

say() { echo "kernel-clang-check: $*" | tee -a "$LOG"; }

prepare() {
	if [ ! -f "$TREE/Makefile" ]; then
		say "copying $SRC to $TREE"
		cp -a "$SRC" "$TREE" || exit 1
	fi
	if [ ! -f "$TREE/.gfpcheck-prepared" ]; then
		say "configuring (defconfig + ext4 xfs btrfs) and make prepare"
		(cd "$TREE" &&
		 make CC="$CLANG" defconfig >>"$LOG" 2>&1 &&
		 scripts/config -e EXT4_FS -e XFS_FS -e BTRFS_FS -e BLOCK -e FS_POSIX_ACL \
			-e EXT4_FS_POSIX_ACL -e XFS_POSIX_ACL -e BTRFS_FS_POSIX_ACL &&
		 make CC="$CLANG" olddefconfig >>"$LOG" 2>&1 &&
		 make CC="$CLANG" -j"$JOBS" prepare >>"$LOG" 2>&1 &&
		 touch .gfpcheck-prepared) || { say "prepare failed, see $LOG"; exit 1; }
	fi
}

# build DIRS once; $1 = label, $2 = extra KCFLAGS
build() {
	label=$1; kc=$2
	# force a rebuild of the objects of DIRS only
	for d in $DIRS; do
		find "$TREE/$d" -name '*.o' -delete 2>/dev/null
		find "$TREE/$d" -name '.*.o.cmd' -delete 2>/dev/null
	done
	# wall time and CPU time (user+sys of every compiler process): on a shared
	# machine the CPU time is the reliable measure of the overhead
	/usr/bin/time -f '%e %U %S' -o "$LOG.$label.time" sh -c \
		"cd '$TREE' && make CC='$CLANG' -j'$JOBS' -k KCFLAGS='$kc' $(for d in $DIRS; do printf '%s/ ' "$d"; done)" \
		>"$LOG.$label" 2>&1
	rc=$?
	read wall usr sys <"$LOG.$label.time" || true
	cpu=$(echo "$usr + $sys" | bc)
	say "build $label: wall ${wall}s, cpu ${cpu}s (user $usr, sys $sys) (make exit $rc)"
	eval "W_$label=$wall"
	eval "C_$label=$cpu"
	eval "RC_$label=$rc"
}

# The whole-directory builds above run one after the other, so on a shared
# machine the load differs between them.  sample() compiles every SAMPLE-th
# object of DIRS again from its saved command (the .o.cmd of the last build),
# without and with the plugin right after each other (alternating which goes
# first), and sums the CPU time of each side: a steadier estimate.
sample() {
	n=0; cp0=0; cp1=0
	: >"$LOG.sample"
	for f in $(cd "$TREE" && for d in $DIRS; do find "$d" -name '.*.o.cmd' ! -name '*.mod.o.cmd'; done | sort); do
		n=$((n + 1))
		[ $((n % ${SAMPLE:-4})) = 0 ] || continue
		cmd=$(sed -n '1{s/^cmd_[^ ]* := //; s/ ; .*//; p}' "$TREE/$f")
		plain=$(printf '%s\n' "$cmd" | sed 's| -fplugin[^ ]*||g; s| -o [^ ]*\.o | -o /dev/null |')
		plug="$plain -fplugin=$PLUGIN -fplugin-arg-gfpcheck-out=$WORK/sample-facts"
		for side in $(if [ $((n % 2)) = 0 ]; then echo plain plug; else echo plug plain; fi); do
			eval "c=\$$side"
			/usr/bin/time -f '%U %S' -o "$LOG.t" sh -c "cd '$TREE' && $c" >>"$LOG.sample" 2>&1
			read u sy <"$LOG.t"
			if [ $side = plain ]; then cp0=$(echo "$cp0 + $u + $sy" | bc); else cp1=$(echo "$cp1 + $u + $sy" | bc); fi
		done
	done
	rm -rf "$WORK/sample-facts" "$LOG.t"
	say "interleaved sample ($(( n / ${SAMPLE:-4} )) of $n objects): cpu plain ${cp0}s, with plugin ${cp1}s, ratio $(echo "scale=3; $cp1 / $cp0" | bc)"
}

# The Clang facts again, without a build: every object's saved command with
# -fsyntax-only and the plugin (after a change to the plugin; the .o.cmd files
# of the last build are used).
refacts() {
	rm -rf "$OUT"; mkdir -p "$OUT"; : >"$LOG.facts"
	(cd "$TREE" && for d in $DIRS; do find "$d" -name '.*.o.cmd' ! -name '*.mod.o.cmd'; done | sort) >"$WORK/cmds.txt"
	i=0
	while [ $i -lt "$JOBS" ]; do
		awk -v j="$JOBS" -v i=$i 'NR % j == i' "$WORK/cmds.txt" | while read -r f; do
			cmd=$(sed -n '1{s/^cmd_[^ ]* := //; s/ ; .*//; p}' "$TREE/$f" |
				sed 's| -fplugin[^ ]*||g; s| -Wp,-MMD,[^ ]*||; s| -o [^ ]*\.o | -fsyntax-only |')
			sh -c "cd '$TREE' && $cmd -fplugin=$PLUGIN -fplugin-arg-gfpcheck-out=$OUT" >>"$LOG.facts" 2>&1 ||
				echo "failed: $f" >>"$LOG.facts"
		done &
		i=$((i + 1))
	done
	wait
	say "facts again (-fsyntax-only): $(find "$OUT" -name '*.facts' | wc -l) files, $(grep -c . "$LOG.facts") lines on stderr"
}

# gfpcheck on the Clang facts, and on the Coccinelle facts of the same files
# (every .c and header the Clang plugin wrote facts for; gfpcheck-extract runs
# spatch exactly as gfpcheck does, with its cache), findings compared per rule.
analyse() {
	rm -rf "$COUT"; mkdir -p "$COUT"
	(cd "$OUT" && find . -name '*.facts' | sed 's|^\./||; s|\.facts$||' | sort) >"$WORK/files.txt"
	say "Coccinelle facts for the $(wc -l <"$WORK/files.txt") files with Clang facts"
	/usr/bin/time -f '%e' -o "$LOG.cocci.time" sh -c \
		"cd '$TREE' && xargs '$TOP/bin/gfpcheck-extract' -q -j '$JOBS' -o '$COUT' <'$WORK/files.txt'" \
		>"$LOG.cocci" 2>&1
	say "gfpcheck-extract: exit $?, wall $(cat "$LOG.cocci.time")s, $(grep -c . "$LOG.cocci") lines on stderr (failed files)"
	for side in clang cocci; do
		if [ $side = clang ]; then d=$OUT; else d=$COUT; fi
		"$GFPCHECK" -q --facts "$d" --format json -o "$WORK/$side.json" "$TREE"
		rc=$?
		"$GFPCHECK" -q --facts "$d" -o "$WORK/$side.txt" "$TREE"
		[ $rc -le 1 ] || { say "gfpcheck --facts $d failed (exit $rc)"; return 1; }
		say "gfpcheck ($side facts): $(tail -1 "$WORK/$side.txt")"
	done
	GFPCHECK="$GFPCHECK" python3 "$TOP/clang-plugin/kernel-findings.py" "$WORK/clang.json" "$WORK/cocci.json" $DIRS >"$WORK/findings.md" &&
	GFPCHECK="$GFPCHECK" python3 "$TOP/clang-plugin/kernel-findings.py" -v "$WORK/clang.json" "$WORK/cocci.json" $DIRS >"$WORK/findings-diff.txt" &&
	python3 "$TOP/clang-plugin/kernel-compare.py" "$OUT" "$COUT" -v >"$WORK/records.md" || return 1
	say "findings per rule ($WORK/findings.md, disagreements in findings-diff.txt):"
	tee -a "$LOG" <"$WORK/findings.md"
	say "records per kind ($WORK/records.md):"
	sed -n '1,/^$/p' "$WORK/records.md" | tee -a "$LOG"
}

case "$PHASE" in
prepare) prepare; exit 0 ;;
analyse) analyse; exit $? ;;
sample) sample; exit 0 ;;
facts) refacts && analyse; exit $? ;;
esac
prepare
[ -f "$PLUGIN" ] || { say "no plugin at $PLUGIN (make clang-plugin)"; exit 1; }
rm -rf "$OUT"; mkdir -p "$OUT"
build plain ""
build plugin "-fplugin=$PLUGIN -fplugin-arg-gfpcheck-out=$OUT"
wratio=$(echo "scale=3; $W_plugin / $W_plain" | bc)
cratio=$(echo "scale=3; $C_plugin / $C_plain" | bc)
nsrc=0
for d in $DIRS; do
	n=$(find "$TREE/$d" -name '*.o' ! -name '*.mod.o' ! -name 'built-in.a' | wc -l)
	nsrc=$((nsrc + n))
done
nfacts=$(find "$OUT" -name '*.c.facts' | wc -l)
nhfacts=$(find "$OUT" -name '*.h.facts' | wc -l)
npartial=$(grep -rl '^status	partial' "$OUT" 2>/dev/null | wc -l)
say "overhead: cpu plugin/plain = $cratio ($C_plugin s / $C_plain s); wall $wratio ($W_plugin s / $W_plain s)"
say "objects built: $nsrc, .c facts files: $nfacts, header facts files: $nhfacts, partial: $npartial"
grep -h 'gfpcheck-clang: warning' "$LOG.plugin" | sort | uniq -c | head -20 | tee -a "$LOG"
grep -E '^(make|.*error:)' "$LOG.plugin" | grep -v 'Entering\|Leaving' | head -20 | tee -a "$LOG"
say "records per kind:"
cat $(find "$OUT" -name '*.facts') | awk -F'\t' 'NR>0 && $1 !~ /^(gfpfacts|frontend|status|#)/ {n[$1]++} END {for (k in n) printf "%-10s %d\n", k, n[k]}' | sort | tee -a "$LOG"
sample
[ "$PHASE" = build ] || analyse || exit 1
[ "$RC_plain" = 0 ] && [ "$RC_plugin" = 0 ]
