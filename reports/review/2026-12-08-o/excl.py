# Collect every (file, line) that the earlier reviews under reports/review/ mention,
# with the rules named near each mention, and match them to the findings.
import gzip, json, os, re, collections
ROOT = '/work/main/reports/review'
RULES = ['nofs-no-context', 'nofs-in-transaction', 'nofs-to-scope', 'nofs-in-scope',
         'missing-nofs', 'nofs-fs-conflict', 'nofs-mapping', 'scope-imbalance',
         'noio-in-scope', 'vmalloc-nofs', 'repeat-order0', 'repeat-costly',
         'repeat-unknown-order', 'gfp-spelled-out', 'bad-suppression']
rule_re = re.compile('|'.join(map(re.escape, sorted(RULES, key=len, reverse=True))))
# a path (with a .c/.h name), then :N, then optional continuations (/N, -N, ", :N", ", N")
path_re = re.compile(r'((?:[\w.+-]+/)*[\w.+-]+\.[ch])(?::|\s+line\s+)(\d+)((?:\s*(?:[-/,]|→|->|and)\s*:?\d+\b)*)')
cont_re = re.compile(r'(?<![\w.])[:](\d+)')  # ":826" after a file mention on the same line
mentions = []  # (path, line, srcfile, lineno, rules_same_line, rules_block, rules_file)
for dp, dn, fn in os.walk(ROOT):
    for f in fn:
        p = os.path.join(dp, f)
        try:
            text = open(p, encoding='utf-8', errors='replace').read()
        except Exception:
            continue
        lines = text.split('\n')
        rules_file = set(rule_re.findall(text))
        # JSON: also read the structured records
        if f.endswith('.json'):
            try:
                js = json.loads(text)
                recs = js if isinstance(js, list) else js.get('findings', [])
                for r in recs:
                    if isinstance(r, dict) and 'file' in r and 'line' in r:
                        mentions.append((r['file'], int(r['line']), p, 0, {r.get('rule')}, {r.get('rule')}, rules_file))
            except Exception:
                pass
        # blocks: paragraphs separated by blank lines; table rows are their own line
        block_of = []
        b = 0
        for i, l in enumerate(lines):
            if not l.strip():
                b += 1
            block_of.append(b)
        block_rules = collections.defaultdict(set)
        for i, l in enumerate(lines):
            block_rules[block_of[i]] |= set(rule_re.findall(l))
        # nearest heading / record header rules (markdown '#' lines, 'N1-3:' sample headers)
        head_rules = set()
        for i, l in enumerate(lines):
            if l.startswith('#') or re.match(r'^[A-Z]\d?-?\d+[:.]', l) or re.match(r'^\d+[.:] ', l):
                head_rules = set(rule_re.findall(l))
            same = set(rule_re.findall(l))
            last = None
            for m in path_re.finditer(l):
                path = m.group(1)
                nums = [int(m.group(2))] + [int(x) for x in re.findall(r'\d+', m.group(3))]
                for n in nums:
                    mentions.append((path, n, p, i + 1, same, block_rules[block_of[i]] | head_rules, rules_file))
                last = (m.end(), path)
            # bare ":N" continuations after a path on the same line
            paths = [(m.start(), m.group(1)) for m in path_re.finditer(l)]
            if paths:
                for m in cont_re.finditer(l):
                    prev = [pp for (st, pp) in paths if st < m.start()]
                    if prev:
                        mentions.append((prev[-1], int(m.group(1)), p, i + 1, same, block_rules[block_of[i]] | head_rules, rules_file))

def path_match(mpath, ffile):
    mpath = mpath.lstrip('./')
    return ffile == mpath or ffile.endswith('/' + mpath)

if __name__ == '__main__':
    d = json.loads(''.join(l for l in gzip.open('/work/main/bench/regress/linux-6.12-fs.json.gz','rt') if not l.startswith('#')))
    F = d['findings']
    print(len(mentions), 'mentions')
    by_line = collections.defaultdict(list)
    for m in mentions:
        by_line[m[1]].append(m)
    levels = {'strict': 4, 'block': 5, 'file': 6}
    res = {}
    for name, idx in levels.items():
        ex = []
        for f in F:
            hit = [m for m in by_line[f['line']] if path_match(m[0], f['file']) and f['rule'] in m[idx]]
            if hit:
                ex.append((f['file'], f['line'], f['rule'], sorted({os.path.relpath(h[2], ROOT) for h in hit})))
        res[name] = ex
        print(name, len(ex))
    anyrule = [f for f in F if any(path_match(m[0], f['file']) for m in by_line[f['line']])]
    print('file:line mentioned with any/no rule:', len(anyrule))
    json.dump(res, open('/work/notes/review-o/excl-levels.json', 'w'), indent=1)
    s = {tuple(x[:3]) for x in res['strict']}
    for x in res['file']:
        if tuple(x[:3]) not in s:
            print('file-only:', x)
