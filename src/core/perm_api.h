/*
 * The lwc_perm descriptor of one bare permutation, whatever its family: the
 * permutation contract (core/perm.h: perm_state_t, perm_zero, perm_add,
 * perm_extract, perm_permute over PERM_STATE_BYTES) with a caller's bounds
 * checked once here.  The family's perm_mode.h supplies, after its backend
 * and before including this file:
 *
 *   LWC_PERM_ROUNDS         the rounds (steps) of permute(): what a benchmark counts
 *   LWC_PERM_MAX_ROUNDS     permute_rounds() takes 1 .. this
 *   LWC_SCHEME_NAME, LWC_IMPL_NAME   the descriptor's names
 */
#ifndef LWC_CORE_PERM_API_H
#define LWC_CORE_PERM_API_H

#include "core/common.h"
#include "lwc.h"

typedef char lwc_perm_state_fits[sizeof(perm_state_t) <= sizeof(lwc_perm_state) ? 1 : -1];

static perm_state_t *lwc_perm_own(lwc_perm_state *s) { return (perm_state_t *)(void *)s; }

static void lwc_perm_init(lwc_perm_state *s) {
  lwc_wipe_bytes(s, sizeof *s);
  perm_zero(lwc_perm_own(s));
}

static int lwc_perm_add(lwc_perm_state *s, const uint8_t *in, size_t off, size_t len) {
  if (off > PERM_STATE_BYTES || len > PERM_STATE_BYTES - off) return LWC_ERR_ARG;
  perm_add(lwc_perm_own(s), in, (unsigned)off, (unsigned)len);
  return LWC_OK;
}

static int lwc_perm_extract(const lwc_perm_state *s, uint8_t *out, size_t off, size_t len) {
  if (off > PERM_STATE_BYTES || len > PERM_STATE_BYTES - off) return LWC_ERR_ARG;
  perm_extract((const perm_state_t *)(const void *)s, out, (unsigned)off,
               (unsigned)len);
  return LWC_OK;
}

static void lwc_perm_permute(lwc_perm_state *s) {
  perm_permute(lwc_perm_own(s), LWC_PERM_ROUNDS);
}

static int lwc_perm_permute_rounds(lwc_perm_state *s, unsigned rounds) {
  if (rounds < 1 || rounds > LWC_PERM_MAX_ROUNDS) return LWC_ERR_ARG;
  perm_permute(lwc_perm_own(s), rounds);
  return LWC_OK;
}

const lwc_perm LWC_NS(lwc_perm_desc) = {
    LWC_SCHEME_NAME,     LWC_IMPL_NAME,        PERM_STATE_BYTES,
    LWC_PERM_ROUNDS,     LWC_PERM_MAX_ROUNDS,  lwc_perm_init,
    lwc_perm_add,        lwc_perm_extract,     lwc_perm_permute,
    lwc_perm_permute_rounds,
};

#endif
