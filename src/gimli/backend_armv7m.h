/*
 * ARMv7-M (Cortex-M3) assembly backends (src/gimli/armv7m/<variant>.S,
 * written by gen.py): the permutation alone, with the twelve words in
 * registers from one LDM to one STM; the state is words.h's (the 48-byte
 * string of common.h is the words in order on this little-endian core,
 * word-aligned as the LDM needs), adding and extracting bytes are its C,
 * the modes stay C.
 *
 *   fast    (asm_armv7m) the 24 rounds unrolled: gimli_permute(s, 24), a
 *           constant in every mode and in the bare permutation, calls
 *           gimli_armv7m_permute24; other counts enter the same rounds
 *           through gimli_armv7m_permute
 *   small   (GIMLI_ARMV7M_SMALL: asm_armv7m_small) one round in a loop,
 *           and the C around it compiled as small as lowsize's (no
 *           inlining)
 *
 * The implementation folder adds a .S including the variant.
 */
#ifndef GIMLI_BACKEND_H
#define GIMLI_BACKEND_H

#if defined(GIMLI_ARMV7M_SMALL) && defined(__GNUC__)
#define LWC_INLINE static __attribute__((noinline, unused))
#endif
#include "gimli/words.h"

#ifdef GIMLI_ARMV7M_SMALL
#define GIMLI_BACKEND_NAME "asm_armv7m_small"
#else
#define GIMLI_BACKEND_NAME "asm_armv7m"
#endif

/* the last `rounds` of the 24 rounds (fast: 1 .. 24; small: 0 .. 24) */
void LWC_NS(gimli_armv7m_permute)(gimli_state_t *s, unsigned rounds);

#ifdef GIMLI_ARMV7M_SMALL
#define gimli_permute(s, rounds) LWC_NS(gimli_armv7m_permute)((s), (rounds))
#else
/* all 24 rounds without the entry's dispatch on the count: taken when the
 * count is the constant 24, as the modes and the bare permutation have it */
void LWC_NS(gimli_armv7m_permute24)(gimli_state_t *s);
#define gimli_permute(s, rounds)                                              \
  (__builtin_constant_p(rounds) && (rounds) == 24                           \
       ? LWC_NS(gimli_armv7m_permute24)(s)                                  \
       : LWC_NS(gimli_armv7m_permute)((s), (rounds)))
#endif

#endif
