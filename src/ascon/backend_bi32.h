/*
 * bi32 backend: bit-interleaved 32-bit words for 32-bit cores (the thesis'
 * section 4.5).  Each 64-bit lane x is kept as two 32-bit halves: e holds
 * the even-numbered bits of x, o the odd ones.  A 64-bit rotation by 2k is
 * then two 32-bit rotations by k, and one by 2k+1 swaps the halves:
 *   e' = o >>> k,  o' = e >>> (k + 1).
 * Lanes are converted when bytes enter or leave the state, never inside
 * the permutation.
 */
#ifndef ASCON_BACKEND_H
#define ASCON_BACKEND_H

#include "ascon/word.h"

#define ASCON_BACKEND_NAME "bi32"

typedef struct { uint32_t e[5], o[5]; } ascon_state_t;

static inline uint32_t ascon_ror32(uint32_t x, unsigned n) {
  return (x >> n) | (x << ((32u - n) & 31u));
}

/* One delta swap: exchange the bits selected by m with those s above. */
static inline uint32_t ascon_dswap(uint32_t x, uint32_t m, unsigned s) {
  uint32_t t = (x ^ (x >> s)) & m;
  return x ^ t ^ (t << s);
}

/* Even bits to the low half, odd bits to the high half. */
static inline uint32_t ascon_unzip32(uint32_t x) {
  x = ascon_dswap(x, 0x22222222u, 1);
  x = ascon_dswap(x, 0x0c0c0c0cu, 2);
  x = ascon_dswap(x, 0x00f000f0u, 4);
  return ascon_dswap(x, 0x0000ff00u, 8);
}

/* Inverse of ascon_unzip32: the same swaps in reverse order. */
static inline uint32_t ascon_zip32(uint32_t x) {
  x = ascon_dswap(x, 0x0000ff00u, 8);
  x = ascon_dswap(x, 0x00f000f0u, 4);
  x = ascon_dswap(x, 0x0c0c0c0cu, 2);
  return ascon_dswap(x, 0x22222222u, 1);
}

static inline void ascon_zero(ascon_state_t *s) {
  unsigned i;
  for (i = 0; i < 5; i++) s->e[i] = s->o[i] = 0;
}

static inline void ascon_lane_set(ascon_state_t *s, unsigned i, uint64_t v) {
  uint32_t lo = ascon_unzip32((uint32_t)v);
  uint32_t hi = ascon_unzip32((uint32_t)(v >> 32));
  s->e[i] = (lo & 0xffffu) | (hi << 16);
  s->o[i] = (lo >> 16) | (hi & 0xffff0000u);
}

static inline uint64_t ascon_lane_get(const ascon_state_t *s, unsigned i) {
  uint32_t lo = (s->e[i] & 0xffffu) | (s->o[i] << 16);
  uint32_t hi = (s->e[i] >> 16) | (s->o[i] & 0xffff0000u);
  return (uint64_t)ascon_zip32(lo) | (uint64_t)ascon_zip32(hi) << 32;
}

static inline void ascon_lane_xor(ascon_state_t *s, unsigned i, uint64_t v) {
  uint32_t lo = ascon_unzip32((uint32_t)v);
  uint32_t hi = ascon_unzip32((uint32_t)(v >> 32));
  s->e[i] ^= (lo & 0xffffu) | (hi << 16);
  s->o[i] ^= (lo >> 16) | (hi & 0xffff0000u);
}

/* The S-box on one 32-bit slice (five words a[0..4]), 22 operations. */
static inline void ascon_sbox32(uint32_t *a) {
  uint32_t t0, t1, t2, t3, t4;
  a[0] ^= a[4];
  a[4] ^= a[3];
  a[2] ^= a[1];
  t0 = a[0] ^ (~a[1] & a[2]);
  t1 = a[1] ^ (~a[2] & a[3]);
  t2 = a[2] ^ (~a[3] & a[4]);
  t3 = a[3] ^ (~a[4] & a[0]);
  t4 = a[4] ^ (~a[0] & a[1]);
  a[0] = t0 ^ t4;
  a[1] = t1 ^ t0;
  a[2] = ~t2;
  a[3] = t3 ^ t2;
  a[4] = t4;
}

/* x ^= (x >>> r0) ^ (x >>> r1) on an interleaved lane, rotations in bits. */
#define ASCON_BI_ROT_E(e, o, r) \
  ((r) & 1 ? ascon_ror32((o), (r) / 2) : ascon_ror32((e), (r) / 2))
#define ASCON_BI_ROT_O(e, o, r) \
  ((r) & 1 ? ascon_ror32((e), (r) / 2 + 1) : ascon_ror32((o), (r) / 2))
#define ASCON_BI_SIGMA(s, i, r0, r1)                                       \
  do {                                                                     \
    uint32_t e_ = (s)->e[i], o_ = (s)->o[i];                               \
    (s)->e[i] = e_ ^ ASCON_BI_ROT_E(e_, o_, r0) ^ ASCON_BI_ROT_E(e_, o_, r1); \
    (s)->o[i] = o_ ^ ASCON_BI_ROT_O(e_, o_, r0) ^ ASCON_BI_ROT_O(e_, o_, r1); \
  } while (0)

/* Round constants c_i = (0xf - i) << 4 | i split into even bits (low
 * nibble of the first entry) and odd bits (second entry). */
static const uint8_t ascon_bi32_rc[12][2] = {
    {0xc, 0xc}, {0x9, 0xc}, {0xc, 0x9}, {0x9, 0x9}, {0x6, 0xc}, {0x3, 0xc},
    {0x6, 0x9}, {0x3, 0x9}, {0xc, 0x6}, {0x9, 0x6}, {0xc, 0x3}, {0x9, 0x3}};

static void ascon_permute(ascon_state_t *s, unsigned n) {
  unsigned i;
  for (i = 12 - n; i < 12; i++) {
    s->e[2] ^= ascon_bi32_rc[i][0];
    s->o[2] ^= ascon_bi32_rc[i][1];
    ascon_sbox32(s->e);
    ascon_sbox32(s->o);
    ASCON_BI_SIGMA(s, 0, 19, 28);
    ASCON_BI_SIGMA(s, 1, 61, 39);
    ASCON_BI_SIGMA(s, 2, 1, 6);
    ASCON_BI_SIGMA(s, 3, 10, 17);
    ASCON_BI_SIGMA(s, 4, 7, 41);
  }
}

#endif
