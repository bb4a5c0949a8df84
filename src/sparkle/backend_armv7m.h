/*
 * ARMv7-M (Cortex-M3) assembly backends (src/sparkle/armv7m/<variant>.S,
 * written by gen.py): the permutation alone, on the C state of core/perm.h's word view
 * (x0, y0, ..., x5, y5 as 32-bit words); adding and extracting bytes and
 * the modes stay C.  fast: the 7- and 11-step permutations unrolled (one
 * body, 7 leaving after step 6), other counts through a looped step.
 * small (SPARKLE_ARMV7M_SMALL): one step in a loop, and the C around it
 * compiled as small as lowsize's (nothing inlined, one byte loop).  The
 * implementation folder adds a .S including the variant.
 */
#ifndef SPARKLE_BACKEND_H
#define SPARKLE_BACKEND_H

#ifdef SPARKLE_ARMV7M_SMALL
#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#define PERM_VIEW_BYTEWISE 1 /* core/perm.h: one byte loop for add and extract */
#define SPARKLE_BACKEND_NAME "asm_armv7m_small"
#else
#define LWC_FORCE_INLINE 1 /* core/common.h: every routine inlined */
#define SPARKLE_BACKEND_NAME "asm_armv7m"
#endif
#include "sparkle/common.h"
#define PERM_VIEW_WORDS32
#define PERM_VIEW_SPLIT /* core/perm.h: the modes absorb whole rate blocks */
#include "core/perm.h"

/* Sparkle384 with `steps` steps (0 .. 12) */
void LWC_NS(sparkle_armv7m_permute)(perm_state_t *s, unsigned steps);

#ifdef SPARKLE_ARMV7M_SMALL
#define perm_permute(s, steps) LWC_NS(sparkle_armv7m_permute)((s), (steps))
#else
/* 7 and 11 steps without the dispatch on the count: taken when the count is
 * a constant, as the modes and the bare permutations have it */
void LWC_NS(sparkle_armv7m_permute7)(perm_state_t *s);
void LWC_NS(sparkle_armv7m_permute11)(perm_state_t *s);
#define perm_permute(s, steps)                                             \
  LWC_WHEN_CONST(steps, 7, LWC_NS(sparkle_armv7m_permute7)(s),             \
  LWC_WHEN_CONST(steps, 11, LWC_NS(sparkle_armv7m_permute11)(s),           \
                 LWC_NS(sparkle_armv7m_permute)((s), (steps))))
#endif

#endif
