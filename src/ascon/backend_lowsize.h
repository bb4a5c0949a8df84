/*
 * lowsize backend: the smallest code, not the fastest.  64-bit words, one
 * round in a loop (round constant computed from the round index, linear
 * layer driven by a table of rotation amounts) and no routine inlined, so
 * each exists once in the binary; the mode code above it is compiled the
 * same way (LWC_INLINE is a plain static function here).
 */
#ifndef ASCON_BACKEND_H
#define ASCON_BACKEND_H

#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#include "ascon/lanes64.h"

#define ASCON_BACKEND_NAME "lowsize"

/* Rotation amounts of Sigma_0 .. Sigma_4 (public constants). */
static const uint8_t ascon_lowsize_rot[5][2] = {
    {19, 28}, {61, 39}, {1, 6}, {10, 17}, {7, 41}};

LWC_INLINE void perm_permute(perm_state_t *s, unsigned n) {
  uint64_t *x = s->x, t[5];
  unsigned r, i;
  for (r = 12 - n; r < 12; r++) {
    x[2] ^= (uint64_t)(((0xfu - r) << 4) | r);
    x[0] ^= x[4];
    x[4] ^= x[3];
    x[2] ^= x[1];
    for (i = 0; i < 5; i++) t[i] = x[i] ^ (~x[(i + 1) % 5] & x[(i + 2) % 5]);
    t[1] ^= t[0];
    t[0] ^= t[4];
    t[3] ^= t[2];
    t[2] = ~t[2];
    for (i = 0; i < 5; i++)
      x[i] = t[i] ^ ascon_ror64(t[i], ascon_lowsize_rot[i][0]) ^
             ascon_ror64(t[i], ascon_lowsize_rot[i][1]);
  }
}

#endif
