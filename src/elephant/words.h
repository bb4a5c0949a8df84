/*
 * The word state of the opt32 backend: the 20 bytes as five 32-bit words,
 * word j holding bytes 4j .. 4j+3 little-endian (bit i of the state is bit
 * i % 32 of word i / 32), and the byte interface of bytes.h over it.
 */
#ifndef SPONGENT_WORDS_H
#define SPONGENT_WORDS_H

#include "elephant/common.h"
#include "core/words32.h"

typedef struct { uint32_t w[5]; } spongent_state_t;

LWC_INLINE void spongent_zero(spongent_state_t *s) {
  unsigned i;
  for (i = 0; i < 5; i++) s->w[i] = 0;
}

LWC_INLINE void spongent_add(spongent_state_t *s, const uint8_t *in, unsigned off,
                             unsigned len) {
  lwc_words32_add(s->w, in, off, len);
}

LWC_INLINE void spongent_extract(const spongent_state_t *s, uint8_t *out,
                                 unsigned off, unsigned len) {
  lwc_words32_extract(s->w, out, off, len);
}

#endif
