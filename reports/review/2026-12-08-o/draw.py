# Review o: 16 random findings of bench/regress/linux-6.12-fs.json.gz (current main),
# after excluding every (file, line, rule) that an earlier review names.
# Exclusion (excl.py): every file:line mention in every file under reports/review/
# (tables, prose, samples, JSON; a path or a path suffix, continuations such as
# ":613/639", ", :826", "1596, 1684" included), matched to a finding when the path is a
# suffix of the finding's file, the line is equal, and the review file names the
# finding's rule. (Rule named on the same line: 168 matches; same paragraph/heading:
# 182; same file: 195. The last, the broadest, is used; it equals "file:line mentioned at all".)
import gzip, json, random, sys
sys.path.insert(0, '/work/notes/review-o')
import excl
d = json.loads(''.join(l for l in gzip.open('/work/main/bench/regress/linux-6.12-fs.json.gz','rt') if not l.startswith('#')))
F = d['findings']
ex = set()
for f in F:
    for m in excl.mentions:
        if m[1] == f['line'] and excl.path_match(m[0], f['file']) and f['rule'] in m[6]:
            ex.add((f['file'], f['line'], f['rule']))
findings = [f for f in F if (f['file'], f['line'], f['rule']) not in ex]
print(len(F), '->', len(findings), 'after excluding', len(ex))
random.seed(20261209)
s = random.sample(findings, 16)
with open('/work/notes/review-o/sample.txt', 'w') as out:
    for i, f in enumerate(s, 1):
        out.write(f"O1-{i}: {f['file']}:{f['line']} [{f['rule']}] ({f['confidence']}) in {f['function']}()\n{f['message']}\n")
        for e in f['evidence']:
            out.write('  ' + json.dumps(e) + '\n')
        out.write('\n')
with open('/work/notes/review-o/excluded.txt', 'w') as out:
    for t in sorted(ex):
        out.write('%s:%d %s\n' % t)
for i, f in enumerate(s, 1):
    print(f'O1-{i}', f['file'], f['line'], f['rule'], f['confidence'], f['function'])
