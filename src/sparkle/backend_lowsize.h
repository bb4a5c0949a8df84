/*
 * lowsize backend: the smallest code, not the fastest.  Alzette's four
 * rounds are a loop over a table of rotation amounts, one rotation routine
 * serves every rotation, the linear layer is loops over the words, and no
 * routine is inlined, so each exists once in the binary; the mode code above
 * it is compiled the same way (LWC_INLINE is a plain static function here).
 */
#ifndef SPARKLE_BACKEND_H
#define SPARKLE_BACKEND_H

#include "sparkle/small.h"

#define SPARKLE_BACKEND_NAME "lowsize"

static const uint32_t sparkle_lowsize_c[8] = {SPARKLE_C0, SPARKLE_C1, SPARKLE_C2, SPARKLE_C3,
                                              SPARKLE_C4, SPARKLE_C5, SPARKLE_C6, SPARKLE_C7};

/* Alzette's rotation amounts, round by round: x += y >>> r[2k], then
 * y ^= x >>> r[2k+1] (public constants) */
static const uint8_t sparkle_lowsize_rot[8] = {31, 24, 17, 17, 0, 31, 24, 16};

LWC_INLINE uint32_t sparkle_lowsize_ror(uint32_t v, unsigned n) { return lwc_ror32(v, n); }

/* Alzette on one branch b = (x, y) with constant c, its rounds looped */
LWC_INLINE void sparkle_lowsize_alzette(uint32_t *b, uint32_t c) {
  uint32_t x = b[0], y = b[1];
  unsigned k;
  for (k = 0; k < 8; k += 2) {
    x += sparkle_lowsize_ror(y, sparkle_lowsize_rot[k]);
    y ^= sparkle_lowsize_ror(x, sparkle_lowsize_rot[k + 1]);
    x ^= c;
  }
  b[0] = x;
  b[1] = y;
}

/* l(v) = (v ^ (v << 16)) >>> 16 */
LWC_INLINE uint32_t sparkle_lowsize_ell(uint32_t v) {
  return sparkle_lowsize_ror(v ^ (v << 16), 16);
}

/* The whole permutation on w[] in place: x_j = w[2j], y_j = w[2j+1]. */
LWC_INLINE void perm_permute(perm_state_t *s, unsigned steps) {
  uint32_t *w = s->w, t[6], f[2];
  unsigned i, j, k;
  for (i = 0; i < steps; i++) {
    w[1] ^= sparkle_lowsize_c[i & 7];
    w[3] ^= (uint32_t)i;
    for (j = 0; j < 6; j++) sparkle_lowsize_alzette(w + 2 * j, sparkle_lowsize_c[j]);
    /* linear layer: words 0..5 are the left half; f = (into x, into y), the
     * Feistel function of it */
    f[0] = sparkle_lowsize_ell(w[1] ^ w[3] ^ w[5]);
    f[1] = sparkle_lowsize_ell(w[0] ^ w[2] ^ w[4]);
    for (j = 0; j < 6; j++) t[j] = w[j];
    /* new left half: the right half ^ the left half ^ f, rotated one branch
     * left (word j receives the right half's word (j + 2) mod 6); new right
     * half: the old left half */
    for (j = 0; j < 6; j++) {
      k = (j + 2) % 6;
      w[j] = w[6 + k] ^ t[k] ^ f[j & 1];
    }
    for (j = 0; j < 6; j++) w[6 + j] = t[j];
  }
}

#endif
