/*
 * ARMv7-M (Cortex-M3) assembly backends (src/xoodoo/armv7m/<variant>.S,
 * written by gen.py): the permutation alone, on the C state of core/perm.h's word view
 * (12 little-endian 32-bit lanes); adding and extracting bytes stay
 * core/perm.h's, the modes stay C.
 *
 *   fast (asm_armv7m)                  the rounds unrolled: permute12
 *       (taken when the count is the constant 12, as in the modes and the
 *       bare permutation) from round 0, permute(s, n) from round 12 - n;
 *       the C around it as opt32's (inlined, whole words where aligned)
 *   small (XOODOO_ARMV7M_SMALL, asm_armv7m_small)   one round in a loop
 *       (permute12: the same loop, the count set by the callee); the C
 *       around it as lowsize's (nothing inlined, bytes one by one)
 *
 * The implementation folder adds a .S including the variant.
 */
#ifndef XOODOO_BACKEND_H
#define XOODOO_BACKEND_H

#ifdef XOODOO_ARMV7M_SMALL
#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#define PERM_VIEW_BYTEWISE 1
#else
#define LWC_FORCE_INLINE 1 /* core/common.h: every routine inlined */
#endif
#include "xoodoo/common.h"
#define PERM_VIEW_WORDS32
#include "core/perm.h"

#ifdef XOODOO_ARMV7M_SMALL
#define XOODOO_BACKEND_NAME "asm_armv7m_small"
#else
#define XOODOO_BACKEND_NAME "asm_armv7m"
#endif

/* the last `rounds` of the 12 rounds (1 .. 12) */
void LWC_NS(xoodoo_armv7m_permute)(perm_state_t *s, unsigned rounds);
/* Xoodoo[12]: fast, the rounds unrolled; small, the loop entered with 12
 * (so that the modes' calls pass no count) */
void LWC_NS(xoodoo_armv7m_permute12)(perm_state_t *s);
#define perm_permute(s, rounds)                                       \
  LWC_WHEN_CONST(rounds, 12, LWC_NS(xoodoo_armv7m_permute12)(s), \
                 LWC_NS(xoodoo_armv7m_permute)((s), (rounds)))

#endif
