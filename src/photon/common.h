/*
 * What every PHOTON256 implementation shares on top of core/common.h: the
 * permutation's dimensions and constants, and the descriptor names of a
 * stand-alone (SUPERCOP) build.
 *
 * PHOTON256 (PHOTON-Beetle specification, NIST LWC final round, section
 * 2.1; the PHOTON paper, CRYPTO 2011) permutes 256 bits seen as an 8 x 8
 * matrix of 4-bit cells X[i][j] (row i, column j) in 12 rounds of
 * AddConstant, SubCells, ShiftRows, MixColumnSerial.  As bytes, the state
 * is the 64 cells in the order X[0][0..7], X[1][0..7], .., two to a byte,
 * the first of the two in the low nibble: byte b holds cells 2b and 2b + 1,
 * so row i is bytes 4i .. 4i + 3.  Every interface here uses that string.
 *
 * Every backend implements the permutation contract of core/perm.h for the
 * modes, its perm_permute(s, rounds) running the first `rounds` rounds (12:
 * PHOTON256).
 */
#ifndef PHOTON_COMMON_H
#define PHOTON_COMMON_H

#include "core/common.h"

#ifndef LWC_SCHEME_NAME
#define LWC_SCHEME_NAME PHOTON_SCHEME_NAME
#endif
#ifndef LWC_IMPL_NAME
#define LWC_IMPL_NAME PHOTON_BACKEND_NAME
#endif

#define PHOTON_STATE_BYTES 32u
#define PERM_STATE_BYTES PHOTON_STATE_BYTES /* core/perm.h */
#define PHOTON_ROUNDS 12u

/* AddConstant adds RC[r] ^ IC[i] to cell X[i][0] in round r */
#define PHOTON_RC_LIST 1, 3, 7, 14, 13, 11, 6, 12, 9, 2, 5, 10
#define PHOTON_IC_LIST 0, 1, 3, 7, 15, 14, 12, 8

#endif
