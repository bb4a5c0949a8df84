/*
 * Helpers shared by every Ascon implementation: symbol namespacing,
 * inlining policy, wiping and constant-time comparison.  Freestanding:
 * nothing here needs libc.
 */
#ifndef ASCON_COMMON_H
#define ASCON_COMMON_H

#include <stddef.h>
#include <stdint.h>

/* Each (scheme, implementation) object is built with
 * -DLWC_NAMESPACE=<scheme>_<impl> so that all of them link into one binary;
 * without it the SUPERCOP names stay bare. */
#define LWC_CAT2(a, b) a##_##b
#define LWC_CAT(a, b) LWC_CAT2(a, b)
#ifdef LWC_NAMESPACE
#define LWC_NS(name) LWC_CAT(LWC_NAMESPACE, name)
#else
#define LWC_NS(name) name
#endif

/* Names in the lwc descriptors: the build passes the folder names; a
 * stand-alone (SUPERCOP) build falls back on the scheme and backend. */
#ifndef LWC_SCHEME_NAME
#define LWC_SCHEME_NAME ASCON_SCHEME_NAME
#endif
#ifndef LWC_IMPL_NAME
#define LWC_IMPL_NAME ASCON_BACKEND_NAME
#endif

/* A backend may set ASCON_INLINE before this header (lowsize forbids
 * inlining to keep one copy of each routine). */
#ifndef ASCON_INLINE
#define ASCON_INLINE static inline
#endif

/* Zero memory through a volatile pointer so the stores are not removed;
 * a word at a time where the buffer is aligned (contexts, states). */
static inline void ascon_wipe_bytes(void *p, size_t n) {
  volatile uint8_t *v = (volatile uint8_t *)p;
  if (((uintptr_t)p & 3u) == 0) {
    volatile uint32_t *w = (volatile uint32_t *)p;
    for (; n >= 4; n -= 4) *w++ = 0;
    v = (volatile uint8_t *)w;
  }
  while (n--) *v++ = 0;
}

/* The constant-time check on the host (./lwcbench ct, build variant "ct")
 * runs under valgrind with the secrets marked undefined: a value that is
 * public by design although computed from them (whether a tag matched) is
 * declared so here.  Nothing in every other build. */
#ifdef LWC_CT_VALGRIND
#include <valgrind/memcheck.h>
#define LWC_DECLASSIFY(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#else
#define LWC_DECLASSIFY(p, n) ((void)0)
#endif

/* 0 when a[0..n) == b[0..n), -1 otherwise; time depends on n only. */
static inline int ascon_ct_compare(const uint8_t *a, const uint8_t *b,
                                   size_t n) {
  uint32_t diff = 0;
  size_t i;
  for (i = 0; i < n; i++) diff |= (uint32_t)(a[i] ^ b[i]);
  LWC_DECLASSIFY(&diff, sizeof diff); /* match or not: the answer is public */
  /* diff in 0..255: (diff - 1) >> 8 is all ones exactly when diff == 0 */
  return (int)(((diff - 1u) >> 8) & 1u) - 1;
}

#endif
