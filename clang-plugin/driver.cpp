// driver.cpp - gfpcheck-clang: the gfpcheck Clang front end over a compilation
// database.
//   gfpcheck-clang -p BUILD_DIR|compile_commands.json [-o DIR] [--root ROOT]
//                  [--no-headers] [-v] [FILE|DIR...]
// With no FILE, every file of the database is analysed; a DIR selects the
// database's files below it.  Facts go to DIR/<path relative to ROOT>.facts
// (ROOT defaults to each command's directory, DIR to ./gfpcheck-facts).
// Exit status: 0 when every file compiled, 1 when some had errors (their facts
// are written with status partial), 2 on bad usage or an unreadable database.
#include "extractor.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace clang;
using namespace clang::tooling;

namespace {

class GfpToolAction : public ASTFrontendAction {
public:
	explicit GfpToolAction(const gfpcheck::Options &o) : O(o) {}

protected:
	std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, llvm::StringRef) override
	{
		return gfpcheck::makeConsumer(CI, O);
	}

private:
	gfpcheck::Options O;
};

class Factory : public FrontendActionFactory {
public:
	explicit Factory(const gfpcheck::Options &o) : O(o) {}
#if LLVM_VERSION_MAJOR >= 10
	std::unique_ptr<FrontendAction> create() override { return std::unique_ptr<FrontendAction>(new GfpToolAction(O)); }
#else
	FrontendAction *create() override { return new GfpToolAction(O); }
#endif
private:
	gfpcheck::Options O;
};

void usage()
{
	llvm::errs() << "usage: gfpcheck-clang -p BUILD_DIR|compile_commands.json [-o DIR] [--root ROOT]\n"
			"                      [--no-headers] [-v] [FILE|DIR...]\n";
}

std::string absolute(const std::string &p)
{
	llvm::SmallString<256> s(p);
	llvm::sys::fs::make_absolute(s);
	llvm::sys::path::remove_dots(s, true);
	return std::string(s.str());
}

} // namespace

int main(int argc, char **argv)
{
	gfpcheck::Options O;
	std::string db_path;
	std::vector<std::string> inputs;
	for (int i = 1; i < argc; i++) {
		std::string a = argv[i];
		auto val = [&](std::string &dst) {
			if (i + 1 >= argc) {
				usage();
				exit(2);
			}
			dst = argv[++i];
		};
		if (a == "-p")
			val(db_path);
		else if (a.compare(0, 2, "-p") == 0 && a.size() > 2)
			db_path = a.substr(2);
		else if (a == "-o")
			val(O.out);
		else if (a == "--root")
			val(O.root);
		else if (a == "--no-headers")
			O.headers = false;
		else if (a == "-v")
			O.verbose = true;
		else if (a == "-h" || a == "--help") {
			usage();
			return 0;
		} else if (!a.empty() && a[0] == '-') {
			usage();
			return 2;
		} else
			inputs.push_back(a);
	}
	if (db_path.empty()) {
		usage();
		return 2;
	}
	if (O.out.empty())
		O.out = "gfpcheck-facts";
	O.out = absolute(O.out);
	if (!O.root.empty())
		O.root = absolute(O.root);
	std::string err;
	std::unique_ptr<CompilationDatabase> db;
	if (llvm::sys::fs::is_directory(db_path))
		db = CompilationDatabase::autoDetectFromDirectory(db_path, err);
	else
		db = JSONCompilationDatabase::loadFromFile(db_path, err, JSONCommandLineSyntax::AutoDetect);
	if (!db) {
		llvm::errs() << "gfpcheck-clang: error: " << err << "\n";
		return 2;
	}
	std::vector<std::string> all = db->getAllFiles(), files;
	if (inputs.empty()) {
		files = all;
	} else {
		for (const std::string &in : inputs) {
			std::string a = absolute(in);
			if (llvm::sys::fs::is_directory(a)) {
				for (const std::string &f : all)
					if (f.compare(0, a.size() + 1, a + "/") == 0)
						files.push_back(f);
			} else {
				files.push_back(a);
			}
		}
	}
	if (files.empty()) {
		llvm::errs() << "gfpcheck-clang: error: no files to analyse\n";
		return 2;
	}
	ClangTool tool(*db, files);
	// Plugin flags of a build that used the plugin, and warnings as errors, are
	// not wanted here.
	tool.appendArgumentsAdjuster([](const CommandLineArguments &args, llvm::StringRef) {
		CommandLineArguments r;
		for (const std::string &a : args)
			if (a.compare(0, 8, "-fplugin") != 0 && a != "-Werror")
				r.push_back(a);
		return r;
	});
#ifdef GFPCHECK_RESOURCE_DIR
	tool.appendArgumentsAdjuster(
		getInsertArgumentAdjuster("-resource-dir=" GFPCHECK_RESOURCE_DIR, ArgumentInsertPosition::END));
#endif
	Factory f(O);
	int rc = tool.run(&f);
	return rc ? 1 : 0;
}
