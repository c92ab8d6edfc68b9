/* Conditional groups: dead branches give no records (see extract_pp.c). */
#if 0
#define D1 1
#else
#define L1 1
#endif
#  if   0x0 /* zero */
#define D2 1
#endif
#if (0)
#define L2 1
#endif
#ifdef X
#define L3 1
#elif 0
#define D3 1
#else
#define L4 1
#endif
#if 0
#if 1
#define D4 1
#endif
#define D5 1
#else
#define L5 1
#endif
#if 1
#define L6 1
#elif X
#define D6 1
#else
#define D7 1
#endif
#if 0
#define D8 1
#elif 0
#define D9 1
#elif 1
#define L7 1
#else
#define D10 1
#endif
#if 1
#if 0
#define D11(x) f(x)
#else
#define L8(x) g(x)
#endif
#endif
#if 00UL
#define D12 1
#endif
#if 08
#define L9 1
#endif
#endif
#define L10 1
