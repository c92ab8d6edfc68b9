/* model.h - the knowledge tables of model/ text files (see docs/MODEL.md). */
#ifndef GFPCHECK_MODEL_H
#define GFPCHECK_MODEL_H
#include <stdint.h>
#include <stdio.h>

/* GFP primitive bits. */
enum {
	GB_FS = 1u << 0,
	GB_IO = 1u << 1,
	GB_DIRECT_RECLAIM = 1u << 2,
	GB_KSWAPD_RECLAIM = 1u << 3,
	GB_REPEAT = 1u << 4,
	GB_RETRY_MAYFAIL = 1u << 5,
	GB_NOFAIL = 1u << 6,
	GB_NORETRY = 1u << 7,
	GB_OTHER = 1u << 31,
};

enum row_kind { ROW_ALLOC, ROW_FLAG, ROW_SCOPE, ROW_PFLAG, ROW_SETTER, ROW_LOCK, ROW_ROOT, ROW_ERRCHECK, ROW_ENTRY, ROW_HANDLE, ROW_NORETURN, ROW_RECLAIM, ROW_CALLBACK, ROW_PAGECACHE, ROW_DROPPER, ROW_PINNER, ROW_HOSTHDR, ROW_DEFERRED, ROW_HOSTDIR, ROW_TESTSUITE, ROW_DEFINER, ROW_ARCH, ROW_TASK, ROW_DEBUG, ROW_WRITEBACK, ROW_OBJCLASS, ROW__N };
enum scope_kind { SK_NOFS = 1, SK_NOIO = 2, SK_FLAGS = 3 };
/* lock rows: LK_LOCK, LK_TRANS, LK_CLUSTER; setter and handle rows: what the
 * scope they open is called in patches: LK_TRANS "transactions", LK_JOURNAL
 * "journal handles", LK_SECTION "NAME() sections" */
enum lock_kind { LK_LOCK, LK_TRANS, LK_CLUSTER, LK_JOURNAL, LK_SECTION };

struct mrow {
	enum row_kind kind;
	uint32_t name;
	const char *file; /* model file and line, for messages */
	int line;
	int gfp_idx;      /* alloc: -1 when implicit GFP_KERNEL; pagecache gfp=: the call's own mask argument, -1 */
	int size_idx, order_idx; /* alloc: -1 when not given */
	int count_idx;    /* alloc count=: argument multiplying the size (kcalloc), -1 */
	int fixed_order;  /* alloc fixed-order=: order of every request (alloc_page), -1 */
	int honours_nofs; /* alloc honours-nofs=X.Y: version code since which a NOFS/NOIO mask is honoured, 0 */
	uint32_t family;  /* alloc */
	uint32_t bits;    /* flag: GB_* set */
	int save;         /* scope: 1 save, 0 restore */
	int scope;        /* scope/pflag: SK_* */
	int arg_idx;      /* scope flags: argument holding the PF_ flags; callback arg=; pagecache mapping= (0) */
	uint32_t *closers; /* setter close= / lock release= */
	int nclosers;
	uint32_t fs;
	uint32_t arg_pat; /* lock/setter arg= glob, 0 if none */
	int try_;
	int lkind;        /* LK_* */
	int role_nofs;    /* flag role=nofs: the token stands for GFP_NOFS in the nofs-* rules (KM_NOFS) */
	uint32_t cls_name; /* lock class=: the class the lock takes (inode_lock: inode.i_rwsem), 0 */
	int fail_nonzero; /* lock fail=nonzero: the call returns non-zero when it did not take the lock */
	uint32_t dummy_dir;  /* setter/handle dummy=DIR: in code under DIR it may be a dummy that opens no scope */
	int blocks_reclaim; /* lock blocks=reclaim: while held, reclaim cannot enter the superblock (s_umount for write) */
	int kswapd;       /* reclaim kind=kswapd: only kswapd runs this entry, not the allocating task */
	int never;        /* reclaim kind=none: reclaim never runs this entry of the file= */
	uint32_t in_file; /* reclaim file=: the source file (relative to the tree) the row is about, 0 */
	int freed_obj;    /* reclaim object=I: the entry's argument I is the object reclaim frees (an inode
			     nobody holds a reference to), -1 when it frees none it is given */
	uint32_t live;    /* reclaim live=MEMBER: the freed object's MEMBER is non-zero when reclaim runs the
			     entry (an evicted inode is linked), if the filesystem's policy= member is unset
			     or holds only functions of dropper rows; 0 if none */
	uint32_t policy;  /* reclaim policy=STRUCT.MEMBER (super_operations.drop_inode), 0 */
	int via_dcache;   /* reclaim via=dcache: reclaim runs the entry only on an inode or dentry the dcache
			     and inode shrinkers reach, never in a filesystem that pins its dentries */
	uint32_t hold;    /* pinner hold=NAME: the call that takes the extra dentry reference (dget) */
	uint32_t *srcs;   /* pinner src=A,B: calls that return a dentry with a reference the caller owns
			     (lookup_one_len) */
	int nsrcs;
	uint32_t drop;    /* pinner drop=NAME: the call that drops a dentry reference (dput) */
	uint32_t from;    /* deferred from=CALLER: the function whose call of NAME is deferred */
	int in_reclaim;   /* deferred when=reclaim: deferred only when the caller runs in reclaim (PF_MEMALLOC) */
	int shared;       /* lock mode=read: a shared (reader) acquire */
	int subclass_idx; /* lock subclass=I: argument I is the lockdep subclass (mutex_lock_nested()), -1 */
	uint32_t srcarch; /* arch srcarch=DIR: the directory under arch/ make's ARCH=NAME builds, 0: NAME */
	int is_default;   /* arch default=yes: the architecture assumed when neither --arch nor $ARCH names one */
	int since, until; /* version codes (major*1000+minor), 0 if none */
	char *reason;
	int inferred;
};

/* The rows by name (model_index.c): an open-addressing hash table of names,
 * each with the indexes of the rows named so (i) and of the rows that list the
 * name among their closers (-i - 1), in row order. */
struct model_idx {
	uint32_t *keys; /* the name in each slot, 0 when free */
	int **rows;
	int *nrows;
	size_t cap;     /* slots, a power of two; 0 before model_index() */
};

struct model {
	struct mrow *rows;
	size_t n, cap;
	int version; /* selected kernel version code, 0 = all rows */
	struct model_idx idx;
};

/* Version "6.1" -> 6001; returns -1 on a bad string. */
int version_code(const char *s);

/* Parse one model file; on error write "path:line: error: ..." to err and return -1. */
int model_load_file(struct model *m, const char *path, char *err, size_t errlen);
/* Parse model text (for tests); path is used in messages. */
int model_load_text(struct model *m, const char *path, const char *text, char *err, size_t errlen);
/* The same for len bytes (a NUL byte among them is an error). */
int model_load_buf(struct model *m, const char *path, const char *text, size_t len, char *err, size_t errlen);
/* Load every *.txt of a directory in name order. */
int model_load_dir(struct model *m, const char *dir, char *err, size_t errlen);
void model_free(struct model *m);

/* Does a row apply to the model's version? */
int mrow_applies(const struct model *m, const struct mrow *r);
/* Does setter or handle row r say its handle may be a dummy that opens no
 * scope in file (a path under its dummy=DIR: ext4 without a journal)? */
int mrow_dummy_in(const struct mrow *r, const char *file);

/* Indexes for lookups by name (built by model_index; must be called after loading;
 * model_free() frees it, model_index_free() alone). */
void model_index(struct model *m);
void model_index_free(struct model *m);
/* Rows of a kind with this name applying to the version; returns count, fills up to max. */
int model_find(const struct model *m, enum row_kind k, uint32_t name, const struct mrow **out, int max);
const struct mrow *model_find1(const struct model *m, enum row_kind k, uint32_t name);
/* Does text name, as a whole identifier, a row of kind k that applies (with
 * calls_only, only a name followed by `(`: a call)? For condition texts:
 * `sb_i->lock_owner != current` (task rows), `!dbg_is_chk_gen(c)` (debug rows). */
int model_text_names(const struct model *m, enum row_kind k, const char *text, int calls_only);
/* Rows (lock or setter) that list name among their closers. */
/* Enough for every row a closer such as up_write() releases (12 in the shipped
 * model): a cut list lost the generic rows, listed first. */
#define MAXCLOSERS 64
int model_find_closer(const struct model *m, uint32_t name, const struct mrow **out, int max);
const char *row_kind_name(enum row_kind k);
/* The entry row for an ops-table field "struct.member" (exact, else "struct.*"), or NULL. */
const struct mrow *model_entry(const struct model *m, const char *field);
void model_dump(const struct model *m, FILE *out);
/* Does path (relative to the tree root) lie under the directory pattern of a
 * hostdir row, `*` being one directory name (model/hostcode.txt: the boot
 * wrappers)? */
int model_path_under(const char *pattern, const char *path);
/* The directory under arch/ that make's ARCH=name builds (an arch row's
 * srcarch=, else name itself); with name NULL, the default arch row's; NULL
 * when name is NULL and no row is the default. */
const char *model_srcarch(const struct model *m, const char *name);
#endif
