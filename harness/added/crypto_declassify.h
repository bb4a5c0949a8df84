/* SUPERCOP's crypto_declassify.h as lwcbench --add gives it to a folder
 * that has none: marks bytes computed from secrets as public by design (a
 * tag check's verdict).  ./lwcbench ct on the host (valgrind's memcheck,
 * TIMECOP's approach; lwc's build variant "ct" defines LWC_CT_VALGRIND)
 * then no longer reports branches on them; elsewhere it is nothing. */
#ifndef CRYPTO_DECLASSIFY_H
#define CRYPTO_DECLASSIFY_H
#ifdef LWC_CT_VALGRIND
#include <valgrind/memcheck.h>
static inline void crypto_declassify(void *x, unsigned long long xlen) {
  (void)VALGRIND_MAKE_MEM_DEFINED(x, xlen);
}
#else
static inline void crypto_declassify(void *x, unsigned long long xlen) {
  (void)x;
  (void)xlen;
}
#endif
#endif
