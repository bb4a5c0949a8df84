/*
 * AVR assembly backend (src/gimli/avr/small.S, written by gen.py): the
 * permutation alone, on the 48-byte string of common.h, as lowsize keeps
 * it (the words little-endian in RAM, which is also AVR's own order);
 * adding and extracting bytes are plain byte loops, the modes stay C,
 * compiled as small as lowsize's (no inlining).
 */
#ifndef GIMLI_BACKEND_H
#define GIMLI_BACKEND_H

#if defined(__GNUC__)
#define LWC_INLINE static __attribute__((noinline, unused))
#else
#define LWC_INLINE static
#endif
#include "gimli/common.h"

#define GIMLI_BACKEND_NAME "asm_avr_small"

typedef struct { uint8_t b[48]; } gimli_state_t;

LWC_INLINE void gimli_zero(gimli_state_t *s) {
  uint8_t *p = s->b, *end = s->b + GIMLI_STATE_BYTES;
  while (p != end) *p++ = 0;
}

LWC_INLINE void gimli_add(gimli_state_t *s, const uint8_t *in, unsigned off,
                          unsigned len) {
  uint8_t *p = s->b + off;
  while (len-- > 0) *p++ ^= *in++;
}

LWC_INLINE void gimli_extract(const gimli_state_t *s, uint8_t *out,
                              unsigned off, unsigned len) {
  const uint8_t *p = s->b + off;
  while (len-- > 0) *out++ = *p++;
}

/* the last `rounds` of the 24 rounds (0 .. 24) */
void LWC_NS(gimli_avr_permute)(gimli_state_t *s, unsigned rounds);

#define gimli_permute(s, rounds) LWC_NS(gimli_avr_permute)((s), (rounds))

#endif
