/*
 * lowsize backend: the smallest code, not the fastest.  The two 16-byte
 * registers as one 32-byte string, eight clocks at a time: every tap of f,
 * g and y is at most bit 96 of its register, so the next eight feedback
 * bits of each register and the next eight outputs all depend on the
 * present state only (bit t of each byte: clock t).  A tap i then reads the
 * byte of register bits i .. i+7, and the registers move by one byte.  The
 * taps are tables of public bit indices (no secret ever indexes memory);
 * no routine is inlined, mode code included.
 *
 * The byte reads cost a shift by i % 8 of a 16-bit word (a short loop on
 * MSP430 and AVR, public count), against eight bit reads each folded down
 * to bit 0 and a one-bit shift of both registers per clock before: the
 * Grain KAT took longer than the simulators' 120 s on those cores.
 * grain_preoutput() clocks n rounded up to a multiple of 8: the mode asks
 * for 16 and 32, and for 1 only to skip the padding bit's output, after
 * which the generator is never used again (the tag, then the wipe).
 */
#ifndef GRAIN_BACKEND_H
#define GRAIN_BACKEND_H

#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#include "grain/common.h"

#define GRAIN_BACKEND_NAME "lowsize"

/* Register bits 0 .. 127: s (LFSR), bytes 0 .. 15; 128 .. 255: b (NFSR),
 * bytes 16 .. 31; bit i is bit i % 8 of byte i / 8. */
typedef struct {
  uint8_t r[32];
} grain_state_t;

/* Sums of products as streams of register bit indices: a product's
 * indices, then GRAIN_END; a second GRAIN_END closes the sum. */
#define GRAIN_END 255
#define B(i) (128 + (i))
#define E GRAIN_END
/* f: the LFSR's feedback (s0 is its linear term) */
static const uint8_t grain_taps_f[] = {0, E, 7, E, 38, E, 70, E, 81, E, 96, E, E};
/* s0 + g: the NFSR's feedback */
static const uint8_t grain_taps_g[] = {
    0,     E, B(0),  E, B(26), E, B(56), E, B(91), E, B(96), E,
    B(3),  B(67), E, B(11), B(13), E, B(17), B(18), E, B(27), B(59), E,
    B(40), B(48), E, B(61), B(65), E, B(68), B(84), E, B(22), B(24), B(25), E,
    B(70), B(78), B(82), E, B(88), B(92), B(93), B(95), E, E};
/* y = h + s93 + the b taps */
static const uint8_t grain_taps_y[] = {
    B(12), 8, E, 13, 20, E, B(95), 42, E, 60, 79, E, B(12), B(95), 94, E, 93, E,
    B(2), E, B(15), E, B(36), E, B(45), E, B(64), E, B(73), E, B(89), E, E};
#undef E
#undef B

/* Register bits i .. i+7 (bit 0: bit i); i % 128 <= 96 for every tap. */
static inline unsigned grain_byte(const grain_state_t *st, unsigned i) {
  const uint8_t *p = st->r + i / 8;
  return ((unsigned)(p[0] | (unsigned)p[1] << 8) >> (i % 8)) & 0xffu;
}

/* Eight clocks of a sum of products, bit t at clock t. */
LWC_INLINE unsigned grain_sum(const grain_state_t *st, const uint8_t *t) {
  unsigned sum = 0;
  while (*t != GRAIN_END) {
    unsigned p = 0xffu;
    do p &= grain_byte(st, *t++); while (*t != GRAIN_END);
    sum ^= p;
    t++;
  }
  return sum;
}

/* Eight clocks: y (fed back where fb_y = 0xff) and the key bytes ks, kb
 * into the new bits of s and b; the outputs y returned. */
LWC_INLINE unsigned grain_clock8(grain_state_t *st, unsigned fb_y, unsigned ks, unsigned kb) {
  unsigned y = grain_sum(st, grain_taps_y), yf = y & fb_y, i;
  unsigned s = grain_sum(st, grain_taps_f) ^ yf ^ ks;
  unsigned b = grain_sum(st, grain_taps_g) ^ yf ^ kb;
  /* r[i] = r[i + 1], the new NFSR byte b at the top, last byte first and
   * each byte carried in a variable (a plain copy loop would become a call
   * to memmove, outside the freestanding code); then the new LFSR byte s */
  unsigned carry = b & 0xffu;
  i = 32;
  while (i-- > 0) {
    unsigned t = st->r[i];
    st->r[i] = (uint8_t)carry;
    carry = t;
  }
  st->r[15] = (uint8_t)s;
  return y;
}

LWC_INLINE void grain_setup(grain_state_t *st, const uint8_t *key, const uint8_t *nonce) {
  unsigned i;
  for (i = 0; i < 16; i++) {
    st->r[16 + i] = key[i];
    st->r[i] = i < 12 ? nonce[i] : (i < 15 ? 0xff : 0x7f);
  }
  for (i = 0; i < (GRAIN_INIT_CLOCKS + GRAIN_KEY_CLOCKS) / 8; i++) {
    unsigned k = i - GRAIN_INIT_CLOCKS / 8, ks = 0, kb = 0;
    if (i >= GRAIN_INIT_CLOCKS / 8) {
      ks = key[8 + k];
      kb = key[k];
    }
    (void)grain_clock8(st, 0xffu, ks, kb);
  }
}

/* One clock backwards: s0 from f, b0 from g (their linear terms), the
 * other taps one bit lower: bit 0 of the sums over the registers moved up
 * by one bit (their bit 0 still clear, then s0 for g). */
LWC_INLINE void grain_unclock(grain_state_t *st) {
  grain_state_t prev;
  unsigned i, s0, b0;
  for (i = 0; i < 32; i++)
    prev.r[i] = (uint8_t)((st->r[i] << 1) | (i % 16 != 0 ? st->r[i - 1] >> 7 : 0));
  s0 = (st->r[15] >> 7) ^ (grain_sum(&prev, grain_taps_f) & 1u);
  prev.r[0] |= (uint8_t)s0;
  b0 = (st->r[31] >> 7) ^ (grain_sum(&prev, grain_taps_g) & 1u);
  prev.r[16] |= (uint8_t)b0;
  *st = prev;
  lwc_wipe_bytes(&prev, sizeof prev);
}

LWC_INLINE uint32_t grain_preoutput(grain_state_t *st, unsigned n) {
  uint32_t z = 0;
  unsigned t;
  for (t = 0; t < n; t += 8) z |= (uint32_t)grain_clock8(st, 0, 0, 0) << t;
  return z;
}

#endif
