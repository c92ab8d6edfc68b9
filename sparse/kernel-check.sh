#!/bin/sh
# sparse/kernel-check.sh - `make kernel-sparse-check`: build fs/ext4 fs/xfs
# fs/btrfs of Linux 6.1 with gcc (defconfig + those filesystems) in a build
# directory of our own, run the checker under `make C=2
# CHECK="gfpcheck-sparse --facts-dir DIR"`, measure its cost against Debian's
# sparse over the same objects (bench/sparse-cost.sh), run gfpcheck on the sparse
# facts and on the Coccinelle facts of the same files and compare the findings
# per rule (clang-plugin/kernel-findings.py) and the records per kind
# (clang-plugin/kernel-compare.py).
#
# Environment: SRC (pristine tree, never modified), TREE (a hard-linked copy of
# it: make O= writes nothing into the source tree), OBJ (build directory), WORK
# (results), OUT (sparse facts), COUT (Coccinelle facts), JOBS, DIRS, PHASE
# (all|prepare|build|check|bench|analyse).
#
# Results in WORK: kernel-sparse-check.log, sparse.json/.txt and cocci.json/.txt
# (gfpcheck reports), findings.md (agreement per rule), findings-diff.txt (every
# disagreement), records.md (record-level agreement), bench.txt (cost).
set -u
SRC=${SRC:-$HOME/.cache/gfpcheck/linux-source-6.1}
TREE=${TREE:-$HOME/.cache/gfpcheck/linux-6.1-sparse-src}
OBJ=${OBJ:-$HOME/.cache/gfpcheck/linux-6.1-sparse-obj}
TOP=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-$TOP/bin/kernel-sparse-check}
OUT=${OUT:-$WORK/sparse-facts}
COUT=${COUT:-$WORK/cocci-facts}
JOBS=${JOBS:-$(nproc)}
DIRS=${DIRS:-fs/ext4 fs/xfs fs/btrfs}
PHASE=${PHASE:-all}
LOG=${LOG:-$WORK/kernel-sparse-check.log}
GFPCHECK=${GFPCHECK:-$TOP/bin/gfpcheck}
GFPSPARSE=${GFPSPARSE:-$TOP/bin/gfpcheck-sparse}
mkdir -p "$WORK"
targets=$(for d in $DIRS; do printf '%s/ ' "$d"; done)

say() { echo "kernel-sparse-check: $*" | tee -a "$LOG"; }

prepare() {
	if [ ! -f "$TREE/Makefile" ]; then
		say "hard-linking $SRC to $TREE"
		cp -al "$SRC" "$TREE" || exit 1
	fi
	if [ ! -f "$OBJ/.gfpcheck-prepared" ]; then
		mkdir -p "$OBJ"
		say "configuring $OBJ (defconfig + ext4 xfs btrfs) and make prepare"
		(make -C "$TREE" O="$OBJ" defconfig >>"$LOG" 2>&1 &&
		 "$TREE/scripts/config" --file "$OBJ/.config" -e EXT4_FS -e XFS_FS -e BTRFS_FS -e BLOCK \
			-e FS_POSIX_ACL -e EXT4_FS_POSIX_ACL -e XFS_POSIX_ACL -e BTRFS_FS_POSIX_ACL &&
		 make -C "$TREE" O="$OBJ" olddefconfig >>"$LOG" 2>&1 &&
		 make -C "$TREE" O="$OBJ" -j"$JOBS" prepare >>"$LOG" 2>&1 &&
		 touch "$OBJ/.gfpcheck-prepared") || { say "prepare failed, see $LOG"; exit 1; }
	fi
}

build() {
	say "building $targets with gcc"
	/usr/bin/time -f '%e' -o "$LOG.build.time" make -C "$TREE" O="$OBJ" -j"$JOBS" -k $targets >"$LOG.build" 2>&1
	say "build: exit $?, wall $(cat "$LOG.build.time")s, $(find "$OBJ" -name '*.o' ! -name '*.mod.o' | wc -l) objects"
}

check() {
	rm -rf "$OUT"; mkdir -p "$OUT"
	/usr/bin/time -f '%e %U %S' -o "$LOG.check.time" make -C "$TREE" O="$OBJ" -j"$JOBS" -k C=2 \
		CHECK="$GFPSPARSE --facts-dir $OUT" $targets >"$LOG.check" 2>&1
	rc=$?
	say "make C=2 CHECK=gfpcheck-sparse: exit $rc, wall/user/sys $(cat "$LOG.check.time")"
	say "facts: $(find "$OUT" -name '*.c.facts' | wc -l) .c, $(find "$OUT" -name '*.h.facts' | wc -l) headers, $(grep -rl '^status	partial' "$OUT" | wc -l) partial; $(grep -c 'gfpcheck-sparse: warning' "$LOG.check") warnings of ours"
	say "records per kind:"
	cat $(find "$OUT" -name '*.facts') | awk -F'\t' '$1 !~ /^(gfpfacts|frontend|status|#)/ {n[$1]++} END {for (k in n) printf "%-10s %d\n", k, n[k]}' | sort | tee -a "$LOG"
}

bench() {
	say "cost against Debian's sparse (bench/sparse-cost.sh):"
	FACTS="$WORK/bench-facts" LOG="$LOG.bench" JOBS="$JOBS" sh "$TOP/bench/sparse-cost.sh" "$OBJ" $DIRS | tee "$WORK/bench.txt" | tee -a "$LOG"
	rm -rf "$WORK/bench-facts"
}

analyse() {
	rm -rf "$COUT"; mkdir -p "$COUT"
	(cd "$OUT" && find . -name '*.facts' | sed 's|^\./||; s|\.facts$||' | sort) >"$WORK/files.txt"
	say "Coccinelle facts for the $(wc -l <"$WORK/files.txt") files with sparse facts"
	(cd "$TREE" && xargs "$TOP/bin/gfpcheck-extract" -q -j "$JOBS" -o "$COUT" <"$WORK/files.txt") >"$LOG.cocci" 2>&1
	say "gfpcheck-extract: exit $?, $(grep -c . "$LOG.cocci") lines on stderr"
	for side in sparse cocci; do
		if [ $side = sparse ]; then d=$OUT; else d=$COUT; fi
		"$GFPCHECK" -q --facts "$d" --format json -o "$WORK/$side.json" "$TREE"
		rc=$?
		"$GFPCHECK" -q --facts "$d" -o "$WORK/$side.txt" "$TREE"
		[ $rc -le 1 ] || { say "gfpcheck --facts $d failed (exit $rc)"; return 1; }
		say "gfpcheck ($side facts): $(tail -1 "$WORK/$side.txt" | cut -c1-200)"
	done
	python3 "$TOP/clang-plugin/kernel-findings.py" --front=sparse "$WORK/sparse.json" "$WORK/cocci.json" $DIRS >"$WORK/findings.md" &&
	python3 "$TOP/clang-plugin/kernel-findings.py" --front=sparse -v "$WORK/sparse.json" "$WORK/cocci.json" $DIRS >"$WORK/findings-diff.txt" &&
	python3 "$TOP/clang-plugin/kernel-compare.py" "$OUT" "$COUT" -v >"$WORK/records.md" || return 1
	say "findings per rule ($WORK/findings.md, disagreements in findings-diff.txt):"
	tee -a "$LOG" <"$WORK/findings.md"
	say "records per kind ($WORK/records.md):"
	sed -n '1,/^$/p' "$WORK/records.md" | tee -a "$LOG"
}

case "$PHASE" in
prepare) prepare ;;
build) prepare && build ;;
check) check ;;
bench) bench ;;
analyse) analyse ;;
all) prepare && build && check && bench && analyse ;;
*) echo "PHASE must be all, prepare, build, check, bench or analyse" >&2; exit 2 ;;
esac
