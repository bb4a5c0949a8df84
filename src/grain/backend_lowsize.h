/*
 * lowsize backend: the smallest code, not the fastest.  ref's one clock at
 * a time over the 16-byte registers, with the taps of f, g, h and y as
 * tables of public bit indices (the registers' bits are read by index, no
 * secret ever indexes memory) and no routine inlined, mode code included.
 */
#ifndef GRAIN_BACKEND_H
#define GRAIN_BACKEND_H

#if defined(__GNUC__)
#define LWC_INLINE static __attribute__((noinline, unused))
#else
#define LWC_INLINE static
#endif
#include "grain/common.h"

#define GRAIN_BACKEND_NAME "lowsize"

typedef struct {
  uint8_t s[16]; /* LFSR */
  uint8_t b[16]; /* NFSR */
} grain_state_t;

/* Register bits: 0 .. 127 of s, 128 .. 255 of b (as one 32-byte string).
 * The bit is masked in its byte and folded down to bit 0 with constant
 * shifts: cores without a barrel shifter (MSP430, AVR) loop on a variable
 * shift, and a call per tap bit was too slow for their KAT's time limit.
 * The index is public (a tap), so is the mask table. */
static const uint8_t grain_bitmask[8] = {1, 2, 4, 8, 16, 32, 64, 128};

static inline unsigned grain_bit(const grain_state_t *st, unsigned i) {
  const uint8_t *r = i < 128 ? st->s : st->b;
  unsigned t = r[(i & 127u) / 8] & grain_bitmask[i % 8];
  t |= t >> 4;
  t |= t >> 2;
  t |= t >> 1;
  return t & 1u;
}

/* Sums of products: each term up to 4 register bits (255: none); terms
 * with fewer repeat a bit (x x = x). */
#define B(i) (128 + (i))
static const uint8_t grain_taps_f[][1] = {{0}, {7}, {38}, {70}, {81}, {96}};
static const uint8_t grain_taps_g[][4] = {
    {B(0), B(0), B(0), B(0)},     {B(26), B(26), B(26), B(26)}, {B(56), B(56), B(56), B(56)},
    {B(91), B(91), B(91), B(91)}, {B(96), B(96), B(96), B(96)}, {B(3), B(67), B(67), B(67)},
    {B(11), B(13), B(13), B(13)}, {B(17), B(18), B(18), B(18)}, {B(27), B(59), B(59), B(59)},
    {B(40), B(48), B(48), B(48)}, {B(61), B(65), B(65), B(65)}, {B(68), B(84), B(84), B(84)},
    {B(22), B(24), B(25), B(25)}, {B(70), B(78), B(82), B(82)}, {B(88), B(92), B(93), B(95)}};
static const uint8_t grain_taps_y[][3] = {
    {B(12), 8, 8},     {13, 20, 20},      {B(95), 42, 42},   {60, 79, 79},
    {B(12), B(95), 94}, {93, 93, 93},     {B(2), B(2), B(2)}, {B(15), B(15), B(15)},
    {B(36), B(36), B(36)}, {B(45), B(45), B(45)}, {B(64), B(64), B(64)},
    {B(73), B(73), B(73)}, {B(89), B(89), B(89)}};
#undef B

LWC_INLINE unsigned grain_sum(const grain_state_t *st, const uint8_t *taps, unsigned n,
                              unsigned width) {
  unsigned t, k, sum = 0;
  for (t = 0; t < n; t++) {
    unsigned p = 1;
    for (k = 0; k < width; k++) p &= grain_bit(st, taps[t * width + k]);
    sum ^= p;
  }
  return sum;
}

LWC_INLINE void grain_shift(uint8_t *r, unsigned x) {
  unsigned i;
  for (i = 0; i < 15; i++) r[i] = (uint8_t)((r[i] >> 1) | (r[i + 1] << 7));
  r[15] = (uint8_t)((r[15] >> 1) | (x << 7));
}

LWC_INLINE unsigned grain_clock(grain_state_t *st, unsigned fb_y, unsigned ks, unsigned kb) {
  unsigned f = grain_sum(st, &grain_taps_f[0][0], 6, 1);
  unsigned g = grain_sum(st, &grain_taps_g[0][0], 15, 4);
  unsigned y = grain_sum(st, &grain_taps_y[0][0], 13, 3);
  unsigned s0 = grain_bit(st, 0);
  grain_shift(st->s, f ^ (y & fb_y) ^ ks);
  grain_shift(st->b, s0 ^ g ^ (y & fb_y) ^ kb);
  return y;
}

LWC_INLINE void grain_setup(grain_state_t *st, const uint8_t *key, const uint8_t *nonce) {
  unsigned i;
  for (i = 0; i < 16; i++) {
    st->b[i] = key[i];
    st->s[i] = i < 12 ? nonce[i] : (i < 15 ? 0xff : 0x7f);
  }
  for (i = 0; i < GRAIN_INIT_CLOCKS + GRAIN_KEY_CLOCKS; i++) {
    unsigned k = i - GRAIN_INIT_CLOCKS, ks = 0, kb = 0;
    if (i >= GRAIN_INIT_CLOCKS) {
      ks = (key[(64 + k) / 8] >> ((64 + k) % 8)) & 1u;
      kb = (key[k / 8] >> (k % 8)) & 1u;
    }
    (void)grain_clock(st, 1, ks, kb);
  }
}

/* One clock backwards: s0 from f, b0 from g (their linear terms), the
 * other taps one bit lower. */
LWC_INLINE void grain_unclock(grain_state_t *st) {
  grain_state_t prev;
  unsigned i, s0, b0;
  for (i = 0; i < 16; i++) {
    prev.s[i] = (uint8_t)((st->s[i] << 1) | (i > 0 ? st->s[i - 1] >> 7 : 0));
    prev.b[i] = (uint8_t)((st->b[i] << 1) | (i > 0 ? st->b[i - 1] >> 7 : 0));
  }
  /* prev with bit 0 still 0: f and g of it lack exactly their s0, b0 terms */
  s0 = grain_bit(st, 127) ^ grain_sum(&prev, &grain_taps_f[0][0], 6, 1);
  prev.s[0] |= (uint8_t)s0;
  b0 = grain_bit(st, 255) ^ s0 ^ grain_sum(&prev, &grain_taps_g[0][0], 15, 4);
  prev.b[0] |= (uint8_t)b0;
  *st = prev;
  lwc_wipe_bytes(&prev, sizeof prev);
}

LWC_INLINE uint32_t grain_preoutput(grain_state_t *st, unsigned n) {
  uint32_t z = 0;
  unsigned t;
  for (t = 0; t < n; t++) z |= (uint32_t)grain_clock(st, 0, 0, 0) << t;
  return z;
}

#endif
