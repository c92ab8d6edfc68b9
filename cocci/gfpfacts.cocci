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

_NOT_CALLED = set("if for while do switch return sizeof typeof __typeof__ _Generic "
                  "defined likely unlikely".split())
_nrec = {}       # file -> records written for it (the `end` line says how many)

def _emit(fname, *fields):
    _nrec[fname] = _nrec.get(fname, 0) + 1
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
# Struct definitions, for the request order of an allocation (sizeof(struct x)).
@initialize:python@
@@
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

# ---------------------------------------------------------------------------
# Preprocessor directives: `define` and `defval` records, from one scan of
# the file's bytes.  checkers/extract/extract_pp.c does the same scan in C for
# files that hold nothing but directives (spatch is not started for them):
# keep the two in step (tests/extract checks that they agree).
#  - A directive is a logical line (backslash-newline joins lines, a block
#    comment may span lines) whose first token, after white space and
#    comments, is '#'.
#  - Conditional groups: a branch `#if C` or `#elif C` whose C is an integer
#    constant 0 is dead, and so is every branch after one whose C is a
#    non-zero integer constant; everything inside a dead branch is dead.
#  - `#define NAME(PARAMS) BODY` outside dead branches gives `define NAME
#    LINE:COL CALLED...` when BODY calls something: each identifier followed
#    by '(' (outside strings), once, minus the parameters, keywords and
#    __builtin*; LINE:COL is where NAME is.
#  - `#define NAME VALUE` outside dead branches gives `defval NAME LINE:COL
#    VALUE` when VALUE, without comments and with white space folded, is not
#    empty; LINE:COL is where the '#' is.  Columns count bytes, from 1.
@initialize:python@
@@
_PPWS = b" \t\v\f\r"

def _pp_quote_end(d, i):
    # index after the string or character literal starting at d[i]; an
    # unterminated one ends before the newline
    q = d[i]
    i += 1
    n = len(d)
    while i < n:
        c = d[i]
        if c == 92 and i + 1 < n:           # backslash
            i += 2
            continue
        if c == q:
            return i + 1
        if c == 10:
            return i
        i += 1
    return n

def _pp_directive(d, i):
    # the directive from d[i] (just after '#') to the end of its logical
    # line: (end index, text without the line splices, newlines crossed,
    # offset of the last line start crossed or -1)
    n = len(d)
    out = bytearray()
    nl = 0
    last = -1
    while i < n:
        c = d[i]
        if c == 10:
            break
        if c == 92 and i + 1 < n and d[i + 1] == 10:
            i += 2
            nl += 1
            last = i
            continue
        if c == 47 and i + 1 < n and d[i + 1] == 42:     # /* ... */
            j = d.find(b"*/", i + 2)
            j = n if j < 0 else j + 2
            k = d.rfind(b"\n", i, j)
            if k >= 0:
                nl += d.count(b"\n", i, j)
                last = k + 1
            out += d[i:j]
            i = j
            continue
        if c == 47 and i + 1 < n and d[i + 1] == 47:     # // to the end of the line
            j = i
            while j < n and d[j] != 10:
                if d[j] == 92 and j + 1 < n and d[j + 1] == 10:
                    nl += 1
                    last = j + 2
                    j += 2
                    continue
                j += 1
            out += d[i:j].replace(b"\\\n", b"")
            i = j
            continue
        if c == 34 or c == 39:
            j = _pp_quote_end(d, i)
            out += d[i:j]
            i = j
            continue
        out.append(c)
        i += 1
    return i, bytes(out), nl, last

def _pp_scan(d):
    # (line, column of '#', offset after it, directive text) for every
    # directive of d
    res = []
    n = len(d)
    i = 0
    line = 1
    ls = 0
    start = True
    while i < n:
        c = d[i]
        if c == 10:
            i += 1
            line += 1
            ls = i
            start = True
        elif c == 92 and i + 1 < n and d[i + 1] == 10:
            i += 2
            line += 1
            ls = i
        elif c in _PPWS:
            i += 1
        elif c == 47 and i + 1 < n and d[i + 1] == 42:
            j = d.find(b"*/", i + 2)
            j = n if j < 0 else j + 2
            k = d.rfind(b"\n", i, j)
            if k >= 0:
                line += d.count(b"\n", i, j)
                ls = k + 1
            i = j
        elif c == 47 and i + 1 < n and d[i + 1] == 47:
            while i < n and d[i] != 10:
                if d[i] == 92 and i + 1 < n and d[i + 1] == 10:
                    line += 1
                    ls = i + 2
                    i += 2
                    continue
                i += 1
        elif c == 35 and start:                          # '#'
            j, text, nl, last = _pp_directive(d, i + 1)
            res.append((line, i - ls + 1, i + 1, text))
            line += nl
            if last >= 0:
                ls = last
            i = j
        else:
            start = False
            if c == 34 or c == 39:
                i = _pp_quote_end(d, i)
            else:
                i += 1
    return res

def _pp_uncomment(t):
    # comments become one space; strings and characters are kept
    out = bytearray()
    n = len(t)
    i = 0
    while i < n:
        c = t[i]
        if c == 47 and i + 1 < n and t[i + 1] == 42:
            j = t.find(b"*/", i + 2)
            i = n if j < 0 else j + 2
            out.append(32)
        elif c == 47 and i + 1 < n and t[i + 1] == 47:
            j = t.find(b"\n", i)
            i = n if j < 0 else j
            out.append(32)
        elif c == 34 or c == 39:
            j = _pp_quote_end(t, i)
            out += t[i:j]
            i = j
        else:
            out.append(c)
            i += 1
    return bytes(out)

_pp_wsre = re.compile(rb"[ \t\n\v\f\r]+")
_pp_dre = re.compile(rb"[ \t\n\v\f\r]*([A-Za-z_][A-Za-z0-9_]*)")
_pp_namere = re.compile(rb"[ \t\n\v\f\r]+([A-Za-z_][A-Za-z0-9_]*)")
_pp_constre = re.compile(rb"(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)[uUlL]*$")

def _pp_fold(t):
    return _pp_wsre.sub(b" ", t).strip(b" ")

def _pp_const(t):
    # the value of an integer constant condition, else None
    m = _pp_constre.match(t)
    if not m:
        return None
    v = m.group(1)
    if v[:2] in (b"0x", b"0X"):
        return int(v[2:], 16)
    return int(v, 8) if v.startswith(b"0") else int(v)

def _pp_calls(body, params):
    # identifiers followed by '(' in body, in order, once
    called = []
    n = len(body)
    i = 0
    while i < n:
        c = body[i]
        if c == 34 or c == 39:
            i = _pp_quote_end(body, i)
        elif (65 <= c <= 90) or (97 <= c <= 122) or c == 95:
            j = i + 1
            while j < n and ((48 <= body[j] <= 57) or (65 <= body[j] <= 90) or
                             (97 <= body[j] <= 122) or body[j] == 95):
                j += 1
            k = j
            while k < n and body[k] in b" \t\n\v\f\r":
                k += 1
            name = body[i:j].decode("ascii")
            if k < n and body[k] == 40 and name not in params and name not in _NOT_CALLED \
                    and not name.startswith("__builtin") and name not in called:
                called.append(name)
            i = j
        elif 48 <= c <= 57 or (c == 46 and i + 1 < n and 48 <= body[i + 1] <= 57):
            # a number: digits, letters, '_', '.', and a sign after e/E/p/P
            j = i + 1
            while j < n:
                b = body[j]
                if b in b"+-" and body[j - 1] in b"eEpP":
                    j += 1
                elif (48 <= b <= 57) or (65 <= b <= 90) or (97 <= b <= 122) or b == 95 or b == 46:
                    j += 1
                else:
                    break
            i = j
        else:
            i += 1
    return called

def _pp_records(fname, d):
    groups = []      # [dead outside, a branch had a non-zero constant, this branch dead]
    dead = False
    for line, col, off, text in _pp_scan(d):
        t = _pp_uncomment(text)
        m = _pp_dre.match(t)
        if not m:
            continue
        kw = m.group(1)
        rest = t[m.end():]
        if kw in (b"if", b"ifdef", b"ifndef"):
            v = _pp_const(_pp_fold(rest)) if kw == b"if" else None
            cur = dead or v == 0
            groups.append([dead, v is not None and v != 0, cur])
            dead = cur
        elif kw == b"elif":
            if groups:
                g = groups[-1]
                v = _pp_const(_pp_fold(rest))
                cur = g[0] or g[1] or v == 0
                if v is not None and v != 0:
                    g[1] = True
                g[2] = cur
                dead = cur
        elif kw == b"else":
            if groups:
                g = groups[-1]
                g[2] = g[0] or g[1]
                dead = g[2]
        elif kw == b"endif":
            if groups:
                dead = groups.pop()[0]
        elif kw == b"define" and not dead:
            nm = _pp_namere.match(rest)
            if not nm:
                continue
            name = nm.group(1).decode("ascii")
            after = rest[nm.end():]
            if after[:1] == b"(":
                # function-like: the column of NAME in the original line
                # (text holds no splice before NAME in practice; find it)
                e = after.find(b")")
                params = after[1:] if e < 0 else after[1:e]
                body = b"" if e < 0 else after[e + 1:]
                ps = set(x.strip(b" \t\n\v\f\r").decode("utf-8", "replace") for x in params.split(b","))
                called = _pp_calls(body, ps)
                if called:
                    _emit(fname, "define", name, "%d:%d" % _pp_namepos(d, off, line), *called)
            else:
                v = _pp_fold(after)
                if v:
                    _emit(fname, "defval", name, "%d:%d" % (line, col), v.decode("utf-8", "replace"))

def _pp_namepos(d, o, line):
    # LINE, COL of the token after `define` in the directive whose text
    # starts at d[o] (just after its '#') on line LINE
    n = len(d)
    i = o
    tok = 0
    while i < n:
        c = d[i]
        if c == 92 and i + 1 < n and d[i + 1] == 10:
            i += 2
            line += 1
        elif c in _PPWS:
            i += 1
        elif c == 47 and i + 1 < n and d[i + 1] == 42:
            j = d.find(b"*/", i + 2)
            j = n if j < 0 else j + 2
            line += d.count(b"\n", i, j)
            i = j
        elif tok == 1:
            return line, i - (d.rfind(b"\n", 0, i) + 1) + 1
        else:
            tok = 1
            while i < n and ((48 <= d[i] <= 57) or (65 <= d[i] <= 90) or (97 <= d[i] <= 122) or d[i] == 95):
                i += 1
    return line, 1

# ---------------------------------------------------------------------------
# Last, once per file: the directives, then the end marker with the number
# of records written for the file (the runner keeps no facts without it).
@script:python@
@@
for _f in cocci.files():
    try:
        with open(_f, "rb") as _fh:
            _pp_records(_f, _fh.read())
    except Exception as e:
        _emit(_f, "skipped", 0, "front end error: %s" % _fold(repr(e)))
    _out.write("%s\tend\t%d\n" % (_f, _nrec.get(_f, 0)))
    _out.flush()
