/*
 * A state of 32-bit words seen as the byte string of its words in
 * little-endian order (byte i is bits 8(i % 4) .. of word i / 4, whatever
 * the host): the add and extract of a family's byte interface over it.
 * Whole aligned words go through one load or store, other bytes one at a
 * time; off + len must not pass the end of the state.
 */
#ifndef LWC_CORE_WORDS32_H
#define LWC_CORE_WORDS32_H

#include "core/common.h"

/* S[off .. off+len) ^= in */
LWC_INLINE void lwc_words32_add(uint32_t *w, const uint8_t *in, unsigned off, unsigned len) {
  while (len > 0) {
    if ((off & 3u) == 0 && len >= 4) {
      w[off / 4] ^= lwc_load32le(in);
      in += 4;
      off += 4;
      len -= 4;
    } else {
      w[off / 4] ^= (uint32_t)*in++ << (8 * (off & 3u));
      off++;
      len--;
    }
  }
}

/* out = S[off .. off+len) */
LWC_INLINE void lwc_words32_extract(const uint32_t *w, uint8_t *out, unsigned off,
                                    unsigned len) {
  while (len > 0) {
    if ((off & 3u) == 0 && len >= 4) {
      lwc_store32le(out, w[off / 4]);
      out += 4;
      off += 4;
      len -= 4;
    } else {
      *out++ = (uint8_t)(w[off / 4] >> (8 * (off & 3u)));
      off++;
      len--;
    }
  }
}

#endif
