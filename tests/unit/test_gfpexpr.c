/* gfp mask expressions. */
#include <stdlib.h>
#include <string.h>

#include "model/gfpexpr.h"
#include "unit.h"
#include "base/util.h"

void test_gfpexpr(void)
{
	struct model m;
	memset(&m, 0, sizeof(m));
	char err[256];
	int rc = model_load_text(&m, "t",
				 "flag GFP_KERNEL bits=direct_reclaim,kswapd_reclaim,io,fs\n"
				 "flag GFP_NOFS bits=direct_reclaim,kswapd_reclaim,io\n"
				 "flag __GFP_FS bits=fs\n"
				 "flag __GFP_NOFAIL bits=nofail\n"
				 "flag __GFP_ZERO bits=zero\n",
				 err, sizeof(err));
	CHECK(rc == 0);
	model_index(&m);
	uint32_t b;
	CHECK(gfp_eval(&m, "GFP_NOFS | __GFP_NOFAIL", &b) == 0 && !(b & GB_FS) && (b & GB_NOFAIL));
	CHECK(gfp_eval(&m, "GFP_KERNEL & ~__GFP_FS", &b) == 0 && !(b & GB_FS) && (b & GB_IO));
	CHECK(gfp_eval(&m, "(GFP_NOFS | __GFP_FS)", &b) == 0 && (b & GB_FS));
	CHECK(gfp_eval(&m, "GFP_KERNEL", &b) == 0 && (b & GB_FS));
	CHECK(gfp_eval(&m, "mapping_gfp_mask(m)", &b) == -1);
	CHECK(gfp_eval(&m, "gfp", &b) == -1);
	CHECK(gfp_eval(&m, "GFP_KERNEL |", &b) == -1);
	CHECK(gfp_eval(&m, "GFP_KERNEL || x", &b) == -1);
	char *s = gfp_replace_token("GFP_NOFS | __GFP_NOFAIL", "GFP_NOFS", "GFP_KERNEL");
	CHECK(strcmp(s, "GFP_KERNEL | __GFP_NOFAIL") == 0);
	free(s);
	s = gfp_replace_token("MY_GFP_NOFS | GFP_NOFS_X | GFP_NOFS", "GFP_NOFS", "GFP_KERNEL");
	CHECK(strcmp(s, "MY_GFP_NOFS | GFP_NOFS_X | GFP_KERNEL") == 0);
	free(s);
	model_free(&m);
	/* whole-word search (base/util.c), bounded and not */
	CHECK(has_word("x = nofs_flag;", "nofs_flag") && !has_word("x = nofs_flags;", "nofs_flag"));
	CHECK(!has_word("my_nofs_flag", "nofs_flag") && !has_word("abc", ""));
	CHECK(has_word_n("nofs_flag2", 9, "nofs_flag") && !has_word_n("nofs_flag2", 10, "nofs_flag"));
	CHECK(has_word_n("a\0nofs_flag", 11, "nofs_flag") && !has_word_n("a nofs_fl", 9, "nofs_flag"));
	const char *t = "h->tp && tp";
	CHECK(word_find(t, strlen(t), t, "tp") == t + 3 && word_find(t, strlen(t), t + 4, "tp") == t + 9);
	CHECK(word_find(t, strlen(t), t + 10, "tp") == NULL);
}
