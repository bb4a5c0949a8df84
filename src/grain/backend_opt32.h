/*
 * opt32 backend: the pre-output generator 32 clocks at a time on 32-bit
 * words.  Each register is four words, bit i at bit i % 32 of word i / 32.
 * Every tap of every clock t < 32 is a register bit below 128 (the highest
 * tap is 96, 96 + 31 = 127), so the outputs and feedbacks of 32
 * consecutive clocks are the same formulas on the 32-bit windows
 * W(i) = bits i .. i+31: one word operation per term for 32 clocks.
 * n < 32 clocks take the first n bits of the same words.
 */
#ifndef GRAIN_BACKEND_H
#define GRAIN_BACKEND_H

#define GRAIN_WORD uint32_t /* common.h: each register as four words */
#include "grain/common.h"

#define GRAIN_BACKEND_NAME "opt32"

/* Bit 31 of x as 0 or 1.  avr-gcc turns a plain x >> 31 into a skip on the
 * bit (sbrc), a branch on secret data; a rotation by one and a mask is
 * branch-free everywhere. */
#define GRAIN_TOP(x) (lwc_rol32((x), 1) & 1u)
/* x >> k, the top bit through GRAIN_TOP */
#define GRAIN_SHR(x, k) ((k) == 31 ? GRAIN_TOP(x) : (x) >> (k))

/* Bits i .. i+31 of a register (0 <= i <= 96). */
#define GRAIN_W(r, i) \
  ((i) % 32 == 0 ? (r)[(i) / 32] : GRAIN_SHR((r)[(i) / 32], (i) % 32) | ((r)[(i) / 32 + 1] << (32 - (i) % 32)))

/* Shift both registers n (1 .. 32) bits towards bit 0, fs and fb entering. */
static inline void grain_shift32(uint32_t *r, uint32_t x, unsigned n) {
  if (n == 32) {
    r[0] = r[1], r[1] = r[2], r[2] = r[3], r[3] = x;
  } else {
    r[0] = (r[0] >> n) | (r[1] << (32 - n));
    r[1] = (r[1] >> n) | (r[2] << (32 - n));
    r[2] = (r[2] >> n) | (r[3] << (32 - n));
    r[3] = (r[3] >> n) | (x << (32 - n));
  }
}

/* n clocks (1 .. 32): the outputs; the feedbacks get y & ymask and the key
 * words ks (into s) and kb (into b). */
static inline uint32_t grain_clock32(grain_state_t *st, unsigned n, uint32_t ymask,
                                     uint32_t ks, uint32_t kb) {
  const uint32_t *s = st->s, *b = st->b;
  uint32_t s0 = s[0];
  uint32_t f = s0 ^ GRAIN_W(s, 7) ^ GRAIN_W(s, 38) ^ GRAIN_W(s, 70) ^ GRAIN_W(s, 81) ^ s[3];
  uint32_t g = b[0] ^ GRAIN_W(b, 26) ^ GRAIN_W(b, 56) ^ GRAIN_W(b, 91) ^ b[3] ^
               (GRAIN_W(b, 3) & GRAIN_W(b, 67)) ^ (GRAIN_W(b, 11) & GRAIN_W(b, 13)) ^
               (GRAIN_W(b, 17) & GRAIN_W(b, 18)) ^ (GRAIN_W(b, 27) & GRAIN_W(b, 59)) ^
               (GRAIN_W(b, 40) & GRAIN_W(b, 48)) ^ (GRAIN_W(b, 61) & GRAIN_W(b, 65)) ^
               (GRAIN_W(b, 68) & GRAIN_W(b, 84)) ^
               (GRAIN_W(b, 22) & GRAIN_W(b, 24) & GRAIN_W(b, 25)) ^
               (GRAIN_W(b, 70) & GRAIN_W(b, 78) & GRAIN_W(b, 82)) ^
               (GRAIN_W(b, 88) & GRAIN_W(b, 92) & GRAIN_W(b, 93) & GRAIN_W(b, 95));
  uint32_t b12 = GRAIN_W(b, 12), b95 = GRAIN_W(b, 95);
  uint32_t h = (b12 & GRAIN_W(s, 8)) ^ (GRAIN_W(s, 13) & GRAIN_W(s, 20)) ^
               (b95 & GRAIN_W(s, 42)) ^ (GRAIN_W(s, 60) & GRAIN_W(s, 79)) ^
               (b12 & b95 & GRAIN_W(s, 94));
  uint32_t y = h ^ GRAIN_W(s, 93) ^ GRAIN_W(b, 2) ^ GRAIN_W(b, 15) ^ GRAIN_W(b, 36) ^
               GRAIN_W(b, 45) ^ b[2] ^ GRAIN_W(b, 73) ^ GRAIN_W(b, 89);
  grain_shift32(st->s, f ^ (y & ymask) ^ ks, n);
  grain_shift32(st->b, s0 ^ g ^ (y & ymask) ^ kb, n);
  return y;
}

static void grain_setup(grain_state_t *st, const uint8_t *key, const uint8_t *nonce) {
  unsigned i;
  for (i = 0; i < 4; i++) st->b[i] = lwc_load32le(key + 4 * i);
  st->s[0] = lwc_load32le(nonce);
  st->s[1] = lwc_load32le(nonce + 4);
  st->s[2] = lwc_load32le(nonce + 8);
  st->s[3] = 0x7fffffffu; /* 1^31 || 0 */
  for (i = 0; i < GRAIN_INIT_CLOCKS / 32; i++) (void)grain_clock32(st, 32, 0xffffffffu, 0, 0);
  (void)grain_clock32(st, 32, 0xffffffffu, lwc_load32le(key + 8), lwc_load32le(key));
  (void)grain_clock32(st, 32, 0xffffffffu, lwc_load32le(key + 12), lwc_load32le(key + 4));
}

/* One clock backwards (after the initialisation), a bit at a time: only
 * the end of a split associated data uses it (16 or 32 clocks). */
#define GRAIN_B(r, i) (GRAIN_SHR((r)[(i) / 32], (i) % 32) & 1u)
static void grain_unclock(grain_state_t *st) {
  uint32_t *s = st->s, *b = st->b;
  uint32_t s0 = GRAIN_B(s, 127) ^ GRAIN_B(s, 6) ^ GRAIN_B(s, 37) ^ GRAIN_B(s, 69) ^
                GRAIN_B(s, 80) ^ GRAIN_B(s, 95);
  uint32_t b0 = GRAIN_B(b, 127) ^ s0 ^ GRAIN_B(b, 25) ^ GRAIN_B(b, 55) ^ GRAIN_B(b, 90) ^
                GRAIN_B(b, 95) ^ (GRAIN_B(b, 2) & GRAIN_B(b, 66)) ^
                (GRAIN_B(b, 10) & GRAIN_B(b, 12)) ^ (GRAIN_B(b, 16) & GRAIN_B(b, 17)) ^
                (GRAIN_B(b, 26) & GRAIN_B(b, 58)) ^ (GRAIN_B(b, 39) & GRAIN_B(b, 47)) ^
                (GRAIN_B(b, 60) & GRAIN_B(b, 64)) ^ (GRAIN_B(b, 67) & GRAIN_B(b, 83)) ^
                (GRAIN_B(b, 21) & GRAIN_B(b, 23) & GRAIN_B(b, 24)) ^
                (GRAIN_B(b, 69) & GRAIN_B(b, 77) & GRAIN_B(b, 81)) ^
                (GRAIN_B(b, 87) & GRAIN_B(b, 91) & GRAIN_B(b, 92) & GRAIN_B(b, 94));
  unsigned i;
  for (i = 3; i > 0; i--) {
    s[i] = (s[i] << 1) | GRAIN_TOP(s[i - 1]);
    b[i] = (b[i] << 1) | GRAIN_TOP(b[i - 1]);
  }
  s[0] = (s[0] << 1) | s0;
  b[0] = (b[0] << 1) | b0;
}

static inline uint32_t grain_preoutput(grain_state_t *st, unsigned n) {
  uint32_t y = grain_clock32(st, n, 0, 0, 0);
  return n == 32 ? y : y & (((uint32_t)1 << n) - 1u); /* 16-bit int: no 1u << 16 */
}

#endif
