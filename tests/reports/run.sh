#!/bin/bash
# tests/reports/run.sh [GFPCHECK] — tests of the report side of gfpcheck on the small
# tree in tests/reports/tree (copied to a temporary directory before anything is
# changed): SARIF (SARIF multitool validate + ajv with the official 2.1.0 schema),
# org, HTML (headless Chromium: the filter changes the visible count; screenshot in
# tests/out/reports/), baselines, --since, suppressions, progress, determinism.
# Prints PASS/FAIL per test and ends with "N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
G=$(cd "$(dirname "${1:-$top/bin/gfpcheck}")" && pwd)/$(basename "${1:-$top/bin/gfpcheck}")
out=$top/tests/out/reports
rm -rf "$out"
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GFPCHECK_HOME=$top GFPCHECK_CACHE=$tmp/cache
pass=0 fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
ko() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
# t NAME CMD...: the command must succeed; its output is kept in $tmp/log.
t() {
	local name=$1
	shift
	if "$@" >"$tmp/log" 2>&1; then ok "$name"; else ko "$name" "$(tail -n 8 "$tmp/log" | tr '\n' '|')"; fi
}
# rc EXPECTED CMD...: exit status of CMD must be EXPECTED.
rc() {
	local want=$1
	shift
	"$@" >/dev/null 2>"$tmp/rc.err"
	local got=$?
	[ "$got" = "$want" ] || { echo "exit $got, expected $want: $(head -c 300 "$tmp/rc.err")"; return 1; }
}
py() { python3 - "$@"; }

# ---- unit tests of the C helpers (second argument) ------------------------------
if [ -n "${2:-}" ]; then
	mkdir -p "$tmp/unit"
	"$2" "$tmp/unit" >"$tmp/unit.log" 2>&1
	cat "$tmp/unit.log"
	pass=$((pass + $(grep -c '^PASS ' "$tmp/unit.log")))
	fail=$((fail + $(grep -c '^FAIL ' "$tmp/unit.log")))
	grep -q '^PASS ' "$tmp/unit.log" || ko reports-unit "no output from $2"
fi

cp -r "$here/tree" "$tmp/tree"
T=$tmp/tree
M=(--model "$T/model.txt")
gf() { "$G" -q "${M[@]}" "$@"; }

# ---- formats -----------------------------------------------------------------
gf -o "$tmp/r.txt" "$T"; st_text=$?
gf --format json -o "$tmp/r.json" "$T"
gf --format sarif -o "$tmp/r.sarif" "$T"
gf --format org -o "$tmp/r.org" "$T"
gf --format html -o "$tmp/r.html" "$T"
gf --format codequality -o "$tmp/r.cq.json" "$T"
cp "$tmp"/r.* "$out/"

t exit-status-findings test "$st_text" = 1
t json-findings py "$tmp/r.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
rules = {f["rule"] for f in d["findings"]}
need = {"nofs-in-scope", "missing-nofs", "nofs-no-context"}
assert need <= rules, rules
assert d["stats"]["suppressed"] == 0 and d["stats"]["baselined"] == 0
fps = [f["fingerprint"] for f in d["findings"]]
assert len(set(fps)) == len(fps) and all(len(x) == 16 for x in fps), fps
# every hop is typed (analysis/evidence.h hop_kind_name())
kinds = {"caller", "scope", "transaction", "lock", "entry", "root", "handle", "no-caller", "indirect-call",
         "reclaim", "allocation", "held", "other-callers", "blocker", "define", "model", "restore"}
hops = [e for f in d["findings"] for e in f["evidence"]]
assert hops and all(e.get("kind") in kinds for e in hops), [e for e in hops if e.get("kind") not in kinds]
assert {"caller", "scope"} <= {e["kind"] for e in hops}, {e["kind"] for e in hops}
PY

# SARIF: the validators come from tests/reports/package-lock.json.
nm=$here/node_modules
if [ ! -f "$nm/.package-lock.json" ] || ! cmp -s <(grep -v '"lockfileVersion"' "$here/package-lock.json" | grep '"version"') \
	<(grep -v '"lockfileVersion"' "$nm/.package-lock.json" | grep '"version"'); then
	(cd "$here" && npm ci --no-audit --no-fund --loglevel=error) >"$tmp/npm.log" 2>&1 || cat "$tmp/npm.log"
fi
MT=$nm/@microsoft/sarif-multitool-linux/Sarif.Multitool
[ -f "$MT" ] && chmod u+x "$MT"
t sarif-schema-ajv node "$here/validate-sarif.js" "$tmp/r.sarif"
# The schema validator must catch a broken log (negative control).
py "$tmp/r.sarif" "$tmp/bad.sarif" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
del d["runs"][0]["results"][0]["message"]          # required
d["runs"][0]["results"][1]["bogusProperty"] = 1     # not in the schema
d["runs"][0]["results"][1]["level"] = "fatal"       # not an allowed level
json.dump(d, open(sys.argv[2], "w"))
PY
t sarif-schema-ajv-rejects-broken rc 1 node "$here/validate-sarif.js" "$tmp/bad.sarif"
sarif_mt() { # validate FILE; fail on any error or warning result of the multitool
	"$MT" validate "$1" -j "$nm/@microsoft/sarif-multitool-linux/sarif-2.1.0.json" -o "$tmp/mt.sarif" --log ForceOverwrite --level "Error;Warning;Note" \
		--rule-kind "Sarif;Gh" >"$tmp/mt.log" 2>&1 || { cat "$tmp/mt.log"; return 1; }
	py "$tmp/mt.sarif" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
bad = [r for r in d["runs"][0].get("results", []) if r.get("level", "warning") in ("error", "warning")]
for r in bad:
    print(r["ruleId"], r.get("level", "warning"), r["message"])
n = sum(1 for r in d["runs"][0].get("results", []) if r.get("level") == "note")
print("multitool: %d notes, %d errors or warnings" % (n, len(bad)))
sys.exit(1 if bad else 0)
PY
}
t sarif-multitool-validate sarif_mt "$tmp/r.sarif"
t sarif-multitool-rejects-broken rc 1 sarif_mt "$tmp/bad.sarif"
t sarif-mapping py "$tmp/r.sarif" "$tmp/r.json" "$T" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); j = json.load(open(sys.argv[2])); root = sys.argv[3]
run = s["runs"][0]
assert s["version"] == "2.1.0"
rules = run["tool"]["driver"]["rules"]
ids = [r["id"] for r in rules]
for r in rules:
    assert r["shortDescription"]["text"] and r["fullDescription"]["text"] and r["help"]["text"], r
res = run["results"]
assert len(res) == len(j["findings"]), (len(res), len(j["findings"]))
level = {"high": "error", "medium": "warning", "low": "note"}
src = {}
for r, f in zip(res, j["findings"]):
    assert r["ruleId"] == f["rule"] and ids[r["ruleIndex"]] == f["rule"]
    assert r["level"] == level[f["confidence"]], (r["level"], f["confidence"])
    loc = r["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"] == f["file"] and loc["artifactLocation"]["uriBaseId"] == "SRCROOT"
    assert loc["region"]["startLine"] == f["line"] and loc["region"]["startColumn"] == f["col"]
    assert r["partialFingerprints"]["gfpcheck/v1"] == f["fingerprint"]
    hops = r["codeFlows"][0]["threadFlows"][0]["locations"] if f["evidence"] else []
    assert [(h["location"]["physicalLocation"]["artifactLocation"]["uri"],
             h["location"]["physicalLocation"]["region"]["startLine"]) for h in hops[:-1]] == \
           [(e["file"], e["line"]) for e in f["evidence"]]
    assert [h["kinds"] for h in hops[:-1]] == [[e["kind"]] for e in f["evidence"]]
    if f["fix"] and f["rule"].startswith("nofs-"):
        rep = r["fixes"][0]["artifactChanges"][0]["replacements"][0]
        d = rep["deletedRegion"]
        lines = src.setdefault(f["file"], open(root + "/" + f["file"]).read().split("\n"))
        line = lines[d["startLine"] - 1]
        new = line[:d["startColumn"] - 1] + rep["insertedContent"]["text"] + line[d["endColumn"] - 1:]
        assert "GFP_NOFS" in line[d["startColumn"] - 1:d["endColumn"] - 1] and "GFP_KERNEL" in new, new
assert any("fixes" in r for r in res) and any("codeFlows" in r for r in res)
PY

t org-format py "$tmp/r.org" "$tmp/r.json" <<'PY'
import json, re, sys
lines = open(sys.argv[1]).read().splitlines(); j = json.load(open(sys.argv[2]))
todo = [l for l in lines if l.startswith("* TODO ")]
assert len(todo) == len(j["findings"]), (len(todo), len(j["findings"]))
pat = re.compile(r"^\* TODO \[\[view:([^:]+)::face=ovl-face1::linb=(\d+)::colb=(\d+)::cole=(\d+)\]\[([^\[\]]+)\]\]$")
for l, f in zip(todo, j["findings"]):
    m = pat.match(l)
    assert m, l
    assert m.group(1) == f["file"] and int(m.group(2)) == f["line"] and int(m.group(3)) == f["col"] - 1, l
    assert m.group(5).startswith(f["rule"] + ": "), l
subs = [l for l in lines if l.startswith("** [[view:")]
assert len(subs) == sum(len(f["evidence"]) for f in j["findings"])
assert all(re.match(r"^\*\* \[\[view:[^:]+::face=ovl-face2::linb=\d+::colb=0::cole=0\]\[[^\[\]]*\]\]$", l) for l in subs)
PY

t gitlab-codequality py "$tmp/r.cq.json" "$tmp/r.json" <<'PY'
import json, sys
cq = json.load(open(sys.argv[1])); j = json.load(open(sys.argv[2]))
assert isinstance(cq, list) and len(cq) == len(j["findings"])
sev = {"high": "major", "medium": "minor", "low": "info"}
for c, f in zip(cq, j["findings"]):
    assert c["check_name"] == f["rule"] and c["description"].startswith("[" + f["rule"] + "] ")
    assert c["fingerprint"] == f["fingerprint"] and c["severity"] == sev[f["confidence"]]
    assert c["location"]["path"] == f["file"] and c["location"]["lines"]["begin"] == f["line"]
PY

t html-self-contained py "$tmp/r.html" "$tmp/r.json" <<'PY'
import json, re, sys
h = open(sys.argv[1]).read(); j = json.load(open(sys.argv[2]))
assert not re.search(r'\b(src|href)\s*=\s*"(https?:|//)', h), "external resource"
assert "@import" not in h and "url(" not in h
assert h.count('<section class="finding"') == len(j["findings"])
assert h.count("<svg") >= 2 and "<script>" in h
for f in j["findings"]:
    for k, e in enumerate(f["evidence"]):
        pass
ids = set(re.findall(r'id="([^"]+)"', h))
for ref in re.findall(r'href="#(f\d+-h\d+)"', h):
    assert ref in ids, ref          # each hop links to its own excerpt
assert re.search(r'href="#f\d+-h\d+"', h)
PY

# HTML in headless Chromium: the page applies the filter from the URL fragment.
CHROME=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
chrome() {
	timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync --user-data-dir="$tmp/chrome" "$@" 2>>"$tmp/chrome.log"
}
shown() { chrome --dump-dom "file://$tmp/r.html$1" | sed -n 's/.*<body[^>]* data-shown="\([0-9]*\)".*/\1/p' | head -n 1; }
html_filter() {
	[ -n "$CHROME" ] || { echo "chromium not installed (make deps)"; return 1; }
	local total rule conf dir all
	read -r total rule conf dir < <(py "$tmp/r.json" <<'PY'
import json, sys
f = json.load(open(sys.argv[1]))["findings"]
print(len(f), sum(x["rule"] == "missing-nofs" for x in f), sum(x["confidence"] == "high" for x in f),
      sum(x["file"].startswith("fs/alpha/") for x in f))
PY
	)
	all=$(shown "")
	echo "total=$total shown=$all; rule=missing-nofs: want $rule; conf=high: want $conf; dir=fs/alpha: want $dir"
	[ "$all" = "$total" ] || return 1
	[ "$rule" -gt 0 ] && [ "$rule" -lt "$total" ] || return 1
	[ "$(shown '#rule=missing-nofs')" = "$rule" ] || { echo "rule filter: $(shown '#rule=missing-nofs')"; return 1; }
	[ "$(shown '#conf=high')" = "$conf" ] || { echo "confidence filter"; return 1; }
	[ "$(shown '#dir=fs/alpha')" = "$dir" ] || { echo "directory filter"; return 1; }
	[ "$(shown '#dir=fs/alph')" = 0 ] || { echo "directory filter matches part of a name"; return 1; }
	[ "$(shown '#rule=nofs-in-scope&dir=mm')" = 1 ] || { echo "combined filter"; return 1; }
	chrome --screenshot="$out/report.png" --window-size=1280,1500 --hide-scrollbars "file://$tmp/r.html" >/dev/null
	chrome --screenshot="$out/report-missing-nofs.png" --window-size=1280,1000 --hide-scrollbars \
		"file://$tmp/r.html#rule=missing-nofs" >/dev/null
	[ -s "$out/report.png" ] && [ -s "$out/report-missing-nofs.png" ]
}
t html-filter-in-chromium html_filter

# ---- baselines ---------------------------------------------------------------
B=$tmp/baseline.txt
t write-baseline-exit-0 rc 0 gf --write-baseline "$B" "$T"
t baseline-sorted-text bash -c "grep -v '^#' '$B' | LC_ALL=C sort -c && [ \$(grep -vc '^#' '$B') -gt 0 ] && ! grep -q ':[0-9]' '$B'"
t baseline-holds-all rc 0 gf --baseline "$B" "$T"
cp -r "$T" "$tmp/tb"
# Unrelated edits: lines inserted above every finding, a new harmless function.
py "$tmp/tb" <<'PY'
import sys
root = sys.argv[1]
for f in ("fs/alpha/inode.c", "fs/beta/dir.c", "mm/gamma.c"):
    p = root + "/" + f
    s = open(p).read()
    s = s.replace("#include <linux/slab.h>\n", "#include <linux/slab.h>\n\n/* unrelated\n * comment */\nstatic int unrelated_counter;\n", 1)
    open(p, "w").write(s)
p = root + "/fs/alpha/inode.c"
s = open(p).read().replace("int alpha_grow(", "int alpha_count(void)\n{\n\treturn unrelated_counter;\n}\n\nint alpha_grow(", 1)
open(p, "w").write(s)
PY
t baseline-survives-unrelated-edits rc 0 gf --baseline "$B" "$tmp/tb"
# A new finding: another GFP_NOFS inside alpha_grow's scope.
py "$tmp/tb" <<'PY'
import sys
p = sys.argv[1] + "/fs/alpha/inode.c"
s = open(p).read().replace("\tai->ext = alpha_new_extent(64);\n",
                           "\tai->ext = alpha_new_extent(64);\n\tai->name = kmalloc(16, GFP_NOFS);\n", 1)
open(p, "w").write(s)
PY
new_only() {
	gf --baseline "$B" --format json -o "$tmp/new.json" "$tmp/tb"
	local st=$?
	py "$tmp/new.json" "$st" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
f = d["findings"]
print([(x["file"], x["line"], x["rule"]) for x in f], "exit", sys.argv[2], "baselined", d["stats"]["baselined"])
assert sys.argv[2] == "1" and len(f) == 1 and f[0]["rule"] == "nofs-in-scope" and f[0]["function"] == "alpha_grow"
assert d["stats"]["baselined"] >= 5
PY
}
t baseline-reports-only-new new_only
printf 'fs/x.c\tf\tnofs-in-scope\n' >"$tmp/badbase"
bad_baseline() { gf --baseline "$tmp/badbase" "$T" 2>&1; [ $? = 2 ] || return 1; }
t baseline-malformed-exit-2 bash -c "$(declare -f gf); M=(${M[*]}); G='$G'; out=\$(gf --baseline '$tmp/badbase' '$T' 2>&1); st=\$?; echo \"\$out\"; [ \$st = 2 ] && echo \"\$out\" | grep -q 'badbase:1: error'"

# ---- --since -----------------------------------------------------------------
S=$tmp/since
cp -r "$T" "$S"
git_() { git -C "$S" -c user.name=t -c user.email=t@example.invalid -c commit.gpgsign=false "$@"; }
git_ init -q && git_ add -A && git_ commit -qm base
t since-clean-tree rc 0 gf --since HEAD "$S"
since_json() { gf --since "$1" --format json -o "$tmp/since.json" "$S"; py "$tmp/since.json" <<'PY'
import json, sys
for f in json.load(open(sys.argv[1]))["findings"]:
    print("%s:%d:%s:%s" % (f["file"], f["line"], f["rule"], f["function"]))
PY
}
# Change the line of one finding: only it remains.
sed -i 's/kcalloc(16, sizeof(long), GFP_NOFS)/kcalloc(32, sizeof(long), GFP_NOFS)/' "$S/fs/beta/dir.c"
t since-keeps-changed-site bash -c "$(declare -f gf py since_json); M=(${M[*]}); G='$G'; tmp='$tmp'; S='$S'; r=\$(since_json HEAD); echo \"\$r\"; [ \"\$r\" = 'fs/beta/dir.c:22:nofs-in-scope:beta_alloc_hash' ]"
# Change only the lock line: the missing-nofs findings whose evidence is there remain.
git_ checkout -q -- fs/beta/dir.c
sed -i 's/^\talpha_lock(ai);$/\talpha_lock(ai); \/* the inode lock *\//' "$S/fs/alpha/inode.c"
t since-keeps-changed-evidence bash -c "$(declare -f gf py since_json); M=(${M[*]}); G='$G'; tmp='$tmp'; S='$S'; r=\$(since_json HEAD); echo \"\$r\"; [ \"\$(echo \"\$r\" | grep -c missing-nofs)\" = 2 ] && [ \"\$(echo \"\$r\" | wc -l)\" = 2 ]"
git_ checkout -q -- fs/alpha/inode.c
# A committed change is seen from an older revision; an untracked file counts whole.
sed -i 's/kmalloc(128, GFP_NOFS)/kmalloc(256, GFP_NOFS)/' "$S/mm/gamma.c"
git_ commit -qam "gamma: bigger buffer"
t since-range-of-commits bash -c "$(declare -f gf py since_json); M=(${M[*]}); G='$G'; tmp='$tmp'; S='$S'; r=\$(since_json HEAD~1); echo \"\$r\"; [ \"\$r\" = 'mm/gamma.c:12:nofs-in-scope:gamma_prepare' ]"
cp "$S/mm/gamma.c" "$S/mm/delta.c"
sed -i 's/gamma_prepare/delta_prepare/' "$S/mm/delta.c"
t since-untracked-file bash -c "$(declare -f gf py since_json); M=(${M[*]}); G='$G'; tmp='$tmp'; S='$S'; r=\$(since_json HEAD); echo \"\$r\"; [ \"\$(echo \"\$r\" | grep -c '^mm/delta.c:')\" = 2 ] && ! echo \"\$r\" | grep -q '^mm/gamma.c'"
t since-bad-revision rc 2 gf --since no-such-rev "$S"

# ---- suppressions ------------------------------------------------------------
U=$tmp/supp
cp -r "$T" "$U"
sed -i 's|^\treturn kmalloc(n, GFP_NOFS);$|\t/* gfpcheck: ignore nofs-no-context -- beta_readdir runs under the dir lock, not modelled yet */\n&|' "$U/fs/beta/dir.c"
sed -i 's|^\treturn kzalloc(48, GFP_KERNEL);$|& /* gfpcheck: ignore missing-nofs */|' "$U/fs/alpha/inode.c"
supp() {
	gf --format json -o "$tmp/s.json" "$U"
	gf --format json --show-suppressed -o "$tmp/s2.json" "$U"
	gf --show-suppressed -o "$tmp/s2.txt" "$U"
	py "$tmp/r.json" "$tmp/s.json" "$tmp/s2.json" "$tmp/s2.txt" <<'PY'
import json, sys
base, s, s2 = (json.load(open(p)) for p in sys.argv[1:4])
key = lambda f: (f["file"], f["rule"], f["function"])
rules = [key(f) for f in s["findings"]]
assert ("fs/beta/dir.c", "nofs-no-context", "beta_alloc_buf") not in rules, rules
assert ("fs/alpha/inode.c", "missing-nofs", "alpha_new_node") in rules, "a suppression without reason must not suppress"
bad = [f for f in s["findings"] if f["rule"] == "bad-suppression"]
assert len(bad) == 1 and bad[0]["file"] == "fs/alpha/inode.c" and "reason" in bad[0]["message"], bad
assert s["stats"]["suppressed"] == 1 and s2["stats"]["suppressed"] == 1
sup = [f for f in s2["findings"] if "suppressed" in f]
assert len(sup) == 1 and sup[0]["rule"] == "nofs-no-context" and "dir lock" in sup[0]["suppressed"], sup
assert len(s2["findings"]) == len(s["findings"]) + 1
assert "\tsuppressed: beta_readdir runs under the dir lock" in open(sys.argv[4]).read()
PY
}
t suppressions supp
# Only suppressed findings left: exit status 0, also with --show-suppressed.
mkdir -p "$tmp/only/fs/solo"
cat >"$tmp/only/fs/solo/solo.c" <<'C'
#include <linux/slab.h>
static void *solo_buf(unsigned long n)
{
	return kmalloc(n, GFP_NOFS); /* gfpcheck: ignore nofs-no-context -- measured: needed for the 5.4 backport */
}
int solo_read(void **p)
{
	*p = solo_buf(64);
	return *p ? 0 : -12;
}
C
t suppressed-only-exit-0 rc 0 "$G" -q "$tmp/only"
t suppressed-only-shown-exit-0 rc 0 "$G" -q --show-suppressed "$tmp/only"
t sarif-suppressions bash -c "'$G' -q --show-suppressed --format sarif -o '$tmp/s.sarif' '$tmp/only'; node '$here/validate-sarif.js' '$tmp/s.sarif' && grep -q '\"kind\": \"inSource\"' '$tmp/s.sarif'"

# ---- progress ----------------------------------------------------------------
progress() {
	rm -rf "$tmp/pcache"
	# stderr is a terminal (script gives the command a pty): a progress line.
	GFPCHECK_CACHE=$tmp/pcache script -qec "'$G' ${M[*]} -j 1 -o '$tmp/p.txt' '$T'" /dev/null >"$tmp/p.tty" 2>&1
	grep -a -q 'files' "$tmp/p.tty" && grep -a -q '3/3 files' "$tmp/p.tty" || { cat -v "$tmp/p.tty"; return 1; }
	# --quiet on a terminal, and a non-terminal stderr: nothing.
	rm -rf "$tmp/pcache"
	GFPCHECK_CACHE=$tmp/pcache script -qec "'$G' -q ${M[*]} -j 1 -o '$tmp/p.txt' '$T'" /dev/null >"$tmp/p.q" 2>&1
	[ ! -s "$tmp/p.q" ] || { echo "quiet printed:"; cat -v "$tmp/p.q"; return 1; }
	rm -rf "$tmp/pcache"
	GFPCHECK_CACHE=$tmp/pcache "$G" "${M[@]}" -j 1 -o "$tmp/p.txt" "$T" 2>"$tmp/p.err"
	! grep -q 'files/s\|ETA' "$tmp/p.err" || { echo "progress on a non-terminal:"; cat -v "$tmp/p.err"; return 1; }
}
t progress-only-on-terminal progress

# ---- --explain-site ----------------------------------------------------------
X=$top/tests/fixtures/nofs-in-scope/exported-used-elsewhere
explain_used() { # the site a filesystem of another directory reaches in a scope
	"$G" -q --explain-site fs/mylib/lib.c:11 "$X" >"$tmp/x.out" 2>&1 || { cat "$tmp/x.out"; return 1; }
	grep -q '^fs/mylib/lib.c:11: kmalloc(GFP_NOFS) in mylib_get_block()$' "$tmp/x.out" &&
	grep -q '^  path: inside a NOFS/NOIO scope' "$tmp/x.out" &&
	grep -q '^      fs/myfs/quota.c:11: mylib_get_block() called from myfs_read_quota()$' "$tmp/x.out" &&
	grep -q '^      fs/myfs/quota.c:9: memalloc_nofs_save() opens a NOFS scope here$' "$tmp/x.out" &&
	grep -q '^  mylib_get_block() is called from 1 site:$' "$tmp/x.out" &&
	grep -q '^      fs/myfs/quota.c:11: myfs_read_quota() \[scope\]$' "$tmp/x.out" &&
	grep -q '^  nofs-in-scope (high): GFP_NOFS is redundant' "$tmp/x.out" &&
	! grep -q 'cannot see' "$tmp/x.out" || { cat "$tmp/x.out"; return 1; }
}
explain_private() { # exported, called only from its own directory: callers unknown, no finding
	"$G" -q --explain-site "$X/fs/mylib/lib.c:17" "$X" >"$tmp/x.out" 2>&1 || { cat "$tmp/x.out"; return 1; }
	grep -q '^  path: callers gfpcheck cannot see, no scope$' "$tmp/x.out" &&
	grep -q 'mylib_get_private() has callers gfpcheck cannot see: it is exported, and no scanned file of another directory calls it' "$tmp/x.out" &&
	grep -q '^findings on this line: none$' "$tmp/x.out" || { cat "$tmp/x.out"; return 1; }
}
explain_nosite() { # a line without an allocation: exit 2 and a message naming it
	"$G" -q --explain-site fs/mylib/lib.c:3 "$X" >"$tmp/x.out" 2>"$tmp/x.err"
	[ $? = 2 ] && grep -q 'explain-site fs/mylib/lib.c:3: no allocation site' "$tmp/x.err" && [ ! -s "$tmp/x.out" ] ||
		{ cat "$tmp/x.out" "$tmp/x.err"; return 1; }
}
t explain-site-used-elsewhere explain_used
t explain-site-exported-private explain_private
t explain-site-no-site explain_nosite
t explain-site-bad-arg rc 2 "$G" -q --explain-site lib.c "$X"

# ---- nofs-to-scope names how reclaim takes the lock ------------------------------
scope_reclaim() {
	"$G" -q --rules nofs-to-scope "$top/tests/fixtures/nofs-to-scope/reclaim-derived-lock" >"$tmp/x.out" 2>&1
	[ $? = 1 ] && grep -q '^	fs/myfs/super.c:27: direct reclaim calls myfs_evict_inode() as super_operations.evict_inode' "$tmp/x.out" &&
	grep -q '^	fs/myfs/super.c:16: myfs_free_blocks() takes myfs_sb_info.bitmap_lock: mutex_lock(&sbi->bitmap_lock)$' "$tmp/x.out" &&
	! grep -q '@[0-9]|' "$tmp/x.out" || { cat "$tmp/x.out"; return 1; }
}
t nofs-to-scope-reclaim-chain scope_reclaim

# ---- nofs-no-context names the locks held that reclaim does not take -------------
held_hop() {
	"$G" -q "$top/tests/fixtures/nofs-no-context/held-lock-not-reclaimed" >"$tmp/x.out" 2>&1
	[ $? = 1 ] && grep -q '^	fs/xfat/balloc.c:38: mutex_lock(&XFAT_SB(sb)->trim_lock) takes xfat_sb_info.trim_lock, held at fs/xfat/balloc.c:40: no reclaim path gfpcheck finds takes it' "$tmp/x.out" &&
	grep -q '^	fs/xfat/balloc.c:39: mutex_lock(&XFAT_SB(sb)->bitmap_lock) takes xfat_sb_info.bitmap_lock, held at fs/xfat/balloc.c:40: reclaim does not take it: xfat_evict_inode() (super_operations.evict_inode) calls xfat_free_clusters() (fs/xfat/balloc.c:33) only for an object whose i_nlink is 0, .*mutex_lock() in xfat_free_clusters() takes it at fs/xfat/balloc.c:25$' "$tmp/x.out" &&
	[ "$(grep -c 'no reclaim path gfpcheck finds\|reclaim does not take it' "$tmp/x.out")" = 2 ] || { cat "$tmp/x.out"; return 1; }
}
t nofs-no-context-held-hop held_hop

# ---- an every-path claim names the callers its chain does not follow ----------
others_hop() {
	local c=$top/tests/fixtures/nofs-in-transaction/other-callers
	"$G" -q --model "$c/model.txt" "$c" >"$tmp/x.out" 2>&1
	[ $? = 1 ] && grep -q '^	trans.c:36: myfs_new_log_vec() called from myfs_log_helper()$' "$tmp/x.out" &&
	grep -q '^	trans.c:10: myfs_new_log_vec() is also called from myfs_log_inode() at trans.c:19 and myfs_log_dir() at trans.c:28 and :29, each inside a transaction$' "$tmp/x.out" &&
	[ "$(grep -c 'is also called from' "$tmp/x.out")" = 1 ] || { cat "$tmp/x.out"; return 1; }
	# generic code passes a filesystem's context into that filesystem's methods
	# only: otherfs_create() calls generic_acl_create() too, but never reaches
	# myfs_get_acl(), so myfs's chain does not name it
	"$G" -q --model "$top/tests/fixtures/nofs-no-context/entry-method-own-scope/model.txt" "$top/tests/fixtures/nofs-no-context/entry-method-own-scope" >"$tmp/y.out" 2>&1
	[ $? = 1 ] && grep -q '^fs/myfs/inode.c:20:' "$tmp/y.out" && grep -q 'generic_acl_create() called from myfs_create()' "$tmp/y.out" &&
	! grep -q 'also called from otherfs_create()' "$tmp/y.out" || { cat "$tmp/y.out"; return 1; }
	# a transaction known only from a handle parameter is said to be one
	c=$top/tests/fixtures/nofs-no-context/other-callers-handle
	"$G" -q --model "$c/model.txt" "$c" >"$tmp/z.out" 2>&1
	[ $? = 1 ] && grep -q '^	trans.c:9: myfs_new_log_vec() is also called from myfs_log_with() at trans.c:16, inside a transaction known from a handle parameter$' "$tmp/z.out" &&
	grep -q '^	trans.c:9: myfs_new_log_vec() is also called from myfs_log_plain() at trans.c:22, which has no callers in the scanned files$' "$tmp/z.out" || { cat "$tmp/z.out"; return 1; }
	# a caller whose constant argument never reaches the allocation is neither
	# the chain's path nor one of the others (feasible.c)
	c=$top/tests/fixtures/nofs-in-transaction/other-callers-infeasible
	"$G" -q --model "$c/model.txt" "$c" >"$tmp/z.out" 2>&1
	[ $? = 1 ] && grep -q '^	trans.c:22: myfs_new_log_vec() called from myfs_log_inode()$' "$tmp/z.out" &&
	grep -q '^	trans.c:11: myfs_new_log_vec() is also called from myfs_log_dir() at trans.c:40, inside a transaction$' "$tmp/z.out" &&
	! grep -q 'myfs_log_none\|myfs_log_nothing' "$tmp/z.out" || { cat "$tmp/z.out"; return 1; }
	# a journal handle that may be a dummy in this directory (model dummy=)
	c=$top/tests/fixtures/nofs-in-transaction/other-callers-dummy
	"$G" -q --model "$c/model.txt" "$c" >"$tmp/z.out" 2>&1
	[ $? = 1 ] && grep -q '^	fs/myfs/trans.c:11: myfs_new_log_vec() is also called from myfs_log_inode() again at fs/myfs/trans.c:21 and myfs_log_dir() at fs/myfs/trans.c:30, each inside a transaction on journalled mounts$' "$tmp/z.out" || { cat "$tmp/z.out"; return 1; }
}
t other-callers-hop others_hop

# ---- a handle parameter's transaction: where a caller started it -------------
handle_start() {
	local c=$top/tests/fixtures/nofs-in-transaction/handle-started-in-caller
	"$G" -q --model "$c/model.txt" "$c" >"$tmp/x.out" 2>&1
	[ $? = 1 ] && grep -q '^	trans.c:11: myfs_fill() receives the transaction handle tp' "$tmp/x.out" &&
	grep -A3 'myfs_fill() receives' "$tmp/x.out" | tail -n 3 | tr '\n' '|' |
		grep -q '^	trans.c:18: myfs_fill() called from myfs_mid()|	trans.c:25: myfs_mid() called from myfs_rename()|	trans.c:23: myfs_trans_start() opens a NOFS scope here' ||
		{ cat "$tmp/x.out"; return 1; }
}
t handle-start-hops handle_start

# ---- determinism -------------------------------------------------------------
det() {
	local j f
	for j in 1 2; do
		rm -rf "$tmp/dcache$j"
		for f in text json sarif org html codequality; do
			GFPCHECK_CACHE=$tmp/dcache$j "$G" -q "${M[@]}" -j $j --format $f -o "$tmp/d$j.$f" "$T"
		done
		# JSON timings differ from run to run: compare without the "seconds" line.
		grep -v '"seconds":\|"peak_mib":' "$tmp/d$j.json" >"$tmp/d$j.json.cmp"
	done
	for f in text json.cmp sarif org html codequality; do
		cmp "$tmp/d1.$f" "$tmp/d2.$f" || return 1
	done
}
t deterministic-j1-j2 det

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
