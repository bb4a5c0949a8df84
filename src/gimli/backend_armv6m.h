/*
 * ARMv6-M (Cortex-M0/M0+, Thumb-1) assembly backends (src/gimli/armv6m/
 * <variant>.S, written by gen.py): the permutation alone, the twelve words
 * in registers from the loads to the stores; fast: four rounds in a loop,
 * the C around it inlined; small (GIMLI_ARMV6M_SMALL): one round in a loop,
 * the C as lowsize's (nothing inlined, one byte loop).  The modes stay C.
 * The state is core/perm.h's word view (uint32_t w[12]: the words s[0][0..3],
 * s[1][0..3], s[2][0..3], word-aligned as the Cortex-M0's word loads need;
 * on this little-endian core byte i of the string is byte i of the array).
 * Bytes are added and extracted by the word view's loops (whole words where
 * the offset is a word's, bytes otherwise: a Cortex-M0 takes no unaligned
 * word access).  The implementation folder adds a .S including the variant.
 */
#ifndef GIMLI_BACKEND_H
#define GIMLI_BACKEND_H

#ifdef GIMLI_ARMV6M_SMALL
#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#define PERM_VIEW_BYTEWISE 1 /* core/perm.h: one byte loop for add and extract */
#define GIMLI_BACKEND_NAME "asm_armv6m_small"
#else
#define LWC_FORCE_INLINE 1 /* core/common.h: every routine inlined */
#define GIMLI_BACKEND_NAME "asm_armv6m"
#endif
#include "gimli/common.h"

#define PERM_VIEW_WORDS32
#include "core/perm.h"

/* the last `rounds` of the 24 rounds (0 .. 24) */
void LWC_NS(gimli_armv6m_permute)(perm_state_t *s, unsigned rounds);

#define perm_permute(s, rounds) LWC_NS(gimli_armv6m_permute)((s), (rounds))

#endif
