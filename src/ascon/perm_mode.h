/*
 * A bare Ascon permutation behind the lwc_perm descriptor: the narrow
 * interface of duplex.h (the state as 40 bytes, SP 800-232 byte order) and
 * the backend's ascon_permute().  permute() is p^ASCON_PERM_ROUNDS, the
 * function a benchmark counts; permute_rounds() serves modes built on the
 * descriptor (the target-side check against official KATs).
 */
#ifndef ASCON_PERM_MODE_H
#define ASCON_PERM_MODE_H

#include "ascon/duplex.h"
#include "lwc.h"

#define ASCON_STATE_BYTES 40u

typedef char ascon_perm_state_fits[sizeof(ascon_state_t) <= sizeof(lwc_perm_state) ? 1 : -1];

static ascon_state_t *ascon_perm_state(lwc_perm_state *s) { return (ascon_state_t *)(void *)s; }

static void ascon_perm_init(lwc_perm_state *s) {
  ascon_wipe_bytes(s, sizeof *s);
  ascon_zero(ascon_perm_state(s));
}

static int ascon_perm_add(lwc_perm_state *s, const uint8_t *in, size_t off, size_t len) {
  if (off > ASCON_STATE_BYTES || len > ASCON_STATE_BYTES - off) return LWC_ERR_ARG;
  ascon_add(ascon_perm_state(s), in, (unsigned)off, (unsigned)len);
  return LWC_OK;
}

static int ascon_perm_extract(const lwc_perm_state *s, uint8_t *out, size_t off, size_t len) {
  if (off > ASCON_STATE_BYTES || len > ASCON_STATE_BYTES - off) return LWC_ERR_ARG;
  ascon_extract((const ascon_state_t *)(const void *)s, out, (unsigned)off, (unsigned)len);
  return LWC_OK;
}

static void ascon_perm_permute(lwc_perm_state *s) {
  ascon_permute(ascon_perm_state(s), ASCON_PERM_ROUNDS);
}

static int ascon_perm_permute_rounds(lwc_perm_state *s, unsigned rounds) {
  if (rounds < 1 || rounds > 12) return LWC_ERR_ARG;
  ascon_permute(ascon_perm_state(s), rounds);
  return LWC_OK;
}

const lwc_perm LWC_NS(lwc_perm_desc) = {
    LWC_SCHEME_NAME,    LWC_IMPL_NAME,       ASCON_STATE_BYTES,
    ASCON_PERM_ROUNDS,  12,                  ascon_perm_init,
    ascon_perm_add,     ascon_perm_extract,  ascon_perm_permute,
    ascon_perm_permute_rounds,
};

#endif
