/*
 * What every Grain-128AEADv2 implementation shares on top of
 * core/common.h: the descriptor names of a stand-alone (SUPERCOP) build and
 * the bit order.
 *
 * Grain-128AEADv2 (NIST LWC final round) is a 128-bit LFSR s and a 128-bit
 * NFSR b (the pre-output generator) feeding a 64-bit accumulator and a
 * 64-bit shift register (the authenticator generator).  Every byte string
 * (key, nonce, data, tag) is read least significant bit first: bit i of a
 * string is bit i % 8 of byte i / 8 (the final-round convention of the
 * submission's optimized code and of the official KAT file).  Register bit
 * i is s_i (b_i) of the current clock.
 *
 * The backend's narrow interface (the pre-output generator):
 *   grain_state_t                    the two registers
 *   grain_setup(s, key, nonce)       load (b = K, s = N || 1^31 || 0), 320
 *                                    clocks with the output fed back into
 *                                    both registers, then 64 clocks
 *                                    re-adding the key (k_64+t into s,
 *                                    k_t into b, besides the output)
 *   grain_preoutput(s, n)            the next n (1 .. 32) output bits y,
 *                                    bit t of the result at clock t
 *                                    (lowsize clocks n rounded up to a
 *                                    multiple of 8: see there)
 *   grain_unclock(s)                 one clock backwards (the registers
 *                                    are invertible: f and g are linear
 *                                    in s0 and b0)
 */
#ifndef GRAIN_COMMON_H
#define GRAIN_COMMON_H

#include "core/common.h"

#ifndef LWC_SCHEME_NAME
#define LWC_SCHEME_NAME GRAIN_SCHEME_NAME
#endif
#ifndef LWC_IMPL_NAME
#define LWC_IMPL_NAME GRAIN_BACKEND_NAME
#endif

/* The registers of a word backend: the word type GRAIN_WORD is the
 * backend's choice (defined before this file), bit i of a register at bit
 * i % width of word i / width.  A backend with another layout (lowsize: both
 * registers in one byte string) declares grain_state_t itself. */
#ifdef GRAIN_WORD
#define GRAIN_WORDS (128u / (8u * sizeof(GRAIN_WORD)))
typedef struct {
  GRAIN_WORD s[GRAIN_WORDS]; /* LFSR */
  GRAIN_WORD b[GRAIN_WORDS]; /* NFSR */
} grain_state_t;
#endif

#define GRAIN_INIT_CLOCKS 320u
#define GRAIN_KEY_CLOCKS 64u

#endif
