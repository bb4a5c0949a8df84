/*
 * Esch (the SPARKLE family's hash, final round), written once over the
 * narrow interface of common.h.  In bytes of the 48-byte state, r = 16:
 *   absorb   blocks of r bytes, the last one 10*-padded if short (an empty
 *            message is one padded block); each block P enters through the
 *            Feistel-like M3: with P = (x0, y0, x1, y1) as words,
 *            tx = l(x0 ^ x1), ty = l(y0 ^ y1), the left half of the state
 *            (branches 0..2) receives (x0 ^ ty, y0 ^ tx, x1 ^ ty, y1 ^ tx,
 *            ty, tx); then Sparkle_slim, but Sparkle_big after the last
 *            block, whose branch 2 first receives Const_M0 (padded) or
 *            Const_M1 (full) in the top byte of y2 (state byte 23)
 *   squeeze  r bytes of the state, Sparkle_slim, r bytes more (32 in all)
 *
 * Streaming: M3 is linear, so each piece of a block is injected as soon as
 * it arrives (M3 of the zero-padded piece), and a full block waits with
 * only its permutation pending until more data or the squeeze says whether
 * it was the last (the constant is a plain XOR into the state).
 *
 * The scheme header sets CRYPTO_BYTES, ESCH_RATE_BYTES and the step counts.
 */
#ifndef SPARKLE_HASH_MODE_H
#define SPARKLE_HASH_MODE_H

#include "core/sponge.h"
#include "lwc.h"

#define ESCH_RATE ESCH_RATE_BYTES
_Static_assert(ESCH_RATE == 16, "M3 takes two branches: a 16-byte block");

/* S ^= M3(P) for a 16-byte block P = (x0, y0, x1, y1) as words (zeros
 * where no data lies). */
LWC_INLINE void esch_inject(lwc_sponge_state *st, const uint32_t *p) {
  uint8_t v[24];
  uint32_t tx = p[0] ^ p[2], ty = p[1] ^ p[3];
  tx = lwc_ror32(tx ^ (tx << 16), 16);
  ty = lwc_ror32(ty ^ (ty << 16), 16);
  lwc_store32le(v, p[0] ^ ty);
  lwc_store32le(v + 4, p[1] ^ tx);
  lwc_store32le(v + 8, p[2] ^ ty);
  lwc_store32le(v + 12, p[3] ^ tx);
  lwc_store32le(v + 16, ty);
  lwc_store32le(v + 20, tx);
  perm_add(&st->s, v, 0, sizeof v);
}

/* The message's bytes: a pending full block permuted first (it was not the
 * last), then each piece of a block injected as it comes. */
LWC_PART void esch_absorb(lwc_sponge_state *st, const uint8_t *in, size_t len) {
  uint32_t p[4];
  while (len > 0) {
    unsigned n, i;
    if (st->pos == ESCH_RATE) { /* not the last block after all */
      perm_permute(&st->s, SPARKLE_STEPS_SLIM);
      st->pos = 0;
    }
    n = ESCH_RATE - st->pos;
    if (n > len) n = (unsigned)len;
    p[0] = p[1] = p[2] = p[3] = 0;
    for (i = 0; i < n; i++) {
      unsigned k = st->pos + i;
      p[k >> 2] |= (uint32_t)in[i] << (8u * (k & 3u));
    }
    esch_inject(st, p);
    st->pos = (uint8_t)(st->pos + n);
    in += n;
    len -= n;
  }
}

/* The end of the absorption: the last block padded (Const_M0) or full
 * (Const_M1), the big permutation. */
LWC_PART void esch_pad(lwc_sponge_state *st) {
  uint32_t p[4];
  uint8_t c = 2; /* Const_M1: a full last block */
  if (st->pos < ESCH_RATE) {
    p[0] = p[1] = p[2] = p[3] = 0;
    p[st->pos >> 2] = (uint32_t)0x80 << (8u * (st->pos & 3u));
    esch_inject(st, p);
    c = 1; /* Const_M0 */
  }
  perm_add(&st->s, &c, 23, 1);
  perm_permute(&st->s, SPARKLE_STEPS_BIG);
  st->pos = 0;
}

#define LWC_HASH_FN(name) esch_##name
#define LWC_HASH_ABSORB_BYTES(st, in, len) esch_absorb(st, in, len)
#define LWC_HASH_OUT_RATE ESCH_RATE
#define LWC_HASH_NEXT(st) perm_permute(&(st)->s, SPARKLE_STEPS_SLIM)
#include "core/hash_tail.h"

#endif
