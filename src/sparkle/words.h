/*
 * The state as the specification's twelve 32-bit words x0, y0, ..., x5, y5
 * (w[2i] = x_i, w[2i+1] = y_i) and the byte view over them: byte k of the
 * state is byte k mod 4 of word k / 4, little-endian, whatever the host.
 * Shared by the ref, opt32 and lowsize backends.
 */
#ifndef SPARKLE_WORDS_H
#define SPARKLE_WORDS_H

#include "sparkle/common.h"

typedef struct {
  uint32_t w[12];
} sparkle_state_t;

/* c0 .. c7 of the specification (the fractional part of e, in words) */
#define SPARKLE_C0 0xB7E15162u
#define SPARKLE_C1 0xBF715880u
#define SPARKLE_C2 0x38B4DA56u
#define SPARKLE_C3 0x324E7738u
#define SPARKLE_C4 0xBB1185EBu
#define SPARKLE_C5 0x4F7C7B57u
#define SPARKLE_C6 0xCFBFA1C8u
#define SPARKLE_C7 0xC2B3293Du

LWC_INLINE void sparkle_zero(sparkle_state_t *s) {
  unsigned i;
  for (i = 0; i < 12; i++) s->w[i] = 0;
}

/* Whole aligned words at once, unless a backend wants the smallest code
 * (SPARKLE_BYTEWISE: one byte loop). */
LWC_INLINE void sparkle_add(sparkle_state_t *s, const uint8_t *in, unsigned off,
                            unsigned len) {
  unsigned i = 0;
#ifndef SPARKLE_BYTEWISE
  for (; i < len && (off & 3u) != 0; i++, off++)
    s->w[off >> 2] ^= (uint32_t)in[i] << (8u * (off & 3u));
  for (; i + 4 <= len; i += 4, off += 4) s->w[off >> 2] ^= lwc_load32le(in + i);
#endif
  for (; i < len; i++, off++) s->w[off >> 2] ^= (uint32_t)in[i] << (8u * (off & 3u));
}

LWC_INLINE void sparkle_extract(const sparkle_state_t *s, uint8_t *out, unsigned off,
                                unsigned len) {
  unsigned i = 0;
#ifndef SPARKLE_BYTEWISE
  for (; i < len && (off & 3u) != 0; i++, off++)
    out[i] = (uint8_t)(s->w[off >> 2] >> (8u * (off & 3u)));
  for (; i + 4 <= len; i += 4, off += 4) lwc_store32le(out + i, s->w[off >> 2]);
#endif
  for (; i < len; i++, off++) out[i] = (uint8_t)(s->w[off >> 2] >> (8u * (off & 3u)));
}

#endif
