/*
 * opt32 backend: speed on 32-bit cores.  Row i of the cell matrix is one
 * 32-bit word, cell X[i][j] in bits 4j .. 4j + 3 (the state's bytes 4i ..
 * 4i + 3 read little-endian), so that
 *   AddConstant     is one XOR per row,
 *   SubCells        is the S-box's algebraic normal form on the eight cells
 *                   of a row at once (bit k of every cell: mask 0x11111111 << k),
 *   ShiftRows       is a rotation of row i right by 4i bits,
 *   MixColumnSerial is the matrix A^8 itself: for each input row, its
 *                   products by x, x^2, x^3 (three packed doublings), and
 *                   each output row XORs the ones its matrix entry names.
 * No table but the round constants (indexed by the round number, public).
 */
#ifndef PHOTON_BACKEND_H
#define PHOTON_BACKEND_H

#include "photon/common.h"

#define PHOTON_BACKEND_NAME "opt32"

#define PERM_VIEW_WORDS32
#include "core/perm.h"

/* the S-box on the eight cells of a word (see backend_ref.h for the form) */
LWC_INLINE uint32_t photon_sbox32(uint32_t w) {
  const uint32_t m = 0x11111111u;
  uint32_t x0 = w & m, x1 = (w >> 1) & m, x2 = (w >> 2) & m, x3 = (w >> 3) & m;
  uint32_t t = x1 & x2, x13 = x1 & x3, x0t = x0 & t;
  uint32_t ab = x0 & x3 & (x1 ^ x2); /* x0 x1 x3 ^ x0 x2 x3 */
  uint32_t y0 = x0 ^ x2 ^ x3 ^ t;
  uint32_t y1 = x1 ^ x3 ^ x0t ^ x13 ^ (x2 & x3) ^ ab;
  uint32_t y2 = m ^ x2 ^ x3 ^ (x0 & x1) ^ (x0 & x3) ^ x13 ^ ab;
  uint32_t y3 = m ^ x0 ^ x1 ^ x3 ^ t ^ x0t ^ ab;
  return y0 | y1 << 1 | y2 << 2 | y3 << 3;
}

/* each cell of x times x in GF(2^4) / (x^4 + x + 1) */
LWC_INLINE uint32_t photon_double32(uint32_t x) {
  uint32_t h = (x >> 3) & 0x11111111u;
  return ((x & 0x77777777u) << 1) ^ h ^ (h << 1);
}

/* c (a constant 1 .. 15) times the row whose multiples are x1, x2, x4, x8 */
#define PHOTON_MUL(c) \
  (((c)&1 ? x1 : 0u) ^ ((c)&2 ? x2 : 0u) ^ ((c)&4 ? x4 : 0u) ^ ((c)&8 ? x8 : 0u))

/* row k's contribution to every output row: column k of A^8 */
#define PHOTON_COL(k, m0, m1, m2, m3, m4, m5, m6, m7)                          \
  do {                                                                         \
    x1 = w[k];                                                                 \
    x2 = photon_double32(x1);                                                  \
    x4 = photon_double32(x2);                                                  \
    x8 = photon_double32(x4);                                                  \
    o0 ^= PHOTON_MUL(m0), o1 ^= PHOTON_MUL(m1), o2 ^= PHOTON_MUL(m2);          \
    o3 ^= PHOTON_MUL(m3), o4 ^= PHOTON_MUL(m4), o5 ^= PHOTON_MUL(m5);          \
    o6 ^= PHOTON_MUL(m6), o7 ^= PHOTON_MUL(m7);                                \
  } while (0)

static void perm_permute(perm_state_t *s, unsigned rounds) {
  static const uint8_t RC[PHOTON_ROUNDS] = {PHOTON_RC_LIST};
  uint32_t *w = s->w;
  unsigned r;
  for (r = 0; r < rounds; r++) {
    uint32_t o0 = 0, o1 = 0, o2 = 0, o3 = 0, o4 = 0, o5 = 0, o6 = 0, o7 = 0;
    uint32_t x1, x2, x4, x8, rc = RC[r];
    /* AddConstant (IC = 0, 1, 3, 7, 15, 14, 12, 8), SubCells, ShiftRows */
    w[0] = photon_sbox32(w[0] ^ rc);
    w[1] = lwc_ror32(photon_sbox32(w[1] ^ rc ^ 1u), 4);
    w[2] = lwc_ror32(photon_sbox32(w[2] ^ rc ^ 3u), 8);
    w[3] = lwc_ror32(photon_sbox32(w[3] ^ rc ^ 7u), 12);
    w[4] = lwc_ror32(photon_sbox32(w[4] ^ rc ^ 15u), 16);
    w[5] = lwc_ror32(photon_sbox32(w[5] ^ rc ^ 14u), 20);
    w[6] = lwc_ror32(photon_sbox32(w[6] ^ rc ^ 12u), 24);
    w[7] = lwc_ror32(photon_sbox32(w[7] ^ rc ^ 8u), 28);
    /* MixColumnSerial: the rows of A^8 are (2 4 2 11 2 8 5 6),
     * (12 9 8 13 7 7 5 2), (4 4 13 13 9 4 13 9), (1 6 5 1 12 13 15 14),
     * (15 12 9 13 14 5 14 13), (9 14 5 15 4 12 9 6), (12 2 2 10 3 1 1 14),
     * (15 1 13 10 5 10 2 3); here by columns */
    PHOTON_COL(0, 2, 12, 4, 1, 15, 9, 12, 15);
    PHOTON_COL(1, 4, 9, 4, 6, 12, 14, 2, 1);
    PHOTON_COL(2, 2, 8, 13, 5, 9, 5, 2, 13);
    PHOTON_COL(3, 11, 13, 13, 1, 13, 15, 10, 10);
    PHOTON_COL(4, 2, 7, 9, 12, 14, 4, 3, 5);
    PHOTON_COL(5, 8, 7, 4, 13, 5, 12, 1, 10);
    PHOTON_COL(6, 5, 5, 13, 15, 14, 9, 1, 2);
    PHOTON_COL(7, 6, 2, 9, 14, 13, 6, 14, 3);
    w[0] = o0, w[1] = o1, w[2] = o2, w[3] = o3;
    w[4] = o4, w[5] = o5, w[6] = o6, w[7] = o7;
  }
}

#endif
