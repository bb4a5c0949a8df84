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

#include "elephant/bytes.h"

#define SPONGENT_BACKEND_NAME "ref"

/* S on one nibble (the low 4 bits of x). */
static unsigned spongent_sbox(unsigned x) {
  unsigned x0 = x & 1u, x1 = (x >> 1) & 1u, x2 = (x >> 2) & 1u, x3 = (x >> 3) & 1u;
  unsigned y0 = x0 ^ x1 ^ (x1 & x2) ^ x3;
  unsigned y1 = 1u ^ x0 ^ (x1 & x2) ^ (x0 & x3) ^ (x1 & x3) ^ (x2 & x3) ^ (x1 & x2 & x3);
  unsigned y2 = 1u ^ x1 ^ x2 ^ (x0 & x3) ^ (x1 & x2 & x3);
  unsigned y3 = 1u ^ (x0 & x1) ^ x2 ^ x3 ^ (x0 & x3) ^ (x1 & x3) ^ (x0 & x1 & x3) ^
                (x0 & x2 & x3);
  return y0 | y1 << 1 | y2 << 2 | y3 << 3;
}

static void spongent_permute(spongent_state_t *s, unsigned rounds) {
  uint8_t t[20];
  unsigned r, i, lfsr = SPONGENT_LFSR_IV;
  for (r = 0; r < rounds; r++) {
    s->b[0] ^= (uint8_t)lfsr;
    s->b[19] ^= (uint8_t)spongent_lfsr_rev(lfsr);
    lfsr = spongent_lfsr_next(lfsr);
    for (i = 0; i < 20; i++)
      s->b[i] = (uint8_t)(spongent_sbox(s->b[i]) | spongent_sbox(s->b[i] >> 4) << 4);
    /* pLayer: bit i to bit i * 40 mod 159 (bit 159 stays), i.e. bit b of
     * nibble k (i = 4k + b) to bit 40 b + k.  Byte i holds nibbles 2i and
     * 2i + 1: its bits b and b + 4 go to bits 40 b + 2i and 40 b + 2i + 1,
     * bits 2 (i % 4) and 2 (i % 4) + 1 of byte 5 b + i / 4. */
    for (i = 0; i < 20; i++) t[i] = 0;
    for (i = 0; i < 20; i++) {
      unsigned x = s->b[i], b;
      for (b = 0; b < 4; b++)
        t[5 * b + i / 4] |= (uint8_t)((((x >> b) & 1u) | ((x >> (b + 3)) & 2u)) << (2 * (i % 4)));
    }
    for (i = 0; i < 20; i++) s->b[i] = t[i];
  }
  lwc_wipe_bytes(t, sizeof t);
}

#endif
