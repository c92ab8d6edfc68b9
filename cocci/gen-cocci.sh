#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# gen-cocci.sh - generate gfpcheck's coccicheck scripts from model/*.txt.
# The rows come from `gfpcheck --dump-model` (bin/gfpcheck, or $GFPCHECK): the
# model's own parser and version selection (since=/until=), never a second one.
#
# usage: cocci/gen-cocci.sh [-k KVER] [-m MODEL_DIR] [-t TEMPLATE_DIR] [-o OUT_DIR] [-x FILE]...
#
#   -k KVER   kernel version X.Y the scripts are for, or "any" (default).
#             "any": every model row is used whatever its since=/until=, and
#             every version-dependent part of a script is kept (the script's
#             //# lines say which kernels the finding applies to).
#             X.Y:  only rows whose since=/until= range holds X.Y are used,
#             and template blocks marked "//@if" are kept or dropped for X.Y;
#             a script whose template starts with "//@needs" that X.Y does
#             not meet is not written at all (and the reason is printed).
#   -m DIR    model directory (default: model/).  Row kinds that DIR does
#             not have at all are taken from tests/cocci/model/*.txt, the
#             temporary rows used while model/ is being written (the generated
#             header then names both).
#   -x FILE   extra model rows read after model/ (like gfpcheck --model;
#             may repeat; later rows win)
#   -t DIR    templates (default: cocci/templates)
#   -o DIR    output directory (default: cocci)
#
# Templates are SmPL with @@NAME@@ placeholders, filled from the model rows
# `scope`, `pflag`, `setter` and `alloc` (docs/MODEL.md).  Nothing else in
# the scripts names a scope function, a setter or an allocator.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
kver=any
mdir=
tdir=$here/templates
odir=$here

extra=
while getopts k:m:t:o:x: opt; do
	case $opt in
	k) kver=$OPTARG ;;
	m) mdir=$OPTARG ;;
	t) tdir=$OPTARG ;;
	o) odir=$OPTARG ;;
	x) extra="$extra $OPTARG" ;;
	*) echo "usage: $0 [-k KVER] [-m MODEL_DIR] [-t TEMPLATE_DIR] [-o OUT_DIR] [-x FILE]" >&2; exit 2 ;;
	esac
done

[ -n "$mdir" ] || mdir=$top/model
fbdir=$top/tests/cocci/model
case $kver in
any) ;;
[0-9]*.[0-9]*) ;;
*) echo "$0: bad kernel version '$kver' (X.Y or any)" >&2; exit 2 ;;
esac

models=$( (ls "$mdir"/*.txt 2>/dev/null | LC_ALL=C sort; for x in $extra; do echo "$x"; done) ) || true
fallback=$(ls "$fbdir"/*.txt 2>/dev/null | LC_ALL=C sort) || true
if [ -z "$models$fallback" ]; then
	echo "$0: no model files in $mdir" >&2
	exit 2
fi
mkdir -p "$odir"

# Model names as written in the generated header (relative to the repository).
mnames=
for m in $models $fallback; do
	case $m in
	"$top"/*) mnames="$mnames ${m#$top/}" ;;
	*) mnames="$mnames $m" ;;
	esac
done

# The rows that apply to kver (all rows for "any"), as gfpcheck reads them.
gfp=${GFPCHECK:-$top/bin/gfpcheck}
[ -x "$gfp" ] || { echo "$0: $gfp not built (run make)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/gen-cocci.XXXXXX")
trap 'rm -rf "$work"' EXIT
vopt=
[ "$kver" = any ] || vopt="--kernel-version $kver"
xopt=
for x in $extra; do xopt="$xopt --model $x"; done
dumps=
if [ -n "$(ls "$mdir"/*.txt 2>/dev/null)" ]; then
	# shellcheck disable=SC2086
	GFPCHECK_HOME=$top "$gfp" --dump-model --model-dir "$mdir" $xopt $vopt >"$work/primary.model" || exit 2
	dumps=$work/primary.model
fi
nfallback=0
if [ -n "$fallback" ]; then
	# shellcheck disable=SC2086
	GFPCHECK_HOME=$top "$gfp" --dump-model --model-dir "$fbdir" $vopt >"$work/fallback.model" || exit 2
	dumps="$dumps $work/fallback.model"
	nfallback=1
fi

for t in "$tdir"/*.cocci.in; do
	base=$(basename "$t" .in)
	tmp=$odir/.$base.tmp
	# shellcheck disable=SC2086
	if awk -v kver="$kver" -v mnames="${mnames# }" -v tname="cocci/templates/$(basename "$t")" \
		-v nfallback="$nfallback" -v fbname="${fallback% }" \
		-f "$here/gen-cocci.awk" $dumps "$t" > "$tmp"; then
		if [ -s "$tmp" ]; then
			mv "$tmp" "$odir/$base"
		else
			rm -f "$tmp" "$odir/$base"
		fi
	else
		rm -f "$tmp"
		exit 2
	fi
done
