#!/bin/sh
# kernel-check.sh - build fs/ext4 fs/xfs fs/btrfs of a Linux 6.1 copy with CC=clang,
# once without and once with the gfpcheck Clang plugin (same run), and report the
# build times, the overhead and the facts written.  Used by `make kernel-clang-check`.
#
# Environment: SRC (pristine tree, never modified), TREE (the copy we build in),
# CLANG (clang-14), PLUGIN (bin/gfpcheck-clang.so), OUT (facts directory),
# JOBS (make -j), DIRS (directories to build), PHASE (all|prepare|build).
set -u
SRC=${SRC:-/root/.cache/gfpcheck/linux-source-6.1}
TREE=${TREE:-/root/.cache/gfpcheck/linux-6.1-clang}
CLANG=${CLANG:-clang-14}
PLUGIN=${PLUGIN:-$(pwd)/bin/gfpcheck-clang.so}
OUT=${OUT:-$(pwd)/reports/clang-facts}
JOBS=${JOBS:-$(nproc)}
DIRS=${DIRS:-fs/ext4 fs/xfs fs/btrfs}
PHASE=${PHASE:-all}
LOG=${LOG:-$(pwd)/reports/kernel-clang-check.log}
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

case "$PHASE" in
prepare) prepare; exit 0 ;;
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
[ "$RC_plain" = 0 ] && [ "$RC_plugin" = 0 ]
