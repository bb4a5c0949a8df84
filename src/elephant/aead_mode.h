/*
 * Elephant v2 (NIST LWC final round), written once over the backend's
 * narrow interface (perm_state_t, perm_zero/add/extract/permute);
 * Dumbo is the instance over Spongent-pi[160]: n = 20-byte blocks, 16-byte
 * key, 12-byte nonce, 8-byte tag.  An implementation folder compiles it:
 *
 *   #include "api.h"
 *   #include "elephant/backend_opt32.h"
 *   #include "elephant/aead_mode.h"
 *
 * With P the permutation, L = P(K || 0^32) the expanded key and the masks
 * mask_j = phi^j(L), phi the LFSR
 *   phi(x0 .. x19) = (x1 .. x19, (x0 <<< 3) ^ (x3 << 7) ^ (x13 >> 7)),
 * and F(X, m) = P(X ^ m) ^ m:
 *   message  C_j = M_j ^ F(N || 0^64, mask_j ^ mask_{j+1})   (j = 0, 1, ..)
 *   AD       A_0 A_1 .. = N || AD || 0x01 || 0*  (20-byte blocks; the
 *            0x01 block is whole when N || AD fills whole blocks)
 *   C        C_0 C_1 .. = C || 0x01 || 0*  (likewise, at least one block)
 *   T        = A_0 ^ sum_{j>=1} F(A_j, mask_j) ^ sum_j F(C_j, mask_j ^ mask_{j+2})
 *   tag      = the first 8 bytes of F(T, L)
 * The final F needs all 20 bytes of the sum T, so the context keeps them.
 *
 * The sum is order-free, so the associated data is absorbed first (masks
 * from mask_1 up), then the message (masks from mask_0 = L again).  The
 * context holds L, the mask of the open block (the next ones are stepped
 * ahead on the fly), the sum, one 20-byte block, the nonce, the open
 * block's length and the phase: 94 bytes.  In the message phase the block
 * holds the keystream of the open block, each byte overwritten by the
 * ciphertext byte it produced: when the block is full it is exactly the
 * ciphertext block the tag needs, and after the last byte the padding.
 */
#ifndef ELEPHANT_AEAD_MODE_H
#define ELEPHANT_AEAD_MODE_H

#include "elephant/common.h"
#include "lwc.h"

#define ELEPHANT_BLOCK 20u

_Static_assert(CRYPTO_KEYBYTES < ELEPHANT_BLOCK && CRYPTO_NPUBBYTES < ELEPHANT_BLOCK,
               "key and nonce fit one block");
_Static_assert(CRYPTO_ABYTES <= ELEPHANT_BLOCK, "the tag is read from one block");

enum {
  ELEPHANT_PHASE_NONE, /* after final or wipe: nothing allowed */
  ELEPHANT_PHASE_AD0,  /* first AD block (N || AD..): goes to T as it is */
  ELEPHANT_PHASE_AD,   /* AD block j >= 1, mask_j */
  ELEPHANT_PHASE_ENC,
  ELEPHANT_PHASE_DEC
};

typedef struct {
  uint8_t L[ELEPHANT_BLOCK];    /* expanded key */
  uint8_t mask[ELEPHANT_BLOCK]; /* mask of the open block */
  uint8_t sum[ELEPHANT_BLOCK];  /* T so far */
  uint8_t buf[ELEPHANT_BLOCK];  /* the open block (see above) */
  uint8_t nonce[CRYPTO_NPUBBYTES];
  uint8_t pos;   /* bytes of the open block */
  uint8_t phase; /* ELEPHANT_PHASE_* */
} elephant_aead_state;

/* x = P(x) on 20 bytes. */
LWC_INLINE void elephant_perm(uint8_t *x) {
  perm_state_t s;
  perm_zero(&s);
  perm_add(&s, x, 0, ELEPHANT_BLOCK);
  perm_permute(&s, SPONGENT_MAX_ROUNDS);
  perm_extract(&s, x, 0, ELEPHANT_BLOCK);
  lwc_wipe_bytes(&s, sizeof s);
}

/* out = phi(in) (out may be in). */
LWC_INLINE void elephant_phi(uint8_t *out, const uint8_t *in) {
  uint8_t prev = (uint8_t)(((in[0] << 3) | (in[0] >> 5)) ^ (in[3] << 7) ^ (in[13] >> 7));
  unsigned i = ELEPHANT_BLOCK;
  /* out[i] = in[i + 1], last byte first, each byte carried in a variable
   * (a plain copy loop would become a call to memmove, outside the
   * freestanding code) */
  while (i-- > 0) {
    uint8_t t = in[i];
    out[i] = prev;
    prev = t;
  }
}

/* sum ^= F(x, m) = P(x ^ m) ^ m; x is overwritten. */
LWC_INLINE void elephant_absorb(uint8_t *sum, uint8_t *x, const uint8_t *m) {
  unsigned i;
  for (i = 0; i < ELEPHANT_BLOCK; i++) x[i] ^= m[i];
  elephant_perm(x);
  for (i = 0; i < ELEPHANT_BLOCK; i++) sum[i] ^= x[i] ^ m[i];
}

/* Close the open AD block (padding: 0x01 then zeros), enter the message
 * phase with mask_0 = L. */
LWC_INLINE void elephant_end_ad(elephant_aead_state *st) {
  unsigned i, p = st->pos;
  st->buf[p] = 0x01;
  for (i = p + 1; i < ELEPHANT_BLOCK; i++) st->buf[i] = 0;
  if (st->phase == ELEPHANT_PHASE_AD0) {
    for (i = 0; i < ELEPHANT_BLOCK; i++) st->sum[i] ^= st->buf[i];
  } else {
    elephant_absorb(st->sum, st->buf, st->mask);
  }
  for (i = 0; i < ELEPHANT_BLOCK; i++) st->mask[i] = st->L[i];
  st->pos = 0;
}

/* sum ^= F(buf, mask_j ^ mask_{j+2}): the ciphertext block in buf (padded
 * by the caller when it is the last one). */
LWC_INLINE void elephant_absorb_c(elephant_aead_state *st) {
  uint8_t m[ELEPHANT_BLOCK];
  unsigned i;
  elephant_phi(m, st->mask);
  elephant_phi(m, m);
  for (i = 0; i < ELEPHANT_BLOCK; i++) m[i] ^= st->mask[i];
  elephant_absorb(st->sum, st->buf, m);
}

static int elephant_aead_init(lwc_aead_ctx *ctx, const uint8_t *key,
                              const uint8_t *nonce, const uint8_t *mask_key) {
  elephant_aead_state *st = (elephant_aead_state *)(void *)ctx;
  unsigned i;
  if (mask_key != NULL) return LWC_ERR_ARG; /* no nonce masking */
  for (i = 0; i < ELEPHANT_BLOCK; i++) {
    st->L[i] = i < CRYPTO_KEYBYTES ? key[i] : 0;
    st->sum[i] = 0;
  }
  elephant_perm(st->L);
  elephant_phi(st->mask, st->L); /* mask_1: the first masked AD block */
  for (i = 0; i < CRYPTO_NPUBBYTES; i++) st->nonce[i] = st->buf[i] = nonce[i];
  st->pos = CRYPTO_NPUBBYTES;
  st->phase = ELEPHANT_PHASE_AD0;
  return LWC_OK;
}

static int elephant_aead_absorb_ad(lwc_aead_ctx *ctx, const uint8_t *ad, size_t len) {
  elephant_aead_state *st = (elephant_aead_state *)(void *)ctx;
  if (st->phase != ELEPHANT_PHASE_AD0 && st->phase != ELEPHANT_PHASE_AD) return LWC_ERR_ARG;
  while (len > 0) {
    unsigned n = ELEPHANT_BLOCK - st->pos, i;
    if (n > len) n = (unsigned)len;
    for (i = 0; i < n; i++) st->buf[st->pos + i] = ad[i];
    st->pos = (uint8_t)(st->pos + n);
    ad += n;
    len -= n;
    if (st->pos == ELEPHANT_BLOCK) { /* a whole block, not the last one */
      if (st->phase == ELEPHANT_PHASE_AD0) {
        for (i = 0; i < ELEPHANT_BLOCK; i++) st->sum[i] ^= st->buf[i];
        st->phase = ELEPHANT_PHASE_AD;
      } else {
        elephant_absorb(st->sum, st->buf, st->mask);
        elephant_phi(st->mask, st->mask);
      }
      st->pos = 0;
    }
  }
  return LWC_OK;
}

/* out = in ^ keystream; the ciphertext (in when dec, out when enc) replaces
 * the keystream in buf. */
static void elephant_stream(elephant_aead_state *st, uint8_t *out, const uint8_t *in,
                            size_t len, int dec) {
  while (len > 0) {
    unsigned p = st->pos, n, i;
    if (p == 0) { /* the keystream of block j: F(N || 0, mask_j ^ mask_{j+1}) */
      uint8_t m[ELEPHANT_BLOCK];
      elephant_phi(m, st->mask);
      for (i = 0; i < ELEPHANT_BLOCK; i++) {
        m[i] ^= st->mask[i];
        st->buf[i] = (uint8_t)((i < CRYPTO_NPUBBYTES ? st->nonce[i] : 0) ^ m[i]);
      }
      elephant_perm(st->buf);
      for (i = 0; i < ELEPHANT_BLOCK; i++) st->buf[i] ^= m[i];
    }
    n = ELEPHANT_BLOCK - p;
    if (n > len) n = (unsigned)len;
    for (i = 0; i < n; i++) {
      uint8_t x = in[i]; /* read before out[i] is written (in place) */
      uint8_t y = (uint8_t)(x ^ st->buf[p + i]);
      out[i] = y;
      st->buf[p + i] = dec ? x : y;
    }
    st->pos = (uint8_t)(p + n);
    in += n;
    out += n;
    len -= n;
    if (st->pos == ELEPHANT_BLOCK) { /* a whole ciphertext block */
      elephant_absorb_c(st);
      elephant_phi(st->mask, st->mask);
      st->pos = 0;
    }
  }
}

/* The last (padded) ciphertext block, F(T, L), the tag; wipe the context. */
static void elephant_aead_tag(elephant_aead_state *st, uint8_t *tag) {
  unsigned i, p = st->pos;
  st->buf[p] = 0x01;
  for (i = p + 1; i < ELEPHANT_BLOCK; i++) st->buf[i] = 0;
  elephant_absorb_c(st);
  for (i = 0; i < ELEPHANT_BLOCK; i++) st->sum[i] ^= st->L[i];
  elephant_perm(st->sum);
  for (i = 0; i < CRYPTO_ABYTES; i++) tag[i] = (uint8_t)(st->sum[i] ^ st->L[i]);
  lwc_wipe_bytes(st, sizeof *st);
}

#define LWC_AEAD_FN(name) elephant_aead_##name
#define LWC_AEAD_STATE elephant_aead_state
#define LWC_AEAD_OWN_AD
#define LWC_AEAD_IN_AD(st) ((st)->phase == ELEPHANT_PHASE_AD0 || (st)->phase == ELEPHANT_PHASE_AD)
#define LWC_AEAD_CLOSE_AD(st) elephant_end_ad(st)
#define LWC_AEAD_CRYPT(st, out, in, len, dec) elephant_stream(st, out, in, len, dec)
#define LWC_AEAD_PHASE_ENC ELEPHANT_PHASE_ENC
#define LWC_AEAD_PHASE_DEC ELEPHANT_PHASE_DEC
#include "core/aead_tail.h"
#include "core/aead_api.h"

#endif
