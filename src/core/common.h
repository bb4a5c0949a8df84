/*
 * What every implementation of every family shares: symbol namespacing,
 * the inlining policy, wiping, constant-time comparison and little-endian
 * words.  It names no scheme and needs no libc (the firmwares are
 * freestanding).
 */
#ifndef LWC_CORE_COMMON_H
#define LWC_CORE_COMMON_H

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

/* The inlining policy of a backend's routines (LWC_INLINE), chosen by the
 * backend before this header: LWC_NO_INLINE for a size variant (one copy
 * of each routine, mode code included), LWC_FORCE_INLINE for a speed
 * variant whose helpers must vanish into their callers; neither, and the
 * compiler decides. */
#if defined(LWC_NO_INLINE) && defined(__GNUC__)
#define LWC_INLINE static __attribute__((noinline, unused))
#elif defined(LWC_NO_INLINE)
#define LWC_INLINE static
#elif defined(LWC_FORCE_INLINE) && defined(__GNUC__)
#define LWC_INLINE static inline __attribute__((always_inline, unused))
#else
#define LWC_INLINE static inline
#endif
/* A part of one function written apart for reading only (a mode's hook
 * that core/ calls once): always inlined, whatever the variant, so the
 * code is what the function written whole would be. */
#if defined(__GNUC__)
#define LWC_PART static inline __attribute__((always_inline))
#else
#define LWC_PART static inline
#endif

/* `then` when x is the compile-time constant v, else `otherwise`: how an
 * assembly backend's perm_permute takes an entry made for one round count
 * (no dispatch on the count) where the modes' calls pass that constant. */
#define LWC_WHEN_CONST(x, v, then, otherwise) \
  (__builtin_constant_p(x) && (x) == (v) ? (then) : (otherwise))

/* The room a mode's context has: the public context type ctx (lwc.h); in
 * a mode over a permutation under test (core/via.h), whose state is a whole
 * lwc_perm_state, LWC_VIA_CTX_BYTES.  An unmasked AEAD has the first
 * LWC_AEAD_UNMASKED_BYTES of lwc_aead_ctx (src/lib/lwc.c's one-shot calls
 * give it no more); a masked one (LWC_AEAD_SHARES) the whole. */
#define LWC_AEAD_UNMASKED_BYTES sizeof(lwc_aead_small_ctx)
#ifdef LWC_VIA
#define LWC_CTX_ROOM(ctx) LWC_VIA_CTX_BYTES
#else
#define LWC_CTX_ROOM(ctx) sizeof(ctx)
#endif

/* Zero memory through a volatile pointer so the stores are not removed;
 * a word at a time where the buffer is aligned (contexts, states). */
static inline void lwc_wipe_bytes(void *p, size_t n) {
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
static inline int lwc_ct_compare(const uint8_t *a, const uint8_t *b, size_t n) {
  uint32_t diff = 0;
  size_t i;
  for (i = 0; i < n; i++) diff |= (uint32_t)(a[i] ^ b[i]);
  LWC_DECLASSIFY(&diff, sizeof diff); /* match or not: the answer is public */
  /* diff in 0..255: (diff - 1) >> 8 is all ones exactly when diff == 0 */
  return (int)(((diff - 1u) >> 8) & 1u) - 1;
}

/* 32-bit words from and to bytes, little-endian, any alignment (the state
 * words of Gimli, Sparkle and Xoodoo); compilers make one load or store of
 * them where the core allows it. */
static inline uint32_t lwc_load32le(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void lwc_store32le(uint8_t *p, uint32_t w) {
  p[0] = (uint8_t)w;
  p[1] = (uint8_t)(w >> 8);
  p[2] = (uint8_t)(w >> 16);
  p[3] = (uint8_t)(w >> 24);
}

static inline uint32_t lwc_rol32(uint32_t x, unsigned n) {
  return (x << (n & 31u)) | (x >> ((32u - n) & 31u));
}

static inline uint32_t lwc_ror32(uint32_t x, unsigned n) {
  return (x >> (n & 31u)) | (x << ((32u - n) & 31u));
}

#endif
