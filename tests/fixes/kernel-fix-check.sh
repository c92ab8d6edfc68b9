#!/bin/sh
# tests/fixes/kernel-fix-check.sh - the fix series on a real kernel.
#
# usage: kernel-fix-check.sh GFPCHECK KSRC WORK REPORT-PREFIX [gfpcheck options...]
#
# KSRC is a pristine kernel tree (never written). In WORK:
#   series/      the git format-patch series gfpcheck writes for KSRC/fs
#   linux/       a copy of KSRC, configured (defconfig + ext4 xfs btrfs ocfs2 gfs2
#                f2fs nilfs2 jfs udf via scripts/config, olddefconfig, make prepare)
# Every patch must pass `git apply --check` on the copy (in series order, each on
# top of the previous ones); every object file a patch touches is built before
# and after the series; the check fails on a patch that does not apply, on an
# object that built before and does not after, and on any new warning or error
# (compared per file, without line numbers). A summary goes to REPORT-PREFIX.txt.
set -u
gfpcheck=$1
ksrc=$2
work=$3
report=$4
shift 4
jobs=${JOBS:-$(nproc)}
mkdir -p "$work" "$(dirname "$report")"
log() { echo "kernel-fix-check: $*"; echo "$*" >>"$report.txt"; }
: >"$report.txt"

# 1. the series
rm -rf "$work/series"
start=$(date +%s)
"$gfpcheck" "$@" --fix --patch-dir "$work/series" -o "$work/findings.txt" "$ksrc/fs" 2>"$work/fix.err"
rc=$?
[ $rc = 0 ] || { cat "$work/fix.err" >&2; log "gfpcheck --fix failed ($rc)"; exit 1; }
npatch=$(ls "$work/series"/*.patch 2>/dev/null | wc -l)
log "series: $npatch patches for fs/ in $(($(date +%s) - start)) s ($(tail -n 1 "$work/fix.err"))"
grep -h '^Subject:' "$work/series"/*.patch | sed 's/^Subject: /  /' | tee -a "$report.txt"
nsites=$(grep -hc 'GFP_NOFS -> GFP_KERNEL\|^  [^ ].*:[0-9]* [^ ]*(): \|now runs inside the scope' "$work/series"/*.patch |
	awk '{s += $1} END {print s + 0}')
log "sites changed: $(sed -n 's/.*fix: \([0-9]*\) sites\{0,1\} changed in \([0-9]*\) files\{0,1\}.*/\1 sites in \2 files/p' "$work/fix.err")"
log "notes (regions or sites left alone): $(grep -c 'not wrapped\|not fixed' "$work/fix.err")"
[ "$npatch" -gt 0 ] || { log "no patches"; exit 0; }

# 2. a configured copy
if [ ! -f "$work/linux/.config.gfpcheck" ] || [ ! -f "$work/linux/include/generated/autoconf.h" ]; then
	rm -rf "$work/linux"
	cp -a "$ksrc" "$work/linux" || exit 1
	(
		cd "$work/linux" || exit 1
		make -s defconfig >/dev/null &&
			scripts/config --enable EXT4_FS --enable XFS_FS --enable BTRFS_FS --enable CONFIGFS_FS \
				--enable OCFS2_FS --enable GFS2_FS --enable F2FS_FS --enable NILFS2_FS --enable JFS_FS \
				--enable UDF_FS &&
			make -s olddefconfig >/dev/null &&
			make -s -j"$jobs" prepare >/dev/null 2>"$work/prepare.err" &&
			touch .config.gfpcheck
	) || { log "configuring the copy failed: $(tail -n 5 "$work/prepare.err")"; exit 1; }
else
	# a previous run: undo its patches
	(cd "$work/linux" && for f in $(cat "$work/touched" 2>/dev/null); do cp "$ksrc/$f" "$f"; done)
fi
for o in EXT4_FS XFS_FS BTRFS_FS OCFS2_FS GFS2_FS F2FS_FS NILFS2_FS JFS_FS UDF_FS; do
	grep -q "^CONFIG_$o=y" "$work/linux/.config" || log "warning: CONFIG_$o is not enabled"
done

# 3. the objects the series touches, built before
grep -h '^+++ b/' "$work/series"/*.patch | sed 's#^+++ b/##' | sort -u >"$work/touched"
objs=$(grep '\.c$' "$work/touched" | sed 's/\.c$/.o/')
build() { # phase -> $work/build.$phase/<obj>.log, status in .rc
	mkdir -p "$work/build.$1"
	for o in $objs; do
		l="$work/build.$1/$(echo "$o" | tr / _).log"
		(cd "$work/linux" && rm -f "$o" && make -j"$jobs" W= "$o") >"$l" 2>&1
		echo $? >"$l.rc"
	done
}
norm() { # warnings and errors of a log, without line and column numbers
	grep -E '(warning|error):' "$1" | sed -E 's/:[0-9]+:[0-9]+:/:/; s/:[0-9]+:/:/' | sort
}
rm -rf "$work/build.before" "$work/build.after"
build before

# 4. apply the series in order, each checked first
ok=1
for p in "$work/series"/*.patch; do
	if ! (cd "$work/linux" && git apply --check "$p") >"$work/apply.err" 2>&1; then
		log "FAIL: $(basename "$p") does not apply: $(head -c 300 "$work/apply.err")"
		ok=0
		continue
	fi
	(cd "$work/linux" && git apply "$p")
done
log "git apply --check: $npatch patches checked, $([ $ok = 1 ] && echo all apply || echo some fail)"

# 5. build after, compare
build after
nobj=0
nbuilt=0
nnew=0
for o in $objs; do
	nobj=$((nobj + 1))
	b="$work/build.before/$(echo "$o" | tr / _).log"
	a="$work/build.after/$(echo "$o" | tr / _).log"
	rb=$(cat "$b.rc")
	ra=$(cat "$a.rc")
	if [ "$rb" != 0 ]; then
		log "  $o: does not build before the series either (not configured?); skipped"
		continue
	fi
	nbuilt=$((nbuilt + 1))
	if [ "$ra" != 0 ]; then
		log "FAIL: $o builds before the series, not after: $(grep -m 3 'error' "$a")"
		ok=0
		continue
	fi
	new=$(norm "$a" | comm -13 "$(norm "$b" >"$work/n.b" && echo "$work/n.b")" - )
	if [ -n "$new" ]; then
		log "FAIL: $o: new diagnostics: $new"
		nnew=$((nnew + 1))
		ok=0
	fi
done
log "build: $nbuilt of $nobj touched objects built before and after; $nnew with new warnings or errors"
if [ $ok = 1 ]; then
	log "kernel-fix-check: PASS"
	exit 0
fi
log "kernel-fix-check: FAIL"
exit 1
