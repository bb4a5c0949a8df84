/*
 * The narrow interface over core/via.h: the permutation is the descriptor
 * of the implementation under test (crypto_perm/<perm>/via.c compiles a
 * mode of this family over it to check that permutation against the mode's
 * official KAT file on the target).
 */
#ifndef XOODOO_BACKEND_H
#define XOODOO_BACKEND_H

#include "xoodoo/common.h"
#include "core/via.h"

#define XOODOO_BACKEND_NAME "via"

typedef lwc_via_state xoodoo_state_t;

static inline void xoodoo_zero(xoodoo_state_t *s) { lwc_via_zero(s); }

static inline void xoodoo_add(xoodoo_state_t *s, const uint8_t *in, unsigned off,
                              unsigned len) {
  lwc_via_add(s, in, off, len);
}

static inline void xoodoo_extract(const xoodoo_state_t *s, uint8_t *out, unsigned off,
                                  unsigned len) {
  lwc_via_extract(s, out, off, len);
}

static inline void xoodoo_permute(xoodoo_state_t *s, unsigned rounds) {
  lwc_via_permute(s, rounds);
}

#endif
