/*
 * PHOTON-Beetle-Hash[32] (PHOTON-Beetle specification v2.0, NIST LWC final
 * round), written once over the backend's narrow interface.
 *
 *   the first 16 bytes of the message go straight into S[0..16) (S = 0
 *   before), then 4-byte blocks: S = PHOTON256(S), S[0..4) ^= block.
 *   The end: no message: S[31] ^= 1 << 5; up to 16 bytes: padded with 1 0*
 *   when short, S[31] ^= c0 << 5 with c0 = 1 (short), 2 (16 bytes); longer:
 *   the last 4-byte block padded when short, c0 = 1 (full), 2 (short).
 *   Output: S = PHOTON256(S), S[0..16), S = PHOTON256(S), S[0..16), ..
 *   (32 bytes: the digest).
 */
#ifndef PHOTON_HASH_MODE_H
#define PHOTON_HASH_MODE_H

#include "photon/common.h"
#include "lwc.h"

#define PB_HASH_FIRST 16u /* the first block */
#define PB_HASH_RATE 4u   /* the blocks after it */
#define PB_HASH_OUT 16u   /* the squeezing rate */

enum { PB_HASH_NONE, PB_HASH_FIRST_BLOCK, PB_HASH_ABSORB, PB_HASH_SQUEEZE };

typedef struct {
  perm_state_t s;
  uint8_t pos;   /* bytes of the open block (absorbed or squeezed) */
  uint8_t phase; /* PB_HASH_*; NONE when wiped */
} pb_hash_state;

static int pb_hash_init(lwc_hash_ctx *ctx, const uint8_t *custom, size_t customlen) {
  pb_hash_state *st = (pb_hash_state *)(void *)ctx;
  (void)custom;
  if (customlen != 0) return LWC_ERR_ARG;
  perm_zero(&st->s);
  st->pos = 0;
  st->phase = PB_HASH_FIRST_BLOCK;
  return LWC_OK;
}

static int pb_hash_update(lwc_hash_ctx *ctx, const uint8_t *in, size_t len) {
  pb_hash_state *st = (pb_hash_state *)(void *)ctx;
  unsigned p = st->pos;
  if (st->phase != PB_HASH_FIRST_BLOCK && st->phase != PB_HASH_ABSORB) return LWC_ERR_ARG;
  while (len > 0) {
    unsigned n;
    if (st->phase == PB_HASH_FIRST_BLOCK) {
      if (p == PB_HASH_FIRST) { /* more than 16 bytes: the 4-byte blocks */
        st->phase = PB_HASH_ABSORB;
        p = PB_HASH_RATE;
        continue;
      }
      n = PB_HASH_FIRST - p;
    } else {
      if (p == PB_HASH_RATE) {
        perm_permute(&st->s, PHOTON_ROUNDS);
        p = 0;
      }
      n = PB_HASH_RATE - p;
    }
    if (n > len) n = (unsigned)len;
    perm_add(&st->s, in, p, n);
    in += n;
    len -= n;
    p += n;
  }
  st->pos = (uint8_t)p;
  return LWC_OK;
}

/* The end of the absorption: the last block's padding bit and the domain
 * constant c0 in the state's last byte. */
LWC_PART void pb_hash_pad(pb_hash_state *st) {
  static const uint8_t one = 1;
  unsigned p = st->pos, c0;
  uint8_t b;
  if (st->phase == PB_HASH_FIRST_BLOCK) {
    c0 = p == PB_HASH_FIRST ? 2u : 1u;
    if (p > 0 && p < PB_HASH_FIRST) perm_add(&st->s, &one, p, 1);
  } else {
    c0 = p == PB_HASH_RATE ? 1u : 2u;
    if (p < PB_HASH_RATE) perm_add(&st->s, &one, p, 1);
  }
  b = (uint8_t)(c0 << 5);
  perm_add(&st->s, &b, PHOTON_STATE_BYTES - 1, 1);
  st->pos = PB_HASH_OUT;
}

#define LWC_HASH_FN(name) pb_hash_##name
#define LWC_HASH_STATE pb_hash_state
#define LWC_HASH_ABSORBING(st) \
  ((st)->phase == PB_HASH_FIRST_BLOCK || (st)->phase == PB_HASH_ABSORB)
#define LWC_HASH_PHASE_SQUEEZE PB_HASH_SQUEEZE
#define LWC_HASH_OUT_RATE PB_HASH_OUT
#define LWC_HASH_NEXT(st) perm_permute(&(st)->s, PHOTON_ROUNDS)
#define LWC_HASH_EXTRACT(st, out, off, n) perm_extract(&(st)->s, out, off, n)
#include "core/hash_tail.h"

#define LWC_HASH_KIND LWC_HASH
#define LWC_HASH_MAX_CUSTOM 0
#include "core/hash_api.h"

#endif
