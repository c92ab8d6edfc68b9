/* Model parser: good rows, every kind of bad row, version selection. */
#include <string.h>

#include "model/model.h"
#include "unit.h"
#include "base/util.h"

static int load(struct model *m, const char *text, char *err)
{
	memset(m, 0, sizeof(*m));
	return model_load_text(m, "t.txt", text, err, 512);
}

static void bad(const char *text, const char *want)
{
	struct model m;
	char err[512] = "";
	int rc = load(&m, text, err);
	CHECK(rc == -1);
	CHECK(strstr(err, want) != NULL);
	if (!strstr(err, want))
		fprintf(stderr, "  got: %s\n  want: %s\n", err, want);
	model_free(&m);
}

void test_model(void)
{
	struct model m;
	char err[512];
	int rc = load(&m,
		      "# comment\n"
		      "alloc kmalloc 1 size=0 family=slab\n"
		      "alloc vmalloc - size=0 family=vmalloc\n"
		      "flag GFP_NOFS bits=direct_reclaim,kswapd_reclaim,io\n"
		      "scope memalloc_nofs_save save nofs since=4.12\n"
		      "scope memalloc_flags_save save flags arg=0\n"
		      "pflag PF_MEMALLOC_NOFS nofs\n"
		      "setter jbd2_journal_start close=jbd2_journal_stop fs=jbd2 since=4.12 -- start_this_handle saves\n"
		      "lock down_write_trylock release=up_write fs=ext4 arg=*i_data_sem try -- writeback takes it\n"
		      "lock myfs_old release=myfs_old_unlock fs=myfs until=4.0 -- old\n"
		      "root weird_entry -- called from assembler\n",
		      err);
	CHECK(rc == 0);
	CHECK(m.n == 10);
	model_index(&m);
	const struct mrow *r = model_find1(&m, ROW_ALLOC, intern("kmalloc"));
	CHECK(r && r->gfp_idx == 1 && r->size_idx == 0);
	r = model_find1(&m, ROW_ALLOC, intern("vmalloc"));
	CHECK(r && r->gfp_idx == -1);
	r = model_find1(&m, ROW_LOCK, intern("down_write_trylock"));
	CHECK(r && r->try_ && r->arg_pat && strcmp(istr(r->arg_pat), "*i_data_sem") == 0);
	CHECK(r && r->reason && strcmp(r->reason, "writeback takes it") == 0);
	const struct mrow *cl[4];
	CHECK(model_find_closer(&m, intern("jbd2_journal_stop"), cl, 4) == 1);
	/* version selection */
	m.version = version_code("4.10");
	CHECK(model_find1(&m, ROW_SCOPE, intern("memalloc_nofs_save")) == NULL);
	CHECK(model_find1(&m, ROW_LOCK, intern("myfs_old")) == NULL);
	m.version = version_code("3.18");
	CHECK(model_find1(&m, ROW_LOCK, intern("myfs_old")) != NULL);
	m.version = version_code("6.1");
	CHECK(model_find1(&m, ROW_SCOPE, intern("memalloc_nofs_save")) != NULL);
	model_free(&m);

	CHECK(version_code("6.1") == 6001);
	CHECK(version_code("4.12.3") == 4012);
	CHECK(version_code("6") == -1);
	CHECK(version_code("x.1") == -1);

	/* pagecache rows: the mapping argument, 0 unless mapping= says otherwise */
	rc = load(&m, "pagecache grab_cache_page -- reads the mask\n"
		      "pagecache add_to_page_cache_lru mapping=1 gfp=3 -- the page comes first\n", err);
	CHECK(rc == 0);
	model_index(&m);
	r = model_find1(&m, ROW_PAGECACHE, intern("grab_cache_page"));
	CHECK(r && r->arg_idx == 0 && r->gfp_idx == -1);
	r = model_find1(&m, ROW_PAGECACHE, intern("add_to_page_cache_lru"));
	CHECK(r && r->arg_idx == 1 && r->gfp_idx == 3);
	model_free(&m);
	bad("pagecache grab_cache_page\n", "pagecache row needs a reason");
	bad("pagecache grab_cache_page mapping=x -- r\n", "bad mapping argument index 'x'");
	bad("pagecache find_or_create_page gfp=y -- r\n", "bad gfp argument index 'y'");
	/* hostheader rows: header names, not identifiers */
	rc = load(&m, "hostheader stdio.h -- C library\nhostheader sys/ -- POSIX\n", err);
	CHECK(rc == 0);
	model_index(&m);
	CHECK(model_find1(&m, ROW_HOSTHDR, intern("stdio.h")) != NULL);
	CHECK(model_find1(&m, ROW_HOSTHDR, intern("sys/")) != NULL);
	model_free(&m);
	bad("hostheader stdio.h\n", "hostheader row needs a reason");
	bad("hostheader ../x.h -- r\n", "is not a header name");
	bad("hostheader <stdio.h> -- r\n", "is not a header name");
	/* hostdir rows: directories of the tree, `*` one directory name */
	rc = load(&m, "hostdir arch/*/boot/ -- boot wrappers\n", err);
	CHECK(rc == 0);
	CHECK(m.n == 1 && m.rows[0].kind == ROW_HOSTDIR && strcmp(istr(m.rows[0].name), "arch/*/boot/") == 0);
	model_free(&m);
	CHECK(model_path_under("arch/*/boot/", "arch/powerpc/boot/stdio.c"));
	CHECK(model_path_under("arch/*/boot/", "arch/x86/boot/compressed/misc.c"));
	CHECK(!model_path_under("arch/*/boot/", "arch/x86/kernel/setup.c"));
	CHECK(!model_path_under("arch/*/boot/", "arch/bootx/stdio.c"));
	CHECK(!model_path_under("arch/*/boot/", "fs/boot/x.c"));
	bad("hostdir arch/*/boot/\n", "hostdir row needs a reason");
	bad("hostdir arch/*/boot -- r\n", "is not a directory of the tree ending in /");
	bad("hostdir ../boot/ -- r\n", "is not a directory of the tree ending in /");
	bad("hostdir /boot/ -- r\n", "is not a directory of the tree ending in /");
	/* arch rows: make's ARCH= -> arch/DIR/, the default; a later row wins */
	rc = load(&m,
		  "arch x86_64 srcarch=x86 -- top Makefile\n"
		  "arch x86 default=yes -- host\n"
		  "arch sh64 srcarch=sh -- top Makefile\n"
		  "arch sh64 srcarch=sh4 -- a user's row\n",
		  err);
	CHECK(rc == 0);
	CHECK(strcmp(model_srcarch(&m, "x86_64"), "x86") == 0);
	CHECK(strcmp(model_srcarch(&m, "arm64"), "arm64") == 0); /* no row: the name is the directory */
	CHECK(strcmp(model_srcarch(&m, "sh64"), "sh4") == 0);
	CHECK(strcmp(model_srcarch(&m, NULL), "x86") == 0);
	model_free(&m);
	rc = load(&m, "arch x86_64 srcarch=x86 -- top Makefile\n", err);
	CHECK(rc == 0 && model_srcarch(&m, NULL) == NULL); /* no default row: none preferred */
	model_free(&m);
	bad("arch X86 -- r\n", "'X86' is not an architecture name");
	bad("arch x86_64 srcarch=../x -- r\n", "srcarch= takes a directory name under arch/");
	bad("arch x86 default=no -- r\n", "default= takes yes");
	bad("arch x86 fs=x -- r\n", "unknown option 'fs' for a arch row");
	bad("arch x86 default=yes\n", "arch row needs a reason");
	/* definer rows: macros whose function is not the symbol its name says */
	rc = load(&m, "definer SYSCALL_DEFINE -- syscalls.h\n", err);
	CHECK(rc == 0 && m.n == 1 && m.rows[0].kind == ROW_DEFINER);
	model_free(&m);
	bad("definer SYSCALL_DEFINE\n", "definer row needs a reason");
	bad("definer SYSCALL-DEFINE -- r\n", "is not a C identifier");
	/* task rows: the names of the running task (model/lockprims.txt) */
	rc = load(&m, "task current -- asm/current.h\ntask get_current -- what current expands to\n", err);
	CHECK(rc == 0 && m.n == 2 && m.rows[0].kind == ROW_TASK && m.rows[1].kind == ROW_TASK);
	model_index(&m);
	CHECK(model_find1(&m, ROW_TASK, intern("current")) != NULL);
	CHECK(model_find1(&m, ROW_TASK, intern("current_task")) == NULL);
	model_free(&m);
	bad("task current\n", "task row needs a reason");
	bad("task current() -- r\n", "'current()' is not an identifier (current)");
	bad("task current fs=x -- r\n", "unknown option 'fs' for a task row");
	/* debug rows: run-time debug checks reclaim walks take as off */
	rc = load(&m, "debug dbg_is_chk_gen -- debugfs switch\n", err);
	CHECK(rc == 0 && m.n == 1 && m.rows[0].kind == ROW_DEBUG);
	model_free(&m);
	rc = load(&m, "debug dbg_is_chk_gen -- debugfs switch\ntask current -- the task\n", err);
	model_index(&m);
	CHECK(rc == 0 && model_text_names(&m, ROW_DEBUG, "!dbg_is_chk_gen(c)", 1));
	CHECK(model_text_names(&m, ROW_DEBUG, "!dbg_is_chk_gen (c)", 1));
	CHECK(!model_text_names(&m, ROW_DEBUG, "c->dbg_is_chk_gen", 1));     /* not a call */
	CHECK(!model_text_names(&m, ROW_DEBUG, "!xdbg_is_chk_gen(c)", 1));   /* another name */
	CHECK(model_text_names(&m, ROW_TASK, "sb_i->lock_owner != current", 0));
	CHECK(!model_text_names(&m, ROW_TASK, "sb_i->current_owner", 0));
	model_free(&m);
	bad("debug dbg_is_chk_gen\n", "debug row needs a reason");
	bad("debug dbg-x -- r\n", "'dbg-x' is not a function name (dbg_is_chk_gen)");
	/* writeback rows: ops members a filesystem writes back through */
	rc = load(&m, "writeback address_space_operations.writepages -- do_writepages()\n", err);
	CHECK(rc == 0 && m.n == 1 && m.rows[0].kind == ROW_WRITEBACK);
	model_free(&m);
	bad("writeback address_space_operations.writepages\n", "writeback row needs a reason");
	bad("writeback writepages -- r\n", "'writepages' is not STRUCT.MEMBER (an ops-table field)");
	/* objclass rows: a member whose objects' locks are a class of their own */
	rc = load(&m, "objclass quota_info.files -- the quota files\n", err);
	CHECK(rc == 0 && m.n == 1 && m.rows[0].kind == ROW_OBJCLASS);
	model_free(&m);
	bad("objclass quota_info.files\n", "objclass row needs a reason");
	bad("objclass files -- r\n", "'files' is not STRUCT.MEMBER (a struct member)");

	bad("allok kmalloc 1\n", "t.txt:1: error: unknown row kind 'allok'");
	bad("\nalloc kmalloc\n", "t.txt:2: error: alloc row needs the gfp argument index");
	bad("alloc kmalloc x\n", "bad gfp argument index 'x'");
	bad("alloc kmalloc 1 colour=red\n", "unknown option 'colour'");
	bad("alloc kmalloc 1 size\n", "expected key=value, not 'size'");
	bad("flag GFP_X bits=fs,purple\n", "unknown bit");
	bad("flag GFP_X\n", "flag row needs bits=");
	bad("scope memalloc_nofs_save open nofs\n", "expected save or restore");
	bad("scope memalloc_nofs_save save nofsx\n", "expected nofs, noio or flags");
	bad("setter foo fs=x -- r\n", "setter row needs close=");
	bad("lock foo release=bar fs=x\n", "lock row needs a reason");
	bad("lock foo release=bar kind=mutex -- r\n", "lock kind must be lock, trans or cluster");
	bad("alloc kmalloc 1 since=6\n", "bad version '6'");
	bad("alloc kmalloc 1 since=6.1 until=5.0\n", "since= must be lower than until=");
	bad("alloc 9lives 1\n", "is not a C identifier");
	bad("alloc kmalloc 1 try\n", "'try' is only valid on lock rows");
	bad("root foo\n", "root row needs a reason");
	bad("noreturn BUG\n", "noreturn row needs a reason");
	bad("noreturn BUG fs=x -- r\n", "unknown option 'fs' for a noreturn row");
	/* deferred rows: a call whose callee runs later from task_work */
	bad("deferred cleanup_mnt -- r\n", "deferred row needs from=CALLER");
	bad("deferred cleanup_mnt from=mntput_no_expire\n", "deferred row needs a reason");
	bad("deferred cleanup_mnt from=a.b -- r\n", "deferred from= takes the function");
	bad("deferred evict_unlinked_inode from=gfs2_evict_inode when=always -- r\n", "deferred when= takes reclaim");
	rc = load(&m, "deferred evict_unlinked_inode from=gfs2_evict_inode when=reclaim -- PF_MEMALLOC\n", err);
	CHECK(rc == 0 && m.n == 1 && m.rows[0].in_reclaim);
	model_free(&m);
	rc = load(&m, "deferred cleanup_mnt from=mntput_no_expire -- task_work\n", err);
	CHECK(rc == 0 && m.n == 1 && m.rows[0].kind == ROW_DEFERRED && m.rows[0].from == intern("mntput_no_expire"));
	model_free(&m);
	/* entry rows: ops-table fields the VFS calls with nothing held */
	bad("entry inode_operations.mkdir\n", "entry row needs a reason");
	bad("handle handle_t fs=jbd2\n", "handle row needs a reason");
	bad("handle struct.x -- r\n", "is not a C identifier");
	bad("entry mkdir -- r\n", "is not STRUCT.MEMBER or STRUCT.*");
	bad("entry a.b.c -- r\n", "is not STRUCT.MEMBER or STRUCT.*");
	bad("entry .mkdir -- r\n", "is not STRUCT.MEMBER or STRUCT.*");
	rc = load(&m, "entry inode_operations.* -- namei\nentry file_operations.read -- read(2)\n", err);
	CHECK(rc == 0);
	model_index(&m);
	CHECK(model_entry(&m, "inode_operations.mkdir") != NULL);
	CHECK(model_entry(&m, "file_operations.read") != NULL);
	CHECK(model_entry(&m, "file_operations.write") == NULL);
	CHECK(model_entry(&m, "super_operations.alloc_inode") == NULL);
	CHECK(model_entry(&m, "nodot") == NULL);
	model_free(&m);
	/* options of the order and vmalloc rules */
	bad("alloc kcalloc 2 count=x\n", "bad count index 'x'");
	bad("alloc alloc_page 0 fixed-order=99\n", "bad fixed order '99'");
	bad("alloc __vmalloc 1 honours-nofs=5\n", "bad version '5'");
	rc = load(&m,
		  "alloc kcalloc 2 size=1 count=0 family=slab\n"
		  "alloc alloc_page 0 fixed-order=0 family=page\n"
		  "alloc __vmalloc 1 size=0 honours-nofs=5.17 family=vmalloc\n",
		  err);
	CHECK(rc == 0);
	model_index(&m);
	r = model_find1(&m, ROW_ALLOC, intern("kcalloc"));
	CHECK(r && r->count_idx == 0 && r->size_idx == 1 && r->fixed_order == -1 && r->honours_nofs == 0);
	r = model_find1(&m, ROW_ALLOC, intern("alloc_page"));
	CHECK(r && r->fixed_order == 0 && r->count_idx == -1);
	r = model_find1(&m, ROW_ALLOC, intern("__vmalloc"));
	CHECK(r && r->honours_nofs == 5017);
	model_free(&m);
	/* reclaim live=/policy= and dropper rows: which inodes reclaim evicts */
	rc = load(&m,
		  "reclaim super_operations.evict_inode kind=direct object=0 live=i_nlink policy=super_operations.drop_inode -- evict\n"
		  "dropper generic_drop_inode -- drops unlinked inodes\n",
		  err);
	CHECK(rc == 0);
	model_index(&m);
	r = model_find1(&m, ROW_RECLAIM, intern("super_operations.evict_inode"));
	CHECK(r && r->live == intern("i_nlink") && r->policy == intern("super_operations.drop_inode") && r->freed_obj == 0);
	CHECK(model_find1(&m, ROW_DROPPER, intern("generic_drop_inode")) != NULL);
	model_free(&m);
	bad("dropper generic_drop_inode\n", "dropper row needs a reason");
	rc = load(&m, "entry address_space_operations.readahead scope=nofs -- read_pages() holds a scope\n", err);
	CHECK(rc == 0);
	model_index(&m);
	r = model_entry(&m, "address_space_operations.readahead");
	CHECK(r && r->scope == SK_NOFS);
	model_free(&m);
	bad("entry address_space_operations.readahead scope=noio -- r\n", "entry scope= takes nofs");
	bad("reclaim super_operations.evict_inode kind=direct live=i_nlink policy=super_operations.drop_inode -- r\n",
	    "live= needs object=I");
	bad("reclaim super_operations.evict_inode kind=direct object=0 policy=super_operations.drop_inode -- r\n",
	    "policy= needs live=");
	/* live= without policy=: the member is non-zero whatever the filesystem (->drop_inode) */
	rc = load(&m, "reclaim super_operations.drop_inode kind=direct object=0 live=i_nlink -- r\n", err);
	CHECK(rc == 0);
	model_index(&m);
	r = model_find1(&m, ROW_RECLAIM, intern("super_operations.drop_inode"));
	CHECK(r && r->live == intern("i_nlink") && !r->policy);
	model_free(&m);
	bad("reclaim super_operations.evict_inode kind=direct object=0 live=i_nlink policy=drop_inode -- r\n",
	    "policy= takes the STRUCT.MEMBER");
	bad("reclaim super_operations.evict_inode kind=direct object=0 live=a-b policy=s.m -- r\n", "live= takes the member");
}
