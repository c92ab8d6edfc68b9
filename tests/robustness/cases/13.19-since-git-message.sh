#!/bin/bash
# 13.19: --since shows git's own message when git refuses the repository
demo_tree tree
(cd tree && git init -q . && git add -A && git -c user.name=t -c user.email=t@example.invalid commit -qm base) ||
	fail "git init failed"
if [ "$(id -u)" = 0 ]; then
	chown -R 65534:65534 tree # root scanning another user's repository: "dubious ownership"
	g -q --since HEAD tree
	expect_rc 2
	expect_err "dubious ownership"
	expect_err "safe.directory"
fi
rm -rf tree/.git/objects tree/.git/refs # a broken repository
g -q --since HEAD tree
expect_rc 2
expect_err "git: fatal:"
# a revision that does not exist is named as such
rm -rf tree/.git
(cd tree && git init -q . && git add -A && git -c user.name=t -c user.email=t@example.invalid commit -qm base)
g -q --since no-such-rev tree
expect_rc 2
expect_err "no-such-rev"
