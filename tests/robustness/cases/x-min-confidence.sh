#!/bin/bash
# beyond 13: --min-confidence keeps findings of that confidence or higher: text and
# JSON reports, the exit status and baselines alike; a bad level is a usage error
demo_tree tree # 4 high
cp -r "$TOP/tests/fixtures/nofs-to-scope/lock-class-group/fs/myfs" tree/fs/ # 2 medium
cp -r "$TOP/tests/fixtures/nofs-no-context/entry-method-own-scope/fs/otherfs" tree/fs/ # 1 low
"$GX" -q -o tree.facts --root tree tree || fail "gfpcheck-extract failed"
n() { grep -c ': \[' "$1"; }
g --facts tree.facts -o all.txt tree
expect_rc 1
[ "$(n all.txt)" = 7 ] || fail "no option: $(n all.txt) findings, expected 7"
grep -q 'below --min-confidence' all.txt && fail "no option: the summary names --min-confidence"
g --facts tree.facts --min-confidence low -o low.txt tree
expect_rc 1
diff <(grep ': \[' all.txt) <(grep ': \[' low.txt) >/dev/null || fail "--min-confidence low changed the findings"
for lv in medium:6:1 high:4:3; do
	l=${lv%%:*} want=${lv#*:} want=${want%%:*} below=${lv##*:}
	g --facts tree.facts --min-confidence $l -o $l.txt tree
	expect_rc 1
	[ "$(n $l.txt)" = "$want" ] || fail "--min-confidence $l: $(n $l.txt) findings, expected $want"
	grep -q "; $below below --min-confidence $l not shown" $l.txt || fail "--min-confidence $l: summary: $(tail -1 $l.txt)"
	grep ': \[' $l.txt | grep -q '\[nofs-no-context\]' && fail "--min-confidence $l kept the low nofs-no-context"
	g --facts tree.facts --min-confidence $l --format json -o $l.json tree
	"$PY" - $l.json $l $want $below <<'EOPY' || fail "--min-confidence $l: json"
import json, sys
d = json.load(open(sys.argv[1]))
st = d["stats"]
assert len(d["findings"]) == int(sys.argv[3]), len(d["findings"])
assert st["min_confidence"] == sys.argv[2] and st["below_min_confidence"] == int(sys.argv[4]), st
order = {"low": 0, "medium": 1, "high": 2}
assert all(order[f["confidence"]] >= order[sys.argv[2]] for f in d["findings"])
EOPY
done
g --facts tree.facts --format json -o all.json tree
grep -q 'min_confidence' all.json && fail "no option: the json names min_confidence"
# a gate on high passes with the baseline of the high findings; a gate on medium fails on the medium ones
g --facts tree.facts --min-confidence high --write-baseline high.baseline tree
expect_rc 0
[ "$(grep -c . high.baseline)" -ge 4 ] || fail "baseline of the high findings: $(cat high.baseline)"
g --facts tree.facts --min-confidence high --baseline high.baseline tree
expect_rc 0
g --facts tree.facts --min-confidence medium --baseline high.baseline tree
expect_rc 1
for bad in "" bogus HIGH 2; do
	g --facts tree.facts --min-confidence "$bad" tree
	expect_usage_error
	expect_err "--min-confidence"
done
