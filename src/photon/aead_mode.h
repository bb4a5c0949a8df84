/*
 * PHOTON-Beetle-AEAD[128] (PHOTON-Beetle specification v2.0, NIST LWC final
 * round), written once over the backend's narrow interface; an
 * implementation folder compiles it with its scheme parameters and backend:
 *
 *   #include "api.h"
 *   #include "photon/backend_opt32.h"
 *   #include "photon/aead_mode.h"
 *
 * In bytes of the 32-byte state (rate: bytes 0 .. 15):
 *   init     S = N || K
 *   AD       for each 16-byte block: S = PHOTON256(S), S[0..16) ^= block;
 *            a short last block padded with 1 0* (byte 0x01 after it);
 *            then S[31] ^= c0 << 5 with c0 = 1, 2 (a message follows; the
 *            last AD block full, short), 3, 4 (no message; full, short)
 *   message  for each block: S = PHOTON256(S), C = Shuffle(S[0..16)) ^ M
 *            (truncated), S[0..16) ^= M padded; then S[31] ^= c1 << 5 with
 *            c1 = 1, 2 (there was AD; last block full, short), 5, 6 (no AD)
 *   neither  S[31] ^= 1 << 5
 *   tag      S = PHOTON256(S), T = S[0 .. 16)
 * Shuffle(Y1 || Y2) = Y2 || (Y1 >>> 1), Y1 and Y2 8 bytes each, Y1 a 64-bit
 * little-endian word rotated right by one bit.
 *
 * c0 depends on whether a message follows, so the AD stays open until the
 * first message byte or the end.  The key is not needed after init: the
 * context is the state, the shuffled rate of the open message block (the
 * keystream: S changes as message bytes go in), a position and flags.
 */
#ifndef PHOTON_AEAD_MODE_H
#define PHOTON_AEAD_MODE_H

#include "photon/sponge.h"
#include "core/sponge.h"
#include "lwc.h"

_Static_assert(CRYPTO_NPUBBYTES + CRYPTO_KEYBYTES == PHOTON_STATE_BYTES,
               "PHOTON-Beetle's nonce and key fill the state");
_Static_assert(CRYPTO_ABYTES == 16, "the tag is the 16-byte rate");

#define PB_RATE 16u

enum { PB_HAS_AD = 1, PB_HAS_MSG = 2, PB_AD_CLOSED = 4 };

typedef struct {
  perm_state_t s;
  uint8_t ks[PB_RATE]; /* Shuffle(rate) of the open message block */
  uint8_t pos;         /* bytes of the open rate block; PB_RATE: full, permute first */
  uint8_t phase;       /* LWC_PHASE_*; NONE after final or wipe */
  uint8_t flags;       /* PB_HAS_AD | PB_HAS_MSG | PB_AD_CLOSED */
} pb_aead_state;

static int pb_aead_init(lwc_aead_ctx *ctx, const uint8_t *key, const uint8_t *nonce,
                        const uint8_t *mask_key) {
  pb_aead_state *st = (pb_aead_state *)(void *)ctx;
  unsigned i;
  if (mask_key != NULL) return LWC_ERR_ARG; /* no nonce masking */
  for (i = 0; i < PB_RATE; i++) st->ks[i] = 0; /* no keystream yet */
  perm_zero(&st->s);
  perm_add(&st->s, nonce, 0, CRYPTO_NPUBBYTES);
  perm_add(&st->s, key, CRYPTO_NPUBBYTES, CRYPTO_KEYBYTES);
  st->pos = PB_RATE;
  st->phase = LWC_PHASE_AD;
  st->flags = 0;
  return LWC_OK;
}

/* S[31] ^= c << 5 (the domain constant in the capacity's last bits) */
LWC_INLINE void pb_domain(perm_state_t *s, unsigned c) {
  uint8_t b = (uint8_t)(c << 5);
  perm_add(s, &b, PHOTON_STATE_BYTES - 1, 1);
}

/* 1 0* after a short block of pos bytes; nothing after a full one */
LWC_INLINE void pb_pad(perm_state_t *s, unsigned pos) {
  static const uint8_t one = 1;
  if (pos < PB_RATE) perm_add(s, &one, pos, 1); /* pos is public */
}

/* The associated data's bytes; the first makes the AD non-empty. */
LWC_PART void pb_aead_ad(pb_aead_state *st, const uint8_t *ad, size_t len) {
  if (len == 0) return;
  st->flags |= PB_HAS_AD;
  st->pos = (uint8_t)pb_absorb(&st->s, st->pos, PB_RATE, ad, len);
}

/* The end of the AD, knowing whether a message follows. */
LWC_INLINE void pb_ad_close(pb_aead_state *st, int msg) {
  if (st->flags & PB_HAS_AD) {
    unsigned full = st->pos == PB_RATE;
    pb_pad(&st->s, st->pos);
    pb_domain(&st->s, (msg ? 1u : 3u) + (full ? 0u : 1u));
  }
  st->pos = PB_RATE;
  st->flags |= PB_AD_CLOSED;
}

/* C = Shuffle(S) ^ M, S ^= M (enc), or M = Shuffle(S) ^ C, S ^= M (dec) */
LWC_INLINE void pb_stream(pb_aead_state *st, uint8_t *out, const uint8_t *in, size_t len,
                          int dec) {
  unsigned p;
  if (len == 0) return;
  if (!(st->flags & PB_AD_CLOSED)) pb_ad_close(st, 1);
  st->flags |= PB_HAS_MSG;
  p = st->pos;
  while (len > 0) {
    unsigned n, i;
    if (p == PB_RATE) {
      uint8_t y[PB_RATE];
      perm_permute(&st->s, PHOTON_ROUNDS);
      perm_extract(&st->s, y, 0, PB_RATE);
      for (i = 0; i < 8; i++) {
        st->ks[i] = y[8 + i];
        st->ks[8 + i] = (uint8_t)(y[i] >> 1 | y[(i + 1) & 7u] << 7);
      }
      lwc_wipe_bytes(y, sizeof y);
      p = 0;
    }
    n = PB_RATE - p;
    if (n > len) n = (unsigned)len;
    if (dec) { /* dec is public */
      for (i = 0; i < n; i++) out[i] = (uint8_t)(in[i] ^ st->ks[p + i]);
      perm_add(&st->s, out, p, n);
    } else {
      perm_add(&st->s, in, p, n);
      for (i = 0; i < n; i++) out[i] = (uint8_t)(in[i] ^ st->ks[p + i]);
    }
    in += n;
    out += n;
    len -= n;
    p += n;
  }
  st->pos = (uint8_t)p;
}

/* Close the AD and the message, the tag, wipe the context. */
static void pb_aead_tag(pb_aead_state *st, uint8_t *tag) {
  if (!(st->flags & PB_AD_CLOSED)) pb_ad_close(st, 0);
  if (st->flags & PB_HAS_MSG) {
    unsigned full = st->pos == PB_RATE;
    pb_pad(&st->s, st->pos);
    pb_domain(&st->s, (st->flags & PB_HAS_AD ? 1u : 5u) + (full ? 0u : 1u));
  } else if (!(st->flags & PB_HAS_AD)) {
    pb_domain(&st->s, 1u);
  }
  perm_permute(&st->s, PHOTON_ROUNDS);
  perm_extract(&st->s, tag, 0, CRYPTO_ABYTES);
  lwc_wipe_bytes(st, sizeof *st);
}

#define LWC_AEAD_FN(name) pb_aead_##name
#define LWC_AEAD_STATE pb_aead_state
#define LWC_AEAD_AD(st, ad, len) pb_aead_ad(st, ad, len)
/* nothing yet: the AD's end depends on whether a message follows */
#define LWC_AEAD_CLOSE_AD(st) ((void)0)
#define LWC_AEAD_CRYPT(st, out, in, len, dec) pb_stream(st, out, in, len, dec)
#include "core/aead_tail.h"
#include "core/aead_api.h"

#endif
