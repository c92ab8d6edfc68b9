#!/bin/bash
# 13.26: make demo on a machine without coccinelle installs it (as root) or prints the one command to run
command -v make >/dev/null || { echo "skip: no make"; exit 0; }
mk() { make --no-print-directory -C "$TOP" demo DEMO_OUT="$T/reports" "$@"; }
# not root (or root pretending not to be): the command to run, exit non-zero, nothing built or written
if [ "$(id -u)" = 0 ]; then
	command -v setpriv >/dev/null || { echo "skip: root without setpriv"; exit 0; }
	chmod 777 "$T"
	LAST="make demo (as nobody, no spatch)"
	run setpriv --reuid=65534 --regid=65534 --clear-groups env HOME="$T" \
		make --no-print-directory -C "$TOP" demo DEMO_OUT="$T/reports" SPATCH="$T/no/spatch"
else
	LAST="make demo (no spatch)"
	run mk SPATCH="$T/no/spatch"
fi
[ "$RC" != 0 ] || { _show; fail "make demo succeeded without spatch"; }
expect_out "coccinelle"
expect_out "make -C $TOP deps-core"
[ -e "$T/reports" ] && fail "reports written without spatch"
# root: the dependencies are installed (here a stand-in for apt-get), then the demo runs
if [ "$(id -u)" = 0 ]; then
	LAST="make demo (root, spatch installed by DEMO_DEPS)"
	run mk SPATCH="$T/bin/spatch" DEMO_DEPS="mkdir -p $T/bin && ln -s $(command -v spatch) $T/bin/spatch && echo INSTALLED"
	expect_rc 0
	expect_out "installing"
	expect_out "INSTALLED"
	grep -q "nofs-in-scope" "$T/reports/demo.txt" || fail "no demo report after installing"
	"$PY" -c 'import json,sys; json.load(open(sys.argv[1]))' "$T/reports/demo.json" || fail "demo.json is not JSON"
fi
true
