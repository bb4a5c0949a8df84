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

#define ASCON_ASM(name) LWC_NS(ascon_armv7m_##name)
#ifdef ASCON_ARMV7M_SMALL
#define ASCON_ASM_NO_BLOCKS 1
#else
/* p^12, p^8, p^6 without the dispatch on the count (fast only): taken when
 * the count is a constant, as the modes and the bare permutations have it */
#define ASCON_ASM_OWN_PERMUTE 1
void LWC_NS(ascon_armv7m_permute12)(perm_state_t *s);
void LWC_NS(ascon_armv7m_permute8)(perm_state_t *s);
void LWC_NS(ascon_armv7m_permute6)(perm_state_t *s);
#define perm_permute(s, rounds)                                            \
  LWC_WHEN_CONST(rounds, 12, LWC_NS(ascon_armv7m_permute12)(s),            \
  LWC_WHEN_CONST(rounds, 8, LWC_NS(ascon_armv7m_permute8)(s),              \
  LWC_WHEN_CONST(rounds, 6, LWC_NS(ascon_armv7m_permute6)(s),              \
                 LWC_NS(ascon_armv7m_permute)((s), (rounds)))))
#endif
#include "ascon/asm_calls.h"

#endif
