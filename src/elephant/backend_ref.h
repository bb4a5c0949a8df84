/*
 * ref backend: Spongent-pi[160] as the specification writes it (Elephant v2,
 * section 2.3, after the Spongent paper): per round the counter, the S-box
 * layer on 40 nibbles, the bit permutation pLayer, over the 20-byte state.
 * The oracle the other implementations are tested against.
 *
 * The S-box is the specification's table
 *     x     0 1 2 3 4 5 6 7 8 9 a b c d e f
 *     S(x)  e d b 0 2 1 4 f 7 a 8 5 9 c 3 6
 * written as its algebraic normal form (bit j of x is xj), so that no
 * secret nibble ever indexes memory:
 *     y0 = x0 + x1 + x1x2 + x3
 *     y1 = 1 + x0 + x1x2 + x0x3 + x1x3 + x2x3 + x1x2x3
 *     y2 = 1 + x1 + x2 + x0x3 + x1x2x3
 *     y3 = 1 + x0x1 + x2 + x3 + x0x3 + x1x3 + x0x1x3 + x0x2x3
 */
#ifndef SPONGENT_BACKEND_H
#define SPONGENT_BACKEND_H

#include "elephant/common.h"
#define PERM_VIEW_BYTES
#include "core/perm.h"

#define SPONGENT_BACKEND_NAME "ref"

/* S on both nibbles of the byte x at once: x0 .. x3 are the bits 0 .. 3
 * of each nibble (at bits 0 and 4 of the shifted copies of x). */
static uint8_t spongent_sbox2(unsigned x) {
  unsigned x0 = x, x1 = x >> 1, x2 = x >> 2, x3 = x >> 3;
  unsigned y0 = x0 ^ x1 ^ (x1 & x2) ^ x3;
  unsigned y1 = 1u ^ x0 ^ (x1 & x2) ^ (x0 & x3) ^ (x1 & x3) ^ (x2 & x3) ^ (x1 & x2 & x3);
  unsigned y2 = 1u ^ x1 ^ x2 ^ (x0 & x3) ^ (x1 & x2 & x3);
  unsigned y3 = 1u ^ (x0 & x1) ^ x2 ^ x3 ^ (x0 & x3) ^ (x1 & x3) ^ (x0 & x1 & x3) ^
                (x0 & x2 & x3);
  y1 ^= 0x10u, y2 ^= 0x10u, y3 ^= 0x10u; /* the constant 1 of the high nibble too */
  return (uint8_t)((y0 & 0x11u) | (y1 & 0x11u) << 1 | (y2 & 0x11u) << 2 | (y3 & 0x11u) << 3);
}

/* Bits b and b + 4 of x (b = 0 after x >>= b) as bits 0 and 1. */
#define SPONGENT_PAIR(x) (((x) & 1u) | (((x) >> 3) & 2u))

static void perm_permute(perm_state_t *s, unsigned rounds) {
  uint8_t t[20];
  unsigned r, i, q, lfsr = SPONGENT_LFSR_IV;
  for (r = 0; r < rounds; r++) {
    s->b[0] ^= (uint8_t)lfsr;
    s->b[19] ^= (uint8_t)spongent_lfsr_rev(lfsr);
    lfsr = spongent_lfsr_next(lfsr);
    for (i = 0; i < 20; i++) s->b[i] = spongent_sbox2(s->b[i]);
    /* pLayer: bit i to bit i * 40 mod 159 (bit 159 stays), i.e. bit b of
     * nibble k (i = 4k + b) to bit 40 b + k.  Byte 4q + r holds nibbles
     * 8q + 2r and 8q + 2r + 1: its bits b and b + 4 go to bits 2r and
     * 2r + 1 of byte 5b + q. */
    for (q = 0; q < 5; q++) {
      unsigned x0 = s->b[4 * q], x1 = s->b[4 * q + 1], x2 = s->b[4 * q + 2],
               x3 = s->b[4 * q + 3], b;
      for (b = 0; b < 4; b++) {
        t[5 * b + q] = (uint8_t)(SPONGENT_PAIR(x0) | SPONGENT_PAIR(x1) << 2 |
                                 SPONGENT_PAIR(x2) << 4 | SPONGENT_PAIR(x3) << 6);
        x0 >>= 1, x1 >>= 1, x2 >>= 1, x3 >>= 1;
      }
    }
    for (i = 0; i < 20; i++) s->b[i] = t[i];
  }
  lwc_wipe_bytes(t, sizeof t);
}

#endif
