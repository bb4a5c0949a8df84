/*
 * ref backend: PHOTON256 as the specification writes it: the state is
 * unpacked into the 8 x 8 matrix of 4-bit cells X[i][j], each of the 12
 * rounds applies AddConstant, SubCells, ShiftRows and MixColumnSerial to
 * it (the last as the serial matrix A applied eight times to each column,
 * A's last row (2, 4, 2, 11, 2, 8, 5, 6) over GF(2^4) / (x^4 + x + 1)),
 * and the matrix is packed back.  It is the oracle the other
 * implementation is tested against.
 *
 * The S-box (PRESENT's) is not a table here but its algebraic normal form,
 * and the field multiplications are shifts and masks, so no memory address
 * and no branch depends on a secret.  The two unroll hints change no
 * step: gcc -O2 kept the multiplications as loops, with the matrix's
 * constants unknown inside them (the property tests of this oracle took
 * five times clang's time; with them, twice).
 */
#ifndef PHOTON_BACKEND_H
#define PHOTON_BACKEND_H

#include "photon/common.h"

#define PHOTON_BACKEND_NAME "ref"

/* gcc 8 and later: unroll the loop that follows (see above; other
 * compilers, avr-gcc 5 among them, are left as they are) */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 8
#define PHOTON_PRAGMA(x) _Pragma(#x)
#define PHOTON_UNROLL(n) PHOTON_PRAGMA(GCC unroll n)
#else
#define PHOTON_UNROLL(n)
#endif

#define PERM_VIEW_BYTES
#include "core/perm.h"

/* PRESENT's S-box {C, 5, 6, B, 9, 0, A, D, 3, E, F, 8, 4, 7, 1, 2} as the
 * algebraic normal form of its four output bits */
static uint8_t photon_sbox(uint8_t x) {
  unsigned x0 = x & 1u, x1 = (x >> 1) & 1u, x2 = (x >> 2) & 1u, x3 = (x >> 3) & 1u;
  unsigned y0 = x0 ^ x2 ^ x3 ^ (x1 & x2);
  unsigned y1 = x1 ^ x3 ^ (x0 & x1 & x2) ^ (x1 & x3) ^ (x0 & x1 & x3) ^ (x2 & x3) ^
                (x0 & x2 & x3);
  unsigned y2 = 1u ^ (x0 & x1) ^ x2 ^ x3 ^ (x0 & x3) ^ (x1 & x3) ^ (x0 & x1 & x3) ^
                (x0 & x2 & x3);
  unsigned y3 = 1u ^ x0 ^ x1 ^ (x1 & x2) ^ (x0 & x1 & x2) ^ x3 ^ (x0 & x1 & x3) ^
                (x0 & x2 & x3);
  return (uint8_t)(y0 | y1 << 1 | y2 << 2 | y3 << 3);
}

/* a * b in GF(2^4) / (x^4 + x + 1); b is a constant of the matrix */
static uint8_t photon_gf_mul(uint8_t a, uint8_t b) {
  uint8_t r = 0;
  unsigned i;
  PHOTON_UNROLL(4)
  for (i = 0; i < 4; i++) {
    r ^= (uint8_t)(a & (0u - ((b >> i) & 1u)));
    a = (uint8_t)(((a << 1) ^ ((0u - (a >> 3)) & 0x03u)) & 0x0fu); /* a * x */
  }
  return r;
}

static void perm_permute(perm_state_t *st, unsigned rounds) {
  static const uint8_t RC[PHOTON_ROUNDS] = {PHOTON_RC_LIST};
  static const uint8_t IC[8] = {PHOTON_IC_LIST};
  static const uint8_t A_LAST[8] = {2, 4, 2, 11, 2, 8, 5, 6};
  uint8_t x[8][8], t[8];
  unsigned r, i, j, k, n;
  for (i = 0; i < 64; i++) x[i / 8][i % 8] = (uint8_t)((st->b[i / 2] >> (4 * (i & 1))) & 0x0fu);
  for (r = 0; r < rounds; r++) {
    /* AddConstant */
    for (i = 0; i < 8; i++) x[i][0] ^= (uint8_t)(RC[r] ^ IC[i]);
    /* SubCells */
    for (i = 0; i < 8; i++)
      for (j = 0; j < 8; j++) x[i][j] = photon_sbox(x[i][j]);
    /* ShiftRows: row i rotated left by i cells */
    for (i = 1; i < 8; i++) {
      for (j = 0; j < 8; j++) t[j] = x[i][(j + i) % 8];
      for (j = 0; j < 8; j++) x[i][j] = t[j];
    }
    /* MixColumnSerial: each column multiplied by A, eight times */
    for (j = 0; j < 8; j++) {
      for (n = 0; n < 8; n++) {
        uint8_t v = 0;
        PHOTON_UNROLL(8)
        for (k = 0; k < 8; k++) v ^= photon_gf_mul(x[k][j], A_LAST[k]);
        for (k = 0; k < 7; k++) x[k][j] = x[k + 1][j];
        x[7][j] = v;
      }
    }
  }
  for (i = 0; i < 32; i++) st->b[i] = (uint8_t)(x[(2 * i) / 8][(2 * i) % 8] | x[(2 * i + 1) / 8][(2 * i + 1) % 8] << 4);
  lwc_wipe_bytes(x, sizeof x);
  lwc_wipe_bytes(t, sizeof t);
}

#endif
