/*
 * Romulus-N (Romulus v1.3, the NIST LWC final-round specification,
 * Algorithm Romulus-N), written once over the backend's narrow interface
 * skinny_encrypt(); an implementation folder compiles it with its scheme
 * parameters and backend:
 *
 *   #include "api.h"
 *   #include "skinny/backend_opt32.h"
 *   #include "skinny/aead_mode.h"
 *
 * Every block cipher call E encrypts the 16-byte state S under the tweakey
 * TK1 || TK2 || TK3 with
 *   TK1 = CNT (56-bit LFSR, 7 bytes, first byte least significant) || B || 0^8
 *         (B the domain byte),
 *   TK2 = the nonce N, or the second AD block of a pair,
 *   TK3 = the key K.
 * rho(S, M) = (S ^ M, G(S) ^ M), G on each byte (x7..x0) -> (x0 ^ x7, x7..x1);
 * padding puts the length of a short block in its last byte.
 *
 *   AD       pairs of blocks: the first is XORed into S (rho, output
 *            dropped), the second is TK2 of a call E with B = 8; the
 *            counter advances once per block.  Then a last call with
 *            TK2 = N and B = 24 (the last block full) or 26 (short or none).
 *   message  the counter starts again at 1; each block goes through rho and
 *            a call E with B = 4, the last one with B = 20 (full) or 21
 *            (short, or no message at all).
 *   tag      T = G(S)
 *
 * The context keeps no data: an AD byte goes straight into S (first block
 * of a pair) or into the TK2 slot (second block), a message byte straight
 * into S.  Whether a full block was the last one decides its domain byte,
 * so a full block waits (pos = 32 for an AD pair, 16 for a message block)
 * until more data or the end says which it was.
 */
#ifndef SKINNY_AEAD_MODE_H
#define SKINNY_AEAD_MODE_H

#include "skinny/common.h"
#include "core/sponge.h"
#include "lwc.h"

_Static_assert(CRYPTO_KEYBYTES == 16 && CRYPTO_NPUBBYTES == 16 && CRYPTO_ABYTES == 16,
               "Romulus-N: 16-byte key, nonce and tag");

/* domain bytes B (Romulus-N) */
#define ROMULUS_B_AD 0x08u
#define ROMULUS_B_AD_LAST_FULL 0x18u
#define ROMULUS_B_AD_LAST_SHORT 0x1au
#define ROMULUS_B_MSG 0x04u
#define ROMULUS_B_MSG_LAST_FULL 0x14u
#define ROMULUS_B_MSG_LAST_SHORT 0x15u

#ifdef SKINNY_HAS_FIXED
typedef struct {
  skinny_fixed f;
  uint8_t what; /* fixed: 0 nothing, 1 K, 2 K and N */
} romulus_fx;
#endif

typedef struct {
  uint8_t s[16];   /* the state S */
  uint8_t tk1[16]; /* CNT || B || 0^8 */
  uint8_t tk2[16]; /* the second AD block of the open pair */
  uint8_t n[16];   /* the nonce */
  uint8_t k[16];   /* the key */
  uint8_t pos;     /* AD: bytes of the open pair (0..32); message: of the block (0..16) */
  uint8_t phase;   /* LWC_PHASE_*; NONE after final or wipe */
} romulus_n_state;

/* CNT <- CNT * x in GF(2^56) / (x^56 + x^7 + x^4 + x^2 + 1); CNT is public
 * (a count of blocks), the update has no branch all the same */
LWC_INLINE void romulus_cnt_next(uint8_t *cnt) {
  uint8_t fb = (uint8_t)(0u - (unsigned)(cnt[6] >> 7)) & 0x95u;
  unsigned i;
  for (i = 6; i > 0; i--) cnt[i] = (uint8_t)(cnt[i] << 1 | cnt[i - 1] >> 7);
  cnt[0] = (uint8_t)(cnt[0] << 1) ^ fb;
}

/* TK1 = 1 || 0 ... (the counter's first value) */
LWC_INLINE void romulus_cnt_reset(uint8_t *tk1) {
  unsigned i;
  for (i = 0; i < 16; i++) tk1[i] = 0;
  tk1[0] = 1;
}

/* The optional fixed tweakeys of common.h (a backend that defines
 * SKINNY_HAS_FIXED): K's schedule is fixed once for the calls of an API
 * call (of a whole message, with the whole-message functions below), the
 * AD pairs add their TK2 per call, and at the first call with TK2 = N
 * (all AD calls come before) N's schedule is added into K's for the rest.
 * The API functions' bodies are then romulus_n_<name>_fx, given the
 * schedule; romulus_n_<name> (below) gives each its own.  Without it the
 * macros leave the code as it was: ROMULUS_E is skinny_encrypt and the
 * bodies are the API functions. */
#ifdef SKINNY_HAS_FIXED
#define ROMULUS_FX_PARAM , romulus_fx *fx
#define ROMULUS_FX_ARG , fx
#define ROMULUS_API(name) romulus_n_##name##_fx
#define ROMULUS_E(st, tk2) romulus_encrypt_fixed(st, tk2, fx)

/* S = E(TK1 || tk2 || K, S) */
static void romulus_encrypt_fixed(romulus_n_state *st, const uint8_t *tk2, romulus_fx *fx) {
  uint8_t want = tk2 == st->n ? 2 : 1;
  if (fx->what == 1 && want == 2) {
    skinny_fix(&fx->f, st->n, NULL); /* N added into K's schedule */
  } else if (fx->what != want) {
    skinny_fix(&fx->f, want == 2 ? st->n : NULL, st->k);
  }
  fx->what = want;
  skinny_encrypt_fixed(st->s, st->tk1, want == 2 ? NULL : tk2, &fx->f);
}
#else
#define ROMULUS_FX_PARAM
#define ROMULUS_FX_ARG
#define ROMULUS_API(name) romulus_n_##name
#define ROMULUS_E(st, tk2) skinny_encrypt((st)->s, (st)->tk1, tk2, (st)->k)
#endif

/* advance the counter, set the domain byte, S = E(TK1 || tk2 || K, S) */
LWC_INLINE void romulus_call(romulus_n_state *st, const uint8_t *tk2,
                             uint8_t domain ROMULUS_FX_PARAM) {
  romulus_cnt_next(st->tk1);
  st->tk1[7] = domain;
  ROMULUS_E(st, tk2);
}

/* G on one byte */
LWC_INLINE uint8_t romulus_g(uint8_t x) {
  return (uint8_t)((x >> 1) | ((x ^ (x << 7)) & 0x80u));
}

static int romulus_n_init(lwc_aead_ctx *ctx, const uint8_t *key, const uint8_t *nonce,
                          const uint8_t *mask_key) {
  romulus_n_state *st = (romulus_n_state *)(void *)ctx;
  unsigned i;
  if (mask_key != NULL) return LWC_ERR_ARG; /* no nonce masking */
  for (i = 0; i < 16; i++) {
    st->s[i] = 0;
    st->tk2[i] = 0;
    st->n[i] = nonce[i];
    st->k[i] = key[i];
  }
  romulus_cnt_reset(st->tk1);
  st->pos = 0;
  st->phase = LWC_PHASE_AD;
  return LWC_OK;
}

/* The pair in S and TK2 goes through E (B = 8): two blocks of the counter. */
LWC_INLINE void romulus_ad_pair(romulus_n_state *st ROMULUS_FX_PARAM) {
  romulus_call(st, st->tk2, ROMULUS_B_AD ROMULUS_FX_ARG);
  romulus_cnt_next(st->tk1);
}

static int ROMULUS_API(absorb_ad)(lwc_aead_ctx *ctx, const uint8_t *ad,
                                  size_t len ROMULUS_FX_PARAM) {
  romulus_n_state *st = (romulus_n_state *)(void *)ctx;
  unsigned p;
  if (st->phase != LWC_PHASE_AD) return LWC_ERR_ARG;
  p = st->pos;
  while (len > 0) {
    unsigned n;
    if (p == 32) { /* more data: the waiting pair was not the last */
      romulus_ad_pair(st ROMULUS_FX_ARG);
      p = 0;
    }
    if (p < 16) { /* first block of the pair: into S */
      n = 16 - p;
      if (n > len) n = (unsigned)len;
      for (len -= n; n > 0; n--) st->s[p++] ^= *ad++;
    } else { /* second block: into the TK2 slot */
      n = 32 - p;
      if (n > len) n = (unsigned)len;
      for (len -= n; n > 0; n--) st->tk2[p++ - 16] = *ad++;
    }
  }
  st->pos = (uint8_t)p;
  return LWC_OK;
}

/* The end of the associated data (pos bytes in the open pair), then the
 * message's counter and position. */
LWC_INLINE void romulus_ad_close(romulus_n_state *st ROMULUS_FX_PARAM) {
  unsigned p = st->pos;
  uint8_t domain = ROMULUS_B_AD_LAST_FULL;
  if (p == 0 || (p & 15u) != 0) domain = ROMULUS_B_AD_LAST_SHORT;
  if (p > 16) {
    if (p < 32) { /* short second block: zeros, then its length */
      unsigned i;
      for (i = p - 16; i < 15; i++) st->tk2[i] = 0;
      st->tk2[15] = (uint8_t)(p - 16);
    }
    romulus_ad_pair(st ROMULUS_FX_ARG); /* the counter is past both blocks already */
    st->tk1[7] = domain;
    ROMULUS_E(st, st->n);
  } else {
    if (p < 16) st->s[15] ^= (uint8_t)p; /* short (or no) first block */
    romulus_call(st, st->n, domain ROMULUS_FX_ARG);
  }
  lwc_wipe_bytes(st->tk2, sizeof st->tk2);
  romulus_cnt_reset(st->tk1);
  st->pos = 0;
}

/* rho (enc) or its inverse (dec) on the message, block by block */
LWC_INLINE void romulus_stream(romulus_n_state *st, uint8_t *out, const uint8_t *in,
                               size_t len, int dec ROMULUS_FX_PARAM) {
  unsigned p = st->pos;
  while (len > 0) {
    unsigned n;
    if (p == 16) { /* more data: the waiting block was not the last */
      romulus_call(st, st->n, ROMULUS_B_MSG ROMULUS_FX_ARG);
      p = 0;
    }
    n = 16 - p;
    if (n > len) n = (unsigned)len;
    len -= n;
    for (; n > 0; n--, p++) {
      uint8_t x = *in++, g = romulus_g(st->s[p]);
      uint8_t m = dec ? (uint8_t)(x ^ g) : x; /* dec is public */
      *out++ = (uint8_t)(x ^ g);
      st->s[p] ^= m;
    }
  }
  st->pos = (uint8_t)p;
}

/* The last message block (full: waiting at pos 16; short or none: padded),
 * the tag G(S), the context wiped. */
static void romulus_n_tag(romulus_n_state *st, uint8_t *tag ROMULUS_FX_PARAM) {
  unsigned i, p = st->pos;
  if (p == 16) {
    romulus_call(st, st->n, ROMULUS_B_MSG_LAST_FULL ROMULUS_FX_ARG);
  } else {
    st->s[15] ^= (uint8_t)p;
    romulus_call(st, st->n, ROMULUS_B_MSG_LAST_SHORT ROMULUS_FX_ARG);
  }
  for (i = 0; i < 16; i++) tag[i] = romulus_g(st->s[i]);
  lwc_wipe_bytes(st, sizeof *st);
}

#define LWC_AEAD_FN(name) romulus_n_##name
#define LWC_AEAD_STATE romulus_n_state
#define LWC_AEAD_TAIL_FN(name) ROMULUS_API(name)
#define LWC_AEAD_PARAM ROMULUS_FX_PARAM
#define LWC_AEAD_ARG ROMULUS_FX_ARG
#define LWC_AEAD_OWN_AD
#define LWC_AEAD_CLOSE_AD(st) romulus_ad_close(st ROMULUS_FX_ARG)
#define LWC_AEAD_CRYPT(st, out, in, len, dec) romulus_stream(st, out, in, len, dec ROMULUS_FX_ARG)
#define LWC_AEAD_TAG(st, out, taglen) romulus_n_tag(st, out ROMULUS_FX_ARG)
#include "core/aead_tail.h"

#ifdef SKINNY_HAS_FIXED
/* The API functions: each its own fixed schedule. */
#define ROMULUS_ENTRY(name, params, ...)               \
  static int romulus_n_##name params {                 \
    romulus_fx fx[1];                                  \
    int r;                                             \
    fx->what = 0;                                      \
    r = romulus_n_##name##_fx(__VA_ARGS__, fx);        \
    if (fx->what != 0) skinny_unfix(&fx->f);           \
    return r;                                          \
  }
ROMULUS_ENTRY(absorb_ad, (lwc_aead_ctx * ctx, const uint8_t *ad, size_t len), ctx, ad, len)
ROMULUS_ENTRY(encrypt_update, (lwc_aead_ctx * ctx, uint8_t *out, const uint8_t *in, size_t len),
              ctx, out, in, len)
ROMULUS_ENTRY(decrypt_update, (lwc_aead_ctx * ctx, uint8_t *out, const uint8_t *in, size_t len),
              ctx, out, in, len)
ROMULUS_ENTRY(encrypt_final, (lwc_aead_ctx * ctx, uint8_t *tag, size_t taglen), ctx, tag, taglen)
ROMULUS_ENTRY(decrypt_verify, (lwc_aead_ctx * ctx, const uint8_t *tag, size_t taglen), ctx, tag,
              taglen)

/* A whole message in one call: the incremental bodies with one fixed
 * schedule for all their calls (K's, then K's and N's). */
static int romulus_n_whole_encrypt(uint8_t *ct, const uint8_t *msg, size_t mlen,
                                   const uint8_t *ad, size_t adlen, const uint8_t *nonce,
                                   const uint8_t *key) {
  _Alignas(4) lwc_aead_small_ctx c_; /* lwc_wipe_bytes's word path */
  lwc_aead_ctx *ctx = (lwc_aead_ctx *)(void *)&c_;
  romulus_fx fx[1];
  romulus_n_init(ctx, key, nonce, NULL);
  fx->what = 0;
  romulus_n_absorb_ad_fx(ctx, ad, adlen, fx);
  romulus_n_encrypt_update_fx(ctx, ct, msg, mlen, fx);
  romulus_n_encrypt_final_fx(ctx, ct + mlen, CRYPTO_ABYTES, fx);
  if (fx->what != 0) skinny_unfix(&fx->f);
  lwc_wipe_bytes(ctx, sizeof c_);
  return LWC_OK;
}

static int romulus_n_whole_decrypt(uint8_t *msg, const uint8_t *ct, size_t ctlen,
                                   const uint8_t *ad, size_t adlen, const uint8_t *nonce,
                                   const uint8_t *key) {
  _Alignas(4) lwc_aead_small_ctx c_; /* lwc_wipe_bytes's word path */
  lwc_aead_ctx *ctx = (lwc_aead_ctx *)(void *)&c_;
  romulus_fx fx[1];
  size_t mlen;
  int r;
  if (ctlen < CRYPTO_ABYTES) return LWC_ERR_ARG;
  mlen = ctlen - CRYPTO_ABYTES;
  romulus_n_init(ctx, key, nonce, NULL);
  fx->what = 0;
  romulus_n_absorb_ad_fx(ctx, ad, adlen, fx);
  romulus_n_decrypt_update_fx(ctx, msg, ct, mlen, fx);
  r = romulus_n_decrypt_verify_fx(ctx, ct + mlen, CRYPTO_ABYTES, fx);
  if (fx->what != 0) skinny_unfix(&fx->f);
  lwc_wipe_bytes(ctx, sizeof c_);
  if (r != LWC_OK && mlen > 0) lwc_wipe_bytes(msg, mlen);
  return r;
}
#define LWC_AEAD_WHOLE_ENCRYPT romulus_n_whole_encrypt
#define LWC_AEAD_WHOLE_DECRYPT romulus_n_whole_decrypt
#endif

#include "core/aead_api.h"

#endif
