/*
 * Generic Ascon AEAD (Ascon-128, -128a, -80pq of v1.2 and Ascon-AEAD128 of
 * SP 800-232), written once against the narrow interface of duplex.h.
 * An implementation directory compiles it with its scheme parameters
 * (scheme.h via api.h) and its backend:
 *
 *   #include "api.h"
 *   #include "ascon/backend_opt64.h"
 *   #include "ascon/aead_mode.h"
 *
 * In bytes of the 40-byte state, every variant is the same:
 *   init      S = IV || K || N;  S = p^a(S);  S[40-k..40) ^= K
 *   AD        (only if any) rate blocks with 10* padding, p^b after each;
 *             then the domain-separation bit, the last bit of S
 *   message   rate blocks, 10* padding on the last, p^b between blocks
 *   final     S[r..r+k) ^= K;  S = p^a(S);  T = S[24..40) ^ K[k-16..k)
 * It exports the SUPERCOP/NIST LWC functions and an lwc_aead descriptor
 * with the incremental API (see include/lwc.h).
 */
#ifndef ASCON_AEAD_MODE_H
#define ASCON_AEAD_MODE_H

#include "ascon/sponge.h"
#include "lwc.h"

/* IV || K || N fills the 40-byte state: 8 IV bytes, 4 for Ascon-80pq */
#define ASCON_IV_BYTES (40 - CRYPTO_KEYBYTES - CRYPTO_NPUBBYTES)

enum { ASCON_PHASE_NONE, ASCON_PHASE_AD, ASCON_PHASE_ENC, ASCON_PHASE_DEC };

typedef struct {
  ascon_state_t s;
  uint8_t key[CRYPTO_KEYBYTES];
  uint8_t pos;     /* bytes of the current rate block already used */
  uint8_t phase;   /* ASCON_PHASE_*; NONE after final or wipe */
  uint8_t have_ad; /* any associated data absorbed */
} ascon_aead_state;

_Static_assert(sizeof(ascon_aead_state) <= sizeof(lwc_aead_ctx),
               "lwc_aead_ctx too small");

static int ascon_aead_init(lwc_aead_ctx *ctx, const uint8_t *key,
                           const uint8_t *nonce, const uint8_t *mask_key) {
  static const uint8_t iv[ASCON_IV_BYTES] = ASCON_IV;
  ascon_aead_state *st = (ascon_aead_state *)ctx;
  unsigned i;
  if (mask_key != NULL && !ASCON_NONCE_MASKING) return LWC_ERR_ARG;
  ascon_zero(&st->s);
  ascon_add(&st->s, iv, 0, ASCON_IV_BYTES);
  ascon_add(&st->s, key, ASCON_IV_BYTES, CRYPTO_KEYBYTES);
  ascon_add(&st->s, nonce, 40 - CRYPTO_NPUBBYTES, CRYPTO_NPUBBYTES);
  /* nonce masking (SP 800-232): the state receives N xor K2 */
  if (mask_key != NULL)
    ascon_add(&st->s, mask_key, 40 - CRYPTO_NPUBBYTES, CRYPTO_NPUBBYTES);
  for (i = 0; i < CRYPTO_KEYBYTES; i++) st->key[i] = key[i];
  ascon_permute(&st->s, ASCON_PA);
  ascon_add(&st->s, key, 40 - CRYPTO_KEYBYTES, CRYPTO_KEYBYTES);
  st->pos = 0;
  st->have_ad = 0;
  st->phase = ASCON_PHASE_AD;
  return LWC_OK;
}

static int ascon_aead_absorb_ad(lwc_aead_ctx *ctx, const uint8_t *ad,
                                size_t len) {
  ascon_aead_state *st = (ascon_aead_state *)ctx;
  if (st->phase != ASCON_PHASE_AD) return LWC_ERR_ARG;
  if (len == 0) return LWC_OK;
  st->have_ad = 1;
  ascon_stream(&st->s, &st->pos, NULL, ad, len, ASCON_OP_ABSORB);
  return LWC_OK;
}

/* Close the associated data and enter the message phase `phase`; fails if
 * the message phase already started in the other direction. */
static int ascon_aead_begin_msg(ascon_aead_state *st, uint8_t phase) {
  if (st->phase == phase) return LWC_OK;
  if (st->phase != ASCON_PHASE_AD) return LWC_ERR_ARG;
  if (st->have_ad) {
    ascon_add_byte(&st->s, ASCON_PAD_BYTE, st->pos);
    ascon_permute(&st->s, ASCON_PB);
  }
  ascon_add_byte(&st->s, ASCON_DSEP_BYTE, 39);
  st->pos = 0;
  st->phase = phase;
  return LWC_OK;
}

static int ascon_aead_encrypt_update(lwc_aead_ctx *ctx, uint8_t *out,
                                     const uint8_t *in, size_t len) {
  ascon_aead_state *st = (ascon_aead_state *)ctx;
  if (ascon_aead_begin_msg(st, ASCON_PHASE_ENC) != LWC_OK) return LWC_ERR_ARG;
  ascon_stream(&st->s, &st->pos, out, in, len, ASCON_OP_ENC);
  return LWC_OK;
}

static int ascon_aead_decrypt_update(lwc_aead_ctx *ctx, uint8_t *out,
                                     const uint8_t *in, size_t len) {
  ascon_aead_state *st = (ascon_aead_state *)ctx;
  if (ascon_aead_begin_msg(st, ASCON_PHASE_DEC) != LWC_OK) return LWC_ERR_ARG;
  ascon_stream(&st->s, &st->pos, out, in, len, ASCON_OP_DEC);
  return LWC_OK;
}

/* Pad the last block, finalize, write the first taglen bytes of the tag,
 * wipe the state and key. */
static void ascon_aead_tag(ascon_aead_state *st, uint8_t *tag,
                           unsigned taglen) {
  ascon_add_byte(&st->s, ASCON_PAD_BYTE, st->pos);
  ascon_add(&st->s, st->key, ASCON_RATE, CRYPTO_KEYBYTES);
  ascon_permute(&st->s, ASCON_PA);
  ascon_add(&st->s, st->key + CRYPTO_KEYBYTES - 16, 24, 16);
  ascon_extract(&st->s, tag, 24, taglen);
  ascon_wipe_bytes(st, sizeof *st);
}

static int ascon_aead_taglen_ok(size_t taglen) {
  return taglen >= ASCON_MIN_TAGBYTES && taglen <= CRYPTO_ABYTES;
}

static int ascon_aead_encrypt_final(lwc_aead_ctx *ctx, uint8_t *tag,
                                    size_t taglen) {
  ascon_aead_state *st = (ascon_aead_state *)ctx;
  if (!ascon_aead_taglen_ok(taglen)) return LWC_ERR_ARG;
  if (ascon_aead_begin_msg(st, ASCON_PHASE_ENC) != LWC_OK) return LWC_ERR_ARG;
  ascon_aead_tag(st, tag, (unsigned)taglen);
  return LWC_OK;
}

static int ascon_aead_decrypt_verify(lwc_aead_ctx *ctx, const uint8_t *tag,
                                     size_t taglen) {
  ascon_aead_state *st = (ascon_aead_state *)ctx;
  uint8_t full[16];
  int r;
  if (!ascon_aead_taglen_ok(taglen)) return LWC_ERR_ARG;
  if (ascon_aead_begin_msg(st, ASCON_PHASE_DEC) != LWC_OK) return LWC_ERR_ARG;
  ascon_aead_tag(st, full, (unsigned)taglen);
  r = ascon_ct_compare(full, tag, taglen);
  ascon_wipe_bytes(full, sizeof full);
  return r == 0 ? LWC_OK : LWC_ERR_TAG;
}

/* A backend may do whole messages itself (ASCON_WHOLE_ENCRYPT/DECRYPT with
 * the descriptor's encrypt/decrypt signatures: assembly with the state in
 * registers throughout); the descriptor offers them, the one-shot calls
 * below use them, and the incremental calls stay the C ones. */
#ifdef ASCON_WHOLE_ENCRYPT
#define ASCON_AEAD_WHOLE_CALLS ASCON_WHOLE_ENCRYPT, ASCON_WHOLE_DECRYPT
#else
#define ASCON_AEAD_WHOLE_CALLS NULL, NULL
#endif

/* ---- SUPERCOP / NIST LWC API ---------------------------------------- */

int LWC_NS(crypto_aead_encrypt)(unsigned char *c, unsigned long long *clen,
                                const unsigned char *m,
                                unsigned long long mlen,
                                const unsigned char *ad,
                                unsigned long long adlen,
                                const unsigned char *nsec,
                                const unsigned char *npub,
                                const unsigned char *k) {
  (void)nsec;
#ifdef ASCON_WHOLE_ENCRYPT
  ASCON_WHOLE_ENCRYPT(c, m, (size_t)mlen, ad, (size_t)adlen, npub, k);
#else
  lwc_aead_ctx ctx;
  ascon_aead_init(&ctx, k, npub, NULL);
  ascon_aead_absorb_ad(&ctx, ad, (size_t)adlen);
  ascon_aead_encrypt_update(&ctx, c, m, (size_t)mlen);
  ascon_aead_encrypt_final(&ctx, c + mlen, CRYPTO_ABYTES);
#endif
  *clen = mlen + CRYPTO_ABYTES;
  return 0;
}

int LWC_NS(crypto_aead_decrypt)(unsigned char *m, unsigned long long *mlen,
                                unsigned char *nsec, const unsigned char *c,
                                unsigned long long clen,
                                const unsigned char *ad,
                                unsigned long long adlen,
                                const unsigned char *npub,
                                const unsigned char *k) {
  unsigned long long n;
  (void)nsec;
  *mlen = 0;
  if (clen < CRYPTO_ABYTES) return -1;
  n = clen - CRYPTO_ABYTES;
#ifdef ASCON_WHOLE_ENCRYPT
  if (ASCON_WHOLE_DECRYPT(m, c, (size_t)clen, ad, (size_t)adlen, npub, k) != LWC_OK)
    return -1; /* the plaintext is wiped */
#else
  lwc_aead_ctx ctx;
  ascon_aead_init(&ctx, k, npub, NULL);
  ascon_aead_absorb_ad(&ctx, ad, (size_t)adlen);
  ascon_aead_decrypt_update(&ctx, m, c, (size_t)n);
  if (ascon_aead_decrypt_verify(&ctx, c + n, CRYPTO_ABYTES) != LWC_OK) {
    ascon_wipe_bytes(m, (size_t)n); /* release no plaintext */
    return -1;
  }
#endif
  *mlen = n;
  return 0;
}

const lwc_aead LWC_NS(lwc_aead_desc) = {
    LWC_SCHEME_NAME,
    LWC_IMPL_NAME,
    CRYPTO_KEYBYTES,
    CRYPTO_NPUBBYTES,
    CRYPTO_ABYTES,
    ASCON_MIN_TAGBYTES,
    ASCON_NONCE_MASKING,
    ascon_aead_init,
    ascon_aead_absorb_ad,
    ascon_aead_encrypt_update,
    ascon_aead_decrypt_update,
    ascon_aead_encrypt_final,
    ascon_aead_decrypt_verify,
    ASCON_AEAD_WHOLE_CALLS,
};

#endif
