#!/bin/bash
# 13.1: --patch-dir never deletes files it did not write
demo_tree tree
mkdir series
echo "my own work" >series/0001-my-own.patch
echo "notes" >series/notes.txt
g -q --patch-dir series tree
expect_rc 2
expect_err "series"
[ "$(cat series/0001-my-own.patch)" = "my own work" ] || fail "0001-my-own.patch was changed or deleted"
[ -f series/notes.txt ] || fail "notes.txt was deleted"
# also when there is nothing to fix
mkdir series2
echo "keep" >series2/0007-x.patch
g -q --patch-dir series2 --fix-rules repeat-order0 tree
[ -f series2/0007-x.patch ] || fail "0007-x.patch deleted when there was nothing to fix"
# a directory gfpcheck wrote is rewritten: a second run replaces its own series
g -q --patch-dir fresh tree
expect_rc 0
n1=$(ls fresh/*.patch | wc -l)
[ "$n1" -ge 1 ] || fail "no patch written into a new directory"
g -q --patch-dir fresh tree
expect_rc 0
[ "$(ls fresh/*.patch | wc -l)" = "$n1" ] || fail "second run into its own directory: $(ls fresh)"
# ... but not once the user put a file of their own there
echo mine >fresh/cover-letter.txt
g -q --patch-dir fresh tree
expect_rc 2
[ -f fresh/cover-letter.txt ] || fail "cover-letter.txt deleted"
