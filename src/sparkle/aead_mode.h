/*
 * Schwaemm (the SPARKLE family's AEAD, final round), written once over the
 * narrow interface of common.h.  An implementation folder compiles it with
 * its scheme parameters (scheme.h via api.h) and its backend:
 *
 *   #include "api.h"
 *   #include "sparkle/backend_opt32.h"
 *   #include "sparkle/aead_mode.h"
 *
 * In bytes of the 48-byte state S = S_L (rate, r bytes) || S_R (capacity,
 * c bytes), S_L = S1 || S2 its two halves:
 *   init      S = N || K;  S = Sparkle_big(S)
 *   AD        (only if any) blocks of r bytes, the last one 10*-padded if
 *             short: S_L = rho1(S_L, D) ^ W(S_R), then Sparkle_slim, but
 *             Sparkle_big after the last block, whose capacity first
 *             receives Const_A0 (padded) or Const_A1 (full)
 *   message   (only if any) the same with C = S_L ^ M (before rho1) and
 *             Const_M2 / Const_M3
 *   final     S_R ^= K;  T = S_R
 * where rho1(S1 || S2, D) = (S2 || S1 ^ S2) ^ D and W(S_R) repeats the
 * capacity over the rate (rate byte i receives S_R[i mod c]).  The domain
 * constant sits in the capacity's last byte.
 *
 * Streaming without buffering data: rho1 and W are linear, so at a block's
 * first byte the data-independent part (rho1 with D = 0, and W) is applied
 * at once and every data byte is then a plain XOR into S_L.  The cipher
 * needs the rate as it was before rho1: S1 is kept (left[], 16 bytes), and
 * S2 at byte r/2 + j is S[r/2 + j] ^ S1[j] ^ W (untouched so far).  A full
 * block waits with only its permutation pending, until more data or the
 * end of the phase says whether it was the last (slim, or big with the
 * domain constant); the constant, added after W was applied, is added to
 * the rate bytes W would have carried it to as well.
 *
 * It exports the SUPERCOP/NIST LWC functions and an lwc_aead descriptor
 * with the incremental API (include/lwc.h) through core/aead_api.h.
 */
#ifndef SPARKLE_AEAD_MODE_H
#define SPARKLE_AEAD_MODE_H

#include "core/sponge.h"
#include "lwc.h"

#define SCHWAEMM_RATE SCHWAEMM_RATE_BYTES
#define SCHWAEMM_CAP (SPARKLE_STATE_BYTES - SCHWAEMM_RATE_BYTES)
#define SCHWAEMM_HALF (SCHWAEMM_RATE / 2)

_Static_assert(SCHWAEMM_CAP == CRYPTO_KEYBYTES && SCHWAEMM_RATE == CRYPTO_NPUBBYTES,
               "Schwaemm: the nonce fills the rate and the key the capacity");
_Static_assert(SCHWAEMM_RATE % SCHWAEMM_CAP == 0, "W repeats the capacity over the rate");

/* Const_x of the specification: x ^ 2^(c/64), c the capacity in bits, in
 * the state's last byte (the top byte of the capacity's last word) */
#define SCHWAEMM_CONST(x) ((uint8_t)((x) ^ (1u << (SCHWAEMM_CAP / 8))))

enum { SCHWAEMM_OP_AD, SCHWAEMM_OP_ENC, SCHWAEMM_OP_DEC };

typedef struct {
  perm_state_t s;
  uint8_t key[CRYPTO_KEYBYTES];
  uint8_t left[SCHWAEMM_HALF]; /* S1 at the start of the open block */
  uint8_t pos;                 /* bytes of the open block used; 0: none open */
  uint8_t phase;               /* LWC_PHASE_*; NONE after final or wipe */
} schwaemm_state;

/* The first byte of a block: keep S1, then S_L = rho1(S_L, 0) ^ W(S_R). */
LWC_INLINE void schwaemm_open(schwaemm_state *st) {
  uint8_t t[SPARKLE_STATE_BYTES], d[SCHWAEMM_RATE];
  unsigned i;
  perm_extract(&st->s, t, 0, SPARKLE_STATE_BYTES);
  for (i = 0; i < SCHWAEMM_HALF; i++) {
    uint8_t s1 = t[i], s2 = t[SCHWAEMM_HALF + i];
    st->left[i] = s1;
    /* S1' = S2 ^ W: add S1 ^ S2 ^ W;  S2' = S1 ^ S2 ^ W: add S1 ^ W */
    d[i] = (uint8_t)(s1 ^ s2 ^ t[SCHWAEMM_RATE + i % SCHWAEMM_CAP]);
    d[SCHWAEMM_HALF + i] =
        (uint8_t)(s1 ^ t[SCHWAEMM_RATE + (SCHWAEMM_HALF + i) % SCHWAEMM_CAP]);
  }
  perm_add(&st->s, d, 0, SCHWAEMM_RATE);
  lwc_wipe_bytes(t, sizeof t);
  lwc_wipe_bytes(d, sizeof d);
}

/* Absorb (and encrypt or decrypt) len bytes into the open phase. */
LWC_INLINE void schwaemm_stream(schwaemm_state *st, uint8_t *out, const uint8_t *in,
                                size_t len, unsigned op) {
  uint8_t t[SPARKLE_STATE_BYTES], d[SCHWAEMM_HALF];
  while (len > 0) {
    unsigned n, k, pos;
    if (st->pos == SCHWAEMM_RATE) { /* not the last block after all */
      perm_permute(&st->s, SPARKLE_STEPS_SLIM);
      st->pos = 0;
    }
    if (st->pos == 0) schwaemm_open(st);
    pos = st->pos;
    /* within one half of the rate */
    n = (pos < SCHWAEMM_HALF ? SCHWAEMM_HALF : SCHWAEMM_RATE) - pos;
    if (n > len) n = (unsigned)len;
    if (op != SCHWAEMM_OP_AD) {
      /* the rate before rho1: the kept S1, or S2 recovered */
      if (pos >= SCHWAEMM_HALF) { /* the bytes used: S[pos..pos+n) and S_R */
        perm_extract(&st->s, t + pos, pos, n);
        perm_extract(&st->s, t + SCHWAEMM_RATE, SCHWAEMM_RATE, SCHWAEMM_CAP);
      }
      for (k = 0; k < n; k++) {
        unsigned i = pos + k;
        uint8_t ks, m;
        if (i < SCHWAEMM_HALF)
          ks = st->left[i];
        else
          ks = (uint8_t)(t[i] ^ st->left[i - SCHWAEMM_HALF] ^
                         t[SCHWAEMM_RATE + i % SCHWAEMM_CAP]);
        if (op == SCHWAEMM_OP_ENC) {
          m = in[k];
          out[k] = (uint8_t)(m ^ ks);
        } else {
          m = (uint8_t)(in[k] ^ ks);
          out[k] = m;
        }
        d[k] = m;
      }
      out += n;
      perm_add(&st->s, d, pos, n);
    } else {
      perm_add(&st->s, in, pos, n);
    }
    in += n;
    len -= n;
    st->pos = (uint8_t)(pos + n);
  }
  lwc_wipe_bytes(t, sizeof t);
  lwc_wipe_bytes(d, sizeof d);
}

/* End of the AD or the message: pad a short last block, add the domain
 * constant (padded or full) where W would have carried it too, Sparkle_big.
 * Nothing when the phase had no data. */
LWC_INLINE void schwaemm_close(schwaemm_state *st, unsigned x_padded) {
  uint8_t c;
  unsigned i;
  if (st->pos == 0) return;
  if (st->pos < SCHWAEMM_RATE) {
    c = 0x80;
    perm_add(&st->s, &c, st->pos, 1);
    c = SCHWAEMM_CONST(x_padded);
  } else {
    c = SCHWAEMM_CONST(x_padded + 1u);
  }
  for (i = SCHWAEMM_CAP - 1; i < SPARKLE_STATE_BYTES; i += SCHWAEMM_CAP)
    perm_add(&st->s, &c, i, 1);
  perm_permute(&st->s, SPARKLE_STEPS_BIG);
  st->pos = 0;
}

static int schwaemm_init(lwc_aead_ctx *ctx, const uint8_t *key, const uint8_t *nonce,
                         const uint8_t *mask_key) {
  schwaemm_state *st = (schwaemm_state *)ctx;
  unsigned i;
  if (mask_key != NULL) return LWC_ERR_ARG;
  perm_zero(&st->s);
  perm_add(&st->s, nonce, 0, CRYPTO_NPUBBYTES);
  perm_add(&st->s, key, SCHWAEMM_RATE, CRYPTO_KEYBYTES);
  perm_permute(&st->s, SPARKLE_STEPS_BIG);
  for (i = 0; i < CRYPTO_KEYBYTES; i++) st->key[i] = key[i];
  st->pos = 0;
  st->phase = LWC_PHASE_AD;
  return LWC_OK;
}

/* Close the message (Const_M2 / Const_M3), S_R ^= K, T = S_R; wipe. */
LWC_INLINE void schwaemm_tag(schwaemm_state *st, uint8_t *tag) {
  schwaemm_close(st, 2);
  perm_add(&st->s, st->key, SCHWAEMM_RATE, CRYPTO_KEYBYTES);
  perm_extract(&st->s, tag, SCHWAEMM_RATE, CRYPTO_ABYTES);
  lwc_wipe_bytes(st, sizeof *st);
}

#define LWC_AEAD_FN(name) schwaemm_##name
#define LWC_AEAD_STATE schwaemm_state
#define LWC_AEAD_AD(st, ad, len) schwaemm_stream(st, NULL, ad, len, SCHWAEMM_OP_AD)
#define LWC_AEAD_CLOSE_AD(st) schwaemm_close(st, 0) /* Const_A0 / Const_A1 */
#define LWC_AEAD_BEGIN_MSG_SPEC LWC_INLINE
#define LWC_AEAD_CRYPT(st, out, in, len, dec) \
  schwaemm_stream(st, out, in, len, (dec) ? SCHWAEMM_OP_DEC : SCHWAEMM_OP_ENC)
#include "core/aead_tail.h"
#include "core/aead_api.h"

#endif
