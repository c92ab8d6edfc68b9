// Baseline for bench/extract-vs-trivial.sh: one rule matching every call,
// a python rule printing its position and enclosing function.
@r@
identifier f;
position p;
@@
f@p(...)

@script:python@
p << r.p;
f << r.f;
@@
print("%s:%s:%s %s %s" % (p[0].file, p[0].line, p[0].column, f, p[0].current_element))
