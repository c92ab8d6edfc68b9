// facts_rec.h - one fact record as the Clang front end builds it: its kind and
// its field texts, in the order of the schema (checkers/facts/facts.def).  Records
// are collected out of order (an `if` gets its condition late) and written, in
// source order, through the C writer (checkers/facts/facts_write.h), which checks
// every field against the schema exactly as the loader does.
#ifndef GFPCHECK_CLANG_FACTS_REC_H
#define GFPCHECK_CLANG_FACTS_REC_H

#include <string>
#include <utility>
#include <vector>

#include "facts/facts_write.h"

namespace gfpcheck {

struct Rec {
	int kind; // enum fact_kind, or -1 for a comment line
	std::vector<std::string> f;

	explicit Rec(int k) : kind(k) {}
	static Rec comment(const std::string &text)
	{
		Rec r(-1);
		r.f.push_back(text);
		return r;
	}
	Rec &add(const std::string &s)
	{
		f.push_back(s);
		return *this;
	}
	Rec &add(const char *s) { return add(std::string(s)); }
	Rec &add(const std::pair<std::string, std::string> &span) // START and END of a span
	{
		f.push_back(span.first);
		f.push_back(span.second);
		return *this;
	}
	Rec &num(unsigned long long v) { return add(std::to_string(v)); }
	// 0, or -1 when the schema rejects the record (the writer keeps the message).
	int write(struct facts_writer *w) const
	{
		if (kind < 0) {
			fw_comment(w, f[0].c_str());
			return 0;
		}
		fw_begin(w, (enum fact_kind)kind);
		for (const std::string &s : f)
			fw_strn(w, s.data(), s.size());
		return fw_end(w);
	}
};

} // namespace gfpcheck

#endif
