/*
 * ARMv7-M (Cortex-M3) assembly backends (src/ascon/armv7m/<variant>.S,
 * written by gen.py), bit-interleaved state (lanes_bi32.h).  fast: the
 * permutation (rounds unrolled) and runs of whole rate blocks with the
 * state in registers from the first block to the last, and for an AEAD
 * whole messages from the key to the tag (the
 * descriptor's encrypt/decrypt); the incremental calls and the hashes stay
 * the C modes (aead_mode.h, hash_mode.h) over the first two.  small
 * (ASCON_ARMV7M_SMALL): the permutation only, one round in a loop.  The
 * implementation folder adds a .S including the variant.
 */
#ifndef ASCON_BACKEND_H
#define ASCON_BACKEND_H

#define LWC_FORCE_INLINE 1 /* core/common.h: every routine inlined */

#include "ascon/lanes_bi32.h"

#ifdef ASCON_ARMV7M_SMALL
#define ASCON_BACKEND_NAME "asm_armv7m_small"
#else
#define ASCON_BACKEND_NAME "asm_armv7m"
#endif

/* p^rounds (1 .. 12) */
void LWC_NS(ascon_armv7m_permute)(perm_state_t *s, unsigned rounds);
#ifdef ASCON_ARMV7M_SMALL
#define perm_permute(s, rounds) LWC_NS(ascon_armv7m_permute)((s), (rounds))
#else
/* p^12, p^8, p^6 without the dispatch on the count (fast only): taken when
 * the count is a constant, as the modes and the bare permutations have it */
void LWC_NS(ascon_armv7m_permute12)(perm_state_t *s);
void LWC_NS(ascon_armv7m_permute8)(perm_state_t *s);
void LWC_NS(ascon_armv7m_permute6)(perm_state_t *s);
#define perm_permute(s, rounds)                                                   \
  (__builtin_constant_p(rounds) && (rounds) == 12 ? LWC_NS(ascon_armv7m_permute12)(s) \
   : __builtin_constant_p(rounds) && (rounds) == 8 ? LWC_NS(ascon_armv7m_permute8)(s) \
   : __builtin_constant_p(rounds) && (rounds) == 6 ? LWC_NS(ascon_armv7m_permute6)(s) \
   : LWC_NS(ascon_armv7m_permute)((s), (rounds)))
#endif

#ifndef ASCON_ARMV7M_SMALL
/* n > 0 full blocks of ASCON_RATE bytes, each followed by p^ASCON_PB;
 * op: 0 absorb in, 1 encrypt in to out, 2 decrypt in to out (out may be
 * in); any alignment */
void LWC_NS(ascon_armv7m_blocks)(perm_state_t *s, uint8_t *out, const uint8_t *in,
                                 size_t n, unsigned op);
#define ASCON_BLOCKS(s, out, in, n, op) LWC_NS(ascon_armv7m_blocks)((s), (out), (in), (n), (op))

#ifdef CRYPTO_ABYTES
/* The descriptor's whole-message calls (include/lwc.h), in assembly with
 * the state in registers from the key to the tag. */
int LWC_NS(ascon_armv7m_aead_encrypt)(uint8_t *ct, const uint8_t *msg, size_t mlen,
                                      const uint8_t *ad, size_t adlen,
                                      const uint8_t *npub, const uint8_t *k);
int LWC_NS(ascon_armv7m_aead_decrypt)(uint8_t *msg, const uint8_t *ct, size_t ctlen,
                                      const uint8_t *ad, size_t adlen,
                                      const uint8_t *npub, const uint8_t *k);
#define ASCON_WHOLE_ENCRYPT LWC_NS(ascon_armv7m_aead_encrypt)
#define ASCON_WHOLE_DECRYPT LWC_NS(ascon_armv7m_aead_decrypt)
#endif
#endif

#endif
