// extractor.cpp - gfpfacts version 2 from Clang's preprocessor and AST, written
// through the schema-checked writer (facts_rec.h, checkers/facts/facts_write.h).
//
// Positions.  Every record is anchored at a place where its text is written in a
// source file: a token written in the file (possibly passed through macro
// arguments) is anchored at its own spelling; a token that comes from a macro
// body is anchored at the name of the outermost function-like macro invocation
// written in the file (see "Clang notes" in clang-plugin/README.md).  A record
// belongs to the file its anchor lies in: the main file, or one of the tree's
// own headers (path not containing an "include" directory), which get their own
// facts file.  Records anchored in other headers are dropped.
#include <cctype>
#include "extractor.h"
#include "facts_rec.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <set>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace clang;

namespace gfpcheck {

#define GFPCHECK_CLANG_VERSION "0.1"

bool parseOption(Options &o, const std::string &arg, std::string &err)
{
	size_t eq = arg.find('=');
	std::string k = arg.substr(0, eq), v = eq == std::string::npos ? "" : arg.substr(eq + 1);
	if (k == "out")
		o.out = v;
	else if (k == "root")
		o.root = v;
	else if (k == "headers")
		o.headers = !(v == "0" || v == "no" || v == "false");
	else if (k == "verbose")
		o.verbose = true;
	else {
		err = "unknown option '" + arg + "' (known: out=DIR root=DIR headers=0|1 verbose)";
		return false;
	}
	return true;
}

namespace {

bool startsWith(const std::string &s, const char *p)
{
	size_t n = strlen(p);
	return s.size() >= n && s.compare(0, n, p) == 0;
}

bool isGfpName(const std::string &s)
{
	return startsWith(s, "GFP_") || startsWith(s, "__GFP_") || (startsWith(s, "KM_") && s.size() > 3 && isupper((unsigned char)s[3]));
}

// Fold white space runs to one space, drop TABs and newlines, trim.
std::string fold(const std::string &s)
{
	std::string r;
	bool sp = false;
	for (char c : s) {
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
			sp = true;
			continue;
		}
		if (sp && !r.empty())
			r += ' ';
		sp = false;
		r += c;
	}
	return r;
}

// Text without C comments, folded.
std::string noComments(const std::string &s)
{
	std::string r;
	for (size_t i = 0; i < s.size(); i++) {
		if (s[i] == '"' || s[i] == '\'') { // literals are copied as they are
			char q = s[i];
			r += s[i++];
			while (i < s.size() && s[i] != q) {
				if (s[i] == '\\' && i + 1 < s.size())
					r += s[i++];
				r += s[i++];
			}
			if (i < s.size())
				r += s[i];
			continue;
		}
		if (s.compare(i, 2, "/*") == 0) {
			size_t e = s.find("*/", i + 2);
			i = e == std::string::npos ? s.size() : e + 1;
			r += ' ';
			continue;
		}
		if (s.compare(i, 2, "//") == 0) {
			size_t e = s.find('\n', i);
			i = e == std::string::npos ? s.size() : e;
			r += ' ';
			continue;
		}
		r += s[i];
	}
	return fold(r);
}

// A written position: a file location (FileID + offset) in a source file.
struct WPos {
	FileID fid;
	unsigned off = 0;
	bool valid() const { return fid.isValid(); }
	bool operator<(const WPos &o) const { return fid < o.fid || (fid == o.fid && off < o.off); }
	bool operator==(const WPos &o) const { return fid == o.fid && off == o.off; }
	bool operator<=(const WPos &o) const { return !(o < *this); }
};

struct ArgInfo {
	std::string text;
	WPos b, e; // written range of the argument when known (e exclusive)
	const Expr *expr = nullptr;
};

// A function-like macro invocation (or an object-like GFP macro) written in a file.
struct MacroInv {
	std::string name;
	WPos pos, end; // name position, one past the ')'
	bool functionLike = false;
	bool iter = false; // expands to a loop: an iterator, not a call
	std::vector<ArgInfo> args;
};

struct CallRec {
	int kind; // 0 macro as written, 1 written call, 2 callee after macro expansion
	bool icall = false;
	WPos pos, end;
	std::string fn, callee;
	std::string recv = "-"; // icall: the receiver's text; "-" for a call through a variable
	const Expr *recvExpr = nullptr;
	std::vector<ArgInfo> args;
};

struct FnSpan {
	WPos b, e;
	std::string name;
};

struct ValueSite { // a place whose value might be a gfp expression
	WPos b, e;
	const Expr *expr;
	std::string var; // assigned/initialised variable, or empty
	bool evaluate;
};

struct CondSite {
	FileID fid;
	size_t line; // index into the record list of its file
	WPos b, e;
	bool neg;
	bool hasCtext;
	std::string ctext;
};

struct OutFile {
	std::string rel;  // path relative to root
	std::string path; // facts file
	bool skip = false;
	std::vector<std::pair<unsigned, Rec>> recs; // (offset, record)
};

class State;

class PPHooks : public PPCallbacks {
public:
	explicit PPHooks(State &s) : S(s) {}
	void MacroExpands(const Token &Name, const MacroDefinition &MD, SourceRange Range, const MacroArgs *Args) override;
	void MacroDefined(const Token &Name, const MacroDirective *MD) override;

private:
	State &S;
};

class State {
public:
	State(CompilerInstance &ci, const Options &o) : CI(ci), SM(ci.getSourceManager()), LO(ci.getLangOpts()), O(o) {}

	CompilerInstance &CI;
	SourceManager &SM;
	const LangOptions &LO;
	Options O;
	std::string rootAbs;

	std::map<WPos, MacroInv> invs;
	std::map<WPos, MacroInv> gfps;
	std::map<std::string, WPos> exports;
	std::map<FileID, OutFile> files;
	std::map<FileID, bool> owner;
	std::map<FileID, std::vector<FnSpan>> fnspans;
	std::vector<CallRec> calls;
	std::vector<ValueSite> values;
	std::vector<std::pair<std::pair<WPos, WPos>, std::pair<std::string, std::string>>> assigns; // (b,e),(fn,var)
	std::vector<CondSite> conds;
	unsigned generated = 0, hidden = 0;

	// ---------- locations ----------
	// The file location where the token at L is written, passing through macro
	// arguments only.  False when the token comes from a macro body.
	bool written(SourceLocation L, SourceLocation &out) const
	{
		if (L.isInvalid())
			return false;
		while (L.isMacroID()) {
			if (!SM.isMacroArgExpansion(L))
				return false;
			L = SM.getImmediateSpellingLoc(L);
		}
		out = L;
		return true;
	}
	// The outermost-needed macro invocation written in a file whose expansion
	// produced the token at L (which is in a macro body).
	bool macroSite(SourceLocation L, SourceLocation &name, SourceLocation &rparen) const
	{
		while (L.isValid() && L.isMacroID()) {
			if (SM.isMacroArgExpansion(L)) {
				L = SM.getImmediateSpellingLoc(L);
				continue;
			}
			CharSourceRange r = SM.getImmediateExpansionRange(L);
			SourceLocation n = r.getBegin(), w;
			if (written(n, w)) {
				name = w;
				SourceLocation e;
				if (!written(r.getEnd(), rparen))
					rparen = w;
				(void)e;
				return true;
			}
			L = n;
		}
		return false;
	}
	WPos wpos(SourceLocation fileLoc) const
	{
		WPos p;
		if (fileLoc.isInvalid() || !fileLoc.isFileID())
			return p;
		std::pair<FileID, unsigned> d = SM.getDecomposedLoc(fileLoc);
		p.fid = d.first;
		p.off = d.second;
		return p;
	}
	WPos afterToken(SourceLocation fileLoc) const
	{
		WPos p = wpos(fileLoc);
		if (p.valid())
			p.off += Lexer::MeasureTokenLength(fileLoc, SM, LO);
		return p;
	}
	// Anchor of a token: where it is written, else the macro invocation name.
	WPos anchor(SourceLocation L) const
	{
		SourceLocation w, r;
		if (written(L, w))
			return wpos(w);
		if (macroSite(L, w, r))
			return wpos(w);
		return WPos();
	}
	WPos anchorEnd(SourceLocation L) const // one past the token at L (or past the macro invocation)
	{
		SourceLocation w, r;
		if (written(L, w))
			return afterToken(w);
		if (macroSite(L, w, r))
			return afterToken(r);
		return WPos();
	}
	// Written range of a source range, e exclusive: both ends written in the
	// same file (through macro arguments), else what Clang maps to the file
	// (a whole macro invocation), else the anchors of both ends.
	// File location of a range end: through macro arguments to where they are
	// written, through macro bodies to the invocation (its name for the
	// beginning, its ')' for the end).
	SourceLocation fileEnd(SourceLocation L, bool begin) const
	{
		while (L.isValid() && L.isMacroID()) {
			if (SM.isMacroArgExpansion(L))
				L = SM.getImmediateSpellingLoc(L);
			else {
				CharSourceRange r = SM.getImmediateExpansionRange(L);
				L = begin ? r.getBegin() : r.getEnd();
			}
		}
		return L;
	}
	bool writtenRange(SourceRange R, WPos &b, WPos &e) const
	{
		if (R.isInvalid())
			return false;
		SourceLocation wb = fileEnd(R.getBegin(), true), we = fileEnd(R.getEnd(), false);
		if (wb.isInvalid() || we.isInvalid())
			return false;
		b = wpos(wb);
		e = afterToken(we);
		return b.valid() && e.valid() && b.fid == e.fid && b.off <= e.off;
	}
	bool clangRange(SourceRange R, WPos &b, WPos &e) const
	{
		CharSourceRange cr = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, LO);
		if (!cr.isValid())
			return false;
		b = wpos(cr.getBegin());
		e = wpos(cr.getEnd());
		return b.valid() && e.valid() && b.fid == e.fid && b.off <= e.off;
	}
	bool range(SourceRange R, WPos &b, WPos &e) const
	{
		if (R.isInvalid())
			return false;
		if (writtenRange(R, b, e) || clangRange(R, b, e))
			return true;
		b = anchor(R.getBegin());
		e = anchorEnd(R.getEnd());
		return b.valid() && e.valid() && b.fid == e.fid && b.off <= e.off;
	}
	std::string text(WPos b, WPos e) const
	{
		bool inv = false;
		StringRef buf = SM.getBufferData(b.fid, &inv);
		if (inv || e.off > buf.size() || b.off > e.off)
			return "?";
		return fold(buf.substr(b.off, e.off - b.off).str());
	}
	// Text of an argument.  For a call that comes from a macro body (site =
	// the macro invocation), only a range strictly inside the invocation is
	// the argument as written; otherwise the text as spelled in the macro
	// definition.
	std::string exprText(const Expr *E, WPos *pb, WPos *pe, const WPos *siteB = nullptr,
			     const WPos *siteE = nullptr) const
	{
		WPos b, e;
		const Expr *I = siteB ? E->IgnoreParenImpCasts() : E;
		bool ok = writtenRange(I->getSourceRange(), b, e) || clangRange(I->getSourceRange(), b, e);
		// Inside the invocation, after its name: a range that starts at the
		// name comes from the macro body (`&iter` of bvec_init_iter_all(&iter)
		// in bio_for_each_segment_all(), whose `&` is in the body).
		if (ok && siteB && !(b.fid == siteB->fid && *siteB < b && e <= *siteE))
			ok = false;
		if (ok) {
			if (pb) {
				*pb = b;
				*pe = e;
			}
			return text(b, e);
		}
		if (!siteB && range(I->getSourceRange(), b, e))
			return text(b, e);
		// From a macro body: the text as spelled in the macro definition.
		SourceLocation sb = SM.getSpellingLoc(I->getBeginLoc()), se = SM.getSpellingLoc(I->getEndLoc());
		if (SM.getFileID(sb) == SM.getFileID(se) && !SM.isBeforeInTranslationUnit(se, sb)) {
			WPos b2 = wpos(sb), e2 = afterToken(se);
			if (b2.valid() && e2.valid())
				return text(b2, e2);
		}
		std::string s;
		llvm::raw_string_ostream os(s);
		I->printPretty(os, nullptr, PrintingPolicy(LO));
		return fold(os.str());
	}

	// ---------- files ----------
	bool isOwner(FileID fid)
	{
		auto it = owner.find(fid);
		if (it != owner.end())
			return it->second && !files[fid].skip;
		bool ok = false;
		const FileEntry *fe = SM.getFileEntryForID(fid);
		if (fid == SM.getMainFileID()) {
			ok = true;
		} else if (fe && O.headers) {
			std::string rel;
			if (relPath(SM.getFilename(SM.getLocForStartOfFile(fid)).str(), rel) && !rel.empty() &&
			    rel[0] != '/' && !startsWith(rel, "../") && rel.find("include/") == std::string::npos &&
			    rel.size() > 2 && rel.compare(rel.size() - 2, 2, ".h") == 0)
				ok = true;
		}
		owner[fid] = ok;
		if (!ok)
			return false;
		openFile(fid);
		return !files[fid].skip;
	}
	bool ownerPos(WPos p) { return p.valid() && isOwner(p.fid); }

	std::string absPath(const std::string &p) const
	{
		llvm::SmallString<256> s(p);
		CI.getFileManager().getVirtualFileSystem().makeAbsolute(s);
		llvm::sys::path::remove_dots(s, true);
		return std::string(s.str());
	}
	bool relPath(const std::string &p, std::string &rel) const
	{
		std::string a = absPath(p);
		if (!rootAbs.empty() && startsWith(a, (rootAbs + "/").c_str())) {
			rel = a.substr(rootAbs.size() + 1);
			return true;
		}
		rel = a;
		return false;
	}
	void openFile(FileID fid)
	{
		OutFile &f = files[fid];
		std::string name = SM.getFilename(SM.getLocForStartOfFile(fid)).str();
		if (!relPath(name, f.rel)) {
			// outside the root: keep the absolute path below DIR
			while (!f.rel.empty() && f.rel[0] == '/')
				f.rel.erase(0, 1);
		}
		f.path = O.out + "/" + f.rel + ".facts";
		if (fid != SM.getMainFileID()) {
			// A tree header is shared by many translation units: rewrite its
			// facts only when they are older than the header.
			struct stat hs, fs_;
			if (stat(absPath(name).c_str(), &hs) == 0 && stat(f.path.c_str(), &fs_) == 0 &&
			    fs_.st_mtime >= hs.st_mtime)
				f.skip = true;
		}
	}
	void emit(WPos at, const Rec &rec)
	{
		files[at.fid].recs.push_back(std::make_pair(at.off, rec));
	}
	std::string pos(WPos p) const
	{
		unsigned line = SM.getLineNumber(p.fid, p.off), col = SM.getColumnNumber(p.fid, p.off);
		return std::to_string(line) + ":" + std::to_string(col);
	}
	std::string fnAt(WPos p) const
	{
		auto it = fnspans.find(p.fid);
		if (it == fnspans.end())
			return "-";
		for (const FnSpan &f : it->second)
			if (f.b <= p && p < f.e)
				return f.name;
		return "-";
	}

	void finish(ASTContext &Ctx);
	void write(bool partial, const std::vector<std::pair<std::string, std::string>> &skipped);
};

// An object-like macro defined in a file written out: a `defval` record with
// its replacement text as written (folded), as the Coccinelle front end writes
// it; the core reads flag and size macros from them (XFS_ILOCK_SHARED).
void PPHooks::MacroDefined(const Token &Name, const MacroDirective *MD)
{
	const MacroInfo *MI = MD ? MD->getMacroInfo() : nullptr;
	const IdentifierInfo *II = Name.getIdentifierInfo();
	if (!MI || !II || MI->isFunctionLike() || MI->getNumTokens() == 0 || !Name.getLocation().isFileID())
		return;
	WPos p = S.wpos(Name.getLocation());
	if (!S.ownerPos(p))
		return;
	SourceLocation b = MI->getReplacementToken(0).getLocation(), e = MI->getDefinitionEndLoc();
	if (!b.isFileID() || !e.isFileID())
		return;
	std::string text = fold(Lexer::getSourceText(CharSourceRange::getTokenRange(b, e), S.SM, S.LO).str());
	if (text.empty())
		return;
	S.emit(p, Rec(FACT_DEFVAL).add(II->getName().str()).add(S.pos(p)).add(text));
}

void PPHooks::MacroExpands(const Token &Name, const MacroDefinition &MD, SourceRange Range, const MacroArgs *Args)
{
	const IdentifierInfo *II = Name.getIdentifierInfo();
	const MacroInfo *MI = MD.getMacroInfo();
	if (!II || !MI)
		return;
	std::string name = II->getName().str();
	SourceLocation w;
	if (isGfpName(name)) {
		// A GFP token: record it where it is written (also through macro
		// arguments), not in #define bodies (as the Coccinelle front end).
		SourceLocation sp;
		if (!S.written(Name.getLocation(), sp))
			return;
		WPos p = S.wpos(sp);
		if (!S.ownerPos(p) || S.gfps.count(p))
			return;
		MacroInv g;
		g.name = name;
		g.pos = p;
		g.end = p;
		g.end.off += name.size();
		S.gfps[p] = g;
		return;
	}
	if (!MI->isFunctionLike() || !Args)
		return;
	if (!S.written(Name.getLocation(), w)) {
		// An object-like macro written in the file that names a function-like
		// one (`le32_to_cpu(x)` with `#define le32_to_cpu __le32_to_cpu`): the
		// call as written is under the written name.
		SourceLocation L = Name.getLocation();
		if (!L.isMacroID() || S.SM.isMacroArgExpansion(L))
			return;
		CharSourceRange r = S.SM.getImmediateExpansionRange(L);
		SourceLocation re2;
		if (!S.written(r.getBegin(), w) || !S.written(Range.getEnd(), re2))
			return;
		bool inv2 = false;
		const char *c = S.SM.getCharacterData(w, &inv2);
		if (inv2)
			return;
		name = std::string(c, Lexer::MeasureTokenLength(w, S.SM, S.LO));
	}
	WPos p = S.wpos(w);
	if (!S.ownerPos(p) || S.invs.count(p))
		return;
	MacroInv inv;
	inv.name = name;
	inv.pos = p;
	inv.functionLike = true;
	SourceLocation re;
	inv.end = S.written(Range.getEnd(), re) ? S.afterToken(re) : p;
	// Arguments as written, split at top-level commas (a variadic argument
	// holds several).
	unsigned n = Args->getNumMacroArguments();
	for (unsigned i = 0; i < n; i++) {
		const Token *t = Args->getUnexpArgument(i);
		unsigned len = MacroArgs::getArgLength(t);
		int depth = 0;
		unsigned start = 0;
		for (unsigned j = 0; j <= len; j++) {
			bool cut = j == len;
			if (!cut) {
				tok::TokenKind k = t[j].getKind();
				if (k == tok::l_paren || k == tok::l_square || k == tok::l_brace)
					depth++;
				else if (k == tok::r_paren || k == tok::r_square || k == tok::r_brace)
					depth--;
				else if (k == tok::comma && depth == 0 && MI->isVariadic() && i + 1 == n)
					cut = true;
			}
			if (!cut)
				continue;
			ArgInfo a;
			SourceLocation tb, te;
			if (j > start && S.written(t[start].getLocation(), tb) && S.written(t[j - 1].getLocation(), te)) {
				a.b = S.wpos(tb);
				a.e = S.afterToken(te);
				if (a.b.fid == a.e.fid && a.b.off <= a.e.off)
					a.text = S.text(a.b, a.e);
				else
					a.b = a.e = WPos();
			}
			if (a.text.empty() && j > start) {
				std::string s;
				for (unsigned k2 = start; k2 < j; k2++)
					s += (k2 > start ? " " : "") + S.CI.getPreprocessor().getSpelling(t[k2]);
				a.text = fold(s);
			}
			inv.args.push_back(a);
			start = j + 1;
		}
	}
	if (inv.args.size() == 1 && inv.args[0].text.empty())
		inv.args.clear(); // foo()
	else if (MI->isVariadic() && !inv.args.empty() && inv.args.back().text.empty() && !inv.args.back().b.valid())
		inv.args.pop_back(); // no variadic argument given
	if (startsWith(name, "EXPORT_SYMBOL") && !inv.args.empty()) {
		if (!S.exports.count(inv.args[0].text))
			S.exports[inv.args[0].text] = p;
		return;
	}
	S.invs[p] = inv;
}

// ---------------------------------------------------------------- AST walk
std::string lhsVar(const std::string &t);

class Visitor : public RecursiveASTVisitor<Visitor> {
public:
	Visitor(State &s, ASTContext &c) : S(s), Ctx(c) {}
	State &S;
	ASTContext &Ctx;
	const FunctionDecl *cur = nullptr;
	std::string curName;
	std::map<const DeclRefExpr *, std::string> how;
	std::set<const DeclRefExpr *> callees;
	std::set<std::pair<WPos, std::string>> seen;
	std::vector<std::pair<std::string, std::string>> skipped; // (what, why)

	bool shouldVisitTemplateInstantiations() const { return false; }

	bool TraverseDecl(Decl *D)
	{
		if (!D)
			return true;
		if (isa<TranslationUnitDecl>(D))
			return RecursiveASTVisitor::TraverseDecl(D);
		if (!cur) {
			// File scope: only declarations written in an owner file.
			SourceLocation L = D->getLocation();
			WPos p = S.anchor(L);
			if (!S.ownerPos(p))
				return true;
		}
		return RecursiveASTVisitor::TraverseDecl(D);
	}

	bool TraverseFunctionDecl(FunctionDecl *D)
	{
		if (cur) // a block-scope function declaration
			return true;
		if (D->isImplicit())
			return true;
		SourceLocation nl;
		bool nameWritten = S.written(D->getLocation(), nl);
		WPos np = S.wpos(nl);
		if (!D->doesThisDeclarationHaveABody()) {
			SourceLocation bl;
			if (nameWritten && S.written(D->getBeginLoc(), bl) && S.ownerPos(np) && !D->isImplicit())
				S.emit(np, Rec(FACT_PROTO).add(D->getNameAsString()).add(S.pos(np)));
			else if (!nameWritten && S.written(D->getBeginLoc(), bl) == false) {
				// e.g. extern typeof(sym) sym from EXPORT_SYMBOL: not a prototype as written
			}
			return true;
		}
		const CompoundStmt *body = dyn_cast_or_null<CompoundStmt>(D->getBody());
		SourceLocation lb, rb;
		if (!body || !nameWritten || !S.written(body->getLBracLoc(), lb) || !S.written(body->getRBracLoc(), rb)) {
			S.generated++;
			return true;
		}
		if (!S.ownerPos(np) || S.wpos(lb).fid != np.fid)
			return true;
		std::string name = D->getNameAsString();
		if (D->isInvalidDecl())
			skipped.push_back(std::make_pair(name, std::string("invalid declaration (compile error)")));
		FnSpan sp;
		sp.b = S.anchor(D->getBeginLoc());
		if (!sp.b.valid() || sp.b.fid != np.fid || np < sp.b)
			sp.b = np;
		sp.e = S.afterToken(rb);
		sp.name = name;
		S.fnspans[np.fid].push_back(sp);
		PrintingPolicy PP(S.LO);
		S.emit(np, Rec(FACT_FN)
				   .add(name)
				   .add(D->isExternallyVisible() ? "extern" : "static")
				   .add(S.pos(np))
				   .add(S.pos(sp.e))
				   .add(D->getReturnType().getAsString(PP)));
		for (unsigned i = 0; i < D->getNumParams(); i++) {
			const ParmVarDecl *P = D->getParamDecl(i);
			std::string pn = P->getNameAsString();
			S.emit(np, Rec(FACT_PARAM)
					   .add(name)
					   .num(i)
					   .add(pn.empty() ? "-" : pn)
					   .add(P->getOriginalType().getAsString(PP)));
		}
		cur = D;
		curName = name;
		bool r = RecursiveASTVisitor::TraverseFunctionDecl(D);
		emitCfg(D, sp.e);
		cur = nullptr;
		curName.clear();
		return r;
	}

	// The function's control-flow graph as Clang builds it: one `cfg` record
	// and one `bb` record per block (successors, the calls in evaluation
	// order, the `if` whose condition ends the block).  The core computes the
	// lock and scope state on it instead of on the structure records.
	void emitCfg(FunctionDecl *D, WPos at)
	{
		CFG::BuildOptions BO;
		BO.PruneTriviallyFalseEdges = true; // if (0), do { } while (0), IS_ENABLED()
		std::unique_ptr<CFG> G = CFG::buildCFG(D, D->getBody(), &Ctx, BO);
		if (!G) {
			S.emit(at, Rec::comment("clang: no CFG for " + curName));
			return;
		}
		S.emit(at, Rec(FACT_CFG)
				   .add(curName)
				   .num(G->getNumBlockIDs())
				   .num(G->getEntry().getBlockID())
				   .num(G->getExit().getBlockID()));
		for (const CFGBlock *B : *G) {
			std::string succ, ev, ifpos = "-";
			// Clang links a block that ends in a noreturn call (BUG(),
			// panic(), a failed compiletime_assert()) to the exit block;
			// that path does not return: no successors.
			bool noreturn = B->hasNoReturnElement();
			for (CFGBlock::const_succ_iterator I = B->succ_begin(); !noreturn && I != B->succ_end(); ++I) {
				const CFGBlock *T = *I; // null: an edge pruned as never taken
				succ += (succ.empty() ? "" : ",") + (T ? std::to_string(T->getBlockID()) : std::string("x"));
			}
			for (const CFGElement &E : *B) {
				auto CS = E.getAs<CFGStmt>();
				if (!CS)
					continue;
				const CallExpr *CE = dyn_cast<CallExpr>(CS->getStmt());
				CallRec r;
				const DeclRefExpr *dre = nullptr;
				if (!CE || !callKey(CE, r, &dre))
					continue;
				ev += (ev.empty() ? "" : ",") + S.pos(r.pos) + ":" + r.callee;
			}
			if (const IfStmt *I = dyn_cast_or_null<IfStmt>(B->getTerminatorStmt())) {
				SourceLocation w;
				if (S.written(I->getIfLoc(), w) && S.ownerPos(S.wpos(w)))
					ifpos = S.pos(S.wpos(w));
			}
			S.emit(at, Rec(FACT_BB)
					   .add(curName)
					   .num(B->getBlockID())
					   .add(succ.empty() ? "-" : succ)
					   .add(ev.empty() ? "-" : ev)
					   .add(ifpos));
		}
	}

	std::string fieldName(const FieldDecl *F)
	{
		const RecordDecl *RD = F->getParent();
		std::string rn = RD->getName().str();
		if (rn.empty())
			if (const TypedefNameDecl *T = RD->getTypedefNameForAnonDecl())
				rn = T->getName().str();
		return rn + "." + F->getName().str();
	}

	static const DeclRefExpr *fnRef(const Expr *E)
	{
		if (!E)
			return nullptr;
		E = E->IgnoreParenCasts();
		if (const UnaryOperator *U = dyn_cast<UnaryOperator>(E))
			if (U->getOpcode() == UO_AddrOf)
				E = U->getSubExpr()->IgnoreParenCasts();
		const DeclRefExpr *D = dyn_cast<DeclRefExpr>(E);
		return D && isa<FunctionDecl>(D->getDecl()) ? D : nullptr;
	}
	void mark(const Expr *E, const std::string &h)
	{
		if (const DeclRefExpr *D = fnRef(E))
			if (!how.count(D))
				how[D] = h;
	}
	void markInit(const InitListExpr *ILE)
	{
		if (!ILE)
			return;
		if (!ILE->isSemanticForm() && ILE->getSemanticForm())
			ILE = ILE->getSemanticForm();
		const RecordType *RT = ILE->getType()->getAs<RecordType>();
		if (RT) {
			const RecordDecl *RD = RT->getDecl();
			if (RD->isUnion()) {
				if (const FieldDecl *F = ILE->getInitializedFieldInUnion())
					if (ILE->getNumInits() > 0)
						initOne(ILE->getInit(0), fieldName(F));
				return;
			}
			unsigned i = 0;
			for (const FieldDecl *F : RD->fields()) {
				if (F->isBitField() && F->getName().empty())
					continue;
				if (i >= ILE->getNumInits())
					break;
				initOne(ILE->getInit(i++), fieldName(F));
			}
		} else {
			for (unsigned i = 0; i < ILE->getNumInits(); i++)
				initOne(ILE->getInit(i), "");
		}
	}
	void initOne(const Expr *E, const std::string &field)
	{
		if (!E)
			return;
		if (const InitListExpr *I = dyn_cast<InitListExpr>(E->IgnoreParenImpCasts())) {
			markInit(I);
			return;
		}
		mark(E, field.empty() ? "other" : "init:" + field);
		addValue(E, "", true);
	}

	void addValue(const Expr *E, const std::string &var, bool eval)
	{
		if (!E)
			return;
		ValueSite v;
		if (!S.range(E->getSourceRange(), v.b, v.e) || !S.ownerPos(v.b))
			return;
		v.expr = E;
		v.var = var;
		v.evaluate = eval;
		S.values.push_back(v);
	}

	// `struct NAME { ... }` as written: a `struct` record with the member
	// declarations, the text between two `;` at the body's own level without
	// comments and directive lines, as the Coccinelle and sparse front ends
	// write them (the core sizes requests and tells per-superblock from
	// per-object structs by them).
	bool VisitRecordDecl(RecordDecl *R)
	{
		if (!R->isStruct() || !R->isThisDeclarationADefinition() || !R->getIdentifier())
			return true;
		SourceLocation nl, lb, rb;
		SourceRange br = R->getBraceRange();
		if (!S.written(R->getLocation(), nl) || br.isInvalid() || !S.written(br.getBegin(), lb) ||
		    !S.written(br.getEnd(), rb))
			return true;
		WPos np = S.wpos(nl), b = S.wpos(lb), e = S.wpos(rb);
		if (!S.ownerPos(np) || b.fid != np.fid || e.fid != np.fid || e.off <= b.off)
			return true;
		bool inv = false;
		StringRef buf = S.SM.getBufferData(np.fid, &inv);
		if (inv || e.off > buf.size())
			return true;
		std::string body;
		bool bol = true;
		for (char c : buf.substr(b.off + 1, e.off - b.off - 1).str()) { // directive lines out
			if (bol && c == '#')
				body += '\x01';
			bol = c == '\n' || ((bol && (c == ' ' || c == '\t')));
			body += c;
		}
		std::string t;
		for (size_t i = 0; i < body.size(); i++) {
			if (body[i] != '\x01') {
				t += body[i];
				continue;
			}
			while (i < body.size() && body[i] != '\n')
				i += body[i] == '\\' && i + 1 < body.size() ? 2 : 1;
		}
		t = noComments(t);
		std::vector<std::string> members;
		int d = 0;
		size_t st = 0;
		for (size_t i = 0; i < t.size(); i++) {
			char c = t[i];
			if (c == '(' || c == '[' || c == '{')
				d++;
			else if (c == ')' || c == ']' || c == '}')
				d--;
			else if (c == ';' && d == 0) {
				std::string m = fold(t.substr(st, i - st));
				if (!m.empty())
					members.push_back(m);
				st = i + 1;
			}
		}
		if (members.size() > 250) // the core reads at most 300 fields a record
			return true;
		Rec r(FACT_STRUCT);
		r.add(R->getNameAsString()).add(S.pos(np)).num(members.size());
		for (const std::string &m : members)
			r.add(m);
		S.emit(np, r);
		return true;
	}

	bool VisitInitListExpr(InitListExpr *E)
	{
		markInit(E);
		return true;
	}

	bool VisitVarDecl(VarDecl *V)
	{
		if (startsWith(V->getNameAsString(), "__ksymtab_")) {
			WPos p = S.anchor(V->getLocation());
			std::string n = V->getNameAsString().substr(10);
			if (S.ownerPos(p) && !S.exports.count(n))
				S.exports[n] = p;
		}
		SourceLocation bw, nw;
		if (isa<ParmVarDecl>(V) || !S.written(V->getBeginLoc(), bw))
			return true; // a declaration from a macro body (DEFINE_WAIT) is not written
		if (cur && V->isLocalVarDecl() && S.written(V->getLocation(), nw)) {
			WPos np = S.wpos(nw);
			if (S.ownerPos(np))
				S.emit(np, Rec(FACT_LOCAL)
						   .add(curName)
						   .add(S.pos(np))
						   .add(V->getNameAsString())
						   .add(V->getType().getAsString(PrintingPolicy(S.LO))));
		}
		if (!V->hasInit())
			return true;
		const Expr *I = V->getInit();
		mark(I, "assign:=" + V->getNameAsString());
		addValue(I, V->getNameAsString(), true);
		const BinaryOperator *inner = dyn_cast<BinaryOperator>(I->IgnoreParenCasts());
		if (cur && !(inner && inner->isAssignmentOp()) && !operatorRhs(I)) {
			WPos b, e;
			if (S.range(I->IgnoreParenCasts()->getSourceRange(), b, e))
				S.assigns.push_back({{b, e}, {curName, V->getNameAsString()}});
		}
		return true;
	}

	// `x = f() || g()`, `x = f() + 1`, `x = !f()`: no call is the value of x (an
	// operator written in the file, not one from a macro body such as min()).
	bool operatorRhs(const Expr *E)
	{
		E = E->IgnoreParenCasts();
		SourceLocation w;
		if (const BinaryOperator *B = dyn_cast<BinaryOperator>(E))
			return !B->isAssignmentOp() && S.written(B->getOperatorLoc(), w);
		if (const ConditionalOperator *C = dyn_cast<ConditionalOperator>(E))
			return S.written(C->getQuestionLoc(), w);
		if (const UnaryOperator *U = dyn_cast<UnaryOperator>(E))
			return S.written(U->getOperatorLoc(), w);
		return false;
	}

	bool VisitBinaryOperator(BinaryOperator *B)
	{
		SourceLocation opw;
		if (!B->isAssignmentOp() || !S.written(B->getOperatorLoc(), opw))
			return true; // an assignment from a macro body is not written
		WPos lb, le;
		std::string lhs = S.range(B->getLHS()->getSourceRange(), lb, le) ? lhsVar(S.text(lb, le)) : "?";
		if (B->getOpcode() == BO_Assign) {
			// where the value is stored: a member (assign:struct_type.member,
			// .member for an anonymous struct), a variable (assign:=NAME)
			std::string how = "assign";
			const Expr *L = B->getLHS()->IgnoreParenImpCasts();
			if (const MemberExpr *M = dyn_cast<MemberExpr>(L)) {
				if (const FieldDecl *F = dyn_cast<FieldDecl>(M->getMemberDecl()))
					how = "assign:" + fieldName(F);
			} else if (const DeclRefExpr *D = dyn_cast<DeclRefExpr>(L)) {
				if (isa<VarDecl>(D->getDecl()))
					how = "assign:=" + D->getDecl()->getNameAsString();
			}
			mark(B->getRHS(), how);
			WPos b, e;
			// `a = b = f()`: the call is assigned to b, the innermost
			// left side (as the Coccinelle front end names it).
			const BinaryOperator *inner = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenCasts());
			if (cur && !(inner && inner->isAssignmentOp()) && !operatorRhs(B->getRHS()) &&
			    S.range(B->getRHS()->IgnoreParenCasts()->getSourceRange(), b, e))
				S.assigns.push_back({{b, e}, {curName, lhs}});
		}
		// a compound assignment (gfp |= __GFP_NOFAIL) is not the variable's value
		addValue(B->getRHS(), B->getOpcode() == BO_Assign ? lhs : "", B->getOpcode() == BO_Assign);
		return true;
	}

	bool VisitUnaryOperator(UnaryOperator *U)
	{
		if (U->getOpcode() == UO_AddrOf)
			mark(U->getSubExpr(), "addr");
		return true;
	}

	bool VisitReturnStmt(ReturnStmt *R)
	{
		if (R->getRetValue())
			addValue(R->getRetValue(), "", true);
		keyword(R->getReturnLoc(), Rec(FACT_RETURN));
		return true;
	}

	bool VisitDeclRefExpr(DeclRefExpr *D)
	{
		const FunctionDecl *F = dyn_cast<FunctionDecl>(D->getDecl());
		if (!F || callees.count(D))
			return true;
		SourceLocation w;
		if (!S.written(D->getLocation(), w))
			return true;
		WPos p = S.wpos(w);
		if (!S.ownerPos(p))
			return true;
		std::string n = F->getNameAsString();
		if (!seen.insert({p, "ref"}).second)
			return true;
		auto it = how.find(D);
		S.emit(p, Rec(FACT_REF)
				  .add(cur ? curName : std::string("-"))
				  .add(S.pos(p))
				  .add(n)
				  .add(it == how.end() ? std::string("other") : it->second));
		return true;
	}

	// The callee and the written position of a call, as its `call` record
	// names them; false for calls that get no record.  *dre is the callee's
	// reference when it names a function (also for builtins).
	bool callKey(const CallExpr *CE, CallRec &r, const DeclRefExpr **dre)
	{
		const Expr *callee = CE->getCallee()->IgnoreParenImpCasts();
		if (const UnaryOperator *U = dyn_cast<UnaryOperator>(callee))
			if (U->getOpcode() == UO_Deref)
				callee = U->getSubExpr()->IgnoreParenImpCasts();
		SourceLocation nameLoc;
		if (const DeclRefExpr *D = dyn_cast<DeclRefExpr>(callee)) {
			const FunctionDecl *F = dyn_cast<FunctionDecl>(D->getDecl());
			const VarDecl *V = dyn_cast<VarDecl>(D->getDecl());
			if (!F && V && (isa<ParmVarDecl>(V) || V->isLocalVarDecl())) {
				// through a parameter or local function pointer: fp(...), (*fp)(...)
				r.icall = true;
				r.callee = "=" + V->getNameAsString();
			} else {
				if (!F)
					return false; // call through a global function pointer variable
				*dre = D;
				// Builtins that no declaration names (__builtin_expect,
				// __sync_*) are not calls as written; library functions that
				// Clang also knows as builtins (memcpy, strlen, snprintf) are
				// declared in the tree's headers and are calls like any other.
				if (F->getBuiltinID() && F->isImplicit())
					return false;
				if (startsWith(F->getNameAsString(), "__builtin_"))
					return false;
				r.callee = F->getNameAsString();
			}
			nameLoc = D->getLocation();
		} else if (const MemberExpr *M = dyn_cast<MemberExpr>(callee)) {
			r.icall = true;
			const FieldDecl *F = dyn_cast<FieldDecl>(M->getMemberDecl());
			r.callee = F ? fieldName(F) : "." + M->getMemberDecl()->getNameAsString();
			r.recvExpr = M->getBase();
			nameLoc = M->getMemberLoc();
		} else {
			return false;
		}
		if (!cur)
			return false;
		r.fn = curName;
		SourceLocation w, site, rp;
		if (S.written(nameLoc, w)) {
			r.kind = 1;
			r.pos = S.wpos(w);
			r.end = S.anchorEnd(CE->getRParenLoc());
		} else if (S.macroSite(nameLoc, site, rp)) {
			r.kind = 2;
			r.pos = S.wpos(site);
			r.end = S.afterToken(rp);
		} else {
			return false;
		}
		return S.ownerPos(r.pos);
	}

	bool VisitCallExpr(CallExpr *CE)
	{
		for (const Expr *A : CE->arguments())
			mark(A, "arg");
		CallRec r;
		const DeclRefExpr *D = nullptr;
		bool ok = callKey(CE, r, &D);
		if (D)
			callees.insert(D);
		if (!ok)
			return true;
		if (r.recvExpr) {
			WPos b, e;
			r.recv = r.kind == 2 ? S.exprText(r.recvExpr, &b, &e, &r.pos, &r.end) : S.exprText(r.recvExpr, &b, &e);
			if (r.recv.empty())
				r.recv = "-";
		}
		for (const Expr *A : CE->arguments()) {
			ArgInfo a;
			a.expr = A;
			if (r.kind == 2)
				a.text = S.exprText(A, &a.b, &a.e, &r.pos, &r.end);
			else
				a.text = S.exprText(A, &a.b, &a.e);
			// A macro written as one argument that expands to several
			// (xfs_trans_log_buf(tp, bp, XFS_DA_LOGRANGE(...))): the
			// arguments are those written, as the Coccinelle front end
			// counts them.
			if (r.kind == 1 && !r.args.empty() && a.b.valid() && r.args.back().b == a.b &&
			    r.args.back().e == a.e)
				continue;
			r.args.push_back(a);
			addValue(A, "", true);
		}
		S.calls.push_back(r);
		return true;
	}

	// Structure records.  A keyword written in the file is recorded; one that
	// comes from a macro body is not (the macro is recorded as a call), except
	// loops, which are iterator macros.
	// r: the record's kind and the fields after FN and POS.
	bool keyword(SourceLocation kw, const Rec &r)
	{
		if (!cur)
			return false;
		SourceLocation w;
		if (!S.written(kw, w)) {
			S.hidden++;
			return false;
		}
		WPos p = S.wpos(w);
		if (!S.ownerPos(p))
			return false;
		Rec full(r.kind);
		full.add(curName).add(S.pos(p));
		full.f.insert(full.f.end(), r.f.begin(), r.f.end());
		S.emit(p, full);
		return true;
	}
	// Span of a statement; a statement that is not a block gets its ';'.
	std::pair<std::string, std::string> span(const Stmt *St)
	{
		WPos b, e;
		if (!St || !S.range(St->getSourceRange(), b, e))
			return std::make_pair(std::string("-"), std::string("-"));
		if (!isa<CompoundStmt>(St)) {
			bool inv = false;
			StringRef buf = S.SM.getBufferData(e.fid, &inv);
			unsigned o = e.off;
			while (!inv && o < buf.size() && (buf[o] == ' ' || buf[o] == '\t' || buf[o] == '\n'))
				o++;
			if (!inv && o < buf.size() && buf[o] == ';')
				e.off = o + 1;
		}
		return std::make_pair(S.pos(b), S.pos(e));
	}

	bool VisitIfStmt(IfStmt *I)
	{
		if (!cur)
			return true;
		SourceLocation w;
		if (!S.written(I->getIfLoc(), w)) {
			S.hidden++;
			return true;
		}
		WPos p = S.wpos(w);
		if (!S.ownerPos(p))
			return true;
		WPos cb, ce;
		bool hasc = S.range(I->getCond()->getSourceRange(), cb, ce);
		std::string ctext = hasc ? noComments(S.text(cb, ce)) : "";
		Rec rec(FACT_IF);
		rec.add(curName).add(S.pos(p));
		rec.add(hasc ? std::make_pair(S.pos(cb), S.pos(ce)) : std::make_pair(std::string("-"), std::string("-")));
		rec.add(span(I->getThen()));
		rec.add(I->getElse() ? span(I->getElse()) : std::make_pair(std::string("-"), std::string("-")));
		// Condition: strip parens, likely/unlikely, !!, an assignment, one !.
		const Expr *C = I->getCond();
		bool neg = false;
		for (;;) {
			C = C->IgnoreParenImpCasts();
			if (const CallExpr *B = dyn_cast<CallExpr>(C)) {
				if (B->getBuiltinCallee() == Builtin::BI__builtin_expect && B->getNumArgs() == 2) {
					C = B->getArg(0);
					continue;
				}
				break;
			}
			if (const UnaryOperator *U = dyn_cast<UnaryOperator>(C)) {
				if (U->getOpcode() == UO_LNot) {
					const Expr *In = U->getSubExpr()->IgnoreParenImpCasts();
					const UnaryOperator *U2 = dyn_cast<UnaryOperator>(In);
					if (U2 && U2->getOpcode() == UO_LNot) {
						C = U2->getSubExpr();
						continue;
					}
					if (neg)
						break;
					neg = true;
					C = U->getSubExpr();
					continue;
				}
				break;
			}
			if (const BinaryOperator *B = dyn_cast<BinaryOperator>(C)) {
				if (B->getOpcode() == BO_Assign) {
					C = B->getRHS();
					continue;
				}
			}
			break;
		}
		CondSite cs;
		cs.neg = neg;
		cs.fid = p.fid;
		cs.line = S.files[p.fid].recs.size();
		cs.hasCtext = hasc;
		cs.ctext = ctext;
		// A macro written as the whole condition is a call as written
		// (`!S_ISDIR(m)`, `WARN_ON_ONCE(x)`, `!test_bit(n, p)`), whatever it
		// expands to, as the Coccinelle front end sees it.
		bool isCall = isa<CallExpr>(C);
		WPos mb, me;
		if (!isCall && S.range(C->getSourceRange(), mb, me)) {
			auto it = S.invs.find(mb);
			isCall = it != S.invs.end() && it->second.end == me && !it->second.iter;
		}
		if (isCall && S.range(C->getSourceRange(), cs.b, cs.e)) {
			S.emit(p, rec);
			S.conds.push_back(cs);
		} else {
			rec.add("-");
			if (hasc)
				rec.add(ctext);
			S.emit(p, rec);
		}
		return true;
	}

	bool loop(SourceLocation kw, const Stmt *body, const char *kind)
	{
		if (!cur)
			return true;
		SourceLocation w, site, rp;
		WPos p;
		if (S.written(kw, w)) {
			p = S.wpos(w);
		} else if (S.macroSite(kw, site, rp)) {
			// An iterator macro (list_for_each_entry(...) BODY) has its
			// body written after the invocation; a statement macro whose
			// expansion holds a loop (wait_event()) does not: it stays a
			// call, and its loop is a statement from a macro body.
			SourceLocation bw;
			if (!body || !S.written(body->getBeginLoc(), bw) || S.wpos(bw) < S.afterToken(rp)) {
				S.hidden++;
				return true;
			}
			p = S.wpos(site);
			kind = "iter";
			auto it = S.invs.find(p);
			if (it != S.invs.end())
				it->second.iter = true;
		} else {
			return true;
		}
		if (!S.ownerPos(p))
			return true;
		S.emit(p, Rec(FACT_LOOP).add(curName).add(S.pos(p)).add(span(body)).add(kind));
		return true;
	}
	// for (;;) and while (1) are left only by break, goto or return
	bool VisitForStmt(ForStmt *F) { return loop(F->getForLoc(), F->getBody(), F->getCond() ? "for" : "forever"); }
	bool VisitWhileStmt(WhileStmt *W)
	{
		const auto *L = dyn_cast<IntegerLiteral>(W->getCond()->IgnoreParenImpCasts());
		return loop(W->getWhileLoc(), W->getBody(), L && L->getValue() != 0 ? "forever" : "while");
	}
	bool VisitDoStmt(DoStmt *D)
	{
		SourceLocation w;
		if (!S.written(D->getDoLoc(), w)) { // do { } while (0) in a statement macro
			S.hidden++;
			return true;
		}
		return loop(D->getDoLoc(), D->getBody(), "do");
	}
	bool VisitSwitchStmt(SwitchStmt *Sw)
	{
		keyword(Sw->getSwitchLoc(), Rec(FACT_SWITCH).add(span(Sw->getBody())));
		return true;
	}
	bool VisitCaseStmt(CaseStmt *C)
	{
		keyword(C->getCaseLoc(), Rec(FACT_CASE));
		return true;
	}
	bool VisitDefaultStmt(DefaultStmt *D)
	{
		keyword(D->getDefaultLoc(), Rec(FACT_CASE));
		return true;
	}
	bool VisitGotoStmt(GotoStmt *G)
	{
		keyword(G->getGotoLoc(), Rec(FACT_GOTO).add(G->getLabel()->getName().str()));
		return true;
	}
	bool VisitLabelStmt(LabelStmt *L)
	{
		keyword(L->getIdentLoc(), Rec(FACT_LABEL).add(std::string(L->getName())));
		return true;
	}
	bool VisitBreakStmt(BreakStmt *B)
	{
		keyword(B->getBreakLoc(), Rec(FACT_BREAK));
		return true;
	}
	bool VisitContinueStmt(ContinueStmt *C)
	{
		keyword(C->getContinueLoc(), Rec(FACT_CONTINUE));
		return true;
	}
};

// The variable an assignment stores to, as the Coccinelle front end names it:
// for a left side of identifiers and '*' only (`*p`), the last identifier;
// otherwise the folded text (`a->b`, `x.y`, `p[i]`).
std::string lhsVar(const std::string &t)
{
	std::string last, cur;
	for (char c : t + " ") {
		if (isalnum((unsigned char)c) || c == '_') {
			cur += c;
			continue;
		}
		if (!cur.empty()) {
			if (isdigit((unsigned char)cur[0]))
				return t;
			last = cur;
			cur.clear();
		}
		if (c == '*' || c == ' ') {
			if (c == '*')
				last.clear();
			continue;
		}
		return t;
	}
	return last.empty() ? t : last;
}

// NARGS and the ARG fields of a call record.
Rec &addArgs(Rec &r, const std::vector<ArgInfo> &args)
{
	r.num(args.size());
	for (const ArgInfo &a : args)
		r.add(a.text.empty() ? std::string("-") : a.text);
	return r;
}

void State::finish(ASTContext &Ctx)
{
	// Macro invocations inside functions are calls as written.
	std::vector<CallRec> all;
	for (auto &kv : invs) {
		const MacroInv &m = kv.second;
		if (m.iter)
			continue;
		std::string fn = fnAt(m.pos);
		if (fn == "-")
			continue;
		CallRec r;
		r.kind = 0;
		r.pos = m.pos;
		r.end = m.end;
		r.fn = fn;
		r.callee = m.name;
		r.args = m.args;
		all.push_back(r);
	}
	std::set<std::pair<WPos, std::string>> dup;
	for (const CallRec &c : calls) {
		if (c.kind == 2 && !invs.count(c.pos))
			continue; // the macro is not a call as written (object-like, or at file scope)
		if (!dup.insert({c.pos, c.callee}).second)
			continue;
		all.push_back(c);
	}
	std::stable_sort(all.begin(), all.end(), [](const CallRec &a, const CallRec &b) {
		if (!(a.pos == b.pos))
			return a.pos < b.pos;
		return a.kind < b.kind;
	});
	for (const CallRec &c : all) {
		if (!c.end.valid() || c.end.fid != c.pos.fid)
			continue;
		Rec r(c.icall ? FACT_ICALL : FACT_CALL);
		r.add(c.fn).add(pos(c.pos)).add(pos(c.end)).add(c.callee);
		if (c.icall)
			r.add(c.recv);
		emit(c.pos, addArgs(r, c.args));
	}
	// Assignments: the call whose callee is inside the value and that ends where it ends.
	std::set<WPos> assigned;
	for (auto &a : assigns) {
		WPos b = a.first.first, e = a.first.second;
		for (const CallRec &c : all) {
			if (c.pos.fid == b.fid && b <= c.pos && c.end == e && c.fn == a.second.first) {
				if (assigned.insert(c.pos).second)
					emit(c.pos, Rec(FACT_ASSIGN).add(c.fn).add(pos(c.pos)).add(a.second.second));
				break;
			}
		}
	}
	// if conditions that are calls: the call as written (the macro if it is one).
	for (const CondSite &cs : conds) {
		std::string name;
		for (const CallRec &c : all)
			if (c.pos.fid == cs.b.fid && cs.b <= c.pos && c.end == cs.e) {
				name = c.callee;
				break;
			}
		Rec &rec = files[cs.fid].recs[cs.line].second;
		rec.add(name.empty() ? "-" : (cs.neg ? "not:" : "call:") + name);
		if (cs.hasCtext)
			rec.add(cs.ctext);
	}
	// gfp tokens, the calls and variables they are passed to, and their values.
	for (auto &kv : gfps) {
		const MacroInv &g = kv.second;
		std::string fn = fnAt(g.pos);
		emit(g.pos, Rec(FACT_GFP).add(fn).add(pos(g.pos)).add(pos(g.end)).add(g.name));
		std::set<std::pair<WPos, unsigned>> done;
		for (const CallRec &c : all) {
			for (unsigned i = 0; i < c.args.size(); i++) {
				const ArgInfo &a = c.args[i];
				if (a.b.valid() && a.b.fid == g.pos.fid && a.b <= g.pos && g.end <= a.e &&
				    done.insert({c.pos, i}).second)
					emit(g.pos, Rec(FACT_GFPARG).add(pos(g.pos)).add(pos(c.pos)).num(i));
			}
		}
		const ValueSite *inner = nullptr, *var = nullptr;
		for (const ValueSite &v : values) {
			if (v.b.fid != g.pos.fid || !(v.b <= g.pos && g.end <= v.e))
				continue;
			if (!inner || (inner->b <= v.b && v.e <= inner->e))
				inner = &v;
			if (!v.var.empty() && (!var || (var->b <= v.b && v.e <= var->e)))
				var = &v;
		}
		if (var)
			emit(g.pos, Rec(FACT_GFPVAR).add(pos(g.pos)).add(var->var));
		if (inner && inner->evaluate && !inner->expr->isValueDependent() && !inner->expr->containsErrors() &&
		    inner->expr->getType()->isIntegerType()) {
			Expr::EvalResult res;
			if (inner->expr->EvaluateAsInt(res, Ctx) && res.Val.isInt()) {
				llvm::APSInt v = res.Val.getInt();
				char buf[32];
				snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)v.getZExtValue());
				emit(g.pos, Rec(FACT_GFPVAL).add(pos(g.pos)).add(buf));
			}
		}
	}
	for (auto &kv : exports)
		if (ownerPos(kv.second))
			emit(kv.second, Rec(FACT_EXPORT).add(kv.first).add(pos(kv.second)));
}

void State::write(bool partial, const std::vector<std::pair<std::string, std::string>> &skipped)
{
	for (auto &kv : files) {
		OutFile &f = kv.second;
		if (f.skip)
			continue;
		bool isMain = kv.first == SM.getMainFileID();
		std::stable_sort(f.recs.begin(), f.recs.end(),
				 [](const std::pair<unsigned, Rec> &a, const std::pair<unsigned, Rec> &b) {
					 return a.first < b.first;
				 });
		struct facts_writer w;
		fw_init(&w, "clang-plugin " GFPCHECK_CLANG_VERSION " (clang " CLANG_VERSION_STRING ")");
		// the bytes Clang parsed: their hash, the suppress records, the text
		bool inv = false;
		StringRef buf = SM.getBufferData(kv.first, &inv);
		if (!inv)
			fw_source(&w, buf.data(), buf.size());
		if (partial) {
			fw_partial(&w);
			if (skipped.empty())
				Rec(FACT_SKIPPED).add("-").add("compile errors: facts after the first error may be missing").write(&w);
			for (const auto &s : skipped)
				Rec(FACT_SKIPPED).add(s.first).add(s.second).write(&w);
		}
		if (isMain && (generated || hidden))
			Rec::comment("clang: " + std::to_string(generated) + " macro-generated functions and " +
				     std::to_string(hidden) + " statements from macro bodies not recorded")
				.write(&w);
		for (auto &r : f.recs)
			r.second.write(&w);
		char err[1024] = "";
		if (fw_finish(&w)) {
			// a record the schema rejects: a bug of this front end
			llvm::errs() << "gfpcheck-clang: error: " << f.rel << ": " << w.err << " (facts for " << f.rel
				     << " not written)\n";
		} else if (fw_write_file(&w, f.path.c_str(), err, sizeof(err))) {
			llvm::errs() << "gfpcheck-clang: warning: " << err << " (facts for " << f.rel
				     << " lost; compilation continues)\n";
		} else if (O.verbose) {
			llvm::errs() << "gfpcheck-clang: wrote " << f.path << "\n";
		}
		fw_free(&w);
	}
}

class Consumer : public ASTConsumer {
public:
	Consumer(CompilerInstance &CI, const Options &o) : S(new State(CI, o))
	{
		std::string root = o.root;
		if (root.empty()) {
			auto cwd = CI.getFileManager().getVirtualFileSystem().getCurrentWorkingDirectory();
			root = cwd ? *cwd : ".";
		}
		S->rootAbs = S->absPath(root);
		while (S->rootAbs.size() > 1 && S->rootAbs.back() == '/')
			S->rootAbs.pop_back();
		CI.getPreprocessor().addPPCallbacks(std::unique_ptr<PPCallbacks>(new PPHooks(*S)));
	}
	void HandleTranslationUnit(ASTContext &Ctx) override
	{
		SourceManager &SM = S->SM;
		std::string mainName = SM.getFilename(SM.getLocForStartOfFile(SM.getMainFileID())).str();
		if (mainName.empty() || mainName == "-" || startsWith(mainName, "/dev/") || mainName == "<stdin>")
			return;
		S->isOwner(SM.getMainFileID());
		Visitor V(*S, Ctx);
		V.TraverseDecl(Ctx.getTranslationUnitDecl());
		S->finish(Ctx);
		bool partial = Ctx.getDiagnostics().hasErrorOccurred();
		S->write(partial, V.skipped);
	}

private:
	std::unique_ptr<State> S;
};

} // namespace

std::unique_ptr<ASTConsumer> makeConsumer(CompilerInstance &CI, const Options &o)
{
	return std::unique_ptr<ASTConsumer>(new Consumer(CI, o));
}

} // namespace gfpcheck
