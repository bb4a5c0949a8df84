/*
 * What every Skinny-128-384+ implementation shares on top of core/common.h:
 * the cipher's dimensions and the descriptor names of a stand-alone
 * (SUPERCOP) build, which has no -DLWC_SCHEME_NAME / -DLWC_IMPL_NAME.
 *
 * Skinny-128-384+ (Romulus v1.3 specification, section 2; the SKINNY paper,
 * CRYPTO 2016) encrypts a 16-byte block seen as a 4 x 4 matrix of bytes,
 * byte i in row i / 4, column i % 4, under a 48-byte tweakey TK1 || TK2 ||
 * TK3 (three 4 x 4 byte matrices in the same order), in 40 rounds.
 *
 * The narrow interface every backend gives the modes:
 *
 *   skinny_encrypt_rounds(block, tk1, tk2, tk3, rounds)
 *       block = the first `rounds` rounds of E(tk1 || tk2 || tk3, block)
 *
 * with each argument 16 bytes; block is encrypted in place, the tweakey
 * words are only read.  The cipher, skinny_encrypt(block, tk1, tk2, tk3),
 * is its SKINNY_ROUNDS form (below); fewer rounds serve the bare
 * permutation view.
 *
 * Optional, for backends that can precompute round tweakeys (the modes use
 * it when the backend defines SKINNY_HAS_FIXED; the others need not):
 *
 *   skinny_fixed                       room for precomputed round tweakeys
 *   skinny_fix(f, tk2, tk3)            schedule TK3 (unless NULL), then add
 *                                      TK2's schedule (unless NULL)
 *   skinny_encrypt_fixed(block, tk1, tk2, f)
 *                                      block = E(tk1 || TK2 || TK3, block),
 *                                      TK2 = tk2 if f fixed TK3 alone, else
 *                                      the fixed one (tk2 NULL); tk1's last 8
 *                                      bytes must be zero (Romulus's TK1)
 *   skinny_unfix(f)                    wipe f
 */
#ifndef SKINNY_COMMON_H
#define SKINNY_COMMON_H

#include "core/common.h"

#ifndef LWC_SCHEME_NAME
#define LWC_SCHEME_NAME SKINNY_SCHEME_NAME
#endif
#ifndef LWC_IMPL_NAME
#define LWC_IMPL_NAME SKINNY_BACKEND_NAME
#endif

#define SKINNY_BLOCK_BYTES 16u
#define SKINNY_ROUNDS 40u
#define skinny_encrypt(block, tk1, tk2, tk3) \
  skinny_encrypt_rounds(block, tk1, tk2, tk3, SKINNY_ROUNDS)

#endif
