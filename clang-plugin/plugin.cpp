// plugin.cpp - the gfpcheck Clang plugin.
//   clang -fplugin=bin/gfpcheck-clang.so -fplugin-arg-gfpcheck-out=DIR
//         [-fplugin-arg-gfpcheck-root=ROOT] [-fplugin-arg-gfpcheck-headers=0] ...
// runs after the normal compile action and writes DIR/<path>.facts.  It never
// makes the compilation fail: problems are one warning line on stderr.
#include "extractor.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace {

class GfpcheckAction : public PluginASTAction {
	gfpcheck::Options O;

protected:
	std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, llvm::StringRef) override
	{
		if (O.out.empty()) {
			llvm::errs() << "gfpcheck-clang: warning: no -fplugin-arg-gfpcheck-out=DIR given; no facts written\n";
			return std::unique_ptr<ASTConsumer>(new ASTConsumer());
		}
		return gfpcheck::makeConsumer(CI, O);
	}
	bool ParseArgs(const CompilerInstance &, const std::vector<std::string> &args) override
	{
		for (const std::string &a : args) {
			std::string err;
			if (!gfpcheck::parseOption(O, a, err))
				llvm::errs() << "gfpcheck-clang: warning: " << err << "\n";
		}
		return true; // never fail the build
	}
	ActionType getActionType() override { return AddAfterMainAction; }
};

} // namespace

static FrontendPluginRegistry::Add<GfpcheckAction> X("gfpcheck", "write gfpcheck facts (docs/FACTS.md)");
