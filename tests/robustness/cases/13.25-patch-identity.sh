#!/bin/bash
# 13.25: patches carry the user's identity (--from, GIT_AUTHOR_*, the tree's git config), else a placeholder git am refuses
demo_tree tree
"$GX" -q -o facts --root tree tree || fail "gfpcheck-extract failed"
from_of() { sed -n 's/^From: //p' "$1"/0001-*.patch; }
# nothing set (the runner gives no global git configuration)
g --facts facts --patch-dir s0 tree
expect_rc 0
expect_err "no author identity"
f=$(from_of s0)
case $f in *maintainers* | *noreply* | *@localhost*) fail "made-up identity: $f" ;; esac
mkdir repo && cp -r tree/. repo/ && (cd repo && git init -q . && git add -A &&
	git -c user.name=t -c user.email=t@example.invalid commit -qm base) || fail "git init"
(cd repo && git -c user.name=t -c user.email=t@example.invalid am -q ../s0/*.patch) >/dev/null 2>&1 &&
	fail "git am accepted the placeholder '$f'"
(cd repo && git -c user.name=t -c user.email=t@example.invalid am --abort) >/dev/null 2>&1
[ -z "$(git -C repo status --porcelain)" ] || fail "git am --abort left changes"
# GIT_AUTHOR_NAME / GIT_AUTHOR_EMAIL
LAST="GIT_AUTHOR_* gfpcheck --patch-dir s1"
run env GIT_AUTHOR_NAME="Ada Lovelace" GIT_AUTHOR_EMAIL=ada@example.org "$G" -q --facts facts --patch-dir s1 tree
expect_rc 0
[ "$(from_of s1)" = "Ada Lovelace <ada@example.org>" ] || fail "GIT_AUTHOR_*: From: $(from_of s1)"
# the scanned repository's git config
git -C repo config user.name "Grace Hopper"
git -C repo config user.email grace@example.org
g -q --facts facts --patch-dir s2 repo
expect_rc 0
[ "$(from_of s2)" = "Grace Hopper <grace@example.org>" ] || fail "git config: From: $(from_of s2)"
# --from wins, and a bad one is a usage error
g -q --facts facts --patch-dir s3 --from "Alan Turing <alan@example.org>" repo
expect_rc 0
[ "$(from_of s3)" = "Alan Turing <alan@example.org>" ] || fail "--from: From: $(from_of s3)"
for bad in "alan" "<alan@example.org>" "Alan <alan>" $'Alan <a@b>\nBcc: x@y' "Alan <a@b> x"; do
	g -q --facts facts --patch-dir s4 --from "$bad" repo
	expect_usage_error
done
# a series applies with git am and names gfpcheck as the tool
(cd repo && git -c user.name=t -c user.email=t@example.invalid am -q ../s3/*.patch) >/dev/null 2>&1 ||
	fail "git am refused the series"
[ "$(git -C repo log -1 --format='%an <%ae>')" = "Alan Turing <alan@example.org>" ] || fail "author lost by git am"
grep -q "Found with gfpcheck" s3/0001-*.patch || fail "the patch does not name gfpcheck"
