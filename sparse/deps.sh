#!/bin/sh
# sparse/deps.sh - fetch Debian's sparse source package and build its libsparse.a
# (Debian ships no libsparse-dev).  Run by `make deps` (deps-sparse).
#
#   SPARSE_SRC=/path/to/sparse   use that checkout (built there if libsparse.a is missing)
#   SPARSE_CACHE=DIR             where the source package goes (default ~/.cache/gfpcheck/sparse)
#
# If `apt-get source` has no deb-src entry for the machine's own Debian suite,
# one is added in /etc/apt/sources.list.d/gfpcheck-deb-src.sources (the URI of the
# existing `deb` entry for that suite); no other entry is touched.
# Prints the directory of the built source tree on its last line.
set -e
say() { echo "deps-sparse: $*" >&2; }
die() { echo "deps-sparse: error: $*" >&2; exit 2; }

build() {
	[ -f "$1/libsparse.a" ] && [ -f "$1/version.h" ] && return 0
	say "building libsparse.a in $1 (about 30 s)"
	# only the library and the headers' generated version.h; -fPIC so it can
	# also go into a shared object
	make -C "$1" -j"$(nproc)" CFLAGS="-O2 -g -fPIC" libsparse.a version.h >"$1/gfpcheck-build.log" 2>&1 ||
		die "building libsparse.a failed; see $1/gfpcheck-build.log"
}

if [ -n "${SPARSE_SRC:-}" ]; then
	[ -f "$SPARSE_SRC/lib.h" ] && [ -f "$SPARSE_SRC/Makefile" ] ||
		die "SPARSE_SRC=$SPARSE_SRC is not a sparse source tree (no lib.h or Makefile)"
	build "$SPARSE_SRC"
	echo "$SPARSE_SRC"
	exit 0
fi

CACHE=${SPARSE_CACHE:-${GFPCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/gfpcheck}/sparse}
mkdir -p "$CACHE"
src=$(ls -d "$CACHE"/sparse-*/ 2>/dev/null | sort | tail -n 1)
if [ -n "$src" ] && [ -f "$src/lib.h" ]; then
	src=${src%/}
	build "$src"
	echo "$src"
	exit 0
fi

command -v dpkg-source >/dev/null || {
	[ "$(id -u)" = 0 ] || die "run as root: apt-get install dpkg-dev"
	apt-get install -y -qq dpkg-dev >/dev/null
}
# a deb-src entry for this suite?
. /etc/os-release
suite=${VERSION_CODENAME:-}
[ -n "$suite" ] || die "cannot tell the Debian suite (no VERSION_CODENAME in /etc/os-release)"
lists=$(ls /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
has_src() {
	# one-line format: "deb-src URI SUITE ..."; deb822: a stanza with deb-src in Types and SUITE in Suites
	for f in $lists; do
		case "$f" in
		*.sources)
			awk -v s="$suite" 'BEGIN { RS = ""; FS = "\n" }
				{ t = 0; u = 0; for (i = 1; i <= NF; i++) {
					if ($i ~ /^Types:.*deb-src/) t = 1
					if ($i ~ /^Suites:/ && (" " substr($i, 8) " ") ~ (" " s " ")) u = 1 }
				  if (t && u) found = 1 }
				END { exit !found }' "$f" && return 0 ;;
		*)
			grep -Eq "^[[:space:]]*deb-src[[:space:]]+(\[[^]]*\][[:space:]]+)?[^[:space:]]+[[:space:]]+$suite[[:space:]]" "$f" && return 0 ;;
		esac
	done
	return 1
}
if ! has_src; then
	# the URI of the binary entry for the same suite
	uri=""
	for f in $lists; do
		case "$f" in
		*.sources)
			u=$(awk -v s="$suite" 'BEGIN { RS = ""; FS = "\n" }
				{ t = 0; ok = 0; uri = ""; for (i = 1; i <= NF; i++) {
					if ($i ~ /^Types:.*(^| )deb( |$)/ || $i ~ /^Types: *deb *$/ || $i ~ /^Types: deb /) t = 1
					if ($i ~ /^Suites:/ && (" " substr($i, 8) " ") ~ (" " s " ")) ok = 1
					if ($i ~ /^URIs:/) { uri = $i; sub(/^URIs: */, "", uri); sub(/ .*/, "", uri) } }
				  if (t && ok && uri != "" && !done) { print uri; done = 1 } }' "$f") ;;
		*)
			u=$(sed -n "s/^[[:space:]]*deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]\+\)[[:space:]]\+$suite[[:space:]].*/\2/p" "$f" | head -n 1) ;;
		esac
		[ -n "$u" ] && { uri=$u; break; }
	done
	[ -n "$uri" ] || die "no deb entry for suite $suite to take a deb-src URI from; add a deb-src line for $suite and rerun"
	[ "$(id -u)" = 0 ] || die "no deb-src entry for $suite: as root, add 'deb-src $uri $suite main' to /etc/apt/sources.list.d/ and rerun"
	out=/etc/apt/sources.list.d/gfpcheck-deb-src.sources
	say "no deb-src entry for $suite: adding $out (Types: deb-src, URIs: $uri, Suites: $suite, Components: main); other entries untouched"
	keyring=$(grep -h '^Signed-By:' /etc/apt/sources.list.d/*.sources 2>/dev/null | grep debian-archive | head -n 1 || true)
	{ echo "# added by gfpcheck's make deps (sparse/deps.sh): apt-get source sparse"
	  echo "Types: deb-src"; echo "URIs: $uri"; echo "Suites: $suite"; echo "Components: main"
	  [ -n "$keyring" ] && echo "$keyring"; } >"$out"
	apt-get update -qq || die "apt-get update failed after adding $out"
fi
say "apt-get source sparse into $CACHE"
(cd "$CACHE" && apt-get source -qq sparse >apt-source.log 2>&1) ||
	die "apt-get source sparse failed; see $CACHE/apt-source.log"
src=$(ls -d "$CACHE"/sparse-*/ 2>/dev/null | sort | tail -n 1)
[ -n "$src" ] || die "apt-get source sparse left no sparse-*/ directory in $CACHE"
src=${src%/}
build "$src"
echo "$src"
