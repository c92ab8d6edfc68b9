#!/bin/sh
# kernel-cocci.sh - facts of the Coccinelle front end (cocci/gfpfacts.cocci) for the
# same directories as kernel-check.sh, one facts file per .c/.h, for comparing the
# two front ends on a real kernel (kernel-compare.py).
# Environment: TREE, DIRS, COUT (output directory), JOBS, SPATCH.
set -u
TREE=${TREE:-/root/.cache/gfpcheck/linux-6.1-clang}
DIRS=${DIRS:-fs/ext4 fs/xfs fs/btrfs}
TOP=$(cd "$(dirname "$0")/.." && pwd)
COUT=${COUT:-$TOP/bin/kernel-clang-check/cocci-facts}
JOBS=${JOBS:-$(nproc)}
SPATCH=${SPATCH:-spatch}
mkdir -p "$COUT"
cd "$TREE" || exit 1
find $DIRS \( -name '*.c' -o -name '*.h' \) | sort | xargs -P "$JOBS" -I{} sh -c '
	f={}; o="$1/$f.facts"; mkdir -p "$(dirname "$o")"
	{ printf "gfpfacts\t1\nfrontend\tcoccinelle\n"
	  if timeout 300 "$2" --sp-file "$3" --very-quiet --no-includes --include-headers "$f" >"$o.raw" 2>/dev/null
	  then printf "status\tok\n"; else printf "status\tpartial\nskipped\t-\tspatch failed or timed out\n"; fi
	  awk -F"\t" -v f="$f" "\$1 == f { sub(/^[^\t]*\t/, \"\"); print }" "$o.raw"; } >"$o"
	rm -f "$o.raw"' sh "$COUT" "$SPATCH" "$TOP/cocci/gfpfacts.cocci"
echo "cocci facts: $(find "$COUT" -name '*.facts' | wc -l) files in $COUT"
