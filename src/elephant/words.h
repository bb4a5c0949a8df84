/*
 * The word state of the opt32 backend: the 20 bytes as five 32-bit words,
 * word j holding bytes 4j .. 4j+3 little-endian (bit i of the state is bit
 * i % 32 of word i / 32), and the byte interface of bytes.h over it.
 */
#ifndef SPONGENT_WORDS_H
#define SPONGENT_WORDS_H

#include "elephant/common.h"

typedef struct { uint32_t w[5]; } spongent_state_t;

LWC_INLINE void spongent_zero(spongent_state_t *s) {
  unsigned i;
  for (i = 0; i < 5; i++) s->w[i] = 0;
}

LWC_INLINE void spongent_add(spongent_state_t *s, const uint8_t *in, unsigned off,
                             unsigned len) {
  while (len > 0) {
    if ((off & 3u) == 0 && len >= 4) {
      s->w[off / 4] ^= lwc_load32le(in);
      in += 4;
      off += 4;
      len -= 4;
    } else {
      s->w[off / 4] ^= (uint32_t)*in++ << (8 * (off & 3u));
      off++;
      len--;
    }
  }
}

LWC_INLINE void spongent_extract(const spongent_state_t *s, uint8_t *out,
                                 unsigned off, unsigned len) {
  while (len > 0) {
    if ((off & 3u) == 0 && len >= 4) {
      lwc_store32le(out, s->w[off / 4]);
      out += 4;
      off += 4;
      len -= 4;
    } else {
      *out++ = (uint8_t)(s->w[off / 4] >> (8 * (off & 3u)));
      off++;
      len--;
    }
  }
}

#endif
