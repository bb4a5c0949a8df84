/*
 * ref backend: Skinny-128-384+ as the specification writes it (Romulus
 * v1.3, section 2.1): the internal state IS a 4 x 4 byte matrix, and each
 * of the 40 rounds is SubCells, AddConstants, AddRoundTweakey, ShiftRows,
 * MixColumnsc in that order; after each round the three tweakey matrices
 * are permuted by P_T and the first two rows of TK2 and TK3 go through
 * their LFSRs.  It is the oracle the other implementation is tested
 * against.
 *
 * The 8-bit S-box is not a table here: the specification defines it as a
 * circuit (four times: two NOR/XOR steps and a bit permutation, the last
 * permutation a swap of bits 1 and 2), and that circuit is computed, so no
 * memory address depends on a secret.
 */
#ifndef SKINNY_BACKEND_H
#define SKINNY_BACKEND_H

#include "skinny/common.h"

#define SKINNY_BACKEND_NAME "ref"

/* bit i of x */
#define SKINNY_BIT(x, i) (((unsigned)(x) >> (i)) & 1u)

/* x4 ^= NOR(x7, x6); x0 ^= NOR(x3, x2): both at once, bits 7, 6 and 3, 2
 * shifted onto bits 4 and 0 (written bit by bit, avr-gcc made a branch of it) */
static uint8_t skinny_sbox_step(uint8_t x) {
  return (uint8_t)(x ^ (~((x >> 3) | (x >> 2)) & 0x11u));
}

/* (x7, .., x0) -> (x2, x1, x7, x6, x4, x0, x3, x5) */
static uint8_t skinny_sbox_perm(uint8_t x) {
  return (uint8_t)(SKINNY_BIT(x, 2) << 7 | SKINNY_BIT(x, 1) << 6 | SKINNY_BIT(x, 7) << 5 |
                   SKINNY_BIT(x, 6) << 4 | SKINNY_BIT(x, 4) << 3 | SKINNY_BIT(x, 0) << 2 |
                   SKINNY_BIT(x, 3) << 1 | SKINNY_BIT(x, 5));
}

static uint8_t skinny_sbox(uint8_t x) {
  unsigned i;
  for (i = 0; i < 3; i++) x = skinny_sbox_perm(skinny_sbox_step(x));
  x = skinny_sbox_step(x);
  /* the last permutation exchanges bits 1 and 2 only */
  return (uint8_t)((x & 0xf9u) | SKINNY_BIT(x, 1) << 2 | SKINNY_BIT(x, 2) << 1);
}

/* P_T: the cell at position i moves from position SKINNY_PT[i] */
static const uint8_t SKINNY_PT[16] = {9, 15, 8, 13, 10, 14, 12, 11, 0, 1, 2, 3, 4, 5, 6, 7};
/* ShiftRows: row r rotated right by r cells (the cell at i comes from SKINNY_SR[i]) */
static const uint8_t SKINNY_SR[16] = {0, 1, 2, 3, 7, 4, 5, 6, 10, 11, 8, 9, 13, 14, 15, 12};

static void skinny_permute_cells(uint8_t *m, const uint8_t *perm) {
  uint8_t t[16];
  unsigned i;
  for (i = 0; i < 16; i++) t[i] = m[perm[i]];
  for (i = 0; i < 16; i++) m[i] = t[i];
  lwc_wipe_bytes(t, sizeof t);
}

/* The first `rounds` rounds (SKINNY_ROUNDS: the cipher; fewer: the bare
 * permutation's permute_rounds). */
static void skinny_encrypt_rounds(uint8_t *block, const uint8_t *tk1, const uint8_t *tk2,
                                  const uint8_t *tk3, unsigned rounds) {
  uint8_t s[16], tk[3][16];
  unsigned r, i, j;
  uint8_t rc = 0;
  for (i = 0; i < 16; i++) {
    s[i] = block[i];
    tk[0][i] = tk1[i];
    tk[1][i] = tk2[i];
    tk[2][i] = tk3[i];
  }
  for (r = 0; r < rounds; r++) {
    /* SubCells */
    for (i = 0; i < 16; i++) s[i] = skinny_sbox(s[i]);
    /* AddConstants: the 6-bit LFSR (rc5..rc0) <- (rc4..rc0, rc5 ^ rc4 ^ 1);
     * c0 = rc3..rc0 into cell (0, 0), c1 = rc5 rc4 into (1, 0), c2 = 2 into (2, 0) */
    rc = (uint8_t)(((rc << 1) | (SKINNY_BIT(rc, 5) ^ SKINNY_BIT(rc, 4) ^ 1u)) & 0x3fu);
    s[0] ^= (uint8_t)(rc & 0x0fu);
    s[4] ^= (uint8_t)(rc >> 4);
    s[8] ^= 0x02u;
    /* AddRoundTweakey: the first two rows of TK1 ^ TK2 ^ TK3 */
    for (i = 0; i < 8; i++) s[i] ^= (uint8_t)(tk[0][i] ^ tk[1][i] ^ tk[2][i]);
    /* ShiftRows */
    skinny_permute_cells(s, SKINNY_SR);
    /* MixColumns: each column times M = (1 0 1 1 / 1 0 0 0 / 0 1 1 0 / 1 0 1 0) */
    for (j = 0; j < 4; j++) {
      uint8_t a = s[j], b = s[4 + j], c = s[8 + j], d = s[12 + j];
      s[j] = (uint8_t)(a ^ c ^ d);
      s[4 + j] = a;
      s[8 + j] = (uint8_t)(b ^ c);
      s[12 + j] = (uint8_t)(a ^ c);
    }
    /* the tweakey schedule: P_T on each TKi, then the LFSRs on the first
     * two rows: TK2 (x7..x0) -> (x6..x0, x7 ^ x5), TK3 -> (x0 ^ x6, x7..x1) */
    for (j = 0; j < 3; j++) skinny_permute_cells(tk[j], SKINNY_PT);
    for (i = 0; i < 8; i++) {
      uint8_t x = tk[1][i], y = tk[2][i];
      tk[1][i] = (uint8_t)((x << 1) | (SKINNY_BIT(x, 7) ^ SKINNY_BIT(x, 5)));
      tk[2][i] = (uint8_t)((y >> 1) | ((SKINNY_BIT(y, 0) ^ SKINNY_BIT(y, 6)) << 7));
    }
  }
  for (i = 0; i < 16; i++) block[i] = s[i];
  lwc_wipe_bytes(s, sizeof s);
  lwc_wipe_bytes(tk, sizeof tk);
}

#endif
