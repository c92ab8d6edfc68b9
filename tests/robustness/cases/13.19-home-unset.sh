#!/bin/bash
# 13.19: with HOME unset the scan works (spatch dies with Not_found without it: gfpcheck gives it one)
export GFPCHECK_CACHE=$T/cache
demo_tree tree
LAST="env -u HOME gfpcheck -q tree"
run env -u HOME "$G" -q tree
expect_rc 1
expect_out "demofs"
expect_no_err "Not_found"
# a spatch that fails on every file: its own message is shown, not "install coccinelle"
cat >bad-spatch <<'EOS'
#!/bin/sh
case "$1" in --version) echo "spatch version 9.9.9 fake"; exit 0;; esac
echo "Fatal error: exception Not_found" >&2
exit 2
EOS
chmod +x bad-spatch
SPATCH=$T/bad-spatch g -q tree
expect_rc 2
expect_err "Fatal error: exception Not_found"
expect_no_err "install coccinelle"
