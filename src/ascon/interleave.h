/*
 * Bit interleaving of 32-bit words, for every backend that keeps a lane as
 * its even and odd bits (lanes_bi32.h, the masked backend): rotation, the
 * delta swap, the (un)zip of a word, the lane rotations and the round
 * constants of the rounds on such words.
 */
#ifndef ASCON_INTERLEAVE_H
#define ASCON_INTERLEAVE_H

#include "ascon/word.h"

static inline uint32_t ascon_ror32(uint32_t x, unsigned n) {
  return (x >> n) | (x << ((32u - n) & 31u));
}

/* One delta swap: exchange the bits selected by m with those s above. */
static inline uint32_t ascon_dswap(uint32_t x, uint32_t m, unsigned s) {
  uint32_t t = (x ^ (x >> s)) & m;
  return x ^ t ^ (t << s);
}

/* Even bits to the low half, odd bits to the high half: four delta swaps,
 * or with ASCON_RV32_ZIP one Zbkb unzip (constants are still folded in C:
 * gcc 12 with zbs in -march fails on some constant asm operands). */
static inline uint32_t ascon_unzip32_c(uint32_t x) {
  x = ascon_dswap(x, 0x22222222u, 1);
  x = ascon_dswap(x, 0x0c0c0c0cu, 2);
  x = ascon_dswap(x, 0x00f000f0u, 4);
  return ascon_dswap(x, 0x0000ff00u, 8);
}

/* Inverse of ascon_unzip32: the same swaps in reverse order. */
static inline uint32_t ascon_zip32_c(uint32_t x) {
  x = ascon_dswap(x, 0x0000ff00u, 8);
  x = ascon_dswap(x, 0x00f000f0u, 4);
  x = ascon_dswap(x, 0x0c0c0c0cu, 2);
  return ascon_dswap(x, 0x22222222u, 1);
}

#ifdef ASCON_RV32_ZIP
static inline uint32_t ascon_unzip32(uint32_t x) {
  if (__builtin_constant_p(x)) return ascon_unzip32_c(x);
  __asm__("unzip %0, %1" : "=r"(x) : "r"(x));
  return x;
}

static inline uint32_t ascon_zip32(uint32_t x) {
  if (__builtin_constant_p(x)) return ascon_zip32_c(x);
  __asm__("zip %0, %1" : "=r"(x) : "r"(x));
  return x;
}
#else
#define ascon_unzip32 ascon_unzip32_c
#define ascon_zip32 ascon_zip32_c
#endif

/* A lane rotated right by r bits, as its even (E) and odd (O) words: by 2k
 * it is both words by k; by 2k+1 the words swap, e' = o >>> k and
 * o' = e >>> (k + 1). */
#define ASCON_BI_ROT_E(e, o, r) \
  ((r) & 1 ? ascon_ror32((o), (r) / 2) : ascon_ror32((e), (r) / 2))
#define ASCON_BI_ROT_O(e, o, r) \
  ((r) & 1 ? ascon_ror32((e), (r) / 2 + 1) : ascon_ror32((o), (r) / 2))

/* x ^= (x >>> r0) ^ (x >>> r1) on lane i held as words e[i], o[i] */
#define ASCON_BI_SIGMA_WORDS(e, o, i, r0, r1)                                   \
  do {                                                                          \
    uint32_t e_ = (e)[i], o_ = (o)[i];                                          \
    (e)[i] = e_ ^ ASCON_BI_ROT_E(e_, o_, r0) ^ ASCON_BI_ROT_E(e_, o_, r1);      \
    (o)[i] = o_ ^ ASCON_BI_ROT_O(e_, o_, r0) ^ ASCON_BI_ROT_O(e_, o_, r1);      \
  } while (0)

/* The S-box on one 32-bit slice (five words a[0..4]), 22 operations. */
static inline void ascon_sbox32(uint32_t *a) {
  uint32_t t0, t1, t2, t3, t4;
  ASCON_SBOX_CHI(a, t0, t1, t2, t3, t4);
  a[0] = t0 ^ t4;
  a[1] = t1 ^ t0;
  a[2] = ~t2;
  a[3] = t3 ^ t2;
  a[4] = t4;
}

/* Round constants c_i = (0xf - i) << 4 | i split into even bits (low
 * nibble of the first entry) and odd bits (second entry). */
static const uint8_t ascon_bi32_rc[12][2] __attribute__((unused)) = {
    {0xc, 0xc}, {0x9, 0xc}, {0xc, 0x9}, {0x9, 0x9}, {0x6, 0xc}, {0x3, 0xc},
    {0x6, 0x9}, {0x3, 0x9}, {0xc, 0x6}, {0x9, 0x6}, {0xc, 0x3}, {0x9, 0x3}};

#endif
