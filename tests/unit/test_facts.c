/* Fact parser: a good file, record linking, and malformed input. */
#include <string.h>

#include "facts/program.h"
#include "unit.h"
#include "base/util.h"

static const char good[] =
	"gfpfacts\t1\n"
	"frontend\ttest\n"
	"status\tpartial\n"
	"skipped\tbroken_fn\tparse error\n"
	"call\tfoo\t9:7\t9:40\tkmalloc\t2\tn\tGFP_NOFS | __GFP_ZERO\n" /* before its fn record */
	"fn\tfoo\tstatic\t1:5\t26:2\n"
	"param\tfoo\t0\tn\tint\n"
	"param\tfoo\t1\tgfp\tgfp_t\n"
	"call\tfoo\t7:7\t7:27\tmemalloc_nofs_save\t0\n"
	"assign\tfoo\t7:7\tfl\n"
	"gfp\tfoo\t9:18\t9:26\tGFP_NOFS\n"
	"gfparg\t9:18\t9:7\t1\n"
	"gfp\tfoo\t12:10\t12:18\tGFP_KERNEL\n"
	"gfpvar\t12:10\tg\n"
	"if\tfoo\t8:2\t8:6\t8:11\t8:13\t12:3\t13:3\t13:19\tnot:mutex_trylock\n"
	"loop\tfoo\t14:2\t14:20\t16:3\titer\n"
	"label\tfoo\t22:1\tout\n"
	"goto\tfoo\t11:4\tout\n"
	"return\tfoo\t25:2\n"
	"ref\t-\t30:20\tfoo\tinit:address_space_operations.writepages\n"
	"export\tfoo\t31:1\n"
	"# a comment\n"
	"\n";

static int parse(const char *text, char *err)
{
	struct program p;
	memset(&p, 0, sizeof(p));
	int rc = facts_load_text(&p, "x.facts", text, "fs/x.c", err, 512);
	program_free(&p);
	return rc;
}

static void bad(const char *text, const char *want)
{
	char err[512] = "";
	CHECK(parse(text, err) == -1);
	CHECK(strstr(err, want) != NULL);
	if (!strstr(err, want))
		fprintf(stderr, "  got: %s\n  want: %s\n", err, want);
}

#define HDR "gfpfacts\t1\nfrontend\tt\nstatus\tok\n"

void test_facts(void)
{
	struct program p;
	memset(&p, 0, sizeof(p));
	char err[512] = "";
	int rc = facts_load_text(&p, "x.facts", good, "fs/x.c", err, sizeof(err));
	if (rc)
		fprintf(stderr, "%s\n", err);
	CHECK(rc == 0);
	CHECK(p.nfiles == 1 && p.files[0].partial == 1 && p.files[0].nskipped == 1);
	CHECK(p.nfuncs == 1 && p.funcs[0].is_static && p.funcs[0].nparams == 2);
	CHECK(p.ncalls == 2);
	/* calls are sorted by position: memalloc_nofs_save (7:7) first */
	CHECK(p.calls[0].callee == intern("memalloc_nofs_save") && p.calls[0].lhs == intern("fl"));
	CHECK(p.calls[1].fn == 0); /* linked to foo although it came before the fn record */
	CHECK(p.calls[1].nargs == 2 && p.calls[1].args[1] == intern("GFP_NOFS | __GFP_ZERO"));
	CHECK(p.ngfps == 2 && p.gfps[0].call == 1 && p.gfps[0].argidx == 1);
	CHECK(p.gfps[1].call == -1 && p.gfps[1].var == intern("g"));
	CHECK(p.nitems == 5);
	CHECK(p.items[0].kind == IT_IF && p.items[0].ck == CK_NOT && p.items[0].has_else);
	CHECK(p.nrefs == 1 && p.refs[0].fn == -1);
	CHECK(p.nexports == 1);
	program_free(&p);

	bad("", "truncated facts file");
	bad("gfpfacts\t2\nfrontend\tt\nstatus\tok\n", "facts version 2 is not supported");
	bad("hello\n", "x.facts:1: error: not a facts file");
	bad("gfpfacts\t1\nstatus\tok\n", "x.facts:2: error: expected 'frontend' line");
	bad("gfpfacts\t1\nfrontend\tt\nstatus\tmaybe\n", "x.facts:3: error: expected 'status");
	bad(HDR "frob\tfoo\n", "x.facts:4: error: unknown record 'frob'");
	bad(HDR "fn\tfoo\tstatic\t1:5\n", "'fn' record needs 5 fields, has 4");
	bad(HDR "fn\tfoo\tweak\t1:5\t2:1\n", "linkage must be static or extern");
	bad(HDR "call\tfoo\t1:x\t1:9\tbar\t0\n", "bad position '1:x'");
	bad(HDR "call\tfoo\t0:1\t1:9\tbar\t0\n", "bad position '0:1'");
	bad(HDR "call\tfoo\t1:1\t1:9\tbar\t2\ta\n", "says 2 arguments but has 1");
	bad(HDR "call\tfoo\t1:1\t1:9\tbar\t-1\n", "bad argument count '-1'");
	bad(HDR "if\tfoo\t1:1\t1:2\t1:3\t1:4\t1:5\t1:6\t-\tcall:x\n", "else span must have both ends");
	bad(HDR "if\tfoo\t1:1\t1:2\t1:3\t1:4\t1:5\t-\t-\tmaybe:x\n", "bad condition 'maybe:x'");
	bad(HDR "gfparg\t1:1\t1:1\tz\n", "bad argument index 'z'");
	bad(HDR "\n\nloop\tfoo\t1:1\t1:2\n", "x.facts:6: error: 'loop' record needs 6 fields");
	/* cfg and bb (Clang's CFG) */
#define FN "fn\tfoo\tstatic\t1:5\t9:1\n"
	bad(HDR "cfg\tnone\t2\t1\t0\n", "'cfg' record for 'none', which has no 'fn' record before it");
	bad(HDR FN "cfg\tfoo\t0\t0\t0\n", "bad block count '0'");
	bad(HDR FN "cfg\tfoo\t2\t2\t0\n", "bad entry block '2'");
	bad(HDR FN "cfg\tfoo\t2\t1\n", "'cfg' record needs 5 fields, has 4");
	bad(HDR FN "bb\tfoo\t0\t-\t-\t-\n", "'bb' record for 'foo' before its 'cfg' record");
	bad(HDR FN "cfg\tfoo\t2\t1\t0\nbb\tfoo\t2\t-\t-\t-\n", "bad block id '2'");
	bad(HDR FN "cfg\tfoo\t2\t1\t0\nbb\tfoo\t1\t0,5\t-\t-\n", "bad successor '5'");
	bad(HDR FN "cfg\tfoo\t2\t1\t0\nbb\tfoo\t1\t0\t3:4\t-\n", "bad call '3:4' in 'bb' record");
	bad(HDR FN "cfg\tfoo\t2\t1\t0\nbb\tfoo\t1\t0\t-\t7\n", "bad position '7' (expected LINE:COL)");
	bad(HDR FN "cfg\tfoo\t2\t1\t0\nbb\tfoo\t1\t0\t-\t-\nbb\tfoo\t1\t0\t-\t-\n",
	    "x.facts:7: error: block 1 of 'foo' given twice");
	{
		struct program q;
		memset(&q, 0, sizeof(q));
		CHECK(facts_load_text(&q, "x.facts",
				      HDR FN "call\tfoo\t2:2\t2:9\tbar\t0\n"
					     "cfg\tfoo\t3\t2\t0\n"
					     "bb\tfoo\t2\t1,x\t2:2:bar\t1:3\n"
					     "bb\tfoo\t1\t0\t-\t-\n",
				      "fs/x.c", err, sizeof(err)) == 0);
		CHECK(q.nfuncs == 1 && q.funcs[0].cfg_n == 3 && q.funcs[0].cfg_entry == 2 && q.funcs[0].cfg_exit == 0);
		CHECK(q.nbbs == 2 && q.funcs[0].bbs[0] == -1 && q.funcs[0].bbs[2] == 0 && q.funcs[0].bbs[1] == 1);
		CHECK(q.bbs[0].nsucc == 2 && q.bbs[0].succ[0] == 1 && q.bbs[0].succ[1] == -1);
		CHECK(q.bbs[0].nev == 1 && q.bbs[0].evpos[0].line == 2 && !strcmp(istr(q.bbs[0].evcallee[0]), "bar"));
		CHECK(q.bbs[0].ifpos.line == 1 && q.bbs[0].ifpos.col == 3 && q.bbs[1].ifpos.line == 0);
		program_free(&q);
	}
#undef FN
}
