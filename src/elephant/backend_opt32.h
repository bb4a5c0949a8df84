/*
 * opt32 backend: Spongent-pi[160] on five 32-bit words (core/perm.h), for
 * 32-bit cores.
 *
 * sBox: the 8 nibbles of a word at once.  With a = w, b = w >> 1,
 * c = w >> 2, d = w >> 3, the bits at positions 0 mod 4 of a, b, c, d are
 * bits x0 .. x3 of every nibble; the S-box's logic formulation (ref's
 * algebraic normal form, factored) runs on whole words and the results
 * are masked back to their bit of the nibble.  No table, no secret index.
 *
 * pLayer: bit b of nibble k goes to bit 40 b + k.  Word j holds nibbles
 * 8j .. 8j+7, so its bits b, b+4, .., b+28 go, in order, to the byte
 * 5 b + j of the result.  Each word is first transposed (bit 4n + b to bit
 * 8b + n: the index bits rotated, four delta swaps), then its byte b is
 * moved to byte 5 b + j.
 */
#ifndef SPONGENT_BACKEND_H
#define SPONGENT_BACKEND_H

#include "elephant/common.h"
#define PERM_VIEW_WORDS32
#include "core/perm.h"

#define SPONGENT_BACKEND_NAME "opt32"

static inline uint32_t spongent_dswap(uint32_t x, uint32_t m, unsigned s) {
  uint32_t t = (x ^ (x >> s)) & m;
  return x ^ t ^ (t << s);
}

/* The S-box on the 8 nibbles of w. */
static inline uint32_t spongent_sbox32(uint32_t w) {
  const uint32_t m = 0x11111111u;
  uint32_t x0 = w, x1 = w >> 1, x2 = w >> 2, x3 = w >> 3;
  uint32_t t = x1 & x2, u = x0 & x3, v = t & x3;
  uint32_t y0 = x0 ^ x3 ^ (x1 & ~x2);
  uint32_t y1 = ~(x0 ^ t ^ u ^ ((x1 ^ x2) & x3) ^ v);
  uint32_t y2 = ~(x1 ^ x2 ^ u ^ v);
  uint32_t y3 = ~((x0 & x1) ^ x2 ^ x3 ^ (x3 & ((x0 | x1) ^ (x0 & x2))));
  return (y0 & m) | (y1 & m) << 1 | (y2 & m) << 2 | (y3 & m) << 3;
}

/* Bit 4n + b of w to bit 8b + n: the index bits (n2 n1 n0 b1 b0) become
 * (b1 b0 n2 n1 n0), as four exchanges of two index bits. */
static inline uint32_t spongent_transpose(uint32_t w) {
  w = spongent_dswap(w, 0x22222222u, 1);
  w = spongent_dswap(w, 0x0a0a0a0au, 3);
  w = spongent_dswap(w, 0x00cc00ccu, 6);
  return spongent_dswap(w, 0x0000f0f0u, 12);
}

/* Byte b of t[j] is byte 5b + j of the result, i.e. byte (5b + j) % 4 of
 * word (5b + j) / 4. */
#define SPONGENT_BYTE(t, j, b) \
  ((((t)[j] >> (8 * (b))) & 0xffu) << (8 * ((5 * (b) + (j)) % 4)))

static void perm_permute(perm_state_t *s, unsigned rounds) {
  uint32_t t[5];
  unsigned r, j, lfsr = SPONGENT_LFSR_IV;
  for (r = 0; r < rounds; r++) {
    s->w[0] ^= lfsr;
    s->w[4] ^= (uint32_t)spongent_lfsr_rev(lfsr) << 24;
    lfsr = spongent_lfsr_next(lfsr);
    for (j = 0; j < 5; j++) t[j] = spongent_transpose(spongent_sbox32(s->w[j]));
    /* word i gathers bytes 4i .. 4i+3 = 5b + j */
    s->w[0] = SPONGENT_BYTE(t, 0, 0) | SPONGENT_BYTE(t, 1, 0) | SPONGENT_BYTE(t, 2, 0) |
              SPONGENT_BYTE(t, 3, 0);
    s->w[1] = SPONGENT_BYTE(t, 4, 0) | SPONGENT_BYTE(t, 0, 1) | SPONGENT_BYTE(t, 1, 1) |
              SPONGENT_BYTE(t, 2, 1);
    s->w[2] = SPONGENT_BYTE(t, 3, 1) | SPONGENT_BYTE(t, 4, 1) | SPONGENT_BYTE(t, 0, 2) |
              SPONGENT_BYTE(t, 1, 2);
    s->w[3] = SPONGENT_BYTE(t, 2, 2) | SPONGENT_BYTE(t, 3, 2) | SPONGENT_BYTE(t, 4, 2) |
              SPONGENT_BYTE(t, 0, 3);
    s->w[4] = SPONGENT_BYTE(t, 1, 3) | SPONGENT_BYTE(t, 2, 3) | SPONGENT_BYTE(t, 3, 3) |
              SPONGENT_BYTE(t, 4, 3);
  }
  lwc_wipe_bytes(t, sizeof t);
}

#endif
