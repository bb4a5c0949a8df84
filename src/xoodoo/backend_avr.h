/*
 * AVR assembly backend (src/xoodoo/avr/small.S, or fast.S where the
 * implementation defines XOODOO_AVR_FAST; both written by gen.py): the
 * permutation alone, on the C state of core/perm.h's word view (12 little-endian 32-bit
 * lanes in RAM); adding and extracting bytes stay core/perm.h's byte loops,
 * the modes stay C, compiled as small as lowsize's (no inlining).
 */
#ifndef XOODOO_BACKEND_H
#define XOODOO_BACKEND_H

#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#include "xoodoo/common.h"
#define PERM_VIEW_WORDS32
#define PERM_VIEW_BYTEWISE 1 /* add and extract: the byte path alone */
#include "core/perm.h"

#ifdef XOODOO_AVR_FAST
#define XOODOO_BACKEND_NAME "asm_avr"
#else
#define XOODOO_BACKEND_NAME "asm_avr_small"
#endif

/* the last `rounds` of the 12 rounds (0 .. 12) */
void LWC_NS(xoodoo_avr_permute)(perm_state_t *s, unsigned rounds);

#define perm_permute(s, rounds) LWC_NS(xoodoo_avr_permute)((s), (rounds))

#endif
