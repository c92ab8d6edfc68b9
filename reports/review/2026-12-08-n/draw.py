import json, random, re
d = json.load(open('/work/scan/h1.json'))
excl = set()
for fn in ['/work/main/reports/review/2026-12-08-l.md', '/work/main/reports/review/2026-12-08-m.md']:
    for line in open(fn):
        m = re.match(r'\|\s*[LM]\d-\d\s*\|\s*(\S+)\s+\w+\s*\|\s*([^|:]+):(\d+)\s*\|', line)
        if m:
            excl.add((m.group(2).strip(), int(m.group(3)), m.group(1)))
print(len(excl), sorted(excl))
findings = [f for f in d['findings'] if f['rule'] != 'nofs-mapping' and (f['file'], f['line'], f['rule']) not in excl]
print(len(d['findings']), '->', len(findings))
random.seed(20261208)
s = random.sample(findings, 16)
with open('/work/notes/review-n/sample.txt', 'w') as out:
    for i, f in enumerate(s, 1):
        out.write(f"N1-{i}: {f['file']}:{f['line']} [{f['rule']}] ({f['confidence']}) in {f['function']}()\n{f['message']}\n")
        for e in f['evidence']:
            out.write('  ' + json.dumps(e) + '\n')
        out.write('\n')
for i, f in enumerate(s, 1):
    print(i, f['file'], f['line'], f['rule'], f['confidence'], f['function'])
