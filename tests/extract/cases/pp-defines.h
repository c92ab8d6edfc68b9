/* Preprocessor lines only: the C scanner (checkers/extract/extract_pp.c)
 * writes these facts, and spatch with gfpfacts.cocci must write the same
 * (tests/extract/run.sh compares both). */
#ifndef PP_DEFINES_H
#define PP_DEFINES_H
#define ONE 1
#define TWO (ONE + /* c */ 1) // trailing
#define EMPTY
#define FN(x) foo(x) + bar((x))
  #  define SPACED   0x10	/* tab */
#define MULTI 1 + \
	2
#define STR "a//b" /* x */ 'c'
#define PAREN(a, b) ((a) * (b))
#define CALLER(a) do { kmalloc(a, GFP_NOFS); kfree(a); } while (0)
#define NOTCALLS(a) sizeof(a) + __builtin_expect(a, 1) + (a)(2)
#define STRCALL(a) "f(" printk("%d", a)
/* comment */ #define AFTERC 3
#define E1 1 /* multi
line */ + 2
#define NUM 1e+5 + x.y(1)
#define FWD(x,\
	y) call_##x(y) + other (y)
#define DUP(a) g(a) + g(a) + h(a)
/*
#define IN_COMMENT 1
*/
#define LAST 7
#define CTRL_ESC "[H[2J" /* a raw escape byte: no defval record */
#endif
