/*
 * A bare permutation is checked on its target through a mode of its own
 * family, against that mode's official KAT file (the scheme named in the
 * permutation's `kat-via` file).  The mode is the family's own mode header,
 * compiled a second time (crypto_perm/<perm>/via.c) over a backend whose
 * permutation is this pointer: the descriptor of the implementation under
 * test, set by harness/firmware/bench_kat_perm.c before each check.
 * Whenever the mode calls for the descriptor's own round count it calls
 * permute() -- the function the benchmark counts -- and permute_rounds()
 * otherwise.
 *
 * A family whose modes are written over bytes (add, extract, permute n)
 * needs nothing more than LWC_VIA_STATE and these three calls.
 */
#ifndef LWC_CORE_VIA_H
#define LWC_CORE_VIA_H

#include "core/common.h"
#include "lwc.h"

extern const lwc_perm *lwc_via_perm;

typedef struct { lwc_perm_state p; } lwc_via_state;

/* A mode over lwc_via_state holds a whole lwc_perm_state where its own
 * backend holds its state, so its context may outgrow lwc.h's contexts:
 * the check (bench_kat_perm.c) gives it this much, and the mode exports
 * its descriptor only (no SUPERCOP function with an lwc_aead_ctx). */
#define LWC_VIA_CTX_BYTES (sizeof(lwc_aead_ctx) + sizeof(lwc_perm_state))

static inline void lwc_via_zero(lwc_via_state *s) { lwc_via_perm->init(&s->p); }

static inline void lwc_via_add(lwc_via_state *s, const uint8_t *in, unsigned off,
                               unsigned len) {
  lwc_via_perm->add_bytes(&s->p, in, off, len);
}

static inline void lwc_via_extract(const lwc_via_state *s, uint8_t *out, unsigned off,
                                   unsigned len) {
  lwc_via_perm->extract_bytes(&s->p, out, off, len);
}

static inline void lwc_via_permute(lwc_via_state *s, unsigned rounds) {
  if (rounds == lwc_via_perm->rounds)
    lwc_via_perm->permute(&s->p);
  else
    lwc_via_perm->permute_rounds(&s->p, rounds);
}

/* The whole narrow interface of a family whose modes are written over bytes
 * (FAM_state_t, FAM_zero, FAM_add, FAM_extract, FAM_permute), forwarded to
 * the descriptor under test: such a family's backend_via.h is this line. */
#define LWC_VIA_NARROW_INTERFACE(fam)                                              \
  typedef lwc_via_state fam##_state_t;                                             \
  static inline void fam##_zero(fam##_state_t *s) { lwc_via_zero(s); }           \
  static inline void fam##_add(fam##_state_t *s, const uint8_t *in, unsigned off,  \
                               unsigned len) {                                    \
    lwc_via_add(s, in, off, len);                                                 \
  }                                                                               \
  static inline void fam##_extract(const fam##_state_t *s, uint8_t *out,          \
                                   unsigned off, unsigned len) {                  \
    lwc_via_extract(s, out, off, len);                                            \
  }                                                                               \
  static inline void fam##_permute(fam##_state_t *s, unsigned rounds) {           \
    lwc_via_permute(s, rounds);                                                   \
  }

#endif
