/*
 * AVR assembly backend (src/sparkle/avr/small.S, or fast.S where the
 * implementation defines SPARKLE_AVR_FAST; both written by gen.py): the
 * permutation alone, on the C state of core/perm.h's word view (x0, y0, ..., x5, y5 as
 * little-endian 32-bit words in RAM); adding and extracting bytes stay
 * core/perm.h's byte loop, the modes stay C, compiled as small as lowsize's
 * (no inlining).
 */
#ifndef SPARKLE_BACKEND_H
#define SPARKLE_BACKEND_H

#include "sparkle/small.h"

#ifdef SPARKLE_AVR_FAST
#define SPARKLE_BACKEND_NAME "asm_avr"
#else
#define SPARKLE_BACKEND_NAME "asm_avr_small"
#endif

/* Sparkle384 with `steps` steps (0 .. 12) */
void LWC_NS(sparkle_avr_permute)(perm_state_t *s, unsigned steps);

#define perm_permute(s, steps) LWC_NS(sparkle_avr_permute)((s), (steps))

#endif
