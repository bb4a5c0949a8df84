/*
 * MSP430 assembly backend (src/skinny/msp430/bitsliced.S and schedule.S,
 * written by gen.py), constant time: the tweakey schedule one TKi at a
 * time into 8 round tweakey bytes a round (schedule.S, the round constants
 * with TK1), those bytes to the planes' words (skinny_msp430_planes), then
 * the 40 rounds on the bit-sliced block (skinny_msp430_rounds).
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

/* the two top rows of one tweakey in each of the 40 rounds (8 bytes a
 * round) into rtk (even address): TK3 written with the round constants,
 * TK2 xored, TK1 xored (src/skinny/msp430/schedule.S) */
void LWC_NS(skinny_msp430_tk3c)(uint8_t *rtk, const uint8_t *tk3);
void LWC_NS(skinny_msp430_tk2x)(uint8_t *rtk, const uint8_t *tk2);
void LWC_NS(skinny_msp430_tk1x)(uint8_t *rtk, const uint8_t *tk1);
/* zero n words (n a multiple of 8, even address) */
void LWC_NS(skinny_msp430_wipe)(void *p, unsigned n);
/* 8 round tweakey bytes a round to the 8 words of the planes' form */
void LWC_NS(skinny_msp430_planes)(uint16_t *words, const uint8_t *rtk, unsigned rounds);

/* The first `rounds` rounds (SKINNY_ROUNDS: the cipher; fewer: the bare
 * permutation's permute_rounds). */
static void skinny_encrypt_rounds(uint8_t *block, const uint8_t *tk1, const uint8_t *tk2,
                                  const uint8_t *tk3, unsigned rounds) {
  uint16_t rtk[4 * SKINNY_ROUNDS];
  uint16_t words[8 * SKINNY_ROUNDS];
  LWC_NS(skinny_msp430_tk3c)((uint8_t *)rtk, tk3);
  LWC_NS(skinny_msp430_tk2x)((uint8_t *)rtk, tk2);
  LWC_NS(skinny_msp430_tk1x)((uint8_t *)rtk, tk1);
  LWC_NS(skinny_msp430_planes)(words, (const uint8_t *)rtk, rounds);
  LWC_NS(skinny_msp430_rounds)(block, words, rounds);
  LWC_NS(skinny_msp430_wipe)(rtk, sizeof rtk / 2);
  LWC_NS(skinny_msp430_wipe)(words, sizeof words / 2);
}

LWC_INLINE void skinny_encrypt(uint8_t *block, const uint8_t *tk1, const uint8_t *tk2,
                                const uint8_t *tk3) {
  skinny_encrypt_rounds(block, tk1, tk2, tk3, SKINNY_ROUNDS);
}

#endif
