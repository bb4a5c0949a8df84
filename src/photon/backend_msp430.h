/*
 * MSP430 assembly backend (src/photon/msp430/bitsliced.S, written by
 * gen.py): the permutation alone, on the 32-byte string of common.h,
 * which it bit-slices into a stack frame on entry and packs back on exit;
 * adding and extracting bytes are plain byte loops and the modes stay C.
 * The assembly reads and writes the state as 16-bit words: the union
 * keeps it 2-byte aligned.
 */
#ifndef PHOTON_BACKEND_H
#define PHOTON_BACKEND_H

#if defined(__GNUC__)
#define LWC_INLINE static __attribute__((noinline, unused))
#else
#define LWC_INLINE static
#endif
#include "photon/common.h"

#define PHOTON_BACKEND_NAME "asm_msp430"

typedef union { uint8_t b[32]; uint16_t w[16]; } photon_state_t;

LWC_INLINE void photon_zero(photon_state_t *s) {
  unsigned i;
  for (i = 0; i < 16; i++) s->w[i] = 0;
}

LWC_INLINE void photon_add(photon_state_t *s, const uint8_t *in, unsigned off,
                           unsigned len) {
  uint8_t *p = s->b + off;
  while (len-- > 0) *p++ ^= *in++;
}

LWC_INLINE void photon_extract(const photon_state_t *s, uint8_t *out, unsigned off,
                               unsigned len) {
  const uint8_t *p = s->b + off;
  while (len-- > 0) *out++ = *p++;
}

/* the first `rounds` of the 12 rounds (0 .. 12) */
void LWC_NS(photon_msp430_permute)(photon_state_t *s, unsigned rounds);

#define photon_permute(s, rounds) LWC_NS(photon_msp430_permute)((s), (rounds))

#endif
