/*
 * ARMv7-M (Cortex-M3) assembly backends (src/gimli/armv7m/<variant>.S,
 * written by gen.py): the permutation alone, with the twelve words in
 * registers from one LDM to one STM; the modes stay C.
 *
 *   fast    (asm_armv7m) the 24 rounds unrolled: perm_permute(s, 24), a
 *           constant in every mode and in the bare permutation, calls
 *           gimli_armv7m_permute24; other counts enter the same rounds
 *           through gimli_armv7m_permute
 *   small   (GIMLI_ARMV7M_SMALL: asm_armv7m_small) one round in a loop,
 *           and the C around it compiled as small as lowsize's (no
 *           inlining)
 *
 * The state is the twelve words s[0][0..3], s[1][0..3], s[2][0..3], kept
 * word-aligned for the LDM/STM; on this little-endian core their bytes in
 * memory are the 48-byte string of common.h, so adding and extracting
 * bytes work on that string directly: four bytes at a time through 32-bit
 * loads and stores at any alignment (ARMv7-M's LDR and STR take unaligned
 * addresses; the compiler emits them for the 4-byte copies), the rest
 * byte by byte.
 *
 * The implementation folder adds a .S including the variant.
 */
#ifndef GIMLI_BACKEND_H
#define GIMLI_BACKEND_H

#ifdef GIMLI_ARMV7M_SMALL
#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#endif
#include "gimli/common.h"

#if !defined(__ARMEL__) || \
    !(defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__))
#error "gimli/backend_armv7m.h: an ARMv7-M (or ARMv7E-M, ARMv8-M Mainline) little-endian build only"
#endif

typedef struct { uint32_t w[12]; } perm_state_t;

LWC_INLINE void perm_zero(perm_state_t *s) {
  unsigned i;
  for (i = 0; i < 12; i++) s->w[i] = 0;
}

/* S[off .. off+len) ^= in (off + len <= 48) */
LWC_INLINE void perm_add(perm_state_t *s, const uint8_t *in, unsigned off,
                         unsigned len) {
  uint8_t *p = (uint8_t *)s->w + off;
  uint32_t a, b;
  for (; len >= 4; len -= 4, p += 4, in += 4) {
    __builtin_memcpy(&a, p, 4);
    __builtin_memcpy(&b, in, 4);
    a ^= b;
    __builtin_memcpy(p, &a, 4);
  }
  for (; len > 0; len--) *p++ ^= *in++;
}

/* out = S[off .. off+len) (off + len <= 48) */
LWC_INLINE void perm_extract(const perm_state_t *s, uint8_t *out,
                             unsigned off, unsigned len) {
  const uint8_t *p = (const uint8_t *)s->w + off;
  uint32_t a;
  for (; len >= 4; len -= 4, p += 4, out += 4) {
    __builtin_memcpy(&a, p, 4);
    __builtin_memcpy(out, &a, 4);
  }
  for (; len > 0; len--) *out++ = *p++;
}

#ifdef GIMLI_ARMV7M_SMALL
#define GIMLI_BACKEND_NAME "asm_armv7m_small"
#else
#define GIMLI_BACKEND_NAME "asm_armv7m"
#endif

/* the last `rounds` of the 24 rounds (fast: 1 .. 24, in the bare
 * permutation's build alone; small: 0 .. 24) */
void LWC_NS(gimli_armv7m_permute)(perm_state_t *s, unsigned rounds);

#ifdef GIMLI_ARMV7M_SMALL
#define perm_permute(s, rounds) LWC_NS(gimli_armv7m_permute)((s), (rounds))
#else
/* all 24 rounds without the entry's dispatch on the count: taken when the
 * count is the constant 24, as the modes and the bare permutation have it */
void LWC_NS(gimli_armv7m_permute24)(perm_state_t *s);
#define perm_permute(s, rounds)                                      \
  LWC_WHEN_CONST(rounds, 24, LWC_NS(gimli_armv7m_permute24)(s), \
                 LWC_NS(gimli_armv7m_permute)((s), (rounds)))
#endif

#endif
