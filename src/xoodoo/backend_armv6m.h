/*
 * ARMv6-M (Cortex-M0/M0+, Thumb-1) assembly backends (src/xoodoo/armv6m/
 * <variant>.S, written by gen.py): the permutation alone.  fast: the twelve
 * rounds unrolled, the C around it inlined as opt32's; small
 * (XOODOO_ARMV6M_SMALL): one round in a loop, the C as lowsize's (nothing
 * inlined, bytes one by one).  The state is core/perm.h's word view (12
 * little-endian 32-bit lanes, word-aligned as the Cortex-M0's loads need);
 * adding and extracting bytes stay core/perm.h's (whole words where the
 * offset is a word's, bytes otherwise), the modes stay C.  permute12 is
 * taken when the count is the constant 12 (the modes, the bare
 * permutation); permute(s, n), the last n rounds, is in small always and in
 * fast in the bare permutation's build (XOODOO_PERM_ROUNDS).  The
 * implementation folder adds a .S including the variant.
 */
#ifndef XOODOO_BACKEND_H
#define XOODOO_BACKEND_H

#ifdef XOODOO_ARMV6M_SMALL
#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#define PERM_VIEW_BYTEWISE 1
#define XOODOO_BACKEND_NAME "asm_armv6m_small"
#else
#define LWC_FORCE_INLINE 1 /* core/common.h: every routine inlined */
#define XOODOO_BACKEND_NAME "asm_armv6m"
#endif
#include "xoodoo/common.h"
#define PERM_VIEW_WORDS32
#include "core/perm.h"

/* the last `rounds` of the 12 rounds (1 .. 12; fast: the bare permutation's build) */
void LWC_NS(xoodoo_armv6m_permute)(perm_state_t *s, unsigned rounds);
/* Xoodoo[12] */
void LWC_NS(xoodoo_armv6m_permute12)(perm_state_t *s);
#define perm_permute(s, rounds)                                       \
  LWC_WHEN_CONST(rounds, 12, LWC_NS(xoodoo_armv6m_permute12)(s), \
                 LWC_NS(xoodoo_armv6m_permute)((s), (rounds)))

#endif
