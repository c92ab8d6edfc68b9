#!/bin/bash
# 13.14: empty rule lists and an empty model directory are usage errors
demo_tree tree
for a in "--rules=" "--rules=,,," "--fix-rules=" "--fix-rules=,"; do
	g -q "$a" tree
	expect_usage_error
done
mkdir empty-model
g -q --model-dir empty-model tree
expect_usage_error
expect_err "empty-model"
