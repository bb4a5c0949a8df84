/*
 * What every Ascon implementation adds to the family-agnostic core
 * (src/core/common.h: namespacing, wiping, constant-time comparison): the
 * descriptor names of a stand-alone (SUPERCOP) build and the inlining
 * policy of the Ascon backends.  Freestanding: nothing here needs libc.
 */
#ifndef ASCON_COMMON_H
#define ASCON_COMMON_H

#include "core/common.h"

#define PERM_STATE_BYTES 40u /* core/perm.h: five 64-bit lanes, x0 first */

/* Names in the lwc descriptors: the build passes the folder names; a
 * stand-alone (SUPERCOP) build falls back on the scheme and backend. */
#ifndef LWC_SCHEME_NAME
#define LWC_SCHEME_NAME ASCON_SCHEME_NAME
#endif
#ifndef LWC_IMPL_NAME
#define LWC_IMPL_NAME ASCON_BACKEND_NAME
#endif

/* Ascon's S-box, bitsliced over five words x[0..4] of any width, as the
 * C backends compute it (22 operations): the input layer and chi, leaving
 * chi's outputs in t0 .. t4; each caller finishes with the output layer
 * (t1 ^= t0, t0 ^= t4, t3 ^= t2, t2 = ~t2) where it suits its round. */
#define ASCON_SBOX_CHI(x, t0, t1, t2, t3, t4)                          \
  do {                                                                      \
    (x)[0] ^= (x)[4], (x)[4] ^= (x)[3], (x)[2] ^= (x)[1];              \
    t0 = (x)[0] ^ (~(x)[1] & (x)[2]), t1 = (x)[1] ^ (~(x)[2] & (x)[3]); \
    t2 = (x)[2] ^ (~(x)[3] & (x)[4]), t3 = (x)[3] ^ (~(x)[4] & (x)[0]); \
    t4 = (x)[4] ^ (~(x)[0] & (x)[1]);                                  \
  } while (0)

/* The last n rounds of p^12, ROUND(c) for each with c its constant.  n is
 * a constant at every call: the conditions fold away and only the needed
 * rounds are emitted (the opt64 and batch backends' unrolled tails). */
#define ASCON_LAST_ROUNDS(n, ROUND)                                         \
  do {                                                                      \
    if ((n) >= 12) { ROUND(0xf0); } if ((n) >= 11) { ROUND(0xe1); }         \
    if ((n) >= 10) { ROUND(0xd2); } if ((n) >= 9) { ROUND(0xc3); }          \
    if ((n) >= 8) { ROUND(0xb4); } if ((n) >= 7) { ROUND(0xa5); }           \
    if ((n) >= 6) { ROUND(0x96); } if ((n) >= 5) { ROUND(0x87); }           \
    if ((n) >= 4) { ROUND(0x78); } if ((n) >= 3) { ROUND(0x69); }           \
    if ((n) >= 2) { ROUND(0x5a); } if ((n) >= 1) { ROUND(0x4b); }           \
  } while (0)

#endif
