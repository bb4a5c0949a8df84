/*
 * opt32 backend: Sparkle384 for 32-bit cores.  The twelve words live in
 * locals (registers, as far as the core has them) for the whole call; the
 * six Alzettes of a step and the linear layer are unrolled with their
 * constants and rotation amounts as immediates; the branch swap is a
 * renaming of the locals, by unrolling two steps (the swap applied twice).
 */
#ifndef SPARKLE_BACKEND_H
#define SPARKLE_BACKEND_H

#define LWC_FORCE_INLINE 1 /* core/common.h: every routine inlined */
#include "sparkle/common.h"
#define PERM_VIEW_WORDS32
#define PERM_VIEW_SPLIT /* core/perm.h: the modes absorb whole rate blocks */
#include "core/perm.h"

#define SPARKLE_BACKEND_NAME "opt32"

#define SPARKLE_ROR(v, n) (((v) >> (n)) | ((v) << (32 - (n))))

/* The branch constant is used four times: in a register.  Without the
 * empty asm, gcc for Thumb-2 splits each XOR with it into four XORs with
 * encodable immediates (sixteen instructions an Alzette instead of one
 * load and four). */
#if defined(__GNUC__)
#define SPARKLE_IN_REG(v) __asm__("" : "+r"(v))
#else
#define SPARKLE_IN_REG(v) ((void)0)
#endif

#define SPARKLE_ALZETTE(x, y, c)      \
  do {                                \
    uint32_t c_ = (c);                \
    SPARKLE_IN_REG(c_);               \
    (x) += SPARKLE_ROR((y), 31);      \
    (y) ^= SPARKLE_ROR((x), 24);      \
    (x) ^= c_;                        \
    (x) += SPARKLE_ROR((y), 17);      \
    (y) ^= SPARKLE_ROR((x), 17);      \
    (x) ^= c_;                        \
    (x) += (y);                       \
    (y) ^= SPARKLE_ROR((x), 31);      \
    (x) ^= c_;                        \
    (x) += SPARKLE_ROR((y), 24);      \
    (y) ^= SPARKLE_ROR((x), 16);      \
    (x) ^= c_;                        \
  } while (0)

/* l(x) = (x ^ (x << 16)) >>> 16 */
#define SPARKLE_ELL(v) SPARKLE_ROR((v) ^ ((v) << 16), 16)

/* One step with step constant rc (c[i mod 8]) and index i, on branches
 * named (a0..a5) in the order the step sees them.  The Feistel function
 * writes the right half in place; the branch swap is left to the caller's
 * naming: the new branches 0, 1, 2, 3, 4, 5 are the old 4, 5, 3, 0, 1, 2. */
#define SPARKLE_STEP(rc, i, x0, y0, x1, y1, x2, y2, x3, y3, x4, y4, x5, y5) \
  do {                                                                     \
    uint32_t tx_, ty_;                                                     \
    y0 ^= (rc);                                                            \
    y1 ^= (i);                                                             \
    SPARKLE_ALZETTE(x0, y0, SPARKLE_C0);                                   \
    SPARKLE_ALZETTE(x1, y1, SPARKLE_C1);                                   \
    SPARKLE_ALZETTE(x2, y2, SPARKLE_C2);                                   \
    SPARKLE_ALZETTE(x3, y3, SPARKLE_C3);                                   \
    SPARKLE_ALZETTE(x4, y4, SPARKLE_C4);                                   \
    SPARKLE_ALZETTE(x5, y5, SPARKLE_C5);                                   \
    tx_ = x0 ^ x1 ^ x2;                                                    \
    ty_ = y0 ^ y1 ^ y2;                                                    \
    tx_ = SPARKLE_ELL(tx_);                                                \
    ty_ = SPARKLE_ELL(ty_);                                                \
    x3 ^= x0 ^ ty_;                                                        \
    y3 ^= y0 ^ tx_;                                                        \
    x4 ^= x1 ^ ty_;                                                        \
    y4 ^= y1 ^ tx_;                                                        \
    x5 ^= x2 ^ ty_;                                                        \
    y5 ^= y2 ^ tx_;                                                        \
  } while (0)

static const uint32_t sparkle_opt32_c[SPARKLE_MAX_STEPS] = {
    SPARKLE_C0, SPARKLE_C1, SPARKLE_C2, SPARKLE_C3, SPARKLE_C4, SPARKLE_C5,
    SPARKLE_C6, SPARKLE_C7, SPARKLE_C0, SPARKLE_C1, SPARKLE_C2, SPARKLE_C3};

static void perm_permute(perm_state_t *s, unsigned steps) {
  uint32_t a0 = s->w[0], b0 = s->w[1], a1 = s->w[2], b1 = s->w[3];
  uint32_t a2 = s->w[4], b2 = s->w[5], a3 = s->w[6], b3 = s->w[7];
  uint32_t a4 = s->w[8], b4 = s->w[9], a5 = s->w[10], b5 = s->w[11];
  uint32_t t;
  unsigned i = 0;
  /* two steps per turn: after the first the branches (a0..a5) are the step's
   * (a4, a5, a3, a0, a1, a2); after the second, (a1, a2, a0, a4, a5, a3)
   * in terms of the first's names */
  for (; i + 2 <= steps; i += 2) {
    SPARKLE_STEP(sparkle_opt32_c[i], i, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5);
    SPARKLE_STEP(sparkle_opt32_c[i + 1], i + 1, a4, b4, a5, b5, a3, b3, a0, b0, a1, b1, a2, b2);
    /* rename back: new (0..5) = (a1, a2, a0, a4, a5, a3) */
    t = a0; a0 = a1; a1 = a2; a2 = t;
    t = b0; b0 = b1; b1 = b2; b2 = t;
    t = a3; a3 = a4; a4 = a5; a5 = t;
    t = b3; b3 = b4; b4 = b5; b5 = t;
  }
  if (i < steps) { /* an odd count: one more step, then its swap */
    SPARKLE_STEP(sparkle_opt32_c[i], i, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5);
    s->w[0] = a4; s->w[1] = b4; s->w[2] = a5; s->w[3] = b5;
    s->w[4] = a3; s->w[5] = b3; s->w[6] = a0; s->w[7] = b0;
    s->w[8] = a1; s->w[9] = b1; s->w[10] = a2; s->w[11] = b2;
  } else {
    s->w[0] = a0; s->w[1] = b0; s->w[2] = a1; s->w[3] = b1;
    s->w[4] = a2; s->w[5] = b2; s->w[6] = a3; s->w[7] = b3;
    s->w[8] = a4; s->w[9] = b4; s->w[10] = a5; s->w[11] = b5;
  }
}

#endif
