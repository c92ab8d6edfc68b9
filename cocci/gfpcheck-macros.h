// gfpcheck-macros.h - spatch's macro file for the extraction (gfpfacts.cocci).
//
// spatch reads a C file without its headers (--no-includes). A kernel macro
// it does not know can make it give up on the rest of a function, or on the
// rest of the file: every call there is lost to the call graph, and with it
// every lock, scope and allocation. Coccinelle's own standard.h covers the
// older kernel macros; these are the ones it lacks that stopped spatch in
// Linux 6.1 and 6.12 (the count is of lines not analysed in 6.1 fs/ before
// this file, `spatch --parse-c --no-includes`). gfpcheck-extract passes this
// file with --macro-file (option --macros FILE, '' for none); it is part of
// the facts cache key.
//
// Rules for an entry: it must not hide a call gfpcheck reads (an allocator, a
// lock, a scope, a transaction start), and it must parse the way the kernel
// compiles it as far as control flow goes.

// Attributes that spatch takes for the declared name, or for a type
// (`char s_last_mounted[64] __nonstring;` in ext4.h: 134 lines;
// `__printf(3, 4) __cold;` in exfat_fs.h: 20; the crypto request structs'
// `void *__ctx[] CRYPTO_MINALIGN_ATTR;`). Empty: they change no control flow.
#define __nonstring
#define __cold
#define __ro_after_init
#define __randomize_layout
#define __no_randomize_layout
#define __counted_by(member)
#define __latent_entropy
#define __malloc
#define __noclone
#define __flatten
#define __designated_init
#define __no_kcsan
#define __nocfi
#define __alloc_size(x...)
#define __realloc_size(x...)
#define CRYPTO_MINALIGN_ATTR

// Guarded blocks: the body runs once (`scoped_guard(mutex, &l) { ... }`:
// fs/pstore/inode.c, fs/smb/client/connect.c; `scoped_seqlock_read(...) {`:
// fs/proc/array.c, 205 lines). A loop that may run its body is how the facts
// see it; the guard's lock itself is not modelled.
#define scoped_guard(_name, args...) for (int __scoped = 1; __scoped; __scoped = 0)
#define scoped_cond_guard(_name, _fail, args...) for (int __scoped = 1; __scoped; __scoped = 0)
#define scoped_seqlock_read(_seqlock, _target) for (int __scoped = 1; __scoped; __scoped = 0)

// Declarators written through a macro (`typeof_member(struct proc_ops,
// proc_read) read;` in fs/proc/inode.c: 165 lines; `GENRADIX(struct
// map_files_info) fa;` in fs/proc/base.c).
#define typeof_member(T, m) typeof(((T *)0)->m)
#define GENRADIX(_type) struct __genradix

// Macros that open and close a block, and storage-class macros, outside fs/:
// `tcp_skb_tsorted_save(skb) { ... } tcp_skb_tsorted_restore(skb);`
// (net/ipv4/tcp_output.c: 323 lines of 6.1), `XZ_EXTERN enum xz_ret
// xz_dec_lzma2_run(...)` (lib/xz: 296).
#define tcp_skb_tsorted_save(skb) for (int __scoped = 1; __scoped; __scoped = 0)
#define tcp_skb_tsorted_restore(skb)
#define XZ_EXTERN extern

// VMA iterators written as a while condition (include/linux/mm.h, 6.1 on):
// `for_each_vma(vmi, vma) { ... }` and userfaultfd's
// `do { ... } for_each_vma_range(vmi, cur, end);` (fs/userfaultfd.c: 302
// lines of 6.12; fs/proc/task_mmu.c: 122). The body's calls stay the
// function's; the hidden vma_next()/vma_find() are no calls gfpcheck reads.
#define for_each_vma(__vmi, __vma) while (((__vma) = vma_next(&(__vmi))) != NULL)
#define for_each_vma_range(__vmi, __vma, __end) while (((__vma) = vma_find(&(__vmi), (__end))) != NULL)

// A parameter of the typedef's own name (`const initxattrs initxattrs` in
// security_inode_init_security(), security/security.c of 6.1 and 6.12; the
// typedef is in include/linux/security.h, which spatch does not read): the
// declaration stops spatch, which loses the whole function (34 lines), and
// with it the call of the filesystem's initxattrs callback through the
// parameter, so every filesystem's callback (ext2_initxattrs(), ...) had no
// caller. Declared as a function-like macro that expands to itself, the name
// parses, and its call stays a call of the parameter.
#define initxattrs(x...) initxattrs(x)
