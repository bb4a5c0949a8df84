/*
 * ref backend: Sparkle384 as the specification writes it, the oracle of the
 * other implementations.  Plain loops over the branches, the ARX-box
 * Alzette as its four rounds, the linear layer L6 as the Feistel function
 * of ELL over the left half followed by the branch permutation.
 */
#ifndef SPARKLE_BACKEND_H
#define SPARKLE_BACKEND_H

#include "sparkle/common.h"
#define PERM_VIEW_WORDS32
#define PERM_VIEW_SPLIT /* core/perm.h: the modes absorb whole rate blocks */
#include "core/perm.h"

#define SPARKLE_BACKEND_NAME "ref"

static const uint32_t sparkle_ref_c[8] = {SPARKLE_C0, SPARKLE_C1, SPARKLE_C2, SPARKLE_C3,
                                          SPARKLE_C4, SPARKLE_C5, SPARKLE_C6, SPARKLE_C7};

/* Alzette A_c on one branch (x, y) */
static void sparkle_ref_alzette(uint32_t *x, uint32_t *y, uint32_t c) {
  *x += lwc_ror32(*y, 31);
  *y ^= lwc_ror32(*x, 24);
  *x ^= c;
  *x += lwc_ror32(*y, 17);
  *y ^= lwc_ror32(*x, 17);
  *x ^= c;
  *x += *y;
  *y ^= lwc_ror32(*x, 31);
  *x ^= c;
  *x += lwc_ror32(*y, 24);
  *y ^= lwc_ror32(*x, 16);
  *x ^= c;
}

/* l(x) = (x ^ (x << 16)) >>> 16 */
static uint32_t sparkle_ref_ell(uint32_t x) { return lwc_ror32(x ^ (x << 16), 16); }

/* L6 over x[0..6), y[0..6): branches 0..2 are the left half */
static void sparkle_ref_linear(uint32_t *x, uint32_t *y) {
  const unsigned h = SPARKLE_BRANCHES / 2;
  uint32_t tx = 0, ty = 0, lx[3], ly[3];
  unsigned i;
  for (i = 0; i < h; i++) {
    tx ^= x[i];
    ty ^= y[i];
  }
  tx = sparkle_ref_ell(tx);
  ty = sparkle_ref_ell(ty);
  /* Feistel: the right half receives the left half and the function */
  for (i = 0; i < h; i++) {
    x[i + h] ^= x[i] ^ ty;
    y[i + h] ^= y[i] ^ tx;
  }
  /* branch swap: the right half, rotated one branch left, becomes the left
   * half; the old left half becomes the right half */
  for (i = 0; i < h; i++) {
    lx[i] = x[i];
    ly[i] = y[i];
  }
  for (i = 0; i < h; i++) {
    x[i] = x[h + (i + 1) % h];
    y[i] = y[h + (i + 1) % h];
  }
  for (i = 0; i < h; i++) {
    x[h + i] = lx[i];
    y[h + i] = ly[i];
  }
}

static void perm_permute(perm_state_t *s, unsigned steps) {
  uint32_t x[6], y[6];
  unsigned i, j;
  for (j = 0; j < SPARKLE_BRANCHES; j++) {
    x[j] = s->w[2 * j];
    y[j] = s->w[2 * j + 1];
  }
  for (i = 0; i < steps; i++) {
    y[0] ^= sparkle_ref_c[i % 8];
    y[1] ^= (uint32_t)i;
    for (j = 0; j < SPARKLE_BRANCHES; j++) sparkle_ref_alzette(&x[j], &y[j], sparkle_ref_c[j]);
    sparkle_ref_linear(x, y);
  }
  for (j = 0; j < SPARKLE_BRANCHES; j++) {
    s->w[2 * j] = x[j];
    s->w[2 * j + 1] = y[j];
  }
}

#endif
