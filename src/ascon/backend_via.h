/*
 * via backend: the Ascon modes over the bare permutation under test (its
 * lwc_perm descriptor, core/via.h), so that an official KAT file checks a
 * permutation through the mode of its kat-via scheme.  The lanes the modes
 * see are the descriptor's state bytes 8i .. 8i+7, little-endian (the
 * byte order of the lwc_perm interface for Ascon); a v1.2 mode's big-endian
 * data is turned into lane values by word.h as with every backend.
 */
#ifndef ASCON_BACKEND_H
#define ASCON_BACKEND_H

/* perm_state_t, perm_zero and perm_permute from core/via.h; perm_add and
 * perm_extract from duplex.h over the lanes below, which are the
 * descriptor's bytes (lwc_via_add, lwc_via_extract) */
#define LWC_VIA_OWN_BYTES 1
#include "core/via.h"
#include "ascon/word.h"

#define ASCON_BACKEND_NAME "via"

static inline uint64_t ascon_lane_get(const perm_state_t *s, unsigned i) {
  uint8_t b[8];
  uint64_t w = 0;
  unsigned k;
  lwc_via_extract(s, b, 8 * i, 8);
  for (k = 0; k < 8; k++) w |= (uint64_t)b[k] << (8 * k);
  return w;
}

static inline void ascon_lane_xor(perm_state_t *s, unsigned i, uint64_t v) {
  uint8_t b[8];
  unsigned k;
  for (k = 0; k < 8; k++) b[k] = (uint8_t)(v >> (8 * k));
  lwc_via_add(s, b, 8 * i, 8);
}

static inline void ascon_lane_set(perm_state_t *s, unsigned i, uint64_t v) {
  ascon_lane_xor(s, i, ascon_lane_get(s, i) ^ v);
}

#endif
