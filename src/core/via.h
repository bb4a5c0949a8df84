/*
 * A bare permutation is checked on its target through a mode of its own
 * family, against that mode's official KAT file (the scheme named in the
 * permutation's `kat-via` file).  The mode is the family's own mode header,
 * compiled a second time (crypto_perm/<perm>/via.c) over a backend whose
 * permutation is this pointer (defined by core/via_perm.c, which is linked
 * with the via modes): the descriptor of the implementation under test,
 * set by the check before each run (the harness' bench_kat_perm.c).
 * Whenever the mode calls for the descriptor's own round count it calls
 * permute() -- the function the benchmark counts -- and permute_rounds()
 * otherwise.
 *
 * This header is such a backend: the permutation contract of core/perm.h
 * (perm_state_t, perm_zero, perm_add, perm_extract, perm_permute)
 * forwarded to the descriptor, so a family's backend_via.h is its common.h,
 * this file and its name; Ascon's builds its lanes over it.
 */
#ifndef LWC_CORE_VIA_H
#define LWC_CORE_VIA_H

#include "core/common.h"
#include "lwc.h"

extern const lwc_perm *lwc_via_perm;

typedef struct { lwc_perm_state p; } perm_state_t;

/* A mode over this perm_state_t holds a whole lwc_perm_state where its own
 * backend holds its state, so its context may outgrow lwc.h's contexts:
 * the check (bench_kat_perm.c) gives it this much, and the mode exports
 * its descriptor only (no SUPERCOP function with an lwc_aead_ctx). */
#define LWC_VIA_CTX_BYTES (LWC_AEAD_UNMASKED_BYTES + sizeof(lwc_perm_state))

static inline void perm_zero(perm_state_t *s) { lwc_via_perm->init(&s->p); }

/* the descriptor's bytes: the contract's add and extract, and what a
 * family with another byte view builds on (Ascon's lanes) */
static inline void lwc_via_add(perm_state_t *s, const uint8_t *in, unsigned off,
                               unsigned len) {
  lwc_via_perm->add_bytes(&s->p, in, off, len);
}

static inline void lwc_via_extract(const perm_state_t *s, uint8_t *out, unsigned off,
                                   unsigned len) {
  lwc_via_perm->extract_bytes(&s->p, out, off, len);
}

#ifndef LWC_VIA_OWN_BYTES /* Ascon: its duplex.h adds and extracts over its lanes */
static inline void perm_add(perm_state_t *s, const uint8_t *in, unsigned off, unsigned len) {
  lwc_via_add(s, in, off, len);
}

static inline void perm_extract(const perm_state_t *s, uint8_t *out, unsigned off,
                                unsigned len) {
  lwc_via_extract(s, out, off, len);
}
#endif

/* permute() when `rounds` is the descriptor's own count, else permute_rounds() */
static inline void perm_permute(perm_state_t *s, unsigned rounds) {
  if (rounds == lwc_via_perm->rounds)
    lwc_via_perm->permute(&s->p);
  else
    lwc_via_perm->permute_rounds(&s->p, rounds);
}

#endif
