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
 * tests/asm/test_asm_msp430_skinny.py checks).
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
/* 8 round tweakey bytes a round to the 8 words of the planes' form, with
 * the constant 2 and the complements unless bare (in place when the bytes
 * are the upper half of words) */
void LWC_NS(skinny_msp430_planes)(uint16_t *words, const uint8_t *rtk, unsigned rounds,
                                  unsigned bare);
/* TK1's top rows at rounds 0, 2, .., 14 (TK1's last 8 bytes zero) */
void LWC_NS(skinny_msp430_tk1q)(uint8_t *out, const uint8_t *tk1);
/* skinny_msp430_rounds with TK1's 8 images (planes' form) xored every other
 * round, n even */
void LWC_NS(skinny_msp430_rounds_img)(uint8_t *block, const uint16_t *rtk, unsigned rounds,
                                      const uint16_t *images);

/* The first `rounds` rounds (SKINNY_ROUNDS: the cipher; fewer: the bare
 * permutation's permute_rounds); unused where Romulus takes the fixed
 * schedule below. */
static __attribute__((unused)) void skinny_encrypt_rounds(uint8_t *block, const uint8_t *tk1,
                                                          const uint8_t *tk2, const uint8_t *tk3,
                                                          unsigned rounds) {
  uint16_t rtk[4 * SKINNY_ROUNDS];
  uint16_t words[8 * SKINNY_ROUNDS];
  LWC_NS(skinny_msp430_tk3c)((uint8_t *)rtk, tk3);
  LWC_NS(skinny_msp430_tk2x)((uint8_t *)rtk, tk2);
  LWC_NS(skinny_msp430_tk1x)((uint8_t *)rtk, tk1);
  LWC_NS(skinny_msp430_planes)(words, (const uint8_t *)rtk, rounds, 0);
  LWC_NS(skinny_msp430_rounds)(block, words, rounds);
  LWC_NS(skinny_msp430_wipe)(rtk, sizeof rtk / 2);
  LWC_NS(skinny_msp430_wipe)(words, sizeof words / 2);
}

/* The optional fixed-tweakey interface (common.h): TK3's (and TK2's)
 * schedule in bytes and, once TK2 is in, in the planes' form; a call adds
 * TK1 as its 8 top-row images in the planes' form (every other round), or,
 * with a per-call TK2, schedules the sum and transposes it (in the upper
 * half of words). */
#define SKINNY_HAS_FIXED 1

typedef struct {
  uint16_t rtkb[4 * SKINNY_ROUNDS];  /* bytes: TK3's schedule, constants (and TK2's) */
  uint16_t words[8 * SKINNY_ROUNDS]; /* the planes' form of rtkb, or of a call's sum */
  uint16_t img[64];                  /* TK1's images (their bytes first in the upper half) */
  uint8_t with2;                     /* words hold rtkb with TK2 */
} skinny_fixed;

static void skinny_fix(skinny_fixed *f, const uint8_t *tk2, const uint8_t *tk3) {
  if (tk3 != NULL) {
    f->with2 = 0;
    LWC_NS(skinny_msp430_tk3c)((uint8_t *)f->rtkb, tk3);
  }
  if (tk2 != NULL) {
    LWC_NS(skinny_msp430_tk2x)((uint8_t *)f->rtkb, tk2);
    LWC_NS(skinny_msp430_planes)(f->words, (const uint8_t *)f->rtkb, SKINNY_ROUNDS, 0);
    f->with2 = 1;
  }
}

static void skinny_encrypt_fixed(uint8_t *block, const uint8_t *tk1, const uint8_t *tk2,
                                 skinny_fixed *f) {
  if (tk2 == NULL) {
    uint8_t *bytes = (uint8_t *)(f->img + 32);
    LWC_NS(skinny_msp430_tk1q)(bytes, tk1);
    LWC_NS(skinny_msp430_planes)(f->img, bytes, 8, 1);
    LWC_NS(skinny_msp430_rounds_img)(block, f->words, SKINNY_ROUNDS, f->img);
  } else {
    uint16_t *sum = f->words + 4 * SKINNY_ROUNDS;
    unsigned i;
    for (i = 0; i < 4 * SKINNY_ROUNDS; i++) sum[i] = f->rtkb[i];
    LWC_NS(skinny_msp430_tk2x)((uint8_t *)sum, tk2);
    LWC_NS(skinny_msp430_tk1x)((uint8_t *)sum, tk1);
    LWC_NS(skinny_msp430_planes)(f->words, (const uint8_t *)sum, SKINNY_ROUNDS, 0);
    f->with2 = 0;
    LWC_NS(skinny_msp430_rounds)(block, f->words, SKINNY_ROUNDS);
  }
}

static void skinny_unfix(skinny_fixed *f) {
  LWC_NS(skinny_msp430_wipe)(f, (sizeof f->rtkb + sizeof f->words + sizeof f->img) / 2);
}

#endif
