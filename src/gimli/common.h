/*
 * What every Gimli implementation shares on top of core/common.h: the
 * permutation's dimensions and the descriptor names of a stand-alone
 * (SUPERCOP) build, which has no -DLWC_SCHEME_NAME / -DLWC_IMPL_NAME.
 *
 * Gimli (Bernstein et al., CHES 2017; NIST LWC round-2 submission
 * "gimli24v1") permutes 384 bits seen as a 3 x 4 matrix of 32-bit words
 * s[i][j] (row i, column j).  As bytes, the state is the 12 words in the
 * order s[0][0..3], s[1][0..3], s[2][0..3], each little-endian: byte b is
 * byte b % 4 of word b / 4.  Every interface here uses that byte string.
 */
#ifndef GIMLI_COMMON_H
#define GIMLI_COMMON_H

#include "core/common.h"

#ifndef LWC_SCHEME_NAME
#define LWC_SCHEME_NAME GIMLI_SCHEME_NAME
#endif
#ifndef LWC_IMPL_NAME
#define LWC_IMPL_NAME GIMLI_BACKEND_NAME
#endif

#define GIMLI_STATE_BYTES 48u
#define PERM_STATE_BYTES GIMLI_STATE_BYTES /* core/perm.h */
#define GIMLI_MAX_ROUNDS 24u
/* round r (counted down from 24 to 1) with r % 4 == 0 adds this ^ r to s[0][0] */
#define GIMLI_RC 0x9e377900u

#endif
