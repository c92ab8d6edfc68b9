/* nofs-mapping on hand-written facts: the calls that inherit a restricted
 * mapping mask come from the model's pagecache rows (model/pagecache.txt),
 * with the mapping at the row's mapping= argument. */
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "rules/rules.h"
#include "unit.h"
#include "base/util.h"

static const char model_text[] =
	"flag GFP_NOFS bits=direct_reclaim,kswapd_reclaim,io\n"
	"pagecache grab_cache_page -- test: reads the mask\n"
	"pagecache add_to_page_cache_lru mapping=1 -- test: the mapping is argument 1\n";

/* The message of the first nofs-mapping finding on the facts (malloc'd), or an error. */
static char *mapping_msg(const char *facts)
{
	struct model m;
	memset(&m, 0, sizeof(m));
	char err[512];
	if (model_load_text(&m, "m", model_text, err, sizeof(err)))
		return xstrdup(err);
	model_index(&m);
	struct program p;
	memset(&p, 0, sizeof(p));
	char *text = xasprintf("gfpfacts\t2\nfrontend\tt\nstatus\tok\n%send\n", facts);
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
	rule_nofs_mapping(&rc);
	char *msg = xstrdup(out.n ? out.v[0].message : "(no finding)");
	analysis_free(&a, &s, &rg);
	findings_free(&out);
	program_free(&p);
	model_free(&m);
	return msg;
}

void test_mapping(void)
{
	char *msg = mapping_msg("fn\tf\textern\t1:5\t9:1\n"
				"call\tf\t2:2\t2:40\tmapping_set_gfp_mask\t2\tm\tGFP_NOFS\n"
				"call\tf\t3:2\t3:30\tgrab_cache_page\t2\tm\t0\n"
				"call\tf\t4:2\t4:40\tadd_to_page_cache_lru\t4\tpg\tm\t1\tGFP_KERNEL\n"
				"call\tf\t5:2\t5:40\tadd_to_page_cache_lru\t4\tm\tother\t1\tGFP_KERNEL\n"
				"call\tf\t6:2\t6:30\tfilemap_get_folio\t2\tm\t0\n");
	/* grab_cache_page(m) and add_to_page_cache_lru(pg, m); not the call whose
	 * argument 0 is m, nor a call no row names */
	CHECK(strstr(msg, "(2 calls in this file use its mask)") != NULL);
	if (!strstr(msg, "(2 calls in this file use its mask)"))
		fprintf(stderr, "  got: %s\n", msg);
	free(msg);
}
