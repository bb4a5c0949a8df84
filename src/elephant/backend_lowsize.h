/*
 * lowsize backend: the smallest code, not the fastest.  The 20-byte state
 * as core/perm.h's byte view, one round in a loop: the S-box on both
 * nibbles of a byte at once (ref's logic formulation, factored), and the
 * pLayer (bit b of nibble k to bit 40 b + k) as loops over the output
 * bytes, each built from the bit pairs of four input bytes with constant
 * shifts (a bit at a time was too slow for the AVR KAT's time limit).  No
 * routine is inlined, mode code included (LWC_NO_INLINE).
 */
#ifndef SPONGENT_BACKEND_H
#define SPONGENT_BACKEND_H

#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#include "elephant/common.h"
#define PERM_VIEW_BYTES
#include "core/perm.h"

#define SPONGENT_BACKEND_NAME "lowsize"

LWC_INLINE uint8_t spongent_sbox2(unsigned x) {
  unsigned x0 = x, x1 = x >> 1, x2 = x >> 2, x3 = x >> 3, t = x1 & x2, u = x0 & x3, v = t & x3;
  unsigned y0 = x0 ^ x3 ^ (x1 & ~x2);
  unsigned y1 = ~(x0 ^ t ^ u ^ ((x1 ^ x2) & x3) ^ v);
  unsigned y2 = ~(x1 ^ x2 ^ u ^ v);
  unsigned y3 = ~((x0 & x1) ^ x2 ^ x3 ^ (x3 & ((x0 | x1) ^ (x0 & x2))));
  return (uint8_t)((y0 & 0x11u) | (y1 & 0x11u) << 1 | (y2 & 0x11u) << 2 | (y3 & 0x11u) << 3);
}

LWC_INLINE void perm_permute(perm_state_t *s, unsigned rounds) {
  uint8_t t[20];
  unsigned r, i, q, b, lfsr = SPONGENT_LFSR_IV;
  for (r = 0; r < rounds; r++) {
    s->b[0] ^= (uint8_t)lfsr;
    s->b[19] ^= (uint8_t)spongent_lfsr_rev(lfsr);
    lfsr = spongent_lfsr_next(lfsr);
    for (i = 0; i < 20; i++) s->b[i] = spongent_sbox2(s->b[i]);
    for (q = 0; q < 5; q++) /* bits b, b + 4 of byte 4q + r: bits 2r, 2r + 1 of byte 5b + q */
      for (b = 0; b < 4; b++) {
        unsigned v = 0;
        for (i = 4 * q; i < 4 * q + 4; i++)
          v = (v >> 2) | ((((s->b[i] >> b) & 1u) | ((s->b[i] >> (b + 3)) & 2u)) << 6);
        t[5 * b + q] = (uint8_t)v;
      }
    for (i = 0; i < 20; i++) s->b[i] = t[i];
  }
  lwc_wipe_bytes(t, sizeof t);
}

#endif
