/*
 * The lwc_perm descriptor of one bare permutation, whatever its family: the
 * narrow interface of XKCP (the state as a string of bytes; add bytes,
 * extract bytes, permute) with its bounds checked once here.  A family's
 * backend supplies, before including this file:
 *
 *   LWC_PERM_STATE          its state type (held in lwc_perm_state)
 *   LWC_PERM_STATEBYTES     the state's length in bytes
 *   LWC_PERM_ROUNDS         the rounds (steps) of permute(): what a benchmark counts
 *   LWC_PERM_MAX_ROUNDS     permute_rounds() takes 1 .. this
 *   LWC_PERM_FN(name)       the backend's function `name`, for
 *     zero(state *)                                  the all-zero state
 *     add(state *, const uint8_t *in, unsigned off, unsigned len)  S[off..] ^= in
 *     extract(const state *, uint8_t *out, unsigned off, unsigned len)
 *     permute(state *, unsigned rounds)              the family's permutation
 *   LWC_SCHEME_NAME, LWC_IMPL_NAME   the descriptor's names
 */
#ifndef LWC_CORE_PERM_API_H
#define LWC_CORE_PERM_API_H

#include "core/common.h"
#include "lwc.h"

typedef char lwc_perm_state_fits[sizeof(LWC_PERM_STATE) <= sizeof(lwc_perm_state) ? 1 : -1];

static LWC_PERM_STATE *lwc_perm_own(lwc_perm_state *s) { return (LWC_PERM_STATE *)(void *)s; }

static void lwc_perm_init(lwc_perm_state *s) {
  lwc_wipe_bytes(s, sizeof *s);
  LWC_PERM_FN(zero)(lwc_perm_own(s));
}

static int lwc_perm_add(lwc_perm_state *s, const uint8_t *in, size_t off, size_t len) {
  if (off > LWC_PERM_STATEBYTES || len > LWC_PERM_STATEBYTES - off) return LWC_ERR_ARG;
  LWC_PERM_FN(add)(lwc_perm_own(s), in, (unsigned)off, (unsigned)len);
  return LWC_OK;
}

static int lwc_perm_extract(const lwc_perm_state *s, uint8_t *out, size_t off, size_t len) {
  if (off > LWC_PERM_STATEBYTES || len > LWC_PERM_STATEBYTES - off) return LWC_ERR_ARG;
  LWC_PERM_FN(extract)((const LWC_PERM_STATE *)(const void *)s, out, (unsigned)off,
                       (unsigned)len);
  return LWC_OK;
}

static void lwc_perm_permute(lwc_perm_state *s) {
  LWC_PERM_FN(permute)(lwc_perm_own(s), LWC_PERM_ROUNDS);
}

static int lwc_perm_permute_rounds(lwc_perm_state *s, unsigned rounds) {
  if (rounds < 1 || rounds > LWC_PERM_MAX_ROUNDS) return LWC_ERR_ARG;
  LWC_PERM_FN(permute)(lwc_perm_own(s), rounds);
  return LWC_OK;
}

const lwc_perm LWC_NS(lwc_perm_desc) = {
    LWC_SCHEME_NAME,     LWC_IMPL_NAME,        LWC_PERM_STATEBYTES,
    LWC_PERM_ROUNDS,     LWC_PERM_MAX_ROUNDS,  lwc_perm_init,
    lwc_perm_add,        lwc_perm_extract,     lwc_perm_permute,
    lwc_perm_permute_rounds,
};

#endif
