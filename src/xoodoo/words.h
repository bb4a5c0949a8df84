/*
 * The byte interface of the C backends (ref, opt32, lowsize): the state as
 * 12 little-endian 32-bit words and the narrow interface every mode is
 * written against,
 *
 *   xoodoo_zero(s)                      S = 0^384
 *   xoodoo_add(s, in, off, len)         S[off .. off+len) ^= in
 *   xoodoo_extract(s, out, off, len)    out = S[off .. off+len)
 *
 * off + len <= 48; a backend adds xoodoo_permute(s, rounds).  Whole
 * aligned words go through one load or store each, the rest byte by byte
 * (shifts, so the host's byte order does not matter); a backend that
 * defines XOODOO_BYTEWISE (lowsize) keeps only the byte path.
 */
#ifndef XOODOO_WORDS_H
#define XOODOO_WORDS_H

#include "xoodoo/common.h"

#ifndef XOODOO_BYTEWISE
#define XOODOO_BYTEWISE 0
#endif

typedef struct {
  uint32_t a[12];
} xoodoo_state_t;

LWC_INLINE void xoodoo_zero(xoodoo_state_t *s) {
  unsigned i;
  for (i = 0; i < 12; i++) s->a[i] = 0;
}

LWC_INLINE void xoodoo_add(xoodoo_state_t *s, const uint8_t *in, unsigned off,
                           unsigned len) {
  while (len > 0) {
    if (!XOODOO_BYTEWISE && (off & 3u) == 0 && len >= 4) {
      s->a[off >> 2] ^= lwc_load32le(in);
      in += 4;
      off += 4;
      len -= 4;
    } else {
      s->a[off >> 2] ^= (uint32_t)*in++ << (8u * (off & 3u));
      off++;
      len--;
    }
  }
}

LWC_INLINE void xoodoo_extract(const xoodoo_state_t *s, uint8_t *out,
                               unsigned off, unsigned len) {
  while (len > 0) {
    if (!XOODOO_BYTEWISE && (off & 3u) == 0 && len >= 4) {
      lwc_store32le(out, s->a[off >> 2]);
      out += 4;
      off += 4;
      len -= 4;
    } else {
      *out++ = (uint8_t)(s->a[off >> 2] >> (8u * (off & 3u)));
      off++;
      len--;
    }
  }
}

#endif
