/*
 * What every Spongent-pi[160] implementation shares on top of
 * core/common.h: the permutation's dimensions and the descriptor names of a
 * stand-alone (SUPERCOP) build.
 *
 * Spongent-pi[160] (the permutation of Elephant's Dumbo instance, Elephant
 * v2 specification, section 2.3) permutes 160 bits.  As bytes, bit i of the
 * state is bit i % 8 of byte i / 8 (the specification numbers the bits
 * from the least significant one of byte 0), and nibble k (the input of the
 * k-th S-box) is bits 4k .. 4k+3.  Every interface here uses those 20
 * bytes.
 *
 * A round (80 of them):
 *   counter  byte 0 ^= lfsr, byte 19 ^= bit-reversed lfsr, where the 7-bit
 *            lfsr starts at 0x75 and steps x -> (x << 1 | x6 ^ x5) & 0x7f
 *   sBox     the 4-bit S-box on the 40 nibbles
 *   pLayer   bit i moves to bit i * 40 mod 159 (bit 159 stays), i.e. bit b
 *            of nibble k moves to bit 40 b + k
 */
#ifndef SPONGENT_COMMON_H
#define SPONGENT_COMMON_H

#include "core/common.h"

#ifndef LWC_SCHEME_NAME
#define LWC_SCHEME_NAME SPONGENT_SCHEME_NAME
#endif
#ifndef LWC_IMPL_NAME
#define LWC_IMPL_NAME SPONGENT_BACKEND_NAME
#endif

#define SPONGENT_STATE_BYTES 20u
#define PERM_STATE_BYTES SPONGENT_STATE_BYTES /* core/perm.h */
#define SPONGENT_MAX_ROUNDS 80u
#define SPONGENT_LFSR_IV 0x75u

/* The round counter's next value (7-bit LFSR, public). */
static inline unsigned spongent_lfsr_next(unsigned x) {
  return ((x << 1) | (((x >> 6) ^ (x >> 5)) & 1u)) & 0x7fu;
}

/* The counter byte added to byte 19: the 8-bit reversal of x. */
static inline unsigned spongent_lfsr_rev(unsigned x) {
  unsigned r = 0, i;
  for (i = 0; i < 8; i++) r |= ((x >> i) & 1u) << (7 - i);
  return r;
}

#endif
