/*
 * ref backend: the Gimli permutation as the specification writes it
 * (Gimli, CHES 2017, section 2, and the NIST LWC submission): the state a
 * 3 x 4 matrix s[i][j] of 32-bit words; rounds numbered 24 down to 1; each
 * round applies the SP-box to the four columns, then on rounds 24, 20, ..
 * 4 (r mod 4 = 0) the small swap and the round constant, on rounds 22,
 * 18, .. 2 (r mod 4 = 2) the big swap.  It is the oracle the other
 * implementations are tested against.
 */
#ifndef GIMLI_BACKEND_H
#define GIMLI_BACKEND_H

#include "gimli/common.h"
#define PERM_VIEW_WORDS32
#include "core/perm.h"

#define GIMLI_BACKEND_NAME "ref"

/* s[i][j]: word 4i + j */
#define GIMLI_S(st, i, j) ((st)->w[4 * (i) + (j)])

/* The SP-box on column j: x, y, z the three words of the column. */
static void gimli_spbox(perm_state_t *st, unsigned j) {
  uint32_t x = lwc_rol32(GIMLI_S(st, 0, j), 24);
  uint32_t y = lwc_rol32(GIMLI_S(st, 1, j), 9);
  uint32_t z = GIMLI_S(st, 2, j);
  GIMLI_S(st, 2, j) = x ^ (z << 1) ^ ((y & z) << 2);
  GIMLI_S(st, 1, j) = y ^ x ^ ((x | z) << 1);
  GIMLI_S(st, 0, j) = z ^ y ^ ((x & y) << 3);
}

/* Exchange s[0][a] and s[0][b]. */
static void gimli_swap(perm_state_t *st, unsigned a, unsigned b) {
  uint32_t t = GIMLI_S(st, 0, a);
  GIMLI_S(st, 0, a) = GIMLI_S(st, 0, b);
  GIMLI_S(st, 0, b) = t;
}

/* The last `rounds` of the 24 rounds: r = rounds, rounds - 1, .., 1
 * (1 <= rounds <= 24; 24 is Gimli itself). */
static void perm_permute(perm_state_t *st, unsigned rounds) {
  unsigned r, j;
  for (r = rounds; r > 0; r--) {
    for (j = 0; j < 4; j++) gimli_spbox(st, j);
    if (r % 4 == 0) { /* small swap */
      gimli_swap(st, 0, 1);
      gimli_swap(st, 2, 3);
    } else if (r % 4 == 2) { /* big swap */
      gimli_swap(st, 0, 2);
      gimli_swap(st, 1, 3);
    }
    if (r % 4 == 0) GIMLI_S(st, 0, 0) ^= GIMLI_RC ^ (uint32_t)r;
  }
}

#endif
