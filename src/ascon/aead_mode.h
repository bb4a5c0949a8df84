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
 * with the incremental API (see include/lwc.h) through core/aead_api.h.
 * Over the masked backend (backend_masked.h) the key's steps -- the
 * context, init and the tag -- are masked_mode.h's; the rest is shared.
 */
#ifndef ASCON_AEAD_MODE_H
#define ASCON_AEAD_MODE_H

#include "ascon/sponge.h"
#include "core/sponge.h"
#include "lwc.h"

#ifdef ASCON_MASKED /* the key in shares: its own context, init and tag */
#include "ascon/masked_mode.h"
#else
/* IV || K || N fills the 40-byte state: 8 IV bytes, 4 for Ascon-80pq */
#define ASCON_IV_BYTES (40 - CRYPTO_KEYBYTES - CRYPTO_NPUBBYTES)

typedef struct {
  perm_state_t s;
  uint8_t key[CRYPTO_KEYBYTES];
  uint8_t pos;     /* bytes of the current rate block already used */
  uint8_t phase;   /* LWC_PHASE_* (core/sponge.h); NONE after final or wipe */
  uint8_t have_ad; /* any associated data absorbed */
} ascon_aead_state;

static int ascon_aead_init(lwc_aead_ctx *ctx, const uint8_t *key,
                           const uint8_t *nonce, const uint8_t *mask_key) {
  static const uint8_t iv[ASCON_IV_BYTES] = ASCON_IV;
  ascon_aead_state *st = (ascon_aead_state *)ctx;
  unsigned i;
  if (mask_key != NULL && !ASCON_NONCE_MASKING) return LWC_ERR_ARG;
  perm_zero(&st->s);
  perm_add(&st->s, iv, 0, ASCON_IV_BYTES);
  perm_add(&st->s, key, ASCON_IV_BYTES, CRYPTO_KEYBYTES);
  perm_add(&st->s, nonce, 40 - CRYPTO_NPUBBYTES, CRYPTO_NPUBBYTES);
  /* nonce masking (SP 800-232): the state receives N xor K2 */
  if (mask_key != NULL)
    perm_add(&st->s, mask_key, 40 - CRYPTO_NPUBBYTES, CRYPTO_NPUBBYTES);
  for (i = 0; i < CRYPTO_KEYBYTES; i++) st->key[i] = key[i];
  perm_permute(&st->s, ASCON_PA);
  perm_add(&st->s, key, 40 - CRYPTO_KEYBYTES, CRYPTO_KEYBYTES);
  st->pos = 0;
  st->have_ad = 0;
  st->phase = LWC_PHASE_AD;
  return LWC_OK;
}

/* Pad the last block, finalize, write the first taglen bytes of the tag,
 * wipe the state and key. */
static void ascon_aead_tag(ascon_aead_state *st, uint8_t *tag,
                           unsigned taglen) {
  ascon_add_byte(&st->s, ASCON_PAD_BYTE, st->pos);
  perm_add(&st->s, st->key, ASCON_RATE, CRYPTO_KEYBYTES);
  perm_permute(&st->s, ASCON_PA);
  perm_add(&st->s, st->key + CRYPTO_KEYBYTES - 16, 24, 16);
  perm_extract(&st->s, tag, 24, taglen);
  lwc_wipe_bytes(st, sizeof *st);
}
#endif

/* The associated data's bytes; the first makes the AD non-empty. */
LWC_PART void ascon_aead_ad(ascon_aead_state *st, const uint8_t *ad, size_t len) {
  if (len == 0) return;
  st->have_ad = 1;
  ascon_stream(&st->s, &st->pos, NULL, ad, len, ASCON_OP_ABSORB);
}

/* Close the associated data (padded, p^b, when there was any) and flip
 * the domain bit. */
LWC_PART void ascon_aead_close_ad(ascon_aead_state *st) {
  if (st->have_ad) {
    ascon_add_byte(&st->s, ASCON_PAD_BYTE, st->pos);
    perm_permute(&st->s, ASCON_PB);
  }
  ascon_add_byte(&st->s, ASCON_DSEP_BYTE, 39);
  st->pos = 0;
}

static int ascon_aead_taglen_ok(size_t taglen) {
  return taglen >= ASCON_MIN_TAGBYTES && taglen <= CRYPTO_ABYTES;
}

#define LWC_AEAD_FN(name) ascon_aead_##name
#define LWC_AEAD_STATE ascon_aead_state
#define LWC_AEAD_AD(st, ad, len) ascon_aead_ad(st, ad, len)
#define LWC_AEAD_CLOSE_AD(st) ascon_aead_close_ad(st)
#define LWC_AEAD_CRYPT(st, out, in, len, dec) \
  ascon_stream(&(st)->s, &(st)->pos, out, in, len, (dec) ? ASCON_OP_DEC : ASCON_OP_ENC)
#define LWC_AEAD_TAG_OK(taglen) ascon_aead_taglen_ok(taglen)
#define LWC_AEAD_TAG(st, out, taglen) ascon_aead_tag(st, out, (unsigned)(taglen))
#include "core/aead_tail.h"

/* A backend may do whole messages itself (ASCON_WHOLE_ENCRYPT/DECRYPT with
 * the descriptor's encrypt/decrypt signatures: assembly with the state in
 * registers throughout); the descriptor offers them, the one-shot calls
 * use them, and the incremental calls stay the C ones. */
#ifdef ASCON_WHOLE_ENCRYPT
#define LWC_AEAD_WHOLE_ENCRYPT ASCON_WHOLE_ENCRYPT
#define LWC_AEAD_WHOLE_DECRYPT ASCON_WHOLE_DECRYPT
#endif

/* The SUPERCOP / NIST LWC functions and the lwc_aead descriptor */
#define LWC_AEAD_MIN_TAGBYTES ASCON_MIN_TAGBYTES
#define LWC_AEAD_NONCE_MASKING ASCON_NONCE_MASKING
#include "core/aead_api.h"

#endif
