/*
 * The plain state of the 64-bit backends (ref, opt64, lowsize): five lanes
 * x0..x4 as uint64_t, and the lane accessors duplex.h needs.
 */
#ifndef ASCON_LANES64_H
#define ASCON_LANES64_H

#include "ascon/word.h"

typedef struct { uint64_t x[5]; } perm_state_t;
/* the state in memory is the five lanes as they are: on a little-endian
 * core, byte k of the state string is byte k of the struct (k ^ 7 for
 * big-endian lanes): duplex.h's byte path on AVR */
#define ASCON_LANES_PLAIN 1

LWC_INLINE void perm_zero(perm_state_t *s) {
  unsigned i;
  for (i = 0; i < 5; i++) s->x[i] = 0;
}
static inline uint64_t ascon_lane_get(const perm_state_t *s, unsigned i) {
  return s->x[i];
}
static inline void ascon_lane_set(perm_state_t *s, unsigned i, uint64_t v) {
  s->x[i] = v;
}
static inline void ascon_lane_xor(perm_state_t *s, unsigned i, uint64_t v) {
  s->x[i] ^= v;
}

#endif
