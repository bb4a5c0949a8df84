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

#include "photon/sponge.h"
#include "core/sponge.h"
#include "lwc.h"

#define PB_HASH_FIRST 16u /* the first block */
#define PB_HASH_RATE 4u   /* the blocks after it */
#define PB_HASH_OUT 16u   /* the squeezing rate */

/* the first block, then the 4-byte ones (the numbers as core/sponge.h's) */
enum { PB_HASH_FIRST_BLOCK = LWC_PHASE_ABSORB, PB_HASH_ABSORB, PB_HASH_SQUEEZE };

/* The message's bytes: the first block (no permutation before it), then
 * the 4-byte ones. */
LWC_PART void pb_hash_absorb(lwc_sponge_state *st, const uint8_t *in, size_t len) {
  unsigned p = st->pos;
  if (st->phase == PB_HASH_FIRST_BLOCK) {
    unsigned n = PB_HASH_FIRST - p;
    if (n > len) n = (unsigned)len;
    perm_add(&st->s, in, p, n);
    p += n;
    if (len == n) { /* the first block may still be the only one */
      st->pos = (uint8_t)p;
      return;
    }
    in += n;
    len -= n;
    st->phase = PB_HASH_ABSORB;
    p = PB_HASH_RATE; /* more than 16 bytes: the 4-byte blocks, a permutation first */
  }
  st->pos = (uint8_t)pb_absorb(&st->s, p, PB_HASH_RATE, in, len);
}

/* The end of the absorption: the last block's padding bit and the domain
 * constant c0 in the state's last byte. */
LWC_PART void pb_hash_pad(lwc_sponge_state *st) {
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
#define LWC_HASH_PHASE_START PB_HASH_FIRST_BLOCK
#define LWC_HASH_ABSORBING(st) \
  ((st)->phase == PB_HASH_FIRST_BLOCK || (st)->phase == PB_HASH_ABSORB)
#define LWC_HASH_ABSORB_BYTES(st, in, len) pb_hash_absorb(st, in, len)
#define LWC_HASH_PHASE_SQUEEZE PB_HASH_SQUEEZE
#define LWC_HASH_OUT_RATE PB_HASH_OUT
#define LWC_HASH_NEXT(st) perm_permute(&(st)->s, PHOTON_ROUNDS)
#include "core/hash_tail.h"

#endif
