/*
 * ARMv6-M (Cortex-M0/M0+, Thumb-1) assembly backends (src/ascon/armv6m/
 * <variant>.S, written by gen.py), on the plain state of lanes64.h (lane i
 * as its low and high 32-bit words: no bit interleaving, so bytes enter
 * and leave the state as they are).  fast: the permutation (rounds
 * unrolled; p^12, p^8, p^6 entered without the dispatch on the count) and
 * runs of whole rate blocks with the state in registers from the first
 * block to the last; the partial blocks, the incremental calls and the
 * hashes' squeeze stay the C modes (aead_mode.h, hash_mode.h).  The blocks
 * routine reads and writes words (LDM/STM), which a Cortex-M0 takes only
 * at word-aligned addresses: a run whose input or output is not
 * word-aligned goes through the C duplex instead (the pointers' alignment
 * is public, so the choice leaks nothing).  small (ASCON_ARMV6M_SMALL):
 * the permutation only, one round in a loop, and the C compiled as
 * lowsize's (one copy of each routine).  The implementation folder adds a
 * .S including the variant.
 */
#ifndef ASCON_BACKEND_H
#define ASCON_BACKEND_H

#ifdef ASCON_ARMV6M_SMALL
#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#else
#define LWC_FORCE_INLINE 1 /* core/common.h: every routine inlined */
#endif

#include "ascon/lanes64.h"

#ifdef ASCON_ARMV6M_SMALL
#define ASCON_BACKEND_NAME "asm_armv6m_small"
#else
#define ASCON_BACKEND_NAME "asm_armv6m"
#endif

/* p^rounds (1 .. 12), the last rounds of p^12 */
void LWC_NS(ascon_armv6m_permute)(perm_state_t *s, unsigned rounds);

#ifdef ASCON_ARMV6M_SMALL
#define perm_permute(s, rounds) LWC_NS(ascon_armv6m_permute)((s), (rounds))
#else
/* p^12, p^8, p^6 without the dispatch on the count: taken when the count
 * is a constant, as the modes and the bare permutations have it */
void LWC_NS(ascon_armv6m_permute12)(perm_state_t *s);
void LWC_NS(ascon_armv6m_permute8)(perm_state_t *s);
void LWC_NS(ascon_armv6m_permute6)(perm_state_t *s);
#define perm_permute(s, rounds)                                            \
  LWC_WHEN_CONST(rounds, 12, LWC_NS(ascon_armv6m_permute12)(s),            \
  LWC_WHEN_CONST(rounds, 8, LWC_NS(ascon_armv6m_permute8)(s),              \
  LWC_WHEN_CONST(rounds, 6, LWC_NS(ascon_armv6m_permute6)(s),              \
                 LWC_NS(ascon_armv6m_permute)((s), (rounds)))))

#ifdef ASCON_RATE
/* n > 0 full blocks of ASCON_RATE bytes, each followed by p^ASCON_PB; op:
 * 0 absorb in, 1 encrypt in to out, 2 decrypt in to out (out may be in);
 * in and out word-aligned (out unused, may be NULL, when absorbing) */
void LWC_NS(ascon_armv6m_blocks)(perm_state_t *s, uint8_t *out, const uint8_t *in, size_t n,
                                 unsigned op);
/* sponge.h's ASCON_BLOCKS: the assembly for word-aligned buffers, else the
 * C duplex a block at a time (sponge.h's ascon_duplex_op, defined before
 * the macro is used) */
#define ASCON_BLOCKS(s, out, in, n, op)                                              \
  do {                                                                               \
    if ((((uintptr_t)(in) | (uintptr_t)(out)) & 3u) == 0u) {                         \
      LWC_NS(ascon_armv6m_blocks)((s), (out), (in), (n), (op));                      \
    } else {                                                                         \
      size_t k_;                                                                     \
      for (k_ = 0; k_ < (n); k_++) {                                                 \
        ascon_duplex_op((s), (op) ? (out) + k_ * ASCON_RATE : (out),                 \
                        (in) + k_ * ASCON_RATE, 0, ASCON_RATE, (int)(op));           \
        perm_permute((s), ASCON_PB);                                                 \
      }                                                                              \
    }                                                                                \
  } while (0)
#endif
#endif

#endif
