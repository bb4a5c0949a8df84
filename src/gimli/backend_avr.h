/*
 * AVR assembly backend (src/gimli/avr/small.S, written by gen.py): the
 * permutation alone, on the 48-byte string of common.h, as lowsize keeps
 * it (the words little-endian in RAM, which is also AVR's own order);
 * adding and extracting bytes are plain byte loops, the modes stay C,
 * compiled as small as lowsize's (no inlining).
 */
#ifndef GIMLI_BACKEND_H
#define GIMLI_BACKEND_H

#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#include "gimli/common.h"

#define GIMLI_BACKEND_NAME "asm_avr_small"

#define PERM_VIEW_BYTES
#include "core/perm.h"

/* the last `rounds` of the 24 rounds (0 .. 24) */
void LWC_NS(gimli_avr_permute)(perm_state_t *s, unsigned rounds);

#define perm_permute(s, rounds) LWC_NS(gimli_avr_permute)((s), (rounds))

#endif
