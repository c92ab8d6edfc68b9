// extractor.h - the gfpcheck Clang front end: an AST consumer and preprocessor
// callbacks that write gfpfacts version 1 (docs/FACTS.md), one file per source
// file.  Shared by the plugin (plugin.cpp) and the standalone driver (driver.cpp).
#ifndef GFPCHECK_CLANG_EXTRACTOR_H
#define GFPCHECK_CLANG_EXTRACTOR_H

#include <memory>
#include <string>

namespace clang {
class ASTConsumer;
class CompilerInstance;
} // namespace clang

namespace gfpcheck {

struct Options {
	std::string out;     // facts directory (required)
	std::string root;    // paths are made relative to it (default: the cwd)
	bool headers = true; // also write facts for the tree's own headers (not */include/*)
	bool verbose = false;
};

// Parse one "-fplugin-arg-gfpcheck-KEY=VALUE" argument (KEY=VALUE).  Returns
// false and sets err on an unknown key.
bool parseOption(Options &o, const std::string &arg, std::string &err);

std::unique_ptr<clang::ASTConsumer> makeConsumer(clang::CompilerInstance &CI, const Options &o);

} // namespace gfpcheck

#endif
