/*
 * lowsize backend: the smallest code, not the fastest.  The 20-byte state
 * of bytes.h, one round in a loop: the S-box on both nibbles of a byte at
 * once (ref's logic formulation), and the pLayer one bit at a time with the
 * destination stepped by 40 modulo 159 (bit i to i * 40 mod 159, bit 159
 * fixed), no division.  No routine is inlined, mode code included
 * (LWC_INLINE is a plain static function here).
 */
#ifndef SPONGENT_BACKEND_H
#define SPONGENT_BACKEND_H

#if defined(__GNUC__)
#define LWC_INLINE static __attribute__((noinline, unused))
#else
#define LWC_INLINE static
#endif
#include "elephant/bytes.h"

#define SPONGENT_BACKEND_NAME "lowsize"

LWC_INLINE uint8_t spongent_sbox2(unsigned x) {
  unsigned x0 = x, x1 = x >> 1, x2 = x >> 2, x3 = x >> 3, t = x1 & x2, u = x0 & x3, v = t & x3;
  unsigned y0 = x0 ^ x3 ^ (x1 & ~x2);
  unsigned y1 = ~(x0 ^ t ^ u ^ ((x1 ^ x2) & x3) ^ v);
  unsigned y2 = ~(x1 ^ x2 ^ u ^ v);
  unsigned y3 = ~((x0 & x1) ^ x2 ^ x3 ^ (x3 & ((x0 | x1) ^ (x0 & x2))));
  return (uint8_t)((y0 & 0x11u) | (y1 & 0x11u) << 1 | (y2 & 0x11u) << 2 | (y3 & 0x11u) << 3);
}

LWC_INLINE void spongent_permute(spongent_state_t *s, unsigned rounds) {
  uint8_t t[20];
  unsigned r, i, j, lfsr = SPONGENT_LFSR_IV;
  for (r = 0; r < rounds; r++) {
    s->b[0] ^= (uint8_t)lfsr;
    s->b[19] ^= (uint8_t)spongent_lfsr_rev(lfsr);
    lfsr = spongent_lfsr_next(lfsr);
    for (i = 0; i < 20; i++) {
      s->b[i] = spongent_sbox2(s->b[i]);
      t[i] = 0;
    }
    for (i = 0, j = 0; i < 160; i++) {
      unsigned d = i == 159 ? 159 : j;
      t[d / 8] |= (uint8_t)(((s->b[i / 8] >> (i % 8)) & 1u) << (d % 8));
      j += 40;
      if (j >= 159) j -= 159; /* public: the bit index only */
    }
    for (i = 0; i < 20; i++) s->b[i] = t[i];
  }
  lwc_wipe_bytes(t, sizeof t);
}

#endif
