#!/bin/sh
# bench/sparse-cost.sh - the cost of gfpcheck-sparse as the kernel's CHECK tool
# against Debian's own sparse, side by side over the same objects.
#
#   sh bench/sparse-cost.sh OBJDIR DIRS...
#
# OBJDIR is a configured kernel build directory (make O=OBJDIR) whose objects of
# DIRS are already built, so `make C=2` only runs the checker on every source
# file of DIRS.  Runs, alternating the order, ROUNDS (default 2) times each:
#   make O=OBJDIR C=2 CHECK=sparse DIRS                     (Debian's sparse)
#   make O=OBJDIR C=2 CHECK="gfpcheck-sparse --facts-dir F" DIRS
# and prints the wall and CPU (user+sys of every child) time of each and the
# ratio of the sums (target: <= 1.3).
#
# SAMPLE=N instead runs both checkers directly on every N-th source file of DIRS
# with the flags kbuild gives the checker (from the objects' saved .o.cmd
# commands plus the kernel's CHECKFLAGS), one right after the other on each file
# (alternating which goes first), and sums the CPU time of each side: on a
# loaded machine the steadier figure.  Environment: SPARSE (sparse),
# GFPSPARSE (bin/gfpcheck-sparse), FACTS (facts directory, default a temporary
# one), JOBS (make -j, default the number of CPUs), ROUNDS, LOG (file of the
# make output).
set -u
[ $# -ge 2 ] || { echo "usage: sh bench/sparse-cost.sh OBJDIR DIRS..." >&2; exit 2; }
OBJ=$1; shift
TOP=$(cd "$(dirname "$0")/.." && pwd)
SPARSE=${SPARSE:-sparse}
GFPSPARSE=${GFPSPARSE:-$TOP/bin/gfpcheck-sparse}
JOBS=${JOBS:-$(nproc)}
ROUNDS=${ROUNDS:-2}
FACTS=${FACTS:-$(mktemp -d)}
LOG=${LOG:-/dev/null}
command -v "$SPARSE" >/dev/null || { echo "sparse-cost: no $SPARSE (apt-get install sparse)" >&2; exit 2; }
[ -x "$GFPSPARSE" ] || { echo "sparse-cost: no $GFPSPARSE (make sparse-frontend)" >&2; exit 2; }
[ -f "$OBJ/.config" ] || { echo "sparse-cost: $OBJ is not a configured kernel build directory" >&2; exit 2; }
SRCTREE=
targets=$(for d in "$@"; do printf '%s/ ' "${d%/}"; done)

w0=0; c0=0; w1=0; c1=0
if [ -n "${SAMPLE:-}" ]; then
	CHECKFLAGS="-D__linux__ -Dlinux -D__STDC__ -Dunix -D__unix__ -Wbitwise -Wno-return-void -Wno-unknown-attribute -D__x86_64__ --arch=x86_64 -mlittle-endian -m64"
	n=0; k=0
	for f in $(cd "$OBJ" && for d in "$@"; do find "${d%/}" -name '.*.o.cmd' ! -name '*.mod.o.cmd'; done | sort); do
		n=$((n + 1))
		[ $((n % SAMPLE)) = 0 ] || continue
		k=$((k + 1))
		args=$(sed -n '1{s/^cmd_[^ ]* := //; s/ ; .*//; p}' "$OBJ/$f" | sed 's|^[^ ]*gcc ||; s| -o [^ ]*\.o | |; s| -c | |; s| -Wp,-MMD,[^ ]*||')
		for side in $(if [ $((k % 2)) = 0 ]; then echo sparse gfpcheck; else echo gfpcheck sparse; fi); do
			if [ $side = sparse ]; then c="$SPARSE"; else c="$GFPSPARSE --facts-dir $FACTS"; fi
			/usr/bin/time -f '%U %S' -o "$OBJ/.sparse-cost.time" sh -c "cd '$OBJ' && $c $CHECKFLAGS $args" >>"$LOG" 2>&1
			read u s <"$OBJ/.sparse-cost.time"
			if [ $side = sparse ]; then c0=$(echo "$c0 + $u + $s" | bc); else c1=$(echo "$c1 + $u + $s" | bc); fi
		done
	done
	echo "sparse-cost: $k of $n files, each checked by both one after the other: cpu sparse ${c0}s, gfpcheck-sparse ${c1}s"
	echo "sparse-cost: ratio gfpcheck-sparse/sparse: cpu $(echo "scale=3; $c1 / $c0" | bc) (target <= 1.3)"
	exit 0
fi
run() { # $1 = label, $2 = CHECK
	/usr/bin/time -f '%e %U %S' -o "$OBJ/.sparse-cost.time" \
		make -C "${SRCTREE:-$OBJ}" O="$OBJ" -j"$JOBS" C=2 CHECK="$2" $targets >>"$LOG" 2>&1
	rc=$?
	read w u s <"$OBJ/.sparse-cost.time"
	c=$(echo "$u + $s" | bc)
	echo "  $1: wall ${w}s, cpu ${c}s (make exit $rc)"
	eval "lw=$w lc=$c"
}
echo "sparse-cost: $(nproc) CPUs, make -j$JOBS, $ROUNDS rounds, C=2 over $targets"
for r in $(seq 1 "$ROUNDS"); do
	for side in $(if [ $((r % 2)) = 1 ]; then echo sparse gfpcheck; else echo gfpcheck sparse; fi); do
		if [ $side = sparse ]; then
			run "round $r sparse         " "$SPARSE"
			w0=$(echo "$w0 + $lw" | bc); c0=$(echo "$c0 + $lc" | bc)
		else
			run "round $r gfpcheck-sparse" "$GFPSPARSE --facts-dir $FACTS"
			w1=$(echo "$w1 + $lw" | bc); c1=$(echo "$c1 + $lc" | bc)
		fi
	done
done
echo "sparse-cost: sparse wall ${w0}s cpu ${c0}s; gfpcheck-sparse wall ${w1}s cpu ${c1}s"
echo "sparse-cost: ratio gfpcheck-sparse/sparse: cpu $(echo "scale=3; $c1 / $c0" | bc), wall $(echo "scale=3; $w1 / $w0" | bc) (target <= 1.3)"
