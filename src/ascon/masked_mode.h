/*
 * The key's steps of the Ascon AEAD on a masked backend (backend_masked.h),
 * where aead_mode.h's would handle the key as one value: the context, init
 * (the key as bytes, or in shares: init_shared), and the tag.  aead_mode.h
 * includes this file in their place; the associated data, the message and
 * the calls after init (core/aead_tail.h) are the unmasked mode's.
 *
 *   init   S = IV || K || N with K in ns shares (and N ^ K2, K2 in shares),
 *          every word of S refreshed, p^a on shares, S[24..40) ^= K by shares;
 *          leveled: the shares are then xored into share 0
 *   tag    (leveled: S split again with fresh masks) S[r..r+16) ^= K,
 *          p^a on shares, S[24..40) ^= K, then the tag is the xor of the
 *          shares of S[24..40): the first time the shares of a value
 *          derived from the key meet is when that value is the public tag.
 *
 * The key is kept in the context as ns shares of its two lanes (even and
 * odd words, as the state's), refreshed when loaded.  init() given the key
 * as one byte string splits it first: loading it is the one step that
 * handles it whole, so a device that must resist power analysis keeps its
 * key in shares and calls init_shared().
 */
#ifndef ASCON_MASKED_MODE_H
#define ASCON_MASKED_MODE_H

#if CRYPTO_KEYBYTES != 16 || CRYPTO_NPUBBYTES != 16
#error "the masked Ascon modes take 16-byte keys and nonces"
#endif

/* the key's two lanes in shares, as the state's: [share][lane][half] */
typedef struct { uint32_t w[ASCON_NS][2][2]; } ascon_masked_key;

typedef struct {
  perm_state_t s;
  ascon_masked_key key;
  uint8_t pos;     /* bytes of the current rate block already used */
  uint8_t phase;   /* LWC_PHASE_* (core/sponge.h); NONE after final or wipe */
  uint8_t have_ad; /* any associated data absorbed */
} ascon_aead_state;

/* A 16-byte key given as nshares shares (1: the key itself), share after
 * share, loaded share by share into ns shares (each in its rotation) and
 * refreshed: r into the shares above 0, then into share 0. */
static void ascon_masked_key_load(ascon_masked_key *k, const uint8_t *bytes, unsigned nshares) {
  uint32_t r[ASCON_NS - 1][2][2];
  unsigned l, h, j;
  for (j = 0; j < ASCON_NS; j++)
    for (l = 0; l < 2; l++) {
      uint32_t e = 0, o = 0;
      if (j < nshares) ascon_masked_split(ascon_load8(bytes + 16 * j + 8 * l), &e, &o);
      k->w[j][l][0] = lwc_rol32(e, ASCON_ROT(j));
      k->w[j][l][1] = lwc_rol32(o, ASCON_ROT(j));
    }
  ASCON_RANDOM(r, sizeof r);
  for (j = 1; j < ASCON_NS; j++)
    for (l = 0; l < 2; l++)
      for (h = 0; h < 2; h++) k->w[j][l][h] ^= ASCON_ALIGN(r[j - 1][l][h], 0, j);
  for (j = 1; j < ASCON_NS; j++)
    for (l = 0; l < 2; l++)
      for (h = 0; h < 2; h++) k->w[0][l][h] ^= r[j - 1][l][h];
}

/* Lanes `lane` and `lane` + 1 ^= the key, share by share. */
static void ascon_masked_key_add(perm_state_t *s, const ascon_masked_key *k, unsigned lane) {
  unsigned l, h, j;
  for (j = 0; j < ASCON_NS; j++)
    for (l = 0; l < 2; l++)
      for (h = 0; h < 2; h++) s->x[j][h][lane + l] ^= k->w[j][l][h];
}

static int ascon_masked_start(lwc_aead_ctx *ctx, const uint8_t *key, const uint8_t *nonce,
                              const uint8_t *mask, unsigned nshares) {
  static const uint8_t iv[8] = ASCON_IV;
  ascon_aead_state *st = (ascon_aead_state *)(void *)ctx;
  if (mask != NULL && !ASCON_NONCE_MASKING) return LWC_ERR_ARG;
  if (!ASCON_RANDOM_READY()) return LWC_ERR_RANDOM;
  perm_zero(&st->s);
  perm_add(&st->s, iv, 0, 8);
  perm_add(&st->s, nonce, 24, 16);
  ascon_masked_refresh(&st->s);
  ascon_masked_key_load(&st->key, key, nshares);
  ascon_masked_key_add(&st->s, &st->key, 1);
  if (mask != NULL) { /* nonce masking: N ^ K2, K2 in shares too */
    ascon_masked_key k2;
    ascon_masked_key_load(&k2, mask, nshares);
    ascon_masked_key_add(&st->s, &k2, 3);
    lwc_wipe_bytes(&k2, sizeof k2);
  }
  ascon_masked_permute(&st->s, ASCON_PA);
  ascon_masked_key_add(&st->s, &st->key, 3);
#ifdef ASCON_LEVELED
  { /* the data phase on share 0: the key is in the state no more */
    unsigned i, h, j;
    for (j = 1; j < ASCON_NS; j++)
      for (i = 0; i < 5; i++)
        for (h = 0; h < 2; h++) {
          st->s.x[0][h][i] ^= ASCON_ALIGN(st->s.x[j][h][i], j, 0);
          st->s.x[j][h][i] = 0;
        }
  }
#endif
  st->pos = 0;
  st->have_ad = 0;
  st->phase = LWC_PHASE_AD;
  return LWC_OK;
}

static int ascon_aead_init(lwc_aead_ctx *ctx, const uint8_t *key, const uint8_t *nonce,
                           const uint8_t *mask_key) {
  return ascon_masked_start(ctx, key, nonce, mask_key, 1);
}

static int ascon_aead_init_shared(lwc_aead_ctx *ctx, const uint8_t *key_shares,
                                  const uint8_t *nonce, const uint8_t *mask_shares) {
  return ascon_masked_start(ctx, key_shares, nonce, mask_shares, ASCON_NS);
}

/* Pad the last block, finalize on shares, write the first taglen bytes of
 * the tag, wipe the state and the key shares. */
static void ascon_aead_tag(ascon_aead_state *st, uint8_t *tag, unsigned taglen) {
  uint8_t full[16];
  unsigned l, j;
  ascon_add_byte(&st->s, ASCON_PAD_BYTE, st->pos);
#ifdef ASCON_LEVELED
  ascon_masked_refresh(&st->s); /* shares 1.. were zero: now all uniform */
#endif
  ascon_masked_key_add(&st->s, &st->key, ASCON_RATE / 8);
  ascon_masked_permute(&st->s, ASCON_PA);
  ascon_masked_key_add(&st->s, &st->key, 3);
  for (l = 0; l < 2; l++) {
    uint32_t e = st->s.x[0][0][3 + l], o = st->s.x[0][1][3 + l];
    for (j = 1; j < ASCON_NS; j++) {
      e ^= ASCON_ALIGN(st->s.x[j][0][3 + l], j, 0);
      o ^= ASCON_ALIGN(st->s.x[j][1][3 + l], j, 0);
    }
    ascon_store8(full + 8 * l, ascon_masked_join(e, o));
  }
  for (l = 0; l < taglen; l++) tag[l] = full[l];
  lwc_wipe_bytes(full, sizeof full);
  lwc_wipe_bytes(st, sizeof *st);
}

/* The descriptor's masking fields (core/aead_api.h) */
#define LWC_AEAD_SHARES ASCON_NS
#ifdef ASCON_LEVELED
#define LWC_AEAD_LEVELED 1
#else
#define LWC_AEAD_LEVELED 0
#endif

/* Whole messages in one call, with the context on this frame (its own
 * size, not lwc_aead_ctx's): the one-shot calls' path.  The calls they
 * compose are core/aead_tail.h's. */
static int ascon_aead_absorb_ad(lwc_aead_ctx *ctx, const uint8_t *ad, size_t len);
static int ascon_aead_encrypt_update(lwc_aead_ctx *ctx, uint8_t *out, const uint8_t *in,
                                     size_t len);
static int ascon_aead_decrypt_update(lwc_aead_ctx *ctx, uint8_t *out, const uint8_t *in,
                                     size_t len);
static int ascon_aead_encrypt_final(lwc_aead_ctx *ctx, uint8_t *tag, size_t taglen);
static int ascon_aead_decrypt_verify(lwc_aead_ctx *ctx, const uint8_t *tag, size_t taglen);

typedef union { ascon_aead_state st; uint64_t align; } ascon_masked_ctx;

static int ascon_masked_encrypt(uint8_t *ct, const uint8_t *msg, size_t mlen, const uint8_t *ad,
                                size_t adlen, const uint8_t *nonce, const uint8_t *key) {
  ascon_masked_ctx c;
  lwc_aead_ctx *ctx = (lwc_aead_ctx *)(void *)&c;
  int r = ascon_aead_init(ctx, key, nonce, NULL);
  if (r != LWC_OK) return r;
  ascon_aead_absorb_ad(ctx, ad, adlen);
  ascon_aead_encrypt_update(ctx, ct, msg, mlen);
  return ascon_aead_encrypt_final(ctx, ct + mlen, CRYPTO_ABYTES); /* wipes c */
}

static int ascon_masked_decrypt(uint8_t *msg, const uint8_t *ct, size_t ctlen, const uint8_t *ad,
                                size_t adlen, const uint8_t *nonce, const uint8_t *key) {
  ascon_masked_ctx c;
  lwc_aead_ctx *ctx = (lwc_aead_ctx *)(void *)&c;
  size_t mlen;
  int r;
  if (ctlen < CRYPTO_ABYTES) return LWC_ERR_ARG;
  mlen = ctlen - CRYPTO_ABYTES;
  r = ascon_aead_init(ctx, key, nonce, NULL);
  if (r != LWC_OK) return r;
  ascon_aead_absorb_ad(ctx, ad, adlen);
  ascon_aead_decrypt_update(ctx, msg, ct, mlen); /* in place: the tag stays intact */
  r = ascon_aead_decrypt_verify(ctx, ct + mlen, CRYPTO_ABYTES);
  if (r != LWC_OK && mlen > 0) lwc_wipe_bytes(msg, mlen); /* release nothing */
  return r;
}

#define ASCON_WHOLE_ENCRYPT ascon_masked_encrypt
#define ASCON_WHOLE_DECRYPT ascon_masked_decrypt

#endif
