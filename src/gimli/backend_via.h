/*
 * via backend: the narrow interface over core/via.h, i.e. over the lwc_perm
 * descriptor of the gimli24 implementation under test (its state is the
 * same 48-byte string), so that a mode compiled over it
 * (crypto_perm/gimli24/via.c) checks that permutation against the mode's
 * official KAT file.
 */
#ifndef GIMLI_BACKEND_H
#define GIMLI_BACKEND_H

#include "gimli/common.h"
#include "core/via.h"

#define GIMLI_BACKEND_NAME "via"

typedef lwc_via_state gimli_state_t;

static inline void gimli_zero(gimli_state_t *s) { lwc_via_zero(s); }

static inline void gimli_add(gimli_state_t *s, const uint8_t *in, unsigned off,
                             unsigned len) {
  lwc_via_add(s, in, off, len);
}

static inline void gimli_extract(const gimli_state_t *s, uint8_t *out,
                                 unsigned off, unsigned len) {
  lwc_via_extract(s, out, off, len);
}

static inline void gimli_permute(gimli_state_t *s, unsigned rounds) {
  lwc_via_permute(s, rounds);
}

#endif
