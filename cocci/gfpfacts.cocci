// gfpfacts.cocci - the Coccinelle front end of gfpcheck.
//
// Prints the records of docs/FACTS.md (gfpfacts version 1) for every C file
// or header spatch is given.  Every line is prefixed by the file name and a
// TAB, so that one spatch process can be given many files; the runner
// (checkers/extract.c) splits the output per file, adds the header lines and
// turns spatch's parse errors into `skipped` records.
//
// Run:  spatch --very-quiet --sp-file gfpfacts.cocci FILE.c
//
// Cost: every matching rule is one pass over every function, so structure
// (if/else, loops, switch/case, return, goto, labels, break, continue) is not
// matched with SmPL rules: the python code scans the token stream of each
// function body once (the `fn` rule gives the body span) and emits those
// records.  This also covers do/while loops and switch/case, which spatch
// 1.1.1 cannot match, and gives the body spans of loops, which it does not
// bind.  Direct calls come from the same pass: a `NAME(...)` rule with a
// python script costs one interpreter round trip per call, which made the
// extraction twice as slow as a trivial spatch pass.  Calls outside function
// bodies (macro bodies, file-scope initialisers) are not recorded.  Argument
// texts are the source text of each argument (white space folded, comments
// removed), not spatch's token-spaced pretty print.

@initialize:python@
@@
import re, sys

_out = sys.stdout
_cur = {"file": None, "text": "", "ls": [0]}
_fns = {}        # file -> set of function names defined in it
_params = {}     # (file, fn) -> set of parameter names

def _load(fname):
    if _cur["file"] != fname:
        try:
            with open(fname, "rb") as fh:
                t = fh.read().decode("utf-8", "replace")
        except OSError:
            t = ""
        ls = [0]
        for m in re.finditer("\n", t):
            ls.append(m.end())
        _cur["file"] = fname
        _cur["text"] = t
        _cur["ls"] = ls
    return _cur["text"], _cur["ls"]

def _off(fname, line, col0):
    t, ls = _load(fname)
    line = int(line)
    col0 = int(col0)
    if line - 1 < len(ls):
        return ls[line - 1] + col0
    return len(t)

_macros_done = set()
_MACRO_RE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(\w+)\(([^)]*)\)((?:\\\n|[^\n])*)", re.M)
_CALL_RE = re.compile(r"\b([A-Za-z_]\w*)\s*\(")
_NOT_CALLED = set("if for while do switch return sizeof typeof __typeof__ _Generic "
                  "defined likely unlikely".split())

def _function_macros(fname):
    # `define NAME POS CALLED...` for every function-like macro of the file: the
    # identifiers its body calls, so that the core can follow calls through it.
    try:
        with open(fname, "rb") as fh:
            t = fh.read().decode("utf-8", "replace")
    except OSError:
        return
    for m in _MACRO_RE.finditer(t):
        params = set(x.strip() for x in m.group(2).split(","))
        called = []
        for c in _CALL_RE.finditer(m.group(3).replace("\\\n", " ")):
            n = c.group(1)
            if n in params or n in _NOT_CALLED or n.startswith("__builtin") or n in called:
                continue
            called.append(n)
        if called:
            line = t.count("\n", 0, m.start(1)) + 1
            col = m.start(1) - (t.rfind("\n", 0, m.start(1)) + 1) + 1
            _out.write("%s\tdefine\t%s\t%d:%d\t%s\n" % (fname, m.group(1), line, col, "\t".join(called)))

def _emit(fname, *fields):
    if fname not in _macros_done:
        _macros_done.add(fname)
        _function_macros(fname)
    _out.write(fname + "\t" + "\t".join(str(f) for f in fields) + "\n")

def _pos(p):
    return "%s:%d" % (p.line, int(p.column) + 1)

def _endpos(p):
    return "%s:%d" % (p.line_end, int(p.column_end) + 1)

def _fn(p):
    ce = p.current_element
    if ce in _fns.get(p.file, ()):
        return ce
    return "-"

_ws = re.compile(r"\s+")
_cm = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)

def _fold(s):
    s = _cm.sub(" ", s)
    return _ws.sub(" ", s).strip()

# --- C token scanner -------------------------------------------------------
_Q = chr(34)
_A = chr(39)
_tokre = re.compile(
    r"(?P<ws>\s+)"
    r"|(?P<cm>/\*.*?\*/|//[^\n]*)"
    r"|(?P<pp>^[ \t]*\#(?:\\\n|[^\n])*)"
    r"|(?P<id>[A-Za-z_]\w*)"
    r"|(?P<num>\.?\d(?:[eEpP][+-]|[\w.])*)"
    r"|(?P<str>" + _Q + r"(?:\\.|[^" + _Q + r"\\\n])*" + _Q +
    r"|" + _A + r"(?:\\.|[^" + _A + r"\\\n])*" + _A + r")"
    r"|(?P<op>\.\.\.|->|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^!=<>]=|.)",
    re.S | re.M)

_PP_IF0 = re.compile(r"[ \t]*#[ \t]*if[ \t]+0\b")
_PP_IF = re.compile(r"[ \t]*#[ \t]*if")
_PP_ENDIF = re.compile(r"[ \t]*#[ \t]*endif\b")
_PP_ELSE = re.compile(r"[ \t]*#[ \t]*el")

def _tokens_balanced(text, start):
    # Tokens from the brace at start to its matching closing one, and the
    # brace depth left at the end (0 when the closing one was found).  Only
    # braces count: an #ifdef with a parenthesis in each branch must not
    # hide the end of a function body.  Code in `#if 0` blocks is dropped,
    # as the compiler drops it.
    out = []
    pos = start
    d = 0
    m = _tokre.match
    n = len(text)
    skip = 0    # nesting depth inside an `#if 0` block (never compiled)
    while pos < n:
        g = m(text, pos)
        if g is None:
            pos += 1
            continue
        k = g.lastgroup
        if k == "pp":
            pv = g.group(k)
            if skip:
                if _PP_IF.match(pv):
                    skip += 1
                elif _PP_ENDIF.match(pv):
                    skip -= 1
                elif skip == 1 and _PP_ELSE.match(pv):
                    skip = 0
            elif _PP_IF0.match(pv):
                skip = 1
        elif skip:
            pass
        elif k not in ("ws", "cm"):
            v = g.group(k)
            out.append((k, v, pos))
            if k == "op":
                if v == "{":
                    d += 1
                elif v == "}":
                    d -= 1
                    if d <= 0:
                        break
        pos = g.end()
    return out, d

class _Scan:
    KEYW = set("if else for while do switch case default return goto break "
               "continue sizeof typeof struct union enum".split())

    def __init__(self, fname, fn, text, ls, toks):
        self.f = fname
        self.fn = fn
        self.text = text
        self.ls = ls
        self.t = toks
        self.n = len(toks)
        self.iters = set()   # token indices of iterator macros (no calls)

    def lc(self, off):
        import bisect
        i = bisect.bisect_right(self.ls, off) - 1
        return "%d:%d" % (i + 1, off - self.ls[i] + 1)

    def tpos(self, i):
        return self.lc(self.t[i][2])

    def tend(self, i):
        tk = self.t[i]
        return self.lc(tk[2] + len(tk[1]))

    def val(self, i):
        return self.t[i][1] if i < self.n else ""

    def match_close(self, i):
        # i at an opening bracket; return index of its closing one.
        d = 0
        while i < self.n:
            v = self.t[i][1]
            if self.t[i][0] == "op":
                if v in "([{":
                    d += 1
                elif v in ")]}":
                    d -= 1
                    if d == 0:
                        return i
            i += 1
        return self.n - 1

    def to_semi(self, i):
        # index of the semicolon ending the simple statement starting at i.
        while i < self.n:
            v = self.t[i][1]
            if self.t[i][0] == "op":
                if v in "([{":
                    i = self.match_close(i) + 1
                    continue
                if v == ";":
                    return i
                if v == "}":
                    return i - 1
            i += 1
        return self.n - 1

    def cond_kind(self, a, b):
        # classify condition tokens a..b (inclusive, without the if parens).
        t = self.t
        while a <= b and t[a][1] == "(" and self.match_close(a) == b:
            a += 1
            b -= 1
        neg = False
        if a <= b and t[a][1] == "!":
            neg = True
            a += 1
            while a <= b and t[a][1] == "(" and self.match_close(a) == b:
                a += 1
                b -= 1
        if a <= b and t[a][0] == "id" and t[a][1] in ("likely", "unlikely") \
                and a + 1 <= b and t[a + 1][1] == "(" and self.match_close(a + 1) == b:
            return self.cond_kind(a + 2, b - 1) if not neg else (
                "not:" + self.cond_kind(a + 2, b - 1)[5:]
                if self.cond_kind(a + 2, b - 1).startswith("call:") else "-")
        if not neg and a + 1 <= b and t[a + 1][1] == "=":
            # (x = NAME(...)): skip a simple lvalue
            a += 2
            while a <= b and t[a][1] == "(" and self.match_close(a) == b:
                a += 1
                b -= 1
        if a + 1 <= b and t[a][0] == "id" and t[a][1] not in self.KEYW \
                and t[a + 1][1] == "(" and self.match_close(a + 1) == b:
            return ("not:" if neg else "call:") + t[a][1]
        return "-"

    def stmt(self, i):
        # parse one statement at i; emit records; return index after it.
        if i >= self.n:
            return i
        k, v, _ = self.t[i]
        if k == "op":
            if v == "{":
                j = self.match_close(i)
                self.block(i + 1, j)
                return j + 1
            if v == ";":
                return i + 1
            return self.to_semi(i) + 1
        if k != "id":
            return self.to_semi(i) + 1
        nv = self.val(i + 1)
        if v == "if" and nv == "(":
            c = self.match_close(i + 1)
            ts = c + 1
            te = self.stmt(ts)
            es = ee = "-"
            end = te
            if te < self.n and self.t[te][1] == "else":
                eb = self.stmt(te + 1)
                es = self.tpos(te + 1) if te + 1 < self.n else "-"
                ee = self.tend(eb - 1) if eb - 1 < self.n else "-"
                end = eb
            _emit(self.f, "if", self.fn, self.tpos(i), self.tpos(i + 2) if c > i + 2 else self.tpos(c),
                  self.tend(c - 1) if c > i + 2 else self.tpos(c),
                  self.tpos(ts) if ts < self.n else "-", self.tend(te - 1) if te - 1 < self.n else "-",
                  es, ee, self.cond_kind(i + 2, c - 1),
                  *([self.src(i + 2, c)] if c > i + 2 else []))
            return end
        if v in ("for", "while", "switch") and nv == "(":
            c = self.match_close(i + 1)
            bs = c + 1
            be = self.stmt(bs)
            if bs < self.n:
                if v == "switch":
                    _emit(self.f, "switch", self.fn, self.tpos(i), self.tpos(bs), self.tend(be - 1))
                else:
                    _emit(self.f, "loop", self.fn, self.tpos(i), self.tpos(bs), self.tend(be - 1), v)
            return be
        if v == "do":
            bs = i + 1
            be = self.stmt(bs)
            if bs < self.n:
                _emit(self.f, "loop", self.fn, self.tpos(i), self.tpos(bs), self.tend(be - 1), "do")
            if self.val(be) == "while":
                return self.to_semi(be) + 1
            return be
        if v in ("return", "break", "continue"):
            _emit(self.f, v, self.fn, self.tpos(i))
            if v == "return":
                return self.to_semi(i) + 1
            return self.to_semi(i) + 1
        if v == "goto":
            if i + 1 < self.n and self.t[i + 1][0] == "id":
                _emit(self.f, "goto", self.fn, self.tpos(i), self.t[i + 1][1])
            return self.to_semi(i) + 1
        if v in ("case", "default"):
            _emit(self.f, "case", self.fn, self.tpos(i))
            j = i + 1
            q = 0
            while j < self.n:
                tv = self.t[j][1]
                if tv in "([{" and self.t[j][0] == "op":
                    j = self.match_close(j) + 1
                    continue
                if tv == "?":
                    q += 1
                elif tv == ":":
                    if q == 0:
                        break
                    q -= 1
                elif tv in (";", "}"):
                    return j
                j += 1
            return j + 1
        if nv == ":" and v not in self.KEYW:
            _emit(self.f, "label", self.fn, self.tpos(i), v)
            return i + 2
        if nv == "(" and v not in self.KEYW:
            c = self.match_close(i + 1)
            after = self.t[c + 1] if c + 1 < self.n else None
            if after is not None and (after[1] == "{" or (after[0] == "id" and
                    (after[1] in self.KEYW or self.val(c + 2) in ("(", "=", "->", ".", "[", "++", "--", ";")))):
                # an iterator macro: NAME(...) followed by a statement
                self.iters.add(i)
                bs = c + 1
                be = self.stmt(bs)
                _emit(self.f, "loop", self.fn, self.tpos(i), self.tpos(bs), self.tend(be - 1), "iter")
                return be
        return self.to_semi(i) + 1

    def src(self, a, b):
        # folded source text of tokens a..b-1
        if a >= b:
            return ""
        tb = self.t[b - 1]
        return _fold(self.text[self.t[a][2]:tb[2] + len(tb[1])])

    def lhs_var(self, a, b):
        # the variable assigned by tokens a..b-1 (left of =)
        t = self.t
        if b - a >= 2 and all(t[k][0] == "id" or t[k][1] == "*" for k in range(a, b)) \
                and t[b - 1][0] == "id":
            return t[b - 1][1]
        return self.src(a, b)

    def flat(self, params):
        # one pass over the tokens: gfp tokens with their enclosing calls and
        # assignments, call results stored in variables, identifiers used as
        # values (arguments, right-hand sides, &NAME).
        t = self.t
        n = self.n
        f = self.f
        fn = self.fn
        stack = []   # [kind, callee index or -1, arg index, boundary index]
        asg = []     # [depth, lhs text]
        bnd = 1      # index after the last boundary (token 0 is the body brace)
        for i in range(1, n - 1):
            k, v, o = t[i]
            if k == "op":
                if v == "(" or v == "[" or v == "{":
                    ci = i - 1 if (v == "(" and t[i - 1][0] == "id"
                                   and t[i - 1][1] not in self.KEYW) else -1
                    if ci >= 0 and t[ci][1] not in _NOTCALL and t[ci - 1][1] not in ("->", ".") \
                            and ci not in self.iters and not self.fp_decl(i):
                        self.call(ci)
                    stack.append([v, ci, 0, bnd, t[i - 1][1]])
                    bnd = i + 1
                elif v == ")" or v == "]" or v == "}":
                    d = len(stack)
                    while asg and asg[-1][0] >= d:
                        asg.pop()
                    fr = stack.pop() if stack else None
                    if fr:
                        bnd = fr[3]
                    if v == "}" or (fr and v == ")" and fr[4] in ("if", "while", "for", "switch")):
                        bnd = i + 1     # a statement starts after `if (...)`
                elif v == "," or v == ";":
                    d = len(stack)
                    while asg and asg[-1][0] >= d:
                        asg.pop()
                    if v == "," and stack:
                        stack[-1][2] += 1
                    bnd = i + 1
                elif v == "=":
                    d = len(stack)
                    # a statement also starts after a label (`case X:`,
                    # `default:`, `out:`), which is no `?:`
                    for q in range(i - 1, bnd - 1, -1):
                        if t[q][1] == "?":
                            break
                        if t[q][1] == ":":
                            bnd = q + 1
                            break
                    # `else x = ...`, `do x = ...`: the keyword is no part of the left side
                    while bnd < i and t[bnd][0] == "id" and t[bnd][1] in ("else", "do"):
                        bnd += 1
                    if bnd < i:
                        var = self.lhs_var(bnd, i)
                        asg.append([d, var])
                        nk = t[i + 1] if i + 1 < n else None
                        nn = t[i + 2][1] if i + 2 < n else ""
                        if nk and nk[0] == "id" and nn in (";", ",", ")", "}"):
                            if nk[1] not in params and nk[1] not in _NOTREF and not _gfpre.match(nk[1]):
                                _emit(f, "ref", fn, self.tpos(i + 1), nk[1], "assign")
                        elif nk and nk[0] == "id" and nn == "(" and nk[1] not in self.KEYW:
                            # only when the call is the whole right side
                            # (not `x = f() || g()`, `x = f() + 1`)
                            c = self.match_close(i + 2)
                            if c + 1 < n and t[c + 1][1] in (";", ",", ")"):
                                _emit(f, "assign", fn, self.tpos(i + 1), var)
                    bnd = i + 1
                elif v == "&":
                    pk = t[i - 1]
                    nk = t[i + 1]
                    if nk[0] == "id" and (pk[0] == "op" and pk[1] in _PREFIX_CTX) \
                            and t[i + 2][1] not in ("->", ".", "[", "(") \
                            and nk[1] not in params and nk[1] not in self.KEYW:
                        _emit(f, "ref", fn, self.tpos(i + 1), nk[1], "addr")
                elif v in ("?", ":") and False:
                    pass
                continue
            if k != "id":
                continue
            pv = t[i - 1][1]
            nv = t[i + 1][1]
            if pv in ("(", ",") and nv in (",", ")") and stack and stack[-1][1] >= 0 \
                    and v not in params and v not in _NOTREF and v not in self.KEYW \
                    and not _gfpre.match(v):
                _emit(f, "ref", fn, self.tpos(i), v, "arg")
            if _gfpre.match(v):
                _emit(f, "gfp", fn, self.tpos(i), self.tend(i), v)
                for fr in stack:
                    if fr[1] >= 0:
                        _emit(f, "gfparg", self.tpos(i), self.tpos(fr[1]), fr[2])
                if asg:
                    _emit(f, "gfpvar", self.tpos(i), asg[-1][1])

    def fp_decl(self, i):
        # `TYPE (*name)(...)` or `TYPE (*name)[N]`: a declarator, no call
        t = self.t
        if self.val(i + 1) != "*":
            return False
        c = self.match_close(i)
        return self.val(c + 1) in ("(", "[")

    def call(self, i):
        # `call` record of the direct call whose callee is token i: the
        # source text of each argument, split at the top-level commas
        t = self.t
        c = self.match_close(i + 1)
        args = []
        if c > i + 2:
            st = i + 2
            d = 0
            for k in range(i + 2, c):
                tk = t[k]
                if tk[0] != "op":
                    continue
                v = tk[1]
                if v in "([{":
                    d += 1
                elif v in ")]}":
                    d -= 1
                elif v == "," and d == 0:
                    args.append(self.src(st, k))
                    st = k + 1
            args.append(self.src(st, c))
        _emit(self.f, "call", self.fn, self.tpos(i), self.tend(c), t[i][1], len(args), *args)

    def block(self, i, j):
        while i < j:
            ni = self.stmt(i)
            if ni <= i:
                ni = i + 1
            i = ni

def _scan_fn(p, fn, pb):
    # the position of the closing brace is not asked of spatch: binding a
    # position after `...` costs minutes on big files.  The body is
    # tokenised from its opening brace to the matching closing one.
    fname = p.file
    text, ls = _load(fname)
    a = _off(fname, pb.line, int(pb.column))
    toks, d = _tokens_balanced(text, a)
    s = _Scan(fname, fn, text, ls, toks)
    if len(toks) < 2 or toks[0][1] != "{" or d != 0:
        _emit(fname, "fn", fn, _linkage(p, fn), _pos(p), "-")
        _emit(fname, "skipped", fn, "unbalanced braces in the function body")
        return
    _emit(fname, "fn", fn, _linkage(p, fn), _pos(p), s.tend(len(toks) - 1))
    params = _params_of(fname, fn, p, a)
    s.block(1, len(toks) - 1)
    s.flat(params)

def _params_of(fname, fn, p, body):
    text, ls = _load(fname)
    o = _off(fname, p.line, int(p.column)) + len(fn)
    hdr = _cm.sub(" ", text[o:body])
    hdr = re.sub(r"(?m)^[ \t]*#.*$", " ", hdr)
    i = hdr.find("(")
    if i < 0:
        return set()
    d = 0
    parts = []
    st = i + 1
    for j in range(i, len(hdr)):
        c = hdr[j]
        if c in "([":
            d += 1
        elif c in ")]":
            d -= 1
            if d == 0:
                parts.append(hdr[st:j])
                break
        elif c == "," and d == 1:
            parts.append(hdr[st:j])
            st = j + 1
    names = set()
    for idx, prm in enumerate(parts):
        prm = _fold(prm)
        if prm in ("void", "...", ""):
            continue
        m = re.search(r"\(\s*\*\s*(?:const\s+)?([A-Za-z_]\w*)\s*\)", prm)
        if m:
            name = m.group(1)
            ty = _fold(prm[:m.start(1)] + prm[m.end(1):])
        else:
            q = re.sub(r"(\s*\[[^]]*\])+$", "", prm)
            m = re.search(r"([A-Za-z_]\w*)$", q)
            if not m or m.start() == 0:
                continue
            name = m.group(1)
            ty = _fold(q[:m.start()] + prm[len(q):])
        names.add(name)
        _emit(fname, "param", fn, idx, name, ty)
    return names

_STATIC_PROTO = re.compile(r"^[ \t]*static\b[^;{}=]*?\b([A-Za-z_]\w*)\s*\([^;{}]*\)[^;{}()]*;", re.M)
_static_protos = {}

def _linkage(p, name):
    # static or extern, from the declaration text before the name; a
    # definition without `static` after a `static` prototype in the same file
    # is static too (C11 6.2.2p5: it takes the prototype's linkage).
    text, ls = _load(p.file)
    o = _off(p.file, p.line, int(p.column))
    lo = max(0, o - 2000)
    pre = _cm.sub(" ", text[lo:o])
    pre = re.sub(r"(?m)^[ \t]*#.*$", ";", pre)
    k = max(pre.rfind(";"), pre.rfind("}"), pre.rfind("{"))
    if re.search(r"\bstatic\b", pre[k + 1:]):
        return "static"
    sp = _static_protos.get(p.file)
    if sp is None:
        sp = {}
        for m in _STATIC_PROTO.finditer(_cm.sub(lambda c: " " * len(c.group()), text)):
            sp.setdefault(m.group(1), m.start(1))
        _static_protos[p.file] = sp
    return "static" if sp.get(name, o) < o else "extern"

_ident = re.compile(r"^[A-Za-z_]\w*$")
# gfp flags: GFP_*, __GFP_*, and the KM_* flags of XFS kmem_alloc() (before 6.9)
_gfpre = re.compile(r"^((__)?GFP_|KM_[A-Z])")
_NOTREF = set(["NULL", "true", "false"])
# identifiers before `(` that are no calls (KEYW holds the statement keywords)
_NOTCALL = set("__attribute__ __attribute asm __asm__ __asm volatile __volatile__ "
               "void char short int long signed unsigned float double _Bool const "
               "__typeof__ __typeof _Alignof __alignof__ alignof _Generic _Static_assert "
               "defined".split())
_PREFIX_CTX = set(["(", ",", "=", "==", "!=", "?", ":", "{", ";", "&&", "||", "!", "return"])
_tyjunk = re.compile(r"\b(const|volatile|static|struct|union)\b")

def _init_ref(p, e, ty, fld):
    e = _fold(e)
    how = "arg"
    m = _addr.match(e)
    if m:
        e = m.group(1)
    elif not _ident.match(e):
        return
    ty = _tyjunk.sub(" ", ty).strip()
    _emit(p.file, "ref", _fn(p), _pos(p), e,
          "init:" + (ty + "." if _ident.match(ty) else "") + fld)
_addr = re.compile(r"^&\s*([A-Za-z_]\w*)$")

# ---------------------------------------------------------------------------
# Function definitions.  Must come first: _fn() relies on _fns.
@fnr@
identifier f;
position p, pb;
type T;
@@
T f@p(...) {@pb ... }

@script:python@
p << fnr.p;
pb << fnr.pb;
f << fnr.f;
@@
_fns.setdefault(p[0].file, set()).add(f)
try:
    _scan_fn(p[0], f, pb[0])
except Exception as e:
    _emit(p[0].file, "skipped", f, "front end error: %s" % _fold(repr(e)))

# Designated initialisers: .field = NAME and .field = &NAME.
@rin@
identifier fld, v;
expression E;
type T;
position p;
@@
T v = { ..., .fld = E@p, ... };

@script:python@
p << rin.p;
E << rin.E;
fld << rin.fld;
T << rin.T;
@@
_init_ref(p[0], str(E), str(T), fld)

# EXPORT_SYMBOL and friends.
@exp@
declarer name EXPORT_SYMBOL, EXPORT_SYMBOL_GPL, EXPORT_SYMBOL_NS, EXPORT_SYMBOL_NS_GPL, EXPORT_SYMBOL_GPL_FUTURE, EXPORT_UNUSED_SYMBOL, EXPORT_UNUSED_SYMBOL_GPL;
identifier x;
expression ns;
position p;
@@
(
EXPORT_SYMBOL@p(x);
|
EXPORT_SYMBOL_GPL@p(x);
|
EXPORT_SYMBOL_NS@p(x, ns);
|
EXPORT_SYMBOL_NS_GPL@p(x, ns);
|
EXPORT_SYMBOL_GPL_FUTURE@p(x);
|
EXPORT_UNUSED_SYMBOL@p(x);
|
EXPORT_UNUSED_SYMBOL_GPL@p(x);
)

@script:python@
p << exp.p;
x << exp.x;
@@
_emit(p[0].file, "export", x, _pos(p[0]))

# Prototypes.
@pro@
identifier f;
type T;
position p;
@@
T f@p(...);

@script:python@
p << pro.p;
f << pro.f;
@@
_emit(p[0].file, "proto", f, _pos(p[0]))

# ---------------------------------------------------------------------------
# Object-like macros and struct definitions, for the request order of an
# allocation (PGD_ORDER, THREAD_SIZE, a mask macro, sizeof(struct x)).
@initialize:python@
@@
def _define(p, x):
    text, ls = _load(p.file)
    o = _off(p.file, p.line, 0)
    m = _DEFRE.match(text, o)
    if m is None or m.group(1) != x or m.group(2).startswith("("):
        return
    v = _fold(m.group(2).replace("\\\n", " "))
    if v:
        _emit(p.file, "defval", x, _pos(p), v)

_DEFRE = re.compile(r"[ \t]*#[ \t]*define[ \t]+(\w+)((?:\\\n|[^\n])*)")

def _struct(p, s):
    text, ls = _load(p.file)
    o = _off(p.file, p.line, int(p.column)) + len(s)
    b = text.find("{", o)
    if b < 0 or text[o:b].strip():
        return
    toks, _ = _tokens_balanced(text, b)
    d = 0
    members = []
    st = 1
    for i, (k, v, off) in enumerate(toks):
        if k != "op":
            continue
        if v in "([{":
            d += 1
        elif v in ")]}":
            d -= 1
            if d == 0:
                break
        elif v == ";" and d == 1:
            if i > st:
                a = toks[st][2]
                members.append(_fold(text[a:off]))
            st = i + 1
    else:
        return
    if len(members) > 250:      # the core reads at most 300 fields a record
        return
    _emit(p.file, "struct", s, _pos(p), len(members), *members)

@sdef@
identifier s;
position p;
@@
struct s@p { ... };

@script:python@
p << sdef.p;
s << sdef.s;
@@
try:
    _struct(p[0], s)
except Exception as e:
    _emit(p[0].file, "skipped", p[0].line, "front end error: %s" % _fold(repr(e)))

@dfn@
identifier x;
position p;
@@
#define x@p

@script:python@
p << dfn.p;
x << dfn.x;
@@
try:
    _define(p[0], x)
except Exception as e:
    _emit(p[0].file, "skipped", p[0].line, "front end error: %s" % _fold(repr(e)))
