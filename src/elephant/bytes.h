/*
 * The byte-string state of the ref backend and its narrow interface (the
 * one every Elephant mode is written against):
 *
 *   spongent_zero(s)                     S = 0
 *   spongent_add(s, in, off, len)        S[off .. off+len) ^= in
 *   spongent_extract(s, out, off, len)   out = S[off .. off+len)
 *   spongent_permute(s, rounds)          the first `rounds` rounds
 */
#ifndef SPONGENT_BYTES_H
#define SPONGENT_BYTES_H

#include "elephant/common.h"

typedef struct { uint8_t b[20]; } spongent_state_t;

LWC_INLINE void spongent_zero(spongent_state_t *s) {
  unsigned i;
  for (i = 0; i < SPONGENT_STATE_BYTES; i++) s->b[i] = 0;
}

LWC_INLINE void spongent_add(spongent_state_t *s, const uint8_t *in, unsigned off,
                             unsigned len) {
  unsigned i;
  for (i = 0; i < len; i++) s->b[off + i] ^= in[i];
}

LWC_INLINE void spongent_extract(const spongent_state_t *s, uint8_t *out,
                                 unsigned off, unsigned len) {
  unsigned i;
  for (i = 0; i < len; i++) out[i] = s->b[off + i];
}

#endif
