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
#include "core/sponge.h"
#include "lwc.h"

/* The end of the absorption: the last block padded, Gimli. */
LWC_PART void gimli_hash_pad(lwc_sponge_state *st) {
  gimli_pad(&st->s, st->pos);
  st->pos = 0;
}

#define LWC_HASH_FN(name) gimli_hash_##name
#define LWC_HASH_ABSORB_BYTES(st, in, len) \
  gimli_stream(&(st)->s, &(st)->pos, NULL, in, len, GIMLI_OP_ABSORB)
#define LWC_HASH_OUT_RATE GIMLI_RATE
#define LWC_HASH_NEXT(st) perm_permute(&(st)->s, GIMLI_MAX_ROUNDS)
#include "core/hash_tail.h"

#endif
