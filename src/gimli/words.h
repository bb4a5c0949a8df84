/*
 * The state of the word backends (ref, opt32): the 12 words s[0][0..3],
 * s[1][0..3], s[2][0..3] as uint32_t, and the byte interface the modes are
 * written against:
 *
 *   gimli_zero(s)                     S = 0
 *   gimli_add(s, in, off, len)        S[off .. off+len) ^= in
 *   gimli_extract(s, out, off, len)   out = S[off .. off+len)
 *
 * with S the 48-byte string of common.h (words little-endian whatever the
 * host).  Whole words go through one load or store; off + len <= 48.
 */
#ifndef GIMLI_WORDS_H
#define GIMLI_WORDS_H

#include "gimli/common.h"

typedef struct { uint32_t w[12]; } gimli_state_t;

LWC_INLINE void gimli_zero(gimli_state_t *s) {
  unsigned i;
  for (i = 0; i < 12; i++) s->w[i] = 0;
}

LWC_INLINE void gimli_add(gimli_state_t *s, const uint8_t *in, unsigned off,
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

LWC_INLINE void gimli_extract(const gimli_state_t *s, uint8_t *out,
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
