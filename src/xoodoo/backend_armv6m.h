/*
 * ARMv6-M (Cortex-M0/M0+, Thumb-1) assembly backend (src/xoodoo/armv6m/
 * fast.S, written by gen.py): the permutation alone, the twelve rounds
 * unrolled, on the C state of core/perm.h's word view (12 little-endian
 * 32-bit lanes, word-aligned as the Cortex-M0's loads need); adding and
 * extracting bytes stay core/perm.h's (whole words where the offset is a
 * word's, bytes otherwise), the modes stay C, inlined as opt32's.
 * permute12 is taken when the count is the constant 12 (the modes, the
 * bare permutation); the bare permutation's build (XOODOO_PERM_ROUNDS) also
 * has permute(s, n), the last n rounds.  The implementation folder adds a
 * .S including the variant.
 */
#ifndef XOODOO_BACKEND_H
#define XOODOO_BACKEND_H

#define LWC_FORCE_INLINE 1 /* core/common.h: every routine inlined */
#include "xoodoo/common.h"
#define PERM_VIEW_WORDS32
#include "core/perm.h"

#define XOODOO_BACKEND_NAME "asm_armv6m"

/* the last `rounds` of the 12 rounds (1 .. 12; the bare permutation's build) */
void LWC_NS(xoodoo_armv6m_permute)(perm_state_t *s, unsigned rounds);
/* Xoodoo[12] */
void LWC_NS(xoodoo_armv6m_permute12)(perm_state_t *s);
#define perm_permute(s, rounds)                                       \
  LWC_WHEN_CONST(rounds, 12, LWC_NS(xoodoo_armv6m_permute12)(s), \
                 LWC_NS(xoodoo_armv6m_permute)((s), (rounds)))

#endif
