/*
 * bi32 backend: bit-interleaved 32-bit words for 32-bit cores (the thesis'
 * section 4.5).  Each 64-bit lane x is kept as two 32-bit halves: e holds
 * the even-numbered bits of x, o the odd ones.  A 64-bit rotation by 2k is
 * then two 32-bit rotations by k, and one by 2k+1 swaps the halves:
 *   e' = o >>> k,  o' = e >>> (k + 1).
 * Lanes are converted when bytes enter or leave the state, never inside
 * the permutation.
 */
#ifndef ASCON_BACKEND_H
#define ASCON_BACKEND_H

#include "ascon/word.h"

#define ASCON_BACKEND_NAME "bi32"

#include "ascon/lanes_bi32.h"

/* the S-box and the lane rotations on the words: ascon/interleave.h */
#define ASCON_BI_SIGMA(s, i, r0, r1) ASCON_BI_SIGMA_WORDS((s)->e, (s)->o, i, r0, r1)

static void perm_permute(perm_state_t *s, unsigned n) {
  unsigned i;
  for (i = 12 - n; i < 12; i++) {
    s->e[2] ^= ascon_bi32_rc[i][0];
    s->o[2] ^= ascon_bi32_rc[i][1];
    ascon_sbox32(s->e);
    ascon_sbox32(s->o);
    ASCON_BI_SIGMA(s, 0, 19, 28);
    ASCON_BI_SIGMA(s, 1, 61, 39);
    ASCON_BI_SIGMA(s, 2, 1, 6);
    ASCON_BI_SIGMA(s, 3, 10, 17);
    ASCON_BI_SIGMA(s, 4, 7, 41);
  }
}

#endif
