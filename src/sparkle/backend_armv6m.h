/*
 * ARMv6-M (Cortex-M0/M0+, Thumb-1) assembly backends (src/sparkle/armv6m/
 * <variant>.S, written by gen.py): the permutation alone.  fast: steps
 * 0 .. 11 unrolled (permute7 leaving after step 6, permute11 after step
 * 10), the C around it inlined as opt32's; small (SPARKLE_ARMV6M_SMALL): one
 * step in a loop, the C as lowsize's (nothing inlined, one byte loop).  The
 * state is core/perm.h's word view (x0, y0, ..., x5, y5 as 32-bit words,
 * word-aligned as the Cortex-M0's loads need); adding and extracting bytes
 * and the modes stay C.  The implementation folder adds a .S including the
 * variant.
 */
#ifndef SPARKLE_BACKEND_H
#define SPARKLE_BACKEND_H

#ifdef SPARKLE_ARMV6M_SMALL
#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#define PERM_VIEW_BYTEWISE 1 /* core/perm.h: one byte loop for add and extract */
#define SPARKLE_BACKEND_NAME "asm_armv6m_small"
#else
#define LWC_FORCE_INLINE 1 /* core/common.h: every routine inlined */
#define SPARKLE_BACKEND_NAME "asm_armv6m"
#endif
#include "sparkle/common.h"
#define PERM_VIEW_WORDS32
#define PERM_VIEW_SPLIT /* core/perm.h: the modes absorb whole rate blocks */
#include "core/perm.h"

/* Sparkle384 with `steps` steps: small, any of 0 .. 12; fast, 7 or 11, any
 * of 0 .. 12 in the bare permutation's build (SPARKLE_PERM_STEPS) */
void LWC_NS(sparkle_armv6m_permute)(perm_state_t *s, unsigned steps);
void LWC_NS(sparkle_armv6m_permute7)(perm_state_t *s);
void LWC_NS(sparkle_armv6m_permute11)(perm_state_t *s);
#define perm_permute(s, steps)                                             \
  LWC_WHEN_CONST(steps, 7, LWC_NS(sparkle_armv6m_permute7)(s),             \
  LWC_WHEN_CONST(steps, 11, LWC_NS(sparkle_armv6m_permute11)(s),           \
                 LWC_NS(sparkle_armv6m_permute)((s), (steps))))

#endif
