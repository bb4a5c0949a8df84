/*
 * MSP430 assembly backend (src/elephant/msp430/small.S, written by gen.py):
 * Spongent-pi[160] alone, on the 20-byte string of common.h kept word
 * aligned (the assembly loads and stores some of it as 16-bit words);
 * adding and extracting bytes are plain byte loops, the modes stay C.
 */
#ifndef SPONGENT_BACKEND_H
#define SPONGENT_BACKEND_H

#include "elephant/common.h"

#define SPONGENT_BACKEND_NAME "asm_msp430"

typedef union {
  uint8_t b[20];
  uint16_t w[10]; /* alignment only */
} perm_state_t;

LWC_INLINE void perm_zero(perm_state_t *s) {
  unsigned i;
  for (i = 0; i < 10; i++) s->w[i] = 0;
}

LWC_INLINE void perm_add(perm_state_t *s, const uint8_t *in, unsigned off,
                         unsigned len) {
  uint8_t *p = s->b + off;
  while (len-- > 0) *p++ ^= *in++;
}

LWC_INLINE void perm_extract(const perm_state_t *s, uint8_t *out,
                             unsigned off, unsigned len) {
  const uint8_t *p = s->b + off;
  while (len-- > 0) *out++ = *p++;
}

/* the first `rounds` of the 80 rounds (1 .. 80: every caller asks for at least one) */
void LWC_NS(spongent_msp430_permute)(perm_state_t *s, unsigned rounds);

#define perm_permute(s, rounds) LWC_NS(spongent_msp430_permute)((s), (rounds))

#endif
