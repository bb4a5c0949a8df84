/*
 * ref backend: the pre-output generator as the specification writes it
 * (Grain-128AEADv2, section 2.1), one clock at a time over the two 128-bit
 * registers kept as 16 bytes each (bit i at bit i % 8 of byte i / 8):
 *
 *   f  = s0 + s7 + s38 + s70 + s81 + s96                     (LFSR)
 *   g  = b0 + b26 + b56 + b91 + b96 + b3 b67 + b11 b13 + b17 b18
 *        + b27 b59 + b40 b48 + b61 b65 + b68 b84 + b22 b24 b25
 *        + b70 b78 b82 + b88 b92 b93 b95                      (NFSR)
 *   h  = b12 s8 + s13 s20 + b95 s42 + s60 s79 + b12 b95 s94
 *   y  = h + s93 + b2 + b15 + b36 + b45 + b64 + b73 + b89
 *   s_128 = f (+ y during the initialisation) (+ k_{64+t} while the key
 *   is re-added), b_128 = s0 + g (+ y) (+ k_t)
 *
 * The oracle the other implementations are tested against.
 */
#ifndef GRAIN_BACKEND_H
#define GRAIN_BACKEND_H

#define GRAIN_WORD uint8_t /* common.h: each register as 16 bytes */
#include "grain/common.h"

#define GRAIN_BACKEND_NAME "ref"

static unsigned grain_bit(const uint8_t *r, unsigned i) { return (r[i / 8] >> (i % 8)) & 1u; }

/* Shift a register one bit towards bit 0, x entering at bit 127. */
static void grain_shift(uint8_t *r, unsigned x) {
  unsigned i;
  for (i = 0; i < 15; i++) r[i] = (uint8_t)((r[i] >> 1) | (r[i + 1] << 7));
  r[15] = (uint8_t)((r[15] >> 1) | (x << 7));
}

/* One clock: returns y; fb_y adds y to both feedbacks (initialisation),
 * ks and kb are the key bits added to s and b (0 but while re-keying). */
static unsigned grain_clock(grain_state_t *st, unsigned fb_y, unsigned ks, unsigned kb) {
  const uint8_t *s = st->s, *b = st->b;
  unsigned f = grain_bit(s, 0) ^ grain_bit(s, 7) ^ grain_bit(s, 38) ^ grain_bit(s, 70) ^
               grain_bit(s, 81) ^ grain_bit(s, 96);
  unsigned g = grain_bit(b, 0) ^ grain_bit(b, 26) ^ grain_bit(b, 56) ^ grain_bit(b, 91) ^
               grain_bit(b, 96) ^ (grain_bit(b, 3) & grain_bit(b, 67)) ^
               (grain_bit(b, 11) & grain_bit(b, 13)) ^ (grain_bit(b, 17) & grain_bit(b, 18)) ^
               (grain_bit(b, 27) & grain_bit(b, 59)) ^ (grain_bit(b, 40) & grain_bit(b, 48)) ^
               (grain_bit(b, 61) & grain_bit(b, 65)) ^ (grain_bit(b, 68) & grain_bit(b, 84)) ^
               (grain_bit(b, 22) & grain_bit(b, 24) & grain_bit(b, 25)) ^
               (grain_bit(b, 70) & grain_bit(b, 78) & grain_bit(b, 82)) ^
               (grain_bit(b, 88) & grain_bit(b, 92) & grain_bit(b, 93) & grain_bit(b, 95));
  unsigned h = (grain_bit(b, 12) & grain_bit(s, 8)) ^ (grain_bit(s, 13) & grain_bit(s, 20)) ^
               (grain_bit(b, 95) & grain_bit(s, 42)) ^ (grain_bit(s, 60) & grain_bit(s, 79)) ^
               (grain_bit(b, 12) & grain_bit(b, 95) & grain_bit(s, 94));
  unsigned y = h ^ grain_bit(s, 93) ^ grain_bit(b, 2) ^ grain_bit(b, 15) ^ grain_bit(b, 36) ^
               grain_bit(b, 45) ^ grain_bit(b, 64) ^ grain_bit(b, 73) ^ grain_bit(b, 89);
  unsigned s0 = grain_bit(s, 0);
  grain_shift(st->s, f ^ (y & fb_y) ^ ks);
  grain_shift(st->b, s0 ^ g ^ (y & fb_y) ^ kb);
  return y;
}

static void grain_setup(grain_state_t *st, const uint8_t *key, const uint8_t *nonce) {
  unsigned i;
  for (i = 0; i < 16; i++) {
    st->b[i] = key[i];
    st->s[i] = i < 12 ? nonce[i] : (i < 15 ? 0xff : 0x7f); /* N || 1^31 || 0 */
  }
  for (i = 0; i < GRAIN_INIT_CLOCKS; i++) (void)grain_clock(st, 1, 0, 0);
  for (i = 0; i < GRAIN_KEY_CLOCKS; i++)
    (void)grain_clock(st, 1, grain_bit(key, 64 + i), grain_bit(key, i));
}

/* One clock backwards (after the initialisation): s_0 and b_0 of the
 * clock before, from f and g solved for their linear terms s0 and b0. */
static void grain_unclock(grain_state_t *st) {
  uint8_t *s = st->s, *b = st->b;
  unsigned s0 = grain_bit(s, 127) ^ grain_bit(s, 6) ^ grain_bit(s, 37) ^ grain_bit(s, 69) ^
                grain_bit(s, 80) ^ grain_bit(s, 95);
  unsigned b0 = grain_bit(b, 127) ^ s0 ^ grain_bit(b, 25) ^ grain_bit(b, 55) ^
                grain_bit(b, 90) ^ grain_bit(b, 95) ^ (grain_bit(b, 2) & grain_bit(b, 66)) ^
                (grain_bit(b, 10) & grain_bit(b, 12)) ^ (grain_bit(b, 16) & grain_bit(b, 17)) ^
                (grain_bit(b, 26) & grain_bit(b, 58)) ^ (grain_bit(b, 39) & grain_bit(b, 47)) ^
                (grain_bit(b, 60) & grain_bit(b, 64)) ^ (grain_bit(b, 67) & grain_bit(b, 83)) ^
                (grain_bit(b, 21) & grain_bit(b, 23) & grain_bit(b, 24)) ^
                (grain_bit(b, 69) & grain_bit(b, 77) & grain_bit(b, 81)) ^
                (grain_bit(b, 87) & grain_bit(b, 91) & grain_bit(b, 92) & grain_bit(b, 94));
  unsigned i;
  for (i = 15; i > 0; i--) {
    s[i] = (uint8_t)((s[i] << 1) | (s[i - 1] >> 7));
    b[i] = (uint8_t)((b[i] << 1) | (b[i - 1] >> 7));
  }
  s[0] = (uint8_t)((s[0] << 1) | s0);
  b[0] = (uint8_t)((b[0] << 1) | b0);
}

static uint32_t grain_preoutput(grain_state_t *st, unsigned n) {
  uint32_t z = 0;
  unsigned t;
  for (t = 0; t < n; t++) z |= (uint32_t)grain_clock(st, 0, 0, 0) << t;
  return z;
}

#endif
