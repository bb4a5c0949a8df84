/*
 * MSP430 assembly backend (src/skinny/msp430/bitsliced.S, written by
 * gen.py): the 40 rounds on the bit-sliced block, from round tweakey words
 * that this header computes in C (the tweakey schedule, the round
 * constants and the planes' form).
 *
 * Round r's words: plane b (b = 0..7) has bit 4c + row of cell (row, c) set
 * when bit b of that cell of
 *   the two top rows of TK1 ^ TK2 ^ TK3 (after r steps of the schedule),
 *   the constants c0 (cell 0), c1 (cell 4), 2 (cell 8)
 * is set, and is complemented where SubCells leaves the plane complemented
 * (SKINNY_MSP430_COMPLEMENTED, which gen.py prints in the .S's header and
 * tests/test_asm_msp430_skinny.py checks).
 */
#ifndef SKINNY_BACKEND_H
#define SKINNY_BACKEND_H

#include "skinny/common.h"

#define SKINNY_BACKEND_NAME "asm_msp430"

/* planes left complemented by the assembly's SubCells (bit b: plane b) */
#define SKINNY_MSP430_COMPLEMENTED 0x65u

void LWC_NS(skinny_msp430_rounds)(uint8_t *block, const uint16_t *rtk, unsigned rounds);

/* the bit of cell i (0..7: rows 0, 1) in a plane: 4c + r */
static const uint16_t SKINNY_MSP430_POS[8] = {0x0001u, 0x0010u, 0x0100u, 0x1000u,
                                              0x0002u, 0x0020u, 0x0200u, 0x2000u};
static const uint8_t SKINNY_MSP430_PT[16] = {9, 15, 8, 13, 10, 14, 12, 11,
                                             0, 1, 2, 3, 4, 5, 6, 7};

/* rtk[8r .. 8r + 7] for rounds r = 0 .. rounds - 1 */
static void skinny_msp430_schedule(uint16_t *rtk, const uint8_t *tk1, const uint8_t *tk2,
                                   const uint8_t *tk3, unsigned rounds) {
  uint8_t tk[48], t[16];
  unsigned r, i, j, b, rc = 0;
  for (i = 0; i < 16; i++) {
    tk[i] = tk1[i];
    tk[16 + i] = tk2[i];
    tk[32 + i] = tk3[i];
  }
  for (r = 0; r < rounds; r++, rtk += 8) {
    rc = ((rc << 1) | (((rc >> 5) ^ (rc >> 4) ^ 1u) & 1u)) & 0x3fu;
    for (b = 0; b < 8; b++) rtk[b] = (SKINNY_MSP430_COMPLEMENTED >> b & 1u) ? 0xffffu : 0;
    rtk[1] ^= 0x0004u; /* 2 in cell 8: bit 1, position 2 */
    for (i = 0; i < 8; i++) {
      unsigned x = (unsigned)(tk[i] ^ tk[16 + i] ^ tk[32 + i]);
      if (i == 0) x ^= rc & 0x0fu;
      if (i == 4) x ^= rc >> 4;
      for (b = 0; b < 8; b++, x >>= 1) rtk[b] ^= SKINNY_MSP430_POS[i] & (uint16_t)(0u - (x & 1u));
    }
    /* P_T on each matrix, then the LFSRs on the top rows of TK2 and TK3 */
    for (j = 0; j < 48; j += 16) {
      for (i = 0; i < 16; i++) t[i] = tk[j + SKINNY_MSP430_PT[i]];
      for (i = 0; i < 16; i++) tk[j + i] = t[i];
    }
    for (i = 0; i < 8; i++) {
      uint8_t x = tk[16 + i], y = tk[32 + i];
      tk[16 + i] = (uint8_t)((x << 1) | (((x >> 7) ^ (x >> 5)) & 1u));
      tk[32 + i] = (uint8_t)((y >> 1) | (((y ^ (y >> 6)) & 1u) << 7));
    }
  }
  lwc_wipe_bytes(tk, sizeof tk);
  lwc_wipe_bytes(t, sizeof t);
}

/* The first `rounds` rounds (SKINNY_ROUNDS: the cipher; fewer: the bare
 * permutation's permute_rounds). */
static void skinny_encrypt_rounds(uint8_t *block, const uint8_t *tk1, const uint8_t *tk2,
                                  const uint8_t *tk3, unsigned rounds) {
  uint16_t rtk[8 * SKINNY_ROUNDS];
  skinny_msp430_schedule(rtk, tk1, tk2, tk3, rounds);
  LWC_NS(skinny_msp430_rounds)(block, rtk, rounds);
  lwc_wipe_bytes(rtk, sizeof rtk);
}

LWC_INLINE void skinny_encrypt(uint8_t *block, const uint8_t *tk1, const uint8_t *tk2,
                                const uint8_t *tk3) {
  skinny_encrypt_rounds(block, tk1, tk2, tk3, SKINNY_ROUNDS);
}

#endif
