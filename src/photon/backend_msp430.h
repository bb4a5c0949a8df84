/*
 * MSP430 assembly backend (src/photon/msp430/bitsliced.S, written by
 * gen.py).  The state is kept bit-sliced between calls, in the form the
 * permutation works on: 16 words, word 4g + p = plane p (bit p of every
 * cell) of rows 2g (low byte) and 2g + 1 (high byte), bit j of a row byte
 * = column j.  So the permutation reads it in place and writes its result
 * back, and adding or extracting bytes converts them, rows of the string
 * of common.h (4 bytes, 8 cells) by two assembly routines: whole rows in
 * one call, a partial row through a 4-byte buffer.  The modes stay C,
 * compiled as small as lowsize's (no inlining).
 */
#ifndef PHOTON_BACKEND_H
#define PHOTON_BACKEND_H

#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#include "photon/common.h"

#define PHOTON_BACKEND_NAME "asm_msp430"

typedef struct { uint16_t w[16]; } perm_state_t;

/* the first `rounds` of the 12 rounds (0 .. 12; 0 leaves the state) */
void LWC_NS(photon_msp430_permute)(perm_state_t *s, unsigned rounds);
/* rows i .. i + n - 1 (n >= 1) of the string ^= in[0 .. 4n) */
void LWC_NS(photon_msp430_rows_xor)(perm_state_t *s, unsigned i, const uint8_t *in,
                                    unsigned n);
/* out[0 .. 4n) = rows i .. i + n - 1 (n >= 1) of the string */
void LWC_NS(photon_msp430_rows_get)(const perm_state_t *s, unsigned i, uint8_t *out,
                                    unsigned n);

#define perm_permute(s, rounds) LWC_NS(photon_msp430_permute)((s), (rounds))

LWC_INLINE void perm_zero(perm_state_t *s) {
  unsigned i;
#pragma clang loop unroll(disable)
  for (i = 0; i < 16; i++) s->w[i] = 0;
}

/* bytes off .. off + n of one row (n < 4, or off not a row's start),
 * through a buffer: XORed in from in, or copied out to out (in NULL) */
LWC_INLINE void photon_part(perm_state_t *s, unsigned off, unsigned n, const uint8_t *in,
                            uint8_t *out) {
  uint8_t t[4] = {0, 0, 0, 0};
  unsigned o = off & 3u, k;
  if (in != NULL) {
    for (k = 0; k < n; k++) t[o + k] = in[k];
    LWC_NS(photon_msp430_rows_xor)(s, off >> 2, t, 1);
  } else {
    LWC_NS(photon_msp430_rows_get)(s, off >> 2, t, 1);
    for (k = 0; k < n; k++) out[k] = t[o + k];
  }
  lwc_wipe_bytes(t, sizeof t);
}

/* Bytes off .. off + len (within the 32): whole rows in one call of the
 * assembly, a row's part through photon_part. */
LWC_INLINE void perm_add(perm_state_t *s, const uint8_t *in, unsigned off,
                         unsigned len) {
  while (len > 0) {
    unsigned n = 4u - (off & 3u);
    if (n == 4u && len >= 4u) {
      n = len & ~3u;
      LWC_NS(photon_msp430_rows_xor)(s, off >> 2, in, n >> 2);
    } else {
      if (n > len) n = len;
      photon_part(s, off, n, in, NULL);
    }
    in += n, off += n, len -= n;
  }
}

LWC_INLINE void perm_extract(const perm_state_t *s, uint8_t *out, unsigned off,
                             unsigned len) {
  while (len > 0) {
    unsigned n = 4u - (off & 3u);
    if (n == 4u && len >= 4u) {
      n = len & ~3u;
      LWC_NS(photon_msp430_rows_get)(s, off >> 2, out, n >> 2);
    } else {
      if (n > len) n = len;
      photon_part((perm_state_t *)(uintptr_t)s, off, n, NULL, out);
    }
    out += n, off += n, len -= n;
  }
}

#endif
