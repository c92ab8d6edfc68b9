// parse-only.cocci - spatch parses every file it is given and does nothing
// else, ending each with the `end` marker gfpcheck's runner waits for: the
// runner's `skipped` records then say what spatch could not parse, at the cost
// of parsing alone (bench/parse-coverage.sh).
@initialize:python@
@@
import sys

// one cheap rule over every function, so that the files are parsed
@r@
identifier f;
@@
f(...) { ... }

@script:python@
@@
for _f in cocci.files():
    sys.stdout.write("%s\tend\t0\n" % _f)
