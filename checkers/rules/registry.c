/* registry.c - the rules, in report order. Add a rule: write rules/<id>.c with a
 * run function, declare it in rules.h, add its row here, and add fixtures under
 * tests/fixtures/<id>/. */
#include "rules/rules.h"

const struct rule_info rule_table[] = {
	{"nofs-in-scope", "GFP_NOFS inside a NOFS/NOIO scope on every path: redundant", rule_nofs_in_scope},
	{"nofs-in-transaction", "GFP_NOFS inside a journal/transaction that opens a NOFS scope: redundant",
	 rule_nofs_in_transaction},
	{"nofs-no-context", "GFP_NOFS that no known path reaches with a filesystem lock context held: review",
	 rule_nofs_no_context},
	{"missing-nofs", "__GFP_FS allocation while a filesystem lock context is held and no scope is open: deadlock risk",
	 rule_missing_nofs},
	{"scope-imbalance", "memalloc_*_save/restore pairs that do not match on every path", rule_scope_imbalance},
	{"bad-suppression", "a `gfpcheck: ignore` comment without a reason or a known rule: it suppresses nothing",
	 rule_bad_suppression},
	{"nofs-to-scope", "a lock region with two or more GFP_NOFS allocations: one NOFS scope at the lock instead",
	 rule_nofs_to_scope},
	{"noio-in-scope", "GFP_NOIO inside a NOIO scope on every path: redundant", rule_noio_in_scope},
	{"vmalloc-nofs", "vmalloc/kvmalloc with a NOFS/NOIO mask on a kernel whose vmalloc ignores it (before 5.17)",
	 rule_vmalloc_nofs},
	{"repeat-order0", "__GFP_REPEAT on a request of order <= 3: no effect, drop it", rule_repeat_order0},
	{"repeat-costly", "__GFP_REPEAT on a costly order: __GFP_RETRY_MAYFAIL since 4.13", rule_repeat_costly},
	{"repeat-unknown-order", "__GFP_REPEAT on a request of unknown order: review", rule_repeat_unknown_order},
	{"gfp-spelled-out", "a mask spelled out with & ~__GFP_FS/__GFP_IO that is a named mask (GFP_NOFS, GFP_NOIO)",
	 rule_gfp_spelled_out},
	{"nofs-fs-conflict", "GFP_NOFS | __GFP_FS (GFP_NOIO | __GFP_IO, ...): the restriction is undone, likely a bug",
	 rule_nofs_fs_conflict},
	{"nofs-mapping", "mapping_set_gfp_mask() that makes a whole page cache NOFS/NOIO: information", rule_nofs_mapping},
};
const int nrules = (int)(sizeof(rule_table) / sizeof(rule_table[0]));
