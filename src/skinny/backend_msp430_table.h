/*
 * MSP430 assembly backend with the S-box as a table (src/skinny/msp430/
 * table.S and schedule.S, written by gen.py).  NOT constant time: the
 * S-box table is indexed by the state's cells (MSP430 has no cache, so the
 * time does not vary, but the addresses do: power, EM).  The constant-time
 * MSP430 backend is backend_msp430.h.
 *
 * The round tweakeys are 8 bytes a round (cells 0..7, the round constants
 * c0, c1 in cells 0 and 4), one TKi at a time by skinny_msp430_tk.  It
 * also gives the optional fixed-tweakey interface of common.h: TK3 (and
 * TK2) scheduled once for many calls, TK1 (whose last 8 bytes are zero in
 * Romulus) as the 8 images of its top rows under P_T^2, xored every other
 * round.
 */
#ifndef SKINNY_BACKEND_H
#define SKINNY_BACKEND_H

#include "skinny/common.h"

#define SKINNY_BACKEND_NAME "asm_msp430_table"

/* the two top rows of one tweakey in each of the 40 rounds (8 bytes a
 * round) into rtk (even address): TK3 written with the round constants,
 * TK2 xored or written, TK1 xored (src/skinny/msp430/schedule.S) */
void LWC_NS(skinny_msp430_tk3c)(uint8_t *rtk, const uint8_t *tk3);
void LWC_NS(skinny_msp430_tk2x)(uint8_t *rtk, const uint8_t *tk2);
void LWC_NS(skinny_msp430_tk2w)(uint8_t *rtk, const uint8_t *tk2);
void LWC_NS(skinny_msp430_tk1x)(uint8_t *rtk, const uint8_t *tk1);
/* zero n words (n a multiple of 8, even address) */
void LWC_NS(skinny_msp430_wipe)(void *p, unsigned n);
/* TK1's top rows at rounds 0, 2, .., 14 (TK1's last 8 bytes zero) */
void LWC_NS(skinny_msp430_tk1q)(uint8_t *out, const uint8_t *tk1);
/* n rounds: rtk 8 bytes a round (and rtk2, rounds2), tk1q's 8 images xored
 * every other round (n a multiple of 4 unless they are zero) */
void LWC_NS(skinny_msp430t_rounds)(uint8_t *block, const uint8_t *rtk, const uint8_t *tk1q,
                                   unsigned rounds);
void LWC_NS(skinny_msp430t_rounds2)(uint8_t *block, const uint8_t *rtk, const uint8_t *tk1q,
                                    const uint8_t *rtk2, unsigned rounds);

/* TK1 images for a call without them: zero, and one image longer than
 * the 8 the rounds cycle through (with n not a multiple of 4, the loop's
 * entry in its middle reads a 9th before it wraps) */
static const uint16_t SKINNY_MSP430_NO_IMAGES[36] = {0};

/* The first `rounds` rounds (SKINNY_ROUNDS: the cipher; fewer: the bare
 * permutation's permute_rounds); unused where Romulus takes the fixed
 * schedule below. */
static __attribute__((unused)) void skinny_encrypt_rounds(uint8_t *block, const uint8_t *tk1,
                                                          const uint8_t *tk2, const uint8_t *tk3,
                                                          unsigned rounds) {
  uint16_t rtk[4 * SKINNY_ROUNDS];
  LWC_NS(skinny_msp430_tk3c)((uint8_t *)rtk, tk3);
  LWC_NS(skinny_msp430_tk2x)((uint8_t *)rtk, tk2);
  LWC_NS(skinny_msp430_tk1x)((uint8_t *)rtk, tk1);
  LWC_NS(skinny_msp430t_rounds)(block, (const uint8_t *)rtk,
                                (const uint8_t *)SKINNY_MSP430_NO_IMAGES, rounds);
  LWC_NS(skinny_msp430_wipe)(rtk, sizeof rtk / 2);
}

/* the optional fixed-tweakey interface (common.h) */
#define SKINNY_HAS_FIXED 1

typedef struct {
  uint16_t rtk[4 * SKINNY_ROUNDS]; /* TK3's schedule and the constants (and TK2's if fixed) */
  uint16_t rtk2[4 * SKINNY_ROUNDS]; /* a per-call TK2's schedule */
  uint16_t tk1q[32];                 /* TK1's 8 images */
  uint8_t used2;                     /* rtk2 written */
} skinny_fixed;

/* TK3's schedule (with the constants) unless tk3 is NULL, then TK2's
 * added into it unless tk2 is NULL */
static void skinny_fix(skinny_fixed *f, const uint8_t *tk2, const uint8_t *tk3) {
  if (tk3 != NULL) {
    f->used2 = 0;
    LWC_NS(skinny_msp430_tk3c)((uint8_t *)f->rtk, tk3);
  }
  if (tk2 != NULL) LWC_NS(skinny_msp430_tk2x)((uint8_t *)f->rtk, tk2);
}

static void skinny_encrypt_fixed(uint8_t *block, const uint8_t *tk1, const uint8_t *tk2,
                                 skinny_fixed *f) {
  LWC_NS(skinny_msp430_tk1q)((uint8_t *)f->tk1q, tk1);
  if (tk2 != NULL) {
    LWC_NS(skinny_msp430_tk2w)((uint8_t *)f->rtk2, tk2);
    f->used2 = 1;
    LWC_NS(skinny_msp430t_rounds2)(block, (const uint8_t *)f->rtk, (const uint8_t *)f->tk1q,
                                   (const uint8_t *)f->rtk2, SKINNY_ROUNDS);
  } else {
    LWC_NS(skinny_msp430t_rounds)(block, (const uint8_t *)f->rtk, (const uint8_t *)f->tk1q,
                                  SKINNY_ROUNDS);
  }
}

/* the schedules (TK3: the key) and TK1's images; rtk2 if it was used */
static void skinny_unfix(skinny_fixed *f) {
  LWC_NS(skinny_msp430_wipe)(f->rtk, sizeof f->rtk / 2);
  LWC_NS(skinny_msp430_wipe)(f->tk1q, sizeof f->tk1q / 2);
  if (f->used2) LWC_NS(skinny_msp430_wipe)(f->rtk2, sizeof f->rtk2 / 2);
}

#endif
