/*
 * ref backend: the Ascon permutation written the way the specifications
 * present it (Ascon v1.2 section 2.6, NIST SP 800-232 section 3): five
 * 64-bit words, and a round that is constant addition p_C, substitution
 * layer p_S (the bitsliced 5-bit S-box) and linear layer p_L.
 * It is the oracle the other implementations are tested against.
 */
#ifndef ASCON_BACKEND_H
#define ASCON_BACKEND_H

#include "ascon/lanes64.h"

#define ASCON_BACKEND_NAME "ref"

/* p_C: round i of the 12 (i = 0..11) adds c_i = (0xf - i) << 4 | i to x2:
 * 0xf0, 0xe1, ..., 0x4b. */
static inline void ascon_pc(perm_state_t *s, unsigned i) {
  s->x[2] ^= (uint64_t)(((0xfu - i) << 4) | i);
}

/* p_S: the S-box applied to the 64 columns (x0..x4 bit j), bitsliced. */
static inline void ascon_ps(perm_state_t *s) {
  uint64_t *x = s->x, t[5];
  unsigned i;
  x[0] ^= x[4];
  x[4] ^= x[3];
  x[2] ^= x[1];
  for (i = 0; i < 5; i++) t[i] = ~x[i] & x[(i + 1) % 5];
  for (i = 0; i < 5; i++) x[i] ^= t[(i + 1) % 5];
  x[1] ^= x[0];
  x[0] ^= x[4];
  x[3] ^= x[2];
  x[2] = ~x[2];
}

/* p_L: Sigma_i(x_i) = x_i ^ (x_i >>> r_i0) ^ (x_i >>> r_i1). */
static inline void ascon_pl(perm_state_t *s) {
  uint64_t *x = s->x;
  x[0] ^= ascon_ror64(x[0], 19) ^ ascon_ror64(x[0], 28);
  x[1] ^= ascon_ror64(x[1], 61) ^ ascon_ror64(x[1], 39);
  x[2] ^= ascon_ror64(x[2], 1) ^ ascon_ror64(x[2], 6);
  x[3] ^= ascon_ror64(x[3], 10) ^ ascon_ror64(x[3], 17);
  x[4] ^= ascon_ror64(x[4], 7) ^ ascon_ror64(x[4], 41);
}

/* p^n: the last n of the 12 rounds (1 <= n <= 12). */
static void perm_permute(perm_state_t *s, unsigned n) {
  unsigned i;
  for (i = 12 - n; i < 12; i++) {
    ascon_pc(s, i);
    ascon_ps(s);
    ascon_pl(s);
  }
}

#endif
