/* Fact parser: a good file, record linking, and malformed input. */
#include <string.h>

#include "analysis/cexpr.h"
#include "facts/program.h"
#include "facts/facts_pre.h"
#include "unit.h"
#include "base/util.h"

static const char good[] =
	"gfpfacts\t2\n"
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
	"proto\tbar\t40:6\n"
	"suppress\t41:5\t41:40\tgfpcheck: ignore nofs-in-scope -- why\n"
	"# a comment\n"
	"\n"
	"end\n";

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

#define HDR "gfpfacts\t2\nfrontend\tt\nstatus\tok\n"
#define END "end\n"

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
	CHECK(p.nprotos == 1 && p.protos[0].name == intern("bar") && p.protos[0].pos.line == 40 &&
	      p.protos[0].file == 0);
	CHECK(p.ndirectives == 1 && p.directives[0].pos.col == 5 && p.directives[0].end.col == 40 &&
	      !strcmp(istr(p.directives[0].text), "gfpcheck: ignore nofs-in-scope -- why"));
	CHECK(p.files[0].text_len == -1 && p.files[0].src_size == -1);
	program_free(&p);

	bad("", "truncated facts file");
	bad("gfpfacts\t3\nfrontend\tt\nstatus\tok\n", "facts version 3 is not supported (this gfpcheck reads versions 1 and 2");
	{
		/* version 1 (the sparse front end's until it writes version 2): no end marker */
		struct program q;
		memset(&q, 0, sizeof(q));
		char e[512] = "";
		CHECK(facts_load_text(&q, "x.facts", "gfpfacts\t1\nfrontend\tt\nstatus\tok\nfn\tf\textern\t1:5\t3:1\n"
				      "ctx\tf\t2:3\t1\tacquire\t&a->l\tst.l\n", "fs/x.c", e, sizeof(e)) == 0);
		CHECK(q.nfuncs == 1);
		program_free(&q);
	}
	bad("hello\n", "x.facts:1: error: not a facts file");
	bad("gfpfacts\t2\nstatus\tok\n", "x.facts:2: error: expected a 'frontend' line here, not 'status'");
	bad("gfpfacts\t2\nfrontend\tt\nstatus\tmaybe\n",
	    "x.facts:3: error: bad STATUS 'maybe' in 'status' record (expected ok or partial)");
	bad(HDR "frob\tfoo\n", "x.facts:4: error: unknown record 'frob'");
	bad(HDR "fn\tfoo\tstatic\t1:5\n", "'fn' record has 3 fields after 'fn', needs 4 to 5: NAME LINKAGE START END [RET]");
	bad(HDR "fn\tfoo\tweak\t1:5\t2:1\n", "bad LINKAGE 'weak' in 'fn' record (expected static or extern)");
	bad(HDR "call\tfoo\t1:x\t1:9\tbar\t0\n", "bad POS '1:x' in 'call' record (expected LINE:COL)");
	bad(HDR "call\tfoo\t0:1\t1:9\tbar\t0\n", "bad POS '0:1'");
	bad(HDR "call\tfoo\t1:1\t1:9\tbar\t2\ta\n", "'call' record says NARGS 2 but has 1 ARG fields");
	bad(HDR "call\tfoo\t1:1\t1:9\tbar\t-1\n", "bad NARGS '-1' in 'call' record (expected a number 0..256)");
	bad(HDR "if\tfoo\t1:1\t1:2\t1:3\t1:4\t1:5\t1:6\t-\tcall:x\n", "else span must have both ends");
	bad(HDR "if\tfoo\t1:1\t1:2\t1:3\t1:4\t1:5\t-\t-\tmaybe:x\n", "bad COND 'maybe:x'");
	bad(HDR "gfparg\t1:1\t1:1\tz\n", "bad IDX 'z' in 'gfparg' record");
	bad(HDR "\n\nloop\tfoo\t1:1\t1:2\n", "x.facts:6: error: 'loop' record has 3 fields after 'loop', needs 5");
	bad(HDR "loop\tfoo\t1:1\t1:2\t1:3\tuntil\n", "bad KIND 'until' in 'loop' record (expected for, while, do, iter or forever)");
	/* numbers out of range are errors, not wrapped (issue 13.12) */
	bad(HDR "return\tfoo\t4294967317:2\n", "bad POS '4294967317:2' in 'return' record (expected LINE:COL)");
	bad(HDR "return\tfoo\t2147483648:2\n", "bad POS '2147483648:2'");
	bad(HDR "return\tfoo\t3:2147483648\n", "bad POS '3:2147483648'");
	bad(HDR "return\tfoo\t99999999999999999999999:1\n", "bad POS");
	bad(HDR "gfparg\t1:1\t1:1\t4294967297\n", "bad IDX '4294967297' in 'gfparg' record (expected a number 0..255)");
	bad(HDR "param\tfoo\t256\tx\tint\n", "bad IDX '256' in 'param' record");
	bad(HDR "call\tfoo\t1:1\t1:9\tbar\t+1\tx\n", "bad NARGS '+1'");
	/* a NUL byte is an error, wherever it is (issue 13.13) */
	{
		static const char nul[] = HDR "return\tfoo\t1:1\n"
					      "return\tfo\0o\t2:1\n" END;
		struct program q;
		memset(&q, 0, sizeof(q));
		char e[512] = "";
		CHECK(facts_load_mem(&q, "x.facts", nul, sizeof(nul) - 1, "fs/x.c", e, sizeof(e)) == -1);
		CHECK(strstr(e, "x.facts:5: error: NUL byte in a facts file") != NULL);
		program_free(&q);
		static const char nul2[] = "gfpfacts\t2\nfrontend\tt\0x\nstatus\tok\n" END;
		memset(&q, 0, sizeof(q));
		CHECK(facts_load_mem(&q, "x.facts", nul2, sizeof(nul2) - 1, "fs/x.c", e, sizeof(e)) == -1);
		CHECK(strstr(e, "x.facts:2: error: NUL byte") != NULL);
		program_free(&q);
	}
	{
		/* defval records by name (analysis/cexpr.c define_value()'s index): a
		 * name defined once gives its text, one defined differently under
		 * #ifdef none, and the index is rebuilt when a later file adds one */
		struct program q;
		memset(&q, 0, sizeof(q));
		char e[512] = "";
		CHECK(facts_load_text(&q, "x.facts",
				      HDR "defval\tFLAG_A\t1:1\t(1u << 3)\n"
				      "defval\tFLAG_B\t2:1\t4\n"
				      "defval\tFLAG_B\t4:1\t8\n"
				      "defval\tFLAG_C\t5:1\t2\n"
				      "defval\tFLAG_C\t7:1\t2\n" END,
				      "fs/x.c", e, sizeof(e)) == 0);
		int d = -1;
		uint32_t v = define_value(&q, intern("FLAG_A"), &d);
		CHECK(v && strcmp(istr(v), "(1u << 3)") == 0 && d >= 0 && q.defines[d].pos.line == 1);
		d = -1;
		CHECK(define_value(&q, intern("FLAG_B"), &d) == 0 && d == -1);
		v = define_value(&q, intern("FLAG_C"), &d);
		CHECK(v && strcmp(istr(v), "2") == 0);
		CHECK(define_value(&q, intern("FLAG_D"), &d) == 0);
		CHECK(facts_load_text(&q, "y.facts", HDR "defval\tFLAG_D\t1:1\t16\n" END, "fs/y.c", e, sizeof(e)) == 0);
		v = define_value(&q, intern("FLAG_D"), &d);
		CHECK(v && strcmp(istr(v), "16") == 0);
		program_free(&q);
	}
	/* the end marker: a file without it is truncated */
	bad(HDR "return\tfoo\t1:1\n", "x.facts:5: error: truncated facts file: no 'end' record");
	bad(HDR END "return\tfoo\t1:1\n", "x.facts:5: error: data after the 'end' record");
	bad(HDR "end\textra\n", "'end' record has 1 fields after 'end', needs 0");
	bad(HDR "status\tok\n" END, "x.facts:4: error: a 'status' record does not belong here");
	bad(HDR "tree\t/x\n" END, "a 'tree' record does not belong here");
	/* CRLF line ends are read like LF */
	{
		struct program q;
		memset(&q, 0, sizeof(q));
		char e[512] = "";
		CHECK(facts_load_text(&q, "x.facts",
				      "gfpfacts\t2\r\nfrontend\tt\r\nstatus\tok\r\nfn\tfoo\textern\t1:5\t3:1\r\n"
				      "return\tfoo\t2:3\r\nend\r\n",
				      "fs/x.c", e, sizeof(e)) == 0);
		CHECK(q.nfuncs == 1 && !q.funcs[0].is_static && q.nitems == 1 && q.items[0].fn == 0);
		program_free(&q);
	}
	/* the source: hash and size in the header, the text at the end */
	{
		struct program q;
		memset(&q, 0, sizeof(q));
		char e[512] = "";
		static const char t[] = "gfpfacts\t2\nfrontend\tt\nsource\t0123456789abcdef0123456789abcdef\t12\n"
					"status\tok\nreturn\tfoo\t1:1\ntext\t12\nint x;\nend\n\n\nend\n";
		CHECK(facts_load_text(&q, "x.facts", t, "fs/x.c", e, sizeof(e)) == 0);
		CHECK(!strcmp(q.files[0].src_hash, "0123456789abcdef0123456789abcdef") && q.files[0].src_size == 12);
		CHECK(q.files[0].text_len == 12 && q.files[0].text && !strcmp(q.files[0].text, "int x;\nend\n\n"));
		program_free(&q);
	}
	bad("gfpfacts\t2\nfrontend\tt\nsource\t0123456789ABCDEF0123456789abcdef\t12\nstatus\tok\n" END,
	    "bad HASH '0123456789ABCDEF0123456789abcdef' in 'source' record (expected 32 lowercase hex digits)");
	bad("gfpfacts\t2\nfrontend\tt\nsource\t0123456789abcdef0123456789abcdef\t3\nstatus\tok\ntext\t4\nabcd\nend\n",
	    "the 'text' record holds 4 bytes, the 'source' record says 3");
	bad(HDR "text\t40\nshort\nend\n", "truncated facts file: the 'text' record announces 40 bytes");
	bad(HDR "text\t2\nab\nreturn\tfoo\t1:1\nend\n", "a 'return' record after the 'text' record");
	bad(HDR "suppress\t1:1\t1:9\tgfp\x01check\n" END, "bad DIRECTIVE");
	/* cfg and bb (Clang's CFG) */
#define FN "fn\tfoo\tstatic\t1:5\t9:1\n"
	bad(HDR "cfg\tnone\t2\t1\t0\n", "'cfg' record for 'none', which has no 'fn' record");
	bad(HDR FN "cfg\tfoo\t0\t0\t0\n", "bad NBLOCKS '0' in 'cfg' record (expected a number 1..1000000)");
	bad(HDR FN "cfg\tfoo\t2\t2\t0\n", "bad entry block '2' in 'cfg' record (expected a number 0..1)");
	bad(HDR FN "cfg\tfoo\t2\t1\n", "'cfg' record has 3 fields after 'cfg', needs 4");
	bad(HDR FN "bb\tfoo\t0\t-\t-\t-\n", "'bb' record for 'foo' before its 'cfg' record");
	bad(HDR FN "cfg\tfoo\t2\t1\t0\nbb\tfoo\t2\t-\t-\t-\n", "bad block id '2' in 'bb' record (the 'cfg' record says 2 blocks)");
	bad(HDR FN "cfg\tfoo\t2\t1\t0\nbb\tfoo\t1\t0,5\t-\t-\n", "bad successor '5' in 'bb' record");
	bad(HDR FN "cfg\tfoo\t2\t1\t0\nbb\tfoo\t1\t0\t3:4\t-\n", "bad CALLS '3:4' in 'bb' record (expected LINE:COL:CALLEE, comma-separated, or -)");
	bad(HDR FN "cfg\tfoo\t2\t1\t0\nbb\tfoo\t1\t0\t-\t7\n", "bad IF '7' in 'bb' record (expected LINE:COL or -)");
	bad(HDR FN "cfg\tfoo\t2\t1\t0\nbb\tfoo\t1\t0\t-\t-\nbb\tfoo\t1\t0\t-\t-\n",
	    "x.facts:7: error: block 1 of 'foo' given twice");
	{
		struct program q;
		memset(&q, 0, sizeof(q));
		CHECK(facts_load_text(&q, "x.facts",
				      HDR FN "call\tfoo\t2:2\t2:9\tbar\t0\n"
					     "cfg\tfoo\t3\t2\t0\n"
					     "bb\tfoo\t2\t1,x\t2:2:bar\t1:3\n"
					     "bb\tfoo\t1\t0\t-\t-\n" END,
				      "fs/x.c", err, sizeof(err)) == 0);
		CHECK(q.nfuncs == 1 && q.funcs[0].cfg_n == 3 && q.funcs[0].cfg_entry == 2 && q.funcs[0].cfg_exit == 0);
		CHECK(q.nbbs == 2 && q.funcs[0].bbs[0] == -1 && q.funcs[0].bbs[2] == 0 && q.funcs[0].bbs[1] == 1);
		CHECK(q.bbs[0].nsucc == 2 && q.bbs[0].succ[0] == 1 && q.bbs[0].succ[1] == -1);
		CHECK(q.bbs[0].nev == 1 && q.bbs[0].evpos[0].line == 2 && !strcmp(istr(q.bbs[0].evcallee[0]), "bar"));
		CHECK(q.bbs[0].ifpos.line == 1 && q.bbs[0].ifpos.col == 3 && q.bbs[1].ifpos.line == 0);
		program_free(&q);
	}
	/* icall (RECV), local and the return type of fn (issue 11): loaded into
	 * call.recv, prog.locals (per function, in position order), func.ret_type */
	{
		struct program q;
		memset(&q, 0, sizeof(q));
		CHECK(facts_load_text(&q, "x.facts",
				      HDR "local\tfoo\t5:18\tb\tstruct inode\n"
				      "fn\tbar\textern\t20:5\t30:1\n"
				      "fn\tfoo\tstatic\t1:5\t9:1\tstruct ext4_inode_info *\n"
				      "local\tfoo\t3:16\tsb\tstruct super_block *\n"
				      "local\tbar\t22:6\terr\tint\n"
				      "local\tnone\t40:6\tx\tint\n"
				      "icall\tfoo\t6:20\t6:31\tsuper_operations.alloc_inode\tsb->s_op\t1\tsb\n"
				      "icall\tfoo\t7:2\t7:9\t=fp\t-\t0\n" END,
				      "fs/x.c", err, sizeof(err)) == 0);
		CHECK(q.nfuncs == 2 && q.funcs[0].ret_type == 0);
		CHECK(!strcmp(istr(q.funcs[1].ret_type), "struct ext4_inode_info *"));
		CHECK(q.nlocals == 3 && q.funcs[0].nlocals == 1 && q.funcs[1].nlocals == 2);
		const struct local *l = &q.locals[q.funcs[1].local0];
		CHECK(l[0].name == intern("sb") && l[0].pos.line == 3 && l[1].name == intern("b") &&
		      !strcmp(istr(l[1].type), "struct inode"));
		CHECK(q.locals[q.funcs[0].local0].name == intern("err"));
		CHECK(q.ncalls == 2 && q.calls[0].is_icall && q.calls[0].recv == intern("sb->s_op") &&
		      q.calls[0].nargs == 1 && q.calls[0].args[0] == intern("sb"));
		CHECK(q.calls[1].is_icall && q.calls[1].recv == 0 && q.calls[1].callee == intern("=fp") &&
		      q.calls[1].nargs == 0);
		program_free(&q);
	}
	bad(HDR "icall\tfoo\t1:1\t1:9\t.f\t0\n", "'icall' record has 5 fields after 'icall', needs at least 6");
	bad(HDR "local\tfoo\t1:1\tx\n", "'local' record has 3 fields after 'local', needs 4");
#undef FN
	{
		/* records split and checked ahead (facts_pre.h) load as read in place:
		 * the same program, and a bad line gets the same message */
		struct facts_pre pre;
		memset(&pre, 0, sizeof(pre));
		facts_preparse(good, sizeof(good) - 1, &pre);
		CHECK(pre.nlines == 26 && pre.kind[0] == FACT_MAGIC && pre.kind[24] == -1); /* the comment */
		struct program q;
		memset(&q, 0, sizeof(q));
		char e[512] = "";
		CHECK(facts_load_read(&q, "x.facts", good, sizeof(good) - 1, &pre, "fs/x.c", e, sizeof(e)) == 0);
		CHECK(q.nfuncs == 1 && q.ncalls == 2 && q.ngfps == 2 && q.nitems == 5 && q.nrefs == 1 && q.nprotos == 1);
		CHECK(q.calls[1].args[1] == intern("GFP_NOFS | __GFP_ZERO") && q.calls[0].lhs == intern("fl"));
		CHECK(q.funcs[0].name == intern("foo") && q.protos[0].name == intern("bar"));
		program_free(&q);
		static const char badpos[] = "gfpfacts\t2\nfrontend\tt\nstatus\tok\nfn\tf\textern\t1:5\t3:1\n"
					     "call\tf\t2:x\t2:9\tkmalloc\t0\nend\n";
		facts_preparse(badpos, sizeof(badpos) - 1, &pre);
		CHECK(pre.nlines == 6 && pre.kind[3] == FACT_FN && pre.kind[4] == -1);
		char e1[512] = "", e2[512] = "";
		memset(&q, 0, sizeof(q));
		CHECK(facts_load_read(&q, "x.facts", badpos, sizeof(badpos) - 1, &pre, "fs/x.c", e1, sizeof(e1)) == -1);
		program_free(&q);
		memset(&q, 0, sizeof(q));
		CHECK(facts_load_mem(&q, "x.facts", badpos, sizeof(badpos) - 1, "fs/x.c", e2, sizeof(e2)) == -1);
		program_free(&q);
		CHECK(*e1 && strcmp(e1, e2) == 0 && strstr(e1, "x.facts:5:"));
		facts_pre_free(&pre);
	}
}
