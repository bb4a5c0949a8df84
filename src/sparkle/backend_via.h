/*
 * via backend: the Sparkle modes over the bare permutation under test (its
 * lwc_perm descriptor, core/via.h), so that an official KAT file checks a
 * permutation through the mode of its kat-via scheme.  The modes are
 * written over bytes and the descriptor's bytes are the specification's
 * (the little-endian words x0, y0, ..., x5, y5): each call is forwarded.
 */
#ifndef SPARKLE_BACKEND_H
#define SPARKLE_BACKEND_H

#include "core/via.h"
#include "sparkle/common.h"

#define SPARKLE_BACKEND_NAME "via"

typedef lwc_via_state sparkle_state_t;

static inline void sparkle_zero(sparkle_state_t *s) { lwc_via_zero(s); }

static inline void sparkle_add(sparkle_state_t *s, const uint8_t *in, unsigned off,
                               unsigned len) {
  lwc_via_add(s, in, off, len);
}

static inline void sparkle_extract(const sparkle_state_t *s, uint8_t *out, unsigned off,
                                   unsigned len) {
  lwc_via_extract(s, out, off, len);
}

/* permute() where `steps` is the descriptor's own count, else permute_rounds() */
static inline void sparkle_permute(sparkle_state_t *s, unsigned steps) {
  lwc_via_permute(s, steps);
}

#endif
