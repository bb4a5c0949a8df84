/*
 * What every Sparkle implementation shares: the family-agnostic layer
 * (core/common.h) and the descriptor names of a stand-alone build.
 *
 * The permutation is SPARKLE with 6 branches (Sparkle384), the one under
 * Schwaemm256-128 and Esch256.  Its state, seen as bytes by the modes and
 * by the bare permutation, is the specification's: the twelve 32-bit words
 * x0, y0, x1, y1, ..., x5, y5, each little-endian (48 bytes).
 *
 * Every backend implements the permutation contract of core/perm.h, its
 * perm_permute(s, steps) being Sparkle384 with `steps` steps (1 ..
 * SPARKLE_MAX_STEPS), and the modes (aead_mode.h, hash_mode.h, perm_mode.h) are written once
 * over it.
 */
#ifndef SPARKLE_COMMON_H
#define SPARKLE_COMMON_H

#include "core/common.h"

/* Names in the lwc descriptors: the build passes the folder names; a
 * stand-alone (SUPERCOP) build falls back on the scheme and backend. */
#ifndef LWC_SCHEME_NAME
#define LWC_SCHEME_NAME SPARKLE_SCHEME_NAME
#endif
#ifndef LWC_IMPL_NAME
#define LWC_IMPL_NAME SPARKLE_BACKEND_NAME
#endif

#define SPARKLE_STATE_BYTES 48u /* Sparkle384: 6 branches of two words */
#define PERM_STATE_BYTES SPARKLE_STATE_BYTES /* core/perm.h: x0, y0, ..., x5, y5 as w[0..11] */

/* c0 .. c7 of the specification (the fractional part of e, in words) */
#define SPARKLE_C0 0xB7E15162u
#define SPARKLE_C1 0xBF715880u
#define SPARKLE_C2 0x38B4DA56u
#define SPARKLE_C3 0x324E7738u
#define SPARKLE_C4 0xBB1185EBu
#define SPARKLE_C5 0x4F7C7B57u
#define SPARKLE_C6 0xCFBFA1C8u
#define SPARKLE_C7 0xC2B3293Du
#define SPARKLE_BRANCHES 6u

/* permute_rounds() takes 1 .. 12 steps: the specification's step constant
 * (y1 ^= step index, y0 ^= c[step mod 8]) is defined for any count; 12
 * covers both step counts of the schemes (7 slim, 11 big) with one to
 * spare, as the schemes' own maximum (Sparkle512 big: 12) does. */
#define SPARKLE_MAX_STEPS 12u

#endif
