#!/usr/bin/env python3
"""tests/factsonly/run.py - the facts are the only input of the analysis.

For every fixture case (tests/fixtures/RULE/CASE): copy it to a temporary tree,
scan it directly, extract its facts (bin/gfpcheck-extract -o DIR --root TREE TREE,
or the paths of the case's `scan` file, with the case's model rows),
remove the tree, and check that `gfpcheck --facts DIR` (with the case's args and
model) prints the same report as the direct scan, byte for byte, in every format:
text, sarif and html as they are, json without its `seconds`, `peak_mib` and `cache_hits`
stats (run-dependent), with the same exit status.  Prints `N passed, N failed`.

    tests/factsonly/run.py [-v] [CASE-SUBSTRING]

A case listed in tests/factsonly/known-differences (`RULE/CASE: reason`) must
differ: it fails when its reports are identical, so that the list empties as the
causes are fixed.
"""
import concurrent.futures
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
G = os.path.join(TOP, "bin", "gfpcheck")
GX = os.path.join(TOP, "bin", "gfpcheck-extract")
FORMATS = ("text", "json", "sarif", "html")
RUN_DEPENDENT = re.compile(rb'^\s*"(seconds|peak_mib|cache_hits)": .*\n', re.M)


def known_differences():
    known = {}
    path = os.path.join(HERE, "known-differences")
    if os.path.exists(path):
        for line in open(path):
            line = line.strip()
            if line and not line.startswith("#") and ":" in line:
                case, why = line.split(":", 1)
                known[case.strip()] = why.strip()
    return known


def run(argv, cwd, env):
    p = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout, p.stderr


def one(case, work, env):
    w = os.path.join(work, case.replace("/", "_"))
    tree = os.path.join(w, "tree", os.path.basename(case))
    shutil.copytree(os.path.join(TOP, "tests", "fixtures", case), tree)
    args = []
    if os.path.exists(os.path.join(tree, "args")):
        args += shlex.split(open(os.path.join(tree, "args")).read())
    if os.path.exists(os.path.join(tree, "model.txt")):
        model = os.path.join(w, "model.txt")  # kept: the model is not the source
        shutil.copy(os.path.join(tree, "model.txt"), model)
        args += ["--model", model]
    # `scan`: the paths the fixture runner scans, relative to the case (the
    # headers of include/ it leaves out are context)
    paths = [tree]
    if os.path.exists(os.path.join(tree, "scan")):
        paths = [os.path.join(tree, p) for p in open(os.path.join(tree, "scan")).read().split()]
    direct = {f: run([G, "-q"] + args + ["--format", f] + paths, w, env) for f in FORMATS}
    facts = os.path.join(w, "facts")
    model_args = ["--model", os.path.join(w, "model.txt")] if "--model" in args else []
    rc, _, err = run([GX, "-q", "--root", tree, "-o", facts] + model_args + paths, w, env)
    if rc != 0:
        return case, ["extraction failed: " + err.decode(errors="replace")[:300]], {}, {}
    shutil.rmtree(os.path.join(w, "tree"))  # the source tree is gone
    got = {f: run([G, "-q"] + args + ["--format", f, "--facts", facts], w, env) for f in FORMATS}
    problems = []
    for f in FORMATS:
        a, b = direct[f][1], got[f][1]
        if f == "json":
            a, b = RUN_DEPENDENT.sub(b"", a), RUN_DEPENDENT.sub(b"", b)
        if a != b:
            problems.append(f)
        if direct[f][0] != got[f][0]:
            problems.append(f + " exit status %d vs %d" % (direct[f][0], got[f][0]))
    return case, problems, direct, got


def main():
    argv = sys.argv[1:]
    verbose = bool(argv) and argv[0] == "-v"
    if verbose:
        argv = argv[1:]
    filt = argv[0] if argv else ""
    for b in (G, GX):
        if not os.access(b, os.X_OK):
            print("facts-only: build %s first" % b)
            print("0 passed, 1 failed")
            return 1
    spatch = shutil.which(os.environ.get("SPATCH", "spatch"))
    if not spatch:
        print("facts-only: spatch not installed (make deps)")
        print("0 passed, 1 failed")
        return 1
    work = tempfile.mkdtemp(prefix="gfpfactsonly.")
    try:
        env = dict(os.environ, GFPCHECK_HOME=TOP)
        fixtures = os.path.join(TOP, "tests", "fixtures")
        cases = sorted(r + "/" + c for r in os.listdir(fixtures) if os.path.isdir(os.path.join(fixtures, r))
                       for c in os.listdir(os.path.join(fixtures, r)) if os.path.isdir(os.path.join(fixtures, r, c)))
        cases = [c for c in cases if filt in c]
        known = known_differences()
        npass = nfail = 0
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
            for case, problems, direct, got in ex.map(lambda c: one(c, work, env), cases):
                why = known.get(case)
                if not problems and not why:
                    npass += 1
                    if verbose:
                        print("PASS " + case)
                elif problems and why:
                    npass += 1
                    print("PASS %s (known difference: %s; %s)" % (case, ", ".join(problems), why))
                elif why:
                    nfail += 1
                    print("FAIL %s: listed in tests/factsonly/known-differences, but --facts gives the same "
                          "reports as a direct scan now: remove it" % case)
                else:
                    nfail += 1
                    print("FAIL %s: gfpcheck --facts differs from a direct scan: %s" % (case, ", ".join(problems)))
                    if verbose and direct:
                        for f in FORMATS:
                            if direct[f][1] != got[f][1]:
                                print("  --- direct %s:\n%s\n  --- --facts %s:\n%s\n  --- --facts stderr: %s" % (
                                    f, direct[f][1][:600].decode(errors="replace"), f,
                                    got[f][1][:600].decode(errors="replace"), got[f][2][:300].decode(errors="replace")))
                                break
        print("%d passed, %d failed" % (npass, nfail))
        return 0 if nfail == 0 and npass > 0 else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
