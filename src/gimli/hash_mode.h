/*
 * Gimli-Hash (NIST LWC round-2 submission gimli24v1: the round-2 padding),
 * written once over the backend's narrow interface.
 *
 *   init     S = 0
 *   absorb   16-byte blocks, Gimli after each full one
 *   squeeze  the last block (possibly empty) padded: S[len] ^= 1,
 *            S[47] ^= 1, Gimli; then the output is S[0 .. 16), Gimli,
 *            S[0 .. 16), ... (32 bytes: the digest)
 */
#ifndef GIMLI_HASH_MODE_H
#define GIMLI_HASH_MODE_H

#include "gimli/sponge.h"
#include "lwc.h"

enum { GIMLI_HASH_NONE, GIMLI_HASH_ABSORB, GIMLI_HASH_SQUEEZE };

typedef struct {
  perm_state_t s;
  uint8_t pos;   /* bytes of the open rate block (absorbed or squeezed) */
  uint8_t phase; /* GIMLI_HASH_*; NONE when wiped */
} gimli_hash_state;

static int gimli_hash_init(lwc_hash_ctx *ctx, const uint8_t *custom,
                           size_t customlen) {
  gimli_hash_state *st = (gimli_hash_state *)(void *)ctx;
  (void)custom;
  if (customlen != 0) return LWC_ERR_ARG;
  perm_zero(&st->s);
  st->pos = 0;
  st->phase = GIMLI_HASH_ABSORB;
  return LWC_OK;
}

static int gimli_hash_update(lwc_hash_ctx *ctx, const uint8_t *in,
                             size_t len) {
  gimli_hash_state *st = (gimli_hash_state *)(void *)ctx;
  if (st->phase != GIMLI_HASH_ABSORB) return LWC_ERR_ARG;
  gimli_stream(&st->s, &st->pos, NULL, in, len, GIMLI_OP_ABSORB);
  return LWC_OK;
}

/* The end of the absorption: the last block padded, Gimli. */
LWC_PART void gimli_hash_pad(gimli_hash_state *st) {
  gimli_pad(&st->s, st->pos);
  st->pos = 0;
}

#define LWC_HASH_FN(name) gimli_hash_##name
#define LWC_HASH_STATE gimli_hash_state
#define LWC_HASH_PHASE_ABSORB GIMLI_HASH_ABSORB
#define LWC_HASH_PHASE_SQUEEZE GIMLI_HASH_SQUEEZE
#define LWC_HASH_OUT_RATE GIMLI_RATE
#define LWC_HASH_NEXT(st) perm_permute(&(st)->s, GIMLI_MAX_ROUNDS)
#define LWC_HASH_EXTRACT(st, out, off, n) perm_extract(&(st)->s, out, off, n)
#include "core/hash_tail.h"

#define LWC_HASH_KIND LWC_HASH
#define LWC_HASH_MAX_CUSTOM 0
#include "core/hash_api.h"

#endif
