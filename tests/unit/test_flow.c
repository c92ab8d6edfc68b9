/* The analysis on hand-written facts, independent of any front end: early-return
 * unlock, goto-out paths, trylock, scopes across callers, recursion, wrappers. */
#include <stdlib.h>
#include <string.h>

#include "analysis/context.h"
#include "analysis/flow.h"
#include "analysis/graph.h"
#include "rules/rules.h"
#include "analysis/sites.h"
#include "unit.h"
#include "base/util.h"

static const char model_text[] =
	"alloc kmalloc 1 size=0\n"
	"alloc vmalloc - size=0\n"
	"flag GFP_KERNEL bits=direct_reclaim,kswapd_reclaim,io,fs\n"
	"flag GFP_NOFS bits=direct_reclaim,kswapd_reclaim,io\n"
	"scope memalloc_nofs_save save nofs\n"
	"scope memalloc_nofs_restore restore nofs\n"
	"setter tr_start close=tr_stop fs=t -- test setter\n"
	"lock fs_lock release=fs_unlock fs=t -- test lock\n"
	"lock fs_trylock release=fs_unlock fs=t try -- test trylock\n"
	"errcheck IS_ERR -- test\n"
	"lock mutex_lock release=mutex_unlock -- test primitive\n"
	"lock down_write release=up_write arg=*s_umount blocks=reclaim -- test blocker\n"
	"reclaim t_ops.evict kind=direct -- test reclaim entry\n";

#define H "gfpfacts\t2\nfrontend\tt\nstatus\tok\n"

/* Run the whole analysis on one facts text; returns a malloc'd "rule@line rule@line" string. */
static char *run(const char *facts)
{
	struct model m;
	memset(&m, 0, sizeof(m));
	char err[512];
	if (model_load_text(&m, "m", model_text, err, sizeof(err)))
		return xstrdup(err);
	model_index(&m);
	struct program p;
	memset(&p, 0, sizeof(p));
	char *text = xasprintf("%send\n", facts); /* the end marker every facts file has */
	int bad = facts_load_text(&p, "t.facts", text, "t.c", err, sizeof(err));
	free(text);
	if (bad) {
		model_free(&m);
		program_free(&p);
		return xstrdup(err);
	}
	struct findings out;
	memset(&out, 0, sizeof(out));
	struct analysis a;
	memset(&a, 0, sizeof(a));
	a.prog = &p;
	a.model = &m;
	struct sites s;
	struct regions rg;
	memset(&s, 0, sizeof(s));
	memset(&rg, 0, sizeof(rg));
	analysis_run(&a, &s, &rg);
	struct rulectx rc = {&a, &s, &rg, &out, 0};
	for (int r = 0; r < NRULES; r++)
		rule_table[r].run(&rc);
	findings_sort(&out);
	struct strbuf b = {0};
	sb_add(&b, "");
	for (size_t i = 0; i < out.n; i++)
		sb_addf(&b, "%s%s@%d", i ? " " : "", out.v[i].rule, out.v[i].line);
	analysis_free(&a, &s, &rg);
	findings_free(&out);
	program_free(&p);
	model_free(&m);
	return b.s;
}

static void expect(const char *name, const char *facts, const char *want)
{
	char *got = run(facts);
	CHECK(strcmp(got, want) == 0);
	if (strcmp(got, want))
		fprintf(stderr, "  %s: got '%s', want '%s'\n", name, got, want);
	free(got);
}

/* Functions declared in a header of include/ (proto records, from the facts
 * alone) have unknown callers; static ones and those declared elsewhere not. */
static void include_protos(void)
{
	struct model m;
	memset(&m, 0, sizeof(m));
	char err[512];
	CHECK(model_load_text(&m, "m", model_text, err, sizeof(err)) == 0);
	model_index(&m);
	struct program p;
	memset(&p, 0, sizeof(p));
	CHECK(facts_load_text(&p, "h.facts",
			      H "proto\tpub\t3:5\textern\n"
				"proto\tinl\t5:19\tstatic-inline\n"
				"proto\tfwd\t7:12\tstatic\n"
				"proto\told\t9:5\n" /* a front end that gives no KIND */
				"fn\txinl\textern\t11:12\t12:1\n"
				"end\n",
			      "include/linux/x.h", err, sizeof(err)) == 0);
	CHECK(facts_load_text(&p, "l.facts", H "proto\tlocal\t3:5\textern\nend\n", "fs/t/t.h", err,
			      sizeof(err)) == 0);
	CHECK(p.nprotos == 5 && p.protos[0].kind == PK_EXTERN && p.protos[1].kind == PK_STATIC_INLINE &&
	      p.protos[2].kind == PK_STATIC && p.protos[3].kind == PK_UNKNOWN);
	CHECK(facts_load_text(&p, "t.facts",
			      H "fn\tpub\textern\t1:5\t2:1\n"
				"fn\tinl\textern\t3:5\t4:1\n"
				"fn\tfwd\textern\t5:5\t6:1\n"
				"fn\told\textern\t7:5\t8:1\n"
				"fn\txinl\textern\t9:5\t10:1\n"
				"fn\tlocal\textern\t11:5\t12:1\n"
				"fn\tst\tstatic\t13:5\t14:1\n"
				"end\n",
			      "fs/t/t.c", err, sizeof(err)) == 0);
	struct analysis a;
	memset(&a, 0, sizeof(a));
	a.prog = &p;
	a.model = &m;
	graph_build(&a);
	int want[] = {1, 0, 0, 1, 1, 0, 0}; /* pub inl fwd old xinl local st (in fs/t/t.c) */
	const char *names[] = {"pub", "inl", "fwd", "old", "xinl", "local", "st"};
	for (size_t f = 0, k = 0; f < p.nfuncs; f++)
		if (p.funcs[f].file == 2 && k < 7) {
			CHECK(p.funcs[f].name == intern(names[k]));
			if (p.funcs[f].in_include != want[k])
				fprintf(stderr, "include_protos: %s: in_include %d, want %d\n", names[k],
					p.funcs[f].in_include, want[k]);
			CHECK(p.funcs[f].in_include == want[k]);
			k++;
		}
	struct sites s;
	struct regions rg;
	memset(&s, 0, sizeof(s));
	memset(&rg, 0, sizeof(rg));
	analysis_free(&a, &s, &rg);
	program_free(&p);
	model_free(&m);
}

/* A function no visible code calls, in a file the front end read only in
 * part: the lines it left out may call what they name (hidden.c), and nothing
 * else; a skipped record whose range cannot be read hides everything. */
static void partial_callers(void)
{
	static const char src[] =
		"/* t.c */\n"                          /* 1 */
		"static int bad(int x)\n"              /* 2 */
		"{\n"                                  /* 3 */
		"\tx = = hid_named() + 3;\n"          /* 4 */
		"\treturn x;\n"                        /* 5 */
		"}\n"                                  /* 6 */
		"int hid_named(void)\n"                /* 7 */
		"{\n"                                  /* 8 */
		"\treturn kmalloc(8, GFP_NOFS) != 0;\n" /* 9 */
		"}\n"                                  /* 10 */
		"int hid_unnamed(void)\n"              /* 11 */
		"{\n"                                  /* 12 */
		"\treturn kmalloc(8, GFP_NOFS) != 0;\n" /* 13 */
		"}\n";                                 /* 14 */
	const char *body = "fn\thid_named\textern\t7:5\t10:2\n"
			   "call\thid_named\t9:9\t9:28\tkmalloc\t2\t8\tGFP_NOFS\n"
			   "gfp\thid_named\t9:20\t9:28\tGFP_NOFS\n"
			   "gfparg\t9:20\t9:9\t1\n"
			   "fn\thid_unnamed\textern\t11:5\t14:2\n"
			   "call\thid_unnamed\t13:9\t13:28\tkmalloc\t2\t8\tGFP_NOFS\n"
			   "gfp\thid_unnamed\t13:20\t13:28\tGFP_NOFS\n"
			   "gfparg\t13:20\t13:9\t1\n";
	char *f = xasprintf("gfpfacts\t2\nfrontend\tt\nstatus\tpartial\n"
			    "skipped\t4\tspatch parse error near '=', 2 lines not analysed\n%stext\t%zu\n%s\n",
			    body, strlen(src), src);
	expect("partial file: only the named function may be called from its unread lines", f,
	       "nofs-no-context@13");
	free(f);
	f = xasprintf("gfpfacts\t2\nfrontend\tt\nstatus\tpartial\n"
		      "skipped\tbad\tinvalid declaration (compile error)\n%stext\t%zu\n%s\n",
		      body, strlen(src), src);
	expect("partial file, range unknown: anything may be called", f, "");
	free(f);
}

void test_flow(void)
{
	include_protos();
	partial_callers();
	/* lock; if (x) { unlock; return; } kmalloc(GFP_KERNEL); unlock  -> lock still held */
	expect("early-return unlock",
	       H "fn\tf\textern\t1:5\t9:1\n"
	       "call\tf\t2:2\t2:12\tfs_lock\t1\t&s\n"
	       "if\tf\t3:2\t3:6\t3:7\t3:9\t6:3\t-\t-\t-\n"
	       "call\tf\t4:3\t4:15\tfs_unlock\t1\t&s\n"
	       "return\tf\t5:3\n"
	       "call\tf\t7:6\t7:30\tkmalloc\t2\t8\tGFP_KERNEL\n"
	       "gfp\tf\t7:17\t7:27\tGFP_KERNEL\n"
	       "gfparg\t7:17\t7:6\t1\n"
	       "call\tf\t8:2\t8:14\tfs_unlock\t1\t&s\n",
	       "missing-nofs@7");
	/* save; if (err) goto out; kmalloc(GFP_NOFS); out: restore -> in scope, balanced */
	expect("goto out in scope",
	       H "fn\tg\textern\t1:5\t9:1\n"
	       "call\tg\t2:7\t2:27\tmemalloc_nofs_save\t0\n"
	       "assign\tg\t2:7\tfl\n"
	       "if\tg\t3:2\t3:6\t3:9\t4:3\t4:12\t-\t-\t-\n"
	       "goto\tg\t4:3\tout\n"
	       "call\tg\t5:6\t5:28\tkmalloc\t2\t8\tGFP_NOFS\n"
	       "gfp\tg\t5:17\t5:25\tGFP_NOFS\n"
	       "gfparg\t5:17\t5:6\t1\n"
	       "label\tg\t6:1\tout\n"
	       "call\tg\t7:2\t7:28\tmemalloc_nofs_restore\t1\tfl\n",
	       "nofs-in-scope@5");
	/* save; if (err) return; restore -> imbalance at the save */
	expect("save without restore",
	       H "fn\tg\textern\t1:5\t9:1\n"
	       "call\tg\t2:7\t2:27\tmemalloc_nofs_save\t0\n"
	       "assign\tg\t2:7\tfl\n"
	       "if\tg\t3:2\t3:6\t3:9\t4:3\t4:12\t-\t-\t-\n"
	       "return\tg\t4:3\n"
	       "call\tg\t7:2\t7:28\tmemalloc_nofs_restore\t1\tfl\n",
	       "scope-imbalance@2");
	/* if (nofs) save; x(); if (nofs) restore;  -> balanced thanks to the condition text */
	expect("correlated conditional scope",
	       H "fn\tn\textern\t1:5\t9:1\n"
	       "if\tn\t2:2\t2:6\t2:10\t3:3\t3:30\t-\t-\t-\tnofs\n"
	       "call\tn\t3:11\t3:29\tmemalloc_nofs_save\t0\n"
	       "assign\tn\t3:11\tfl\n"
	       "call\tn\t4:2\t4:5\tx\t0\n"
	       "if\tn\t5:2\t5:6\t5:10\t6:3\t6:30\t-\t-\t-\tnofs\n"
	       "call\tn\t6:3\t6:29\tmemalloc_nofs_restore\t1\tfl\n",
	       "");
	/* the same without condition texts: the join cannot tell, an imbalance is reported */
	expect("uncorrelated conditional scope",
	       H "fn\tn\textern\t1:5\t9:1\n"
	       "if\tn\t2:2\t2:6\t2:10\t3:3\t3:30\t-\t-\t-\tnofs\n"
	       "call\tn\t3:11\t3:29\tmemalloc_nofs_save\t0\n"
	       "assign\tn\t3:11\tfl\n"
	       "if\tn\t5:2\t5:6\t5:10\t6:3\t6:30\t-\t-\t-\tother\n"
	       "call\tn\t6:3\t6:29\tmemalloc_nofs_restore\t1\tfl\n",
	       "scope-imbalance@3");
	/* if (!fs_trylock(&s)) return; kmalloc(GFP_KERNEL) -> lock held */
	expect("trylock",
	       H "fn\tt\textern\t1:5\t9:1\n"
	       "if\tt\t2:2\t2:6\t2:20\t3:3\t3:12\t-\t-\tnot:fs_trylock\n"
	       "call\tt\t2:7\t2:19\tfs_trylock\t1\t&s\n"
	       "return\tt\t3:3\n"
	       "call\tt\t4:6\t4:30\tkmalloc\t2\t8\tGFP_KERNEL\n"
	       "gfp\tt\t4:17\t4:27\tGFP_KERNEL\n"
	       "gfparg\t4:17\t4:6\t1\n"
	       "call\tt\t5:2\t5:14\tfs_unlock\t1\t&s\n",
	       "missing-nofs@4");
	/* static helper called only inside a transaction, and recursive -> nofs-in-transaction */
	expect("caller transaction, recursion",
	       H "fn\th\tstatic\t1:5\t5:1\n"
	       "call\th\t2:6\t2:28\tkmalloc\t2\t8\tGFP_NOFS\n"
	       "gfp\th\t2:17\t2:25\tGFP_NOFS\n"
	       "gfparg\t2:17\t2:6\t1\n"
	       "call\th\t3:2\t3:6\th\t0\n"
	       "fn\tc\textern\t10:5\t15:1\n"
	       "call\tc\t11:6\t11:20\ttr_start\t1\tj\n"
	       "assign\tc\t11:6\thandle\n"
	       "call\tc\t12:2\t12:5\th\t0\n"
	       "call\tc\t13:2\t13:16\ttr_stop\t1\thandle\n",
	       "nofs-in-transaction@2");
	/* same helper, but also called with nothing held from another function */
	expect("mixed callers",
	       H "fn\th\tstatic\t1:5\t5:1\n"
	       "call\th\t2:6\t2:28\tkmalloc\t2\t8\tGFP_NOFS\n"
	       "gfp\th\t2:17\t2:25\tGFP_NOFS\n"
	       "gfparg\t2:17\t2:6\t1\n"
	       "fn\tc\textern\t10:5\t15:1\n"
	       "call\tc\t11:6\t11:20\ttr_start\t1\tj\n"
	       "call\tc\t12:2\t12:5\th\t0\n"
	       "call\tc\t13:2\t13:16\ttr_stop\t1\thandle\n"
	       "fn\td\textern\t20:5\t25:1\n"
	       "call\td\t21:2\t21:5\th\t0\n",
	       "nofs-no-context@2");
	/* address taken -> unknown callers -> no finding */
	expect("ops table",
	       H "fn\th\tstatic\t1:5\t5:1\n"
	       "call\th\t2:6\t2:28\tkmalloc\t2\t8\tGFP_NOFS\n"
	       "gfp\th\t2:17\t2:25\tGFP_NOFS\n"
	       "gfparg\t2:17\t2:6\t1\n"
	       "ref\t-\t9:14\th\tinit:ops.writepage\n",
	       "");
	/* wrapper: w(gfp) { kmalloc(8, gfp) }; caller in scope passes GFP_NOFS */
	expect("wrapper parameter",
	       H "fn\tw\tstatic\t1:5\t3:1\n"
	       "param\tw\t0\tgfp\tgfp_t\n"
	       "call\tw\t2:9\t2:25\tkmalloc\t2\t8\tgfp\n"
	       "fn\tc\textern\t10:5\t15:1\n"
	       "call\tc\t11:7\t11:27\tmemalloc_nofs_save\t0\n"
	       "assign\tc\t11:7\tfl\n"
	       "call\tc\t12:2\t12:14\tw\t1\tGFP_NOFS\n"
	       "gfp\tc\t12:4\t12:12\tGFP_NOFS\n"
	       "gfparg\t12:4\t12:2\t0\n"
	       "call\tc\t13:2\t13:28\tmemalloc_nofs_restore\t1\tfl\n",
	       "nofs-in-scope@12");
	/* CFG (Clang): lock; MACRO(err) hides `if (err) { unlock; return; }`; kmalloc.
	 * The structure records see the macro's unlock as unconditional; the CFG
	 * puts it on the error branch only, so the lock is held at the kmalloc. */
	expect("cfg: unlock and return hidden in a macro",
	       H "fn\tf\textern\t1:5\t9:1\n"
	       "call\tf\t2:2\t2:12\tfs_lock\t1\t&s\n"
	       "call\tf\t3:2\t3:12\tBAIL\t1\terr\n"
	       "call\tf\t3:2\t3:12\tfs_unlock\t1\t&s\n"
	       "call\tf\t4:6\t4:30\tkmalloc\t2\t8\tGFP_KERNEL\n"
	       "gfp\tf\t4:17\t4:27\tGFP_KERNEL\n"
	       "gfparg\t4:17\t4:6\t1\n"
	       "call\tf\t5:2\t5:14\tfs_unlock\t1\t&s\n"
	       "cfg\tf\t5\t4\t0\n"
	       "bb\tf\t4\t3,2\t2:2:fs_lock\t-\n"
	       "bb\tf\t3\t0\t3:2:fs_unlock\t-\n"
	       "bb\tf\t2\t0\t4:6:kmalloc,5:2:fs_unlock\t-\n"
	       "bb\tf\t1\t-\t-\t-\n"
	       "bb\tf\t0\t-\t-\t-\n",
	       "missing-nofs@4");
	/* the same facts without the CFG: the structure sees no branch */
	expect("no cfg: the macro's unlock counts on every path",
	       H "fn\tf\textern\t1:5\t9:1\n"
	       "call\tf\t2:2\t2:12\tfs_lock\t1\t&s\n"
	       "call\tf\t3:2\t3:12\tBAIL\t1\terr\n"
	       "call\tf\t3:2\t3:12\tfs_unlock\t1\t&s\n"
	       "call\tf\t4:6\t4:30\tkmalloc\t2\t8\tGFP_KERNEL\n"
	       "gfp\tf\t4:17\t4:27\tGFP_KERNEL\n"
	       "gfparg\t4:17\t4:6\t1\n"
	       "call\tf\t5:2\t5:14\tfs_unlock\t1\t&s\n",
	       "");
	/* CFG: if (bad) { lock; panic(); } kmalloc -> the locked path never gets there
	 * (Clang ends a block at a noreturn call: the block has no successor) */
	expect("cfg: noreturn ends the locked path",
	       H "fn\tf\textern\t1:5\t9:1\n"
	       "if\tf\t2:2\t2:6\t2:9\t2:11\t5:3\t-\t-\t-\tbad\n"
	       "call\tf\t3:3\t3:13\tfs_lock\t1\t&s\n"
	       "call\tf\t4:3\t4:13\tpanic\t0\n"
	       "call\tf\t6:6\t6:30\tkmalloc\t2\t8\tGFP_KERNEL\n"
	       "gfp\tf\t6:17\t6:27\tGFP_KERNEL\n"
	       "gfparg\t6:17\t6:6\t1\n"
	       "cfg\tf\t4\t3\t0\n"
	       "bb\tf\t3\t2,1\t-\t2:2\n"
	       "bb\tf\t2\t-\t3:3:fs_lock,4:3:panic\t-\n"
	       "bb\tf\t1\t0\t6:6:kmalloc\t-\n"
	       "bb\tf\t0\t-\t-\t-\n",
	       "");
	/* CFG: while (!fs_trylock(&s)) wait(); kmalloc(GFP_KERNEL); unlock.  The
	 * `if (!fs_trylock(&s)) return;` form on CFG edges (the if item gives the
	 * condition), and a loop back edge. */
	expect("cfg: trylock on the branch edge, loop",
	       H "fn\tt\textern\t1:5\t9:1\n"
	       "if\tt\t2:2\t2:6\t2:20\t3:3\t3:12\t-\t-\tnot:fs_trylock\n"
	       "call\tt\t2:7\t2:19\tfs_trylock\t1\t&s\n"
	       "return\tt\t3:3\n"
	       "call\tt\t4:6\t4:30\tkmalloc\t2\t8\tGFP_KERNEL\n"
	       "gfp\tt\t4:17\t4:27\tGFP_KERNEL\n"
	       "gfparg\t4:17\t4:6\t1\n"
	       "call\tt\t5:2\t5:14\tfs_unlock\t1\t&s\n"
	       "call\tt\t6:2\t6:10\tagain\t0\n"
	       "cfg\tt\t5\t4\t0\n"
	       "bb\tt\t4\t3\t-\t-\n"
	       "bb\tt\t3\t1,2\t2:7:fs_trylock\t2:2\n"
	       "bb\tt\t2\t3,x\t4:6:kmalloc,5:2:fs_unlock,6:2:again\t-\n"
	       "bb\tt\t1\t0\t-\t-\n"
	       "bb\tt\t0\t-\t-\t-\n",
	       "missing-nofs@4");
	/* CFG: the then edge pruned (`x`): the else edge still gets its branch states */
	expect("cfg: pruned then edge",
	       H "fn\tt\textern\t1:5\t9:1\n"
	       "if\tt\t2:2\t2:6\t2:20\t3:3\t3:12\t-\t-\tnot:fs_trylock\n"
	       "call\tt\t2:7\t2:19\tfs_trylock\t1\t&s\n"
	       "call\tt\t4:6\t4:30\tkmalloc\t2\t8\tGFP_KERNEL\n"
	       "gfp\tt\t4:17\t4:27\tGFP_KERNEL\n"
	       "gfparg\t4:17\t4:6\t1\n"
	       "call\tt\t5:2\t5:14\tfs_unlock\t1\t&s\n"
	       "cfg\tt\t4\t3\t0\n"
	       "bb\tt\t3\tx,2\t2:7:fs_trylock\t2:2\n"
	       "bb\tt\t2\t0\t4:6:kmalloc,5:2:fs_unlock\t-\n"
	       "bb\tt\t1\t0\t-\t-\n"
	       "bb\tt\t0\t-\t-\t-\n",
	       "missing-nofs@4");
	/* a helper reached only through a function-like macro inherits its callers' scope */
	expect("macro edge",
	       H "define\tmark_dirty\t1:9\t__mark_dirty\n"
	       "fn\t__mark_dirty\textern\t3:5\t6:1\n"
	       "call\t__mark_dirty\t4:6\t4:28\tkmalloc\t2\t8\tGFP_NOFS\n"
	       "gfp\t__mark_dirty\t4:17\t4:25\tGFP_NOFS\n"
	       "gfparg\t4:17\t4:6\t1\n"
	       "fn\tc\textern\t10:5\t15:1\n"
	       "call\tc\t11:6\t11:20\ttr_start\t1\tj\n"
	       "assign\tc\t11:6\th\n"
	       "call\tc\t12:2\t12:15\tmark_dirty\t1\th\n"
	       "call\tc\t13:2\t13:16\ttr_stop\t1\th\n",
	       "nofs-in-transaction@4");
	/* tr = fs_lock(x); if (IS_ERR(tr)) { kmalloc(GFP_KERNEL); return; }  -> nothing held there */
	expect("error branch of a start",
	       H "fn\te\textern\t1:5\t9:1\n"
	       "call\te\t2:7\t2:17\tfs_lock\t1\tx\n"
	       "assign\te\t2:7\ttr\n"
	       "if\te\t3:2\t3:6\t3:17\t3:19\t5:3\t-\t-\tcall:IS_ERR\tIS_ERR(tr)\n"
	       "call\te\t3:6\t3:16\tIS_ERR\t1\ttr\n"
	       "call\te\t4:6\t4:30\tkmalloc\t2\t8\tGFP_KERNEL\n"
	       "gfp\te\t4:17\t4:27\tGFP_KERNEL\n"
	       "gfparg\t4:17\t4:6\t1\n"
	       "return\te\t5:3\n"
	       "call\te\t6:6\t6:30\tkmalloc\t2\t8\tGFP_KERNEL\n"
	       "gfp\te\t6:17\t6:27\tGFP_KERNEL\n"
	       "gfparg\t6:17\t6:6\t1\n"
	       "call\te\t7:2\t7:14\tfs_unlock\t1\ttr\n",
	       "missing-nofs@6");
	/* vmalloc (implicit GFP_KERNEL) under a lock in a loop */
	expect("implicit gfp in loop",
	       H "fn\tv\textern\t1:5\t9:1\n"
	       "call\tv\t2:2\t2:12\tfs_lock\t1\t&s\n"
	       "loop\tv\t3:2\t3:20\t6:3\tfor\n"
	       "call\tv\t4:7\t4:17\tvmalloc\t1\tn\n"
	       "break\tv\t5:3\n"
	       "call\tv\t7:2\t7:14\tfs_unlock\t1\t&s\n",
	       "missing-nofs@4");
	/* generic code takes g_lock and calls ops->fill(); the function stored in
	 * t_ops.fill allocates twice with GFP_NOFS; reclaim (t_ops.evict) takes g_lock
	 * too: one scope at the lock covers both, across the indirect call */
	expect("region through an indirect call",
	       H "fn\tgeneric\textern\t1:5\t9:1\n"
	       "call\tgeneric\t2:2\t2:20\tmutex_lock\t1\t&g_lock\n"
	       "icall\tgeneric\t3:2\t3:20\tt_ops.fill\tops\t1\tx\n"
	       "call\tgeneric\t4:2\t4:22\tmutex_unlock\t1\t&g_lock\n"
	       "fn\tmy_fill\tstatic\t10:5\t14:1\n"
	       "param\tmy_fill\t0\tx\tvoid *\n"
	       "call\tmy_fill\t11:6\t11:30\tkmalloc\t2\t8\tGFP_NOFS\n"
	       "gfp\tmy_fill\t11:17\t11:25\tGFP_NOFS\n"
	       "gfparg\t11:17\t11:6\t1\n"
	       "call\tmy_fill\t12:6\t12:30\tkmalloc\t2\t8\tGFP_NOFS\n"
	       "gfp\tmy_fill\t12:17\t12:25\tGFP_NOFS\n"
	       "gfparg\t12:17\t12:6\t1\n"
	       "fn\tmy_evict\tstatic\t20:5\t24:1\n"
	       "call\tmy_evict\t21:2\t21:20\tmutex_lock\t1\t&g_lock\n"
	       "call\tmy_evict\t22:2\t22:22\tmutex_unlock\t1\t&g_lock\n"
	       "ref\t-\t30:10\tmy_fill\tinit:t_ops.fill\n"
	       "ref\t-\t31:10\tmy_evict\tinit:t_ops.evict\n",
	       "nofs-to-scope@11 nofs-to-scope@12");
	/* g_lock (taken by reclaim through t_ops.evict) held around run(my_fill);
	 * run() calls its parameter, of a typedef'd function-pointer type: a plain
	 * call of the parameter's name (Coccinelle cannot see the typedef);
	 * my_fill allocates with GFP_KERNEL */
	expect("region through a function-pointer parameter",
	       H "fn\tgeneric\textern\t1:5\t9:1\n"
	       "call\tgeneric\t2:2\t2:20\tmutex_lock\t1\t&g_lock\n"
	       "call\tgeneric\t3:2\t3:20\trun\t1\tmy_fill\n"
	       "call\tgeneric\t4:2\t4:22\tmutex_unlock\t1\t&g_lock\n"
	       "fn\trun\tstatic\t5:5\t8:1\n"
	       "param\trun\t0\tf\tfill_t\n"
	       "call\trun\t6:2\t6:6\tf\t1\t0\n"
	       "fn\tmy_fill\tstatic\t10:5\t14:1\n"
	       "call\tmy_fill\t11:6\t11:32\tkmalloc\t2\t8\tGFP_KERNEL\n"
	       "gfp\tmy_fill\t11:17\t11:27\tGFP_KERNEL\n"
	       "gfparg\t11:17\t11:6\t1\n"
	       "fn\tmy_evict\tstatic\t20:5\t24:1\n"
	       "call\tmy_evict\t21:2\t21:20\tmutex_lock\t1\t&g_lock\n"
	       "call\tmy_evict\t22:2\t22:22\tmutex_unlock\t1\t&g_lock\n"
	       "ref\tgeneric\t3:6\tmy_fill\targ\n"
	       "ref\t-\t31:10\tmy_evict\tinit:t_ops.evict\n",
	       "missing-nofs@11");
	/* ... and through a local: `fill_t fp = my_fill; ... fp(x);` under g_lock */
	expect("region through a local function pointer",
	       H "fn\tgeneric\textern\t1:5\t9:1\n"
	       "local\tgeneric\t2:9\tfp\tfill_t\n"
	       "ref\tgeneric\t2:14\tmy_fill\tassign:=fp\n"
	       "call\tgeneric\t3:2\t3:20\tmutex_lock\t1\t&g_lock\n"
	       "call\tgeneric\t4:2\t4:6\tfp\t1\tx\n"
	       "call\tgeneric\t5:2\t5:22\tmutex_unlock\t1\t&g_lock\n"
	       "fn\tmy_fill\tstatic\t10:5\t14:1\n"
	       "call\tmy_fill\t11:6\t11:32\tkmalloc\t2\t8\tGFP_KERNEL\n"
	       "gfp\tmy_fill\t11:17\t11:27\tGFP_KERNEL\n"
	       "gfparg\t11:17\t11:6\t1\n"
	       "fn\tmy_evict\tstatic\t20:5\t24:1\n"
	       "call\tmy_evict\t21:2\t21:20\tmutex_lock\t1\t&g_lock\n"
	       "call\tmy_evict\t22:2\t22:22\tmutex_unlock\t1\t&g_lock\n"
	       "ref\t-\t31:10\tmy_evict\tinit:t_ops.evict\n",
	       "missing-nofs@11");
	/* lock classes from the types of locals and of what a function returns:
	 * reclaim takes MY_SB(sb)->s_lock (MY_SB returns struct my_sb_info *); a
	 * local `struct my_sb_info *sbi` holds the same class, a local of another
	 * struct type with a member of the same name does not */
	expect("class from a local and a return type",
	       H "fn\tMY_SB\tstatic\t1:1\t1:40\tstruct my_sb_info *\n"
	       "fn\tgeneric\textern\t2:5\t9:1\n"
	       "local\tgeneric\t3:22\tsbi\tstruct my_sb_info *\n"
	       "call\tgeneric\t4:2\t4:26\tmutex_lock\t1\t&sbi->s_lock\n"
	       "call\tgeneric\t5:6\t5:30\tkmalloc\t2\t8\tGFP_KERNEL\n"
	       "gfp\tgeneric\t5:17\t5:27\tGFP_KERNEL\n"
	       "gfparg\t5:17\t5:6\t1\n"
	       "call\tgeneric\t6:2\t6:28\tmutex_unlock\t1\t&sbi->s_lock\n"
	       "fn\tmy_evict\tstatic\t20:5\t24:1\n"
	       "call\tmy_evict\t21:2\t21:33\tmutex_lock\t1\t&MY_SB(sb)->s_lock\n"
	       "call\tmy_evict\t22:2\t22:35\tmutex_unlock\t1\t&MY_SB(sb)->s_lock\n"
	       "ref\t-\t31:10\tmy_evict\tinit:t_ops.evict\n",
	       "missing-nofs@5");
	expect("another struct type, same member name",
	       H "fn\tMY_SB\tstatic\t1:1\t1:40\tstruct my_sb_info *\n"
	       "fn\tgeneric\textern\t2:5\t9:1\n"
	       "local\tgeneric\t3:22\tsbi\tstruct other_info *\n"
	       "call\tgeneric\t4:2\t4:26\tmutex_lock\t1\t&sbi->s_lock\n"
	       "call\tgeneric\t5:6\t5:30\tkmalloc\t2\t8\tGFP_KERNEL\n"
	       "gfp\tgeneric\t5:17\t5:27\tGFP_KERNEL\n"
	       "gfparg\t5:17\t5:6\t1\n"
	       "call\tgeneric\t6:2\t6:28\tmutex_unlock\t1\t&sbi->s_lock\n"
	       "fn\tmy_evict\tstatic\t20:5\t24:1\n"
	       "call\tmy_evict\t21:2\t21:33\tmutex_lock\t1\t&MY_SB(sb)->s_lock\n"
	       "call\tmy_evict\t22:2\t22:35\tmutex_unlock\t1\t&MY_SB(sb)->s_lock\n"
	       "ref\t-\t31:10\tmy_evict\tinit:t_ops.evict\n",
	       "");
	/* the same lock held, but not one reclaim takes (no t_ops.evict): nothing */
	expect("lock reclaim does not take",
	       H "fn\tgeneric\textern\t1:5\t9:1\n"
	       "call\tgeneric\t2:2\t2:20\tmutex_lock\t1\t&other_lock\n"
	       "call\tgeneric\t3:6\t3:30\tkmalloc\t2\t8\tGFP_KERNEL\n"
	       "gfp\tgeneric\t3:17\t3:27\tGFP_KERNEL\n"
	       "gfparg\t3:17\t3:6\t1\n"
	       "call\tgeneric\t4:2\t4:22\tmutex_unlock\t1\t&other_lock\n"
	       "fn\tmy_evict\tstatic\t20:5\t24:1\n"
	       "call\tmy_evict\t21:2\t21:20\tmutex_lock\t1\t&g_lock\n"
	       "call\tmy_evict\t22:2\t22:22\tmutex_unlock\t1\t&g_lock\n"
	       "ref\t-\t31:10\tmy_evict\tinit:t_ops.evict\n",
	       "");
	/* held and taken by reclaim, GFP_KERNEL under it: a global lock, high */
	expect("global lock reclaim takes",
	       H "fn\tgeneric\textern\t1:5\t9:1\n"
	       "call\tgeneric\t2:2\t2:20\tmutex_lock\t1\t&g_lock\n"
	       "call\tgeneric\t3:6\t3:30\tkmalloc\t2\t8\tGFP_KERNEL\n"
	       "gfp\tgeneric\t3:17\t3:27\tGFP_KERNEL\n"
	       "gfparg\t3:17\t3:6\t1\n"
	       "call\tgeneric\t4:2\t4:22\tmutex_unlock\t1\t&g_lock\n"
	       "fn\tmy_evict\tstatic\t20:5\t24:1\n"
	       "call\tmy_evict\t21:2\t21:20\tmutex_lock\t1\t&g_lock\n"
	       "call\tmy_evict\t22:2\t22:22\tmutex_unlock\t1\t&g_lock\n"
	       "ref\t-\t31:10\tmy_evict\tinit:t_ops.evict\n",
	       "missing-nofs@3");
}
