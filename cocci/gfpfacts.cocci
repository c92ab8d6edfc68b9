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
        self.vtypes = {}     # parameter and local names -> declared type (None: ambiguous)
        self.deq = {}        # index of a declarator's `=` -> the declared name
        self.skipref = set() # token indices whose ref record is written elsewhere

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
            if v == "for" and i + 2 < self.n and self.t[i + 2][0] == "id":
                self.decl(i + 2)        # for (int i = 0; ...)
            bs = c + 1
            be = self.stmt(bs)
            if bs < self.n:
                if v == "switch":
                    _emit(self.f, "switch", self.fn, self.tpos(i), self.tpos(bs), self.tend(be - 1))
                else:
                    # for (;;) and while (1): left only by break, goto or return
                    forever = (v == "for" and c == i + 4 and self.val(i + 2) == ";" and self.val(i + 3) == ";") or \
                              (v == "while" and c == i + 3 and self.val(i + 2) in ("1", "true"))
                    _emit(self.f, "loop", self.fn, self.tpos(i), self.tpos(bs), self.tend(be - 1),
                          "forever" if forever else v)
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
        d = self.decl(i)
        if d is not None:
            return d
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

    def skip_attr(self, k):
        # index after an attribute at k (`__maybe_unused`, `__aligned(8)`,
        # `__attribute__((unused))`), or k when there is none
        v = self.val(k)
        if self.t[k][0] == "id" and (v in _DECL_ATTRS or v.startswith("__attribute")):
            if self.val(k + 1) == "(":
                return self.match_close(k + 1) + 1
            return k + 1
        return k

    def decl(self, i, fn=True):
        # A declaration at statement start i: `local` records for its
        # declarators and the index after its `;`, or None when tokens i...
        # are no declaration this scanner is sure of (then nothing is
        # written: a wrong type is worse than none).
        t = self.t
        n = self.n
        j = i
        core = False
        spec = []
        while j < n and t[j][0] == "id":
            v = t[j][1]
            if v in ("extern", "typedef"):
                return None
            if v in _DECL_STORAGE:
                j += 1
                continue
            a = self.skip_attr(j)
            if a > j:
                j = a
                continue
            if v in _DECL_QUALS:
                spec.append(v)
                j += 1
                continue
            if v in _DECL_BUILTIN:
                if core and not spec[-1] in _DECL_BUILTIN:
                    return None
                core = True
                spec.append(v)
                j += 1
                continue
            if v in ("struct", "union", "enum"):
                if core or j + 2 >= n or t[j + 1][0] != "id" or t[j + 2][1] == "{":
                    return None
                core = True
                spec.append(v + " " + t[j + 1][1])
                j += 2
                continue
            if v in ("typeof", "__typeof__", "__typeof"):
                if core or self.val(j + 1) != "(":
                    return None
                c = self.match_close(j + 1)
                core = True
                spec.append(self.src(j, c + 1))
                j = c + 1
                continue
            if v in self.KEYW or v in _NOTCALL or v in _NOTREF:
                return None
            if core:
                break
            core = True      # a typedef name
            spec.append(v)
            j += 1
        if not core or j >= n:
            return None
        base = " ".join(spec)
        out = []
        k = j
        while True:
            ps = k
            while k < n and (t[k][1] == "*" or t[k][1] in _DECL_QUALS):
                k += 1
            ptr = self.src(ps, k) if k > ps else ""
            if k >= n:
                return None
            if t[k][0] == "id" and t[k][1] not in self.KEYW and t[k][1] not in _DECL_QUALS:
                name = k
                k += 1
                ty = _fold(base + " " + ptr)
            elif t[k][1] == "(" and self.val(k + 1) == "*":
                # (*name)(params) or (*name)[N]
                c = self.match_close(k)
                q = k + 1
                while q < c and (t[q][1] == "*" or t[q][1] in _DECL_QUALS):
                    q += 1
                if q != c - 1 or t[q][0] != "id" or self.val(c + 1) not in ("(", "["):
                    return None
                name = q
                stars = self.src(k + 1, q)
                k = c + 1
                if t[k][1] == "(":
                    c2 = self.match_close(k)
                    ty = _fold(base + " " + ptr) + " (" + stars + ")" + self.src(k, c2 + 1)
                    k = c2 + 1
                else:
                    ty = _fold(base + " " + ptr) + " (" + stars + ")"
            else:
                return None
            dims = ""
            while k < n and t[k][1] == "[":
                c = self.match_close(k)
                dims += self.src(k, c + 1)
                k = c + 1
            if dims:
                if "(" in ty:
                    ty = ty[:ty.index(")")] + dims + ty[ty.index(")"):]
                else:
                    ty = ty + ("" if ty.endswith("*") else " ") + dims
            while k < n:
                a = self.skip_attr(k)
                if a == k:
                    break
                k = a
            eq = -1
            if k < n and t[k][1] == "=":
                eq = k
                k += 1
                while k < n and t[k][1] not in (",", ";"):
                    if t[k][0] == "op" and t[k][1] in "([{":
                        k = self.match_close(k)
                    elif t[k][1] == "}":
                        return None
                    k += 1
            if k >= n or t[k][1] not in (",", ";"):
                return None
            out.append((name, ty, eq))
            if t[k][1] == ";":
                break
            k += 1
        for name, ty, eq in out:
            nm = t[name][1]
            _emit(self.f, "local", self.fn, self.tpos(name), nm, ty)
            if eq >= 0:
                self.deq[eq] = nm
            if nm in self.vtypes and self.vtypes[nm] != ty:
                self.vtypes[nm] = None
            else:
                self.vtypes[nm] = ty
        return k + 1

    def member_decl(self, a, b):
        # (name, type) of a struct member declaration a..b-1 of the simple
        # form `[const] struct X [*]name` or `TYPEDEF [*]name`, else None
        t = self.t
        k = a
        spec = []
        while k < b and t[k][0] == "id" and t[k][1] in _DECL_QUALS:
            spec.append(t[k][1])
            k += 1
        if k + 1 < b and t[k][1] in ("struct", "union") and t[k + 1][0] == "id":
            spec.append(t[k][1] + " " + t[k + 1][1])
            k += 2
        else:
            return None
        ps = k
        while k < b and (t[k][1] == "*" or t[k][1] in _DECL_QUALS):
            k += 1
        if k != b - 1 or t[k][0] != "id":
            return None
        return (t[k][1], _fold(" ".join(spec) + " " + self.src(ps, k)))

    def init_list(self, i, key, arr):
        # the brace-enclosed initialiser list at token i, of an object of
        # type `struct key` ("" unknown), or an array of them (arr)
        t = self.t
        c = self.match_close(i)
        j = i + 1
        while j < c:
            k = j
            ck, ca = key, arr
            field = None     # (struct key, member) of a designated member
            desig = False
            while k < c:
                v = t[k][1]
                if v == "." and t[k][0] == "op" and t[k + 1][0] == "id":
                    desig = True
                    if ca:
                        ck = ""
                        ca = False
                    field = (ck, t[k + 1][1])
                    mt = _member_type(self.f, ck, t[k + 1][1]) if ck else None
                    ck = _struct_key(mt, False)
                    k += 2
                elif v == "[" and t[k][0] == "op":
                    desig = True
                    if not ca:
                        ck = ""      # an element of an array member
                        field = None
                    ca = False
                    k = self.match_close(k) + 1
                else:
                    break
            if desig:
                if self.val(k) != "=":
                    k = c        # not a designation this walker knows
                    break
                k += 1
            elif t[k][0] == "id" and self.val(k + 1) == ":" and not ca:
                field = (ck, t[k][1])    # the old GNU form `member: value`
                mt = _member_type(self.f, ck, t[k][1]) if ck else None
                ck = _struct_key(mt, False)
                k += 2
            elif ca:
                ca = False               # an element of the array
            else:
                ck = ""                  # a positional member
            if self.val(k) == "{":
                self.init_list(k, ck, ca)
                k = self.match_close(k) + 1
            else:
                e = k
                while e < c and t[e][1] not in (",", "}"):
                    if t[e][0] == "op" and t[e][1] in "([{":
                        e = self.match_close(e)
                    e += 1
                q = k + 1 if t[k][1] == "&" and t[k][0] == "op" else k
                if e == q + 1 and t[q][0] == "id" and t[q][1] not in _NOTREF \
                        and t[q][1] not in self.KEYW:
                    how = "init:" + field[0] + "." + field[1] if field else "other"
                    _emit(self.f, "ref", self.fn, self.tpos(q), t[q][1], how)
                k = e
            while k < c and t[k][1] != ",":
                if t[k][0] == "op" and t[k][1] in "([{":
                    k = self.match_close(k)
                k += 1
            j = k + 1

    def open_of(self, j):
        # j at a closing bracket; the index of its opening one, or -1
        d = 0
        while j >= 0:
            tk = self.t[j]
            if tk[0] == "op":
                v = tk[1]
                if v in ")]}":
                    d += 1
                elif v in "([{":
                    d -= 1
                    if d == 0:
                        return j
            j -= 1
        return -1

    def chain_start(self, j, lo):
        # j: the last token of a postfix expression (`a->b[i].c`, `f(x)->d`,
        # `(*p)`); the index of its first token (>= lo), or -1
        t = self.t
        while j >= lo:
            k, v, _ = t[j]
            if k == "op" and v == "]":
                j = self.open_of(j) - 1
                continue
            if k == "op" and v == ")":
                o = self.open_of(j)
                if o < lo:
                    return -1
                b = t[o - 1] if o - 1 >= lo else None
                if b is not None and b[0] == "id" and b[1] not in self.KEYW and b[1] not in _NOTCALL:
                    j = o - 1       # a call: NAME(...)
                    continue
                return o            # a parenthesised expression
            if k == "id" and v not in self.KEYW:
                if j - 1 >= lo and t[j - 1][1] in ("->", ".") and t[j - 1][0] == "op":
                    j -= 2
                    continue
                return j
            return -1
        return -1

    def recv_type(self, a, b, arrow):
        # the struct type of the receiver tokens a..b-1 of `RECV->member`
        # (arrow) or `RECV.member`: a parameter or local declared as
        # `struct X *` (`struct X`), possibly followed by members of
        # structs defined in this file; "" when unknown
        t = self.t
        if t[a][0] != "id":
            return ""
        ty = self.vtypes.get(t[a][1])
        k = a + 1
        while ty and k < b:
            if k + 1 >= b or t[k][1] not in ("->", ".") or t[k + 1][0] != "id":
                return ""
            key = _struct_key(ty, t[k][1] == "->")
            ty = _member_type(self.f, key, t[k + 1][1]) if key else None
            k += 2
        return _struct_key(ty, arrow) if ty else ""

    def callable_var(self, name):
        # a parameter or local that can be called: declared as a pointer to
        # a function or with a typedef name (`filldir_t actor`); a name
        # declared `int min` is a function-like macro when called
        ty = self.vtypes.get(name)
        if not ty:
            return False
        if "(*" in ty.replace(" ", ""):
            return True
        w = ty.replace("*", " ").split()
        w = [x for x in w if x not in _DECL_QUALS]
        return len(w) == 1 and w[0] in _fn_typedefs(self.f)

    def args_of(self, o, c):
        # the argument texts between the parentheses at o and c
        t = self.t
        args = []
        if c > o + 1:
            st = o + 1
            d = 0
            for k in range(o + 1, c):
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
        return args

    def icall(self, m, o, recv):
        # `icall` record: m is the member (or variable) token, o the `(` of
        # the arguments, recv the receiver tokens (a, b) or None for a
        # variable
        t = self.t
        c = self.match_close(o)
        if recv is None:
            field = "=" + t[m][1]
            rtext = "-"
        else:
            a, b = recv
            ty = self.recv_type(a, b, t[m - 1][1] == "->")
            field = ty + "." + t[m][1]
            rtext = self.src(a, b)
        args = self.args_of(o, c)
        _emit(self.f, "icall", self.fn, self.tpos(m), self.tend(c), field, rtext, len(args), *args)

    def paren_callee(self, i):
        # i at the `(` of the arguments after `)`: `(*p->f)(...)`,
        # `(x->f)(...)`, `(*fp)(...)`.  Returns (member or variable token,
        # receiver range or None), or None for other shapes.
        t = self.t
        o = self.open_of(i - 1)
        if o < 1:
            return None
        b = t[o - 1]
        if (b[0] == "id" and b[1] not in self.KEYW) or b[1] in (")", "]"):
            return None          # NAME(...)(...), a call's result called
        q = o + 1
        while q < i - 1 and t[q][1] == "*":
            q += 1
        e = i - 2                # the token before the inner `)`
        if e < q or t[e][0] != "id":
            return None
        if e == q:
            if not self.callable_var(t[e][1]):
                return None
            return (e, None)
        if t[e - 1][1] not in ("->", ".") or self.chain_start(e - 2, q) != q:
            return None
        return (e, (q, e - 1))

    def rhs_call(self, a):
        # the callee token of the call that is the whole expression starting
        # at token a (up to `;`, `,` or `)` at depth 0), or -1
        t = self.t
        n = self.n
        e = a
        while e < n and not (t[e][0] == "op" and t[e][1] in (";", ",", ")", "}")):
            if t[e][0] == "op" and t[e][1] in "([{":
                e = self.match_close(e)
            e += 1
        r = e - 1
        if r <= a or t[r][1] != ")" or t[r][0] != "op":
            return -1
        o = self.open_of(r)
        if o - 1 < a:
            return -1
        b = t[o - 1]
        if b[0] == "id" and b[1] not in self.KEYW and b[1] not in _NOTCALL:
            ci = o - 1
            if ci == a:
                return ci
            if t[ci - 1][1] in ("->", ".") and self.chain_start(ci - 2, a) == a:
                return ci
            return -1
        if b[1] == ")" and self.open_of(o - 1) == a:
            pc = self.paren_callee(o)
            if pc is not None:
                return pc[0]
        return -1

    def assign_how(self, a, i):
        # HOW of a ref stored by the `=` at i whose left side is a..i-1
        t = self.t
        if i in self.deq:
            return "assign:=" + self.deq[i]
        if a < i and t[a][1] in (".", "["):
            return None          # a designator: written by the initialiser rule
        if i - a == 1 and t[a][0] == "id" and t[a][1] not in self.KEYW:
            return "assign:=" + t[a][1]
        m = i - 1
        if i - a >= 3 and t[m][0] == "id" and t[m - 1][1] in ("->", ".") \
                and self.chain_start(m - 2, a) == a:
            return "assign:" + self.recv_type(a, m - 1, t[m - 1][1] == "->") + "." + t[m][1]
        return "assign"

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
                    if ci >= 0 and t[ci][1] not in _NOTCALL and ci not in self.iters:
                        if t[ci - 1][1] in ("->", ".") and t[ci - 1][0] == "op":
                            # through a member: x->f(...), x->ops->f(...), x.f(...)
                            a = self.chain_start(ci - 2, 1)
                            if a >= 1:
                                self.icall(ci, i, (a, ci - 1))
                        elif self.fp_decl(i):
                            pass
                        elif t[ci][1] in self.vtypes and self.callable_var(t[ci][1]):
                            self.icall(ci, i, None)     # fp(...): a parameter or local
                        else:
                            self.call(ci)
                    elif v == "(" and t[i - 1][1] == ")":
                        pc = self.paren_callee(i)   # (*p->f)(...), (*fp)(...)
                        if pc is not None:
                            ci = pc[0]
                            self.icall(ci, i, pc[1])
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
                        if nk and nk[1] == "&" and nk[0] == "op" and i + 3 < n and t[i + 2][0] == "id" \
                                and t[i + 3][1] in (";", ",", ")", "}"):
                            nk = t[i + 2]       # x = &NAME: stored, as x = NAME
                            nn = t[i + 3][1]
                            self.skipref.add(i + 2)
                            ri = i + 2
                        else:
                            ri = i + 1
                        if nk and nk[0] == "id" and nn in (";", ",", ")", "}"):
                            if nk[1] not in self.vtypes and nk[1] not in _NOTREF and not _gfpre.match(nk[1]):
                                how = self.assign_how(bnd, i)
                                if how:
                                    _emit(f, "ref", fn, self.tpos(ri), nk[1], how)
                        elif nk and (nk[0] == "id" and nk[1] not in self.KEYW or nk[1] == "("):
                            # only when a call is the whole right side (not
                            # `x = f() || g()`, `x = f() + 1`): f(...),
                            # recv->f(...), (*p->f)(...), fp(...)
                            ci = self.rhs_call(i + 1)
                            if ci >= 0:
                                _emit(f, "assign", fn, self.tpos(ci), var)
                    bnd = i + 1
                elif v == "&":
                    pk = t[i - 1]
                    nk = t[i + 1]
                    if nk[0] == "id" and (pk[0] == "op" and pk[1] in _PREFIX_CTX) \
                            and t[i + 2][1] not in ("->", ".", "[", "(") and i + 1 not in self.skipref \
                            and nk[1] not in self.vtypes and nk[1] not in self.KEYW:
                        _emit(f, "ref", fn, self.tpos(i + 1), nk[1], "addr")
                elif v in ("?", ":") and False:
                    pass
                continue
            if k != "id":
                continue
            pv = t[i - 1][1]
            nv = t[i + 1][1]
            if pv in ("(", ",") and nv in (",", ")") and stack and stack[-1][1] >= 0 \
                    and v not in self.vtypes and v not in _NOTREF and v not in self.KEYW \
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
        args = self.args_of(i + 1, c)
        _emit(self.f, "call", self.fn, self.tpos(i), self.tend(c), t[i][1], len(args), *args)

    def block(self, i, j):
        while i < j:
            ni = self.stmt(i)
            if ni <= i:
                ni = i + 1
            i = ni

# Declarations (local records): words of a declaration's specifiers
_DECL_STORAGE = set("static register auto inline __inline __inline__".split())
_DECL_QUALS = set("const volatile restrict __restrict __restrict__ __user __iomem __rcu __percpu "
                  "__kernel __force __nocast __private __bitwise".split())
_DECL_BUILTIN = set("void char short int long float double signed unsigned _Bool _Complex "
                    "__signed__ __int128".split())
# attributes (with or without arguments) that are no part of the type
_DECL_ATTRS = set("__maybe_unused __always_unused __unused __used __aligned __packed __free "
                  "__cleanup __cacheline_aligned __cacheline_aligned_in_smp __read_mostly "
                  "__initdata __initconst __uninitialized_var __counted_by __nonstring".split())
_STRUCT_TY = re.compile(r"^(?:struct|union) ([A-Za-z_]\w*)( \*)?$")

def _struct_key(ty, arrow):
    # "X" when type text ty is `struct X *` (arrow) or `struct X`, qualifiers
    # and annotations left out; "" otherwise (typedefs are not resolved)
    if not ty:
        return ""
    w = [x for x in ty.replace("*", " * ").split() if x not in _DECL_QUALS]
    m = _STRUCT_TY.match(" ".join(w))
    if m is None or bool(m.group(2)) != arrow:
        return ""
    return m.group(1)

_smembers = {}   # (file, struct name) -> {member: type text} of structs defined in that file

def _member_type(fname, sname, member):
    # the declared type of member of struct sname when that struct is
    # defined in file fname (members declared as `T name`, `T *name`)
    k = (fname, sname)
    mem = _smembers.get(k)
    if mem is None:
        mem = {}
        text, ls = _load(fname)
        m = re.search(r"\b(?:struct|union)\s+" + sname + r"\s*\{", text)
        if m is not None:
            toks, d = _tokens_balanced(text, m.end() - 1)
            if d == 0:
                s = _Scan(fname, "-", text, ls, toks)
                st = 1
                dep = 0
                for i, (tk, v, off) in enumerate(toks):
                    if tk != "op":
                        continue
                    if v in "([{":
                        dep += 1
                    elif v in ")]}":
                        dep -= 1
                    elif v == ";" and dep == 1:
                        ty = s.member_decl(st, i)
                        if ty:
                            mem[ty[0]] = ty[1]
                        st = i + 1
        _smembers[k] = mem
    return mem.get(member)

_FNTYPEDEF = re.compile(r"\btypedef\b[^;{}]*?\(\s*\*?\s*([A-Za-z_]\w*)\s*\)\s*\("
                        r"|\btypedef\b[^;{}()]*?\b([A-Za-z_]\w*)\s*\(")
_INCLUDE_Q = re.compile(r"^[ \t]*#[ \t]*include[ \t]*" + _Q + "([^" + _Q + r"\n]+)" + _Q, re.M)
_fntd = {}       # file -> names it and the headers it includes with "" typedef to a function (pointer) type
_fntd_hdr = {}   # header path -> its own such names

def _fn_typedefs_of(path):
    r = _fntd_hdr.get(path)
    if r is None:
        try:
            with open(path, "rb") as fh:
                t = fh.read().decode("utf-8", "replace")
        except OSError:
            t = ""
        r = set(a or b for a, b in _FNTYPEDEF.findall(_cm.sub(" ", t)))
        _fntd_hdr[path] = r
    return r

def _fn_typedefs(fname):
    # typedef names of function (pointer) types, from the file and the
    # headers it includes as "name.h" (one level): a variable of such a
    # type can be called; one of another typedef type (`ext4_grpblk_t max`)
    # called as `max(a, b)` is a function-like macro
    r = _fntd.get(fname)
    if r is None:
        import os
        text, ls = _load(fname)
        r = set(_fn_typedefs_of(fname))
        d = os.path.dirname(fname)
        for h in _INCLUDE_Q.findall(text):
            r |= _fn_typedefs_of(os.path.join(d, h))
        _fntd[fname] = r
    return r

def _scan_fn(p, fn, pb, ret):
    # the position of the closing brace is not asked of spatch: binding a
    # position after `...` costs minutes on big files.  The body is
    # tokenised from its opening brace to the matching closing one.
    fname = p.file
    text, ls = _load(fname)
    a = _off(fname, pb.line, int(pb.column))
    toks, d = _tokens_balanced(text, a)
    s = _Scan(fname, fn, text, ls, toks)
    if len(toks) < 2 or toks[0][1] != "{" or d != 0:
        _emit(fname, "fn", fn, _linkage(p, fn), _pos(p), "-", ret)
        _emit(fname, "skipped", fn, "unbalanced braces in the function body")
        return
    _emit(fname, "fn", fn, _linkage(p, fn), _pos(p), s.tend(len(toks) - 1), ret)
    params = _params_of(fname, fn, p, a)
    s.vtypes = dict(params)
    s.block(1, len(toks) - 1)
    s.flat(params)

def _ret_type(t):
    # the return type as spatch prints it, without the attributes spatch
    # keeps in it (`int __must_check`, `struct inode * __init`): words
    # starting with `__` after the type's first word that are no qualifier
    out = []
    core = False
    prev = ""
    for x in _fold(t).split(" "):
        if prev in ("struct", "union", "enum"):
            core = True
        elif x.startswith("__") and core and x not in _DECL_QUALS and x not in _DECL_BUILTIN:
            continue
        elif x not in _DECL_QUALS and x not in ("*", "struct", "union", "enum"):
            core = True
        out.append(x)
        prev = x
    return " ".join(out)

def _params_of(fname, fn, p, body):
    text, ls = _load(fname)
    o = _off(fname, p.line, int(p.column)) + len(fn)
    hdr = _cm.sub(" ", text[o:body])
    hdr = re.sub(r"(?m)^[ \t]*#.*$", " ", hdr)
    i = hdr.find("(")
    if i < 0:
        return {}
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
    names = {}
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
        names[name] = ty
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
def _init_walk(p, ty, v):
    # The initialiser of `T v = { ... }` (an object, an array of them; at
    # file scope or in a function): a ref record for every identifier
    # written as a value, `&NAME` as NAME.  A designated member `.m = NAME`
    # gives HOW init:X.m when the object is a `struct X` (or an array of
    # them), init:.m when its type is not known (a typedef, a member whose
    # type is not defined in this file); a value without a designator
    # (positional, an element of an array of pointers) gives HOW other.
    fname = p.file
    text, ls = _load(fname)
    o = _off(fname, p.line, int(p.column)) + len(v)
    m = _tokre.match
    n = len(text)
    d = 0
    brace = -1
    while o < n:
        g = m(text, o)
        if g is None:
            return
        k = g.lastgroup
        w = g.group(k)
        o = g.end()
        if k in ("ws", "cm"):
            continue
        if k == "op" and w in "([":
            d += 1
        elif k == "op" and w in ")]":
            d = max(d - 1, 0)    # `)` of a declarator `(*v[])(...)` too
        elif d == 0 and k == "op" and w == "=":
            g = m(text, o)
            while g is not None and g.lastgroup in ("ws", "cm"):
                g = m(text, g.end())
            if g is not None and g.group(0) == "{":
                brace = g.start()
            break
        elif d == 0 and (k != "id" or w in ("{", ";")):
            return
    if brace < 0:
        return
    toks, d = _tokens_balanced(text, brace)
    if d != 0:
        return
    arr = "[" in ty
    key = _struct_key(re.sub(r"\[[^]]*\]", " ", ty), False)
    _Scan(fname, _fn(p), text, ls, toks).init_list(0, key, arr)

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
T << fnr.T;
@@
_fns.setdefault(p[0].file, set()).add(f)
try:
    _scan_fn(p[0], f, pb[0], _ret_type(str(T)))
except Exception as e:
    _emit(p[0].file, "skipped", f, "front end error: %s" % _fold(repr(e)))

# Initialised objects `T v = { ... }`: the token pass of _init_walk() finds
# the designated initialisers (`.field = NAME`, `.field = &NAME`, nested
# lists, arrays of structs) in one python call per object. The list is `...`,
# not an `initializer list` metavariable, which spatch binds at a cost that
# grows much faster than the list: fs/hfsplus/tables.c ran into the 120 s bound
# (0.5 s now) and the cold extraction of 6.1 fs/ took 387 s against 91 s (-j1).
# No line of a .cocci file may start with a hash and "spatch": spatch reads such
# a line as command-line options, wherever it is (tests/extract/run.sh checks).
@rin@
identifier v;
type T;
position p;
@@
T v@p = { ... };

@script:python@
p << rin.p;
v << rin.v;
T << rin.T;
@@
try:
    _init_walk(p[0], str(T), v)
except Exception as e:
    _emit(p[0].file, "skipped", p[0].line, "front end error: %s" % _fold(repr(e)))

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

# A definition that ends in an attribute macro spatch takes for a declarator
# (`} __randomize_layout;`: struct inode, super_block, dentry, tty_struct), or
# that declares a variable, is a struct definition too.
@sdef2@
identifier s, v;
position p;
@@
struct s@p { ... } v;

@script:python@
p << sdef2.p;
s << sdef2.s;
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
                # no record for a value with a raw control byte (an escape
                # sequence in a string literal): it is no mask, and facts
                # fields hold no control characters
                if v and not any(b < 0x20 or b == 0x7f for b in v):
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
