/*
 * Grain-128AEADv2 (NIST LWC final round), written once over the backend's
 * pre-output generator (common.h); an implementation folder compiles it:
 *
 *   #include "api.h"
 *   #include "grain/backend_opt32.h"
 *   #include "grain/aead_mode.h"
 *
 * After grain_setup() the next 64 outputs fill the accumulator A and the
 * 64 after them the shift register R (bit i of each is its i-th output).
 * Then every data bit d takes two outputs: the first (even) one is the
 * keystream bit of a message bit, unused for the associated data; with the
 * second (odd) one, a:  A ^= R when d = 1, then R = R >> 1 | a << 63.  The
 * data are DER(adlen) || AD || M || 1: after the message one more output is
 * skipped and A ^= R for the padding bit; the tag is A (8 bytes).
 *
 * DER(adlen) is one byte when adlen < 128, else 0x80 | k followed by the k
 * bytes of adlen, most significant first.  It comes before the associated
 * data, and its length moves every later bit, so an associated data split
 * over several calls (whose length is known only at its end) is absorbed
 * under the three hypotheses at once: DER of 1, 2 or 3 bytes (adlen below
 * 128, 256, 65536).  A is linear in the data and the generator's outputs
 * do not depend on it: the generator runs as for 3 DER bytes, each AD bit
 * d adds d R to three sums, with R the shift register 8, 16 and 24 data
 * bits after the start (the newest register and the 16 bits that left it
 * give all three).  At the end adlen picks the sum, the DER bytes are
 * added with the first registers (kept: R before any data and the first 24
 * register bits), the register is taken 0, 8 or 16 bits back, and the
 * generator is clocked back as many bits.  Hence: an associated data in
 * several calls must stay below 64 KiB in all (a call going past returns
 * LWC_ERR_ARG and changes nothing); a first call with 64 KiB or more is
 * absorbed at once with its own DER, and a later call with data is then
 * refused.  The message may be split anywhere.
 */
#ifndef GRAIN_AEAD_MODE_H
#define GRAIN_AEAD_MODE_H

#include "grain/common.h"
#include "lwc.h"

_Static_assert(CRYPTO_ABYTES == 8, "the tag is the 64-bit accumulator");

enum {
  GRAIN_PHASE_NONE,     /* after final or wipe: nothing allowed */
  GRAIN_PHASE_AD_OPEN,  /* no associated data yet */
  GRAIN_PHASE_AD_SPLIT, /* associated data under the three hypotheses */
  GRAIN_PHASE_AD_DONE,  /* DER(adlen) || AD absorbed: no more AD */
  GRAIN_PHASE_ENC,
  GRAIN_PHASE_DEC
};

#define GRAIN_SPLIT_MAX 65535u /* longest associated data over several calls */

enum { GRAIN_OP_AUTH, GRAIN_OP_ENC, GRAIN_OP_DEC };

typedef struct {
  grain_state_t s;
  uint64_t acc;    /* accumulator A */
  uint64_t sr;     /* shift register R (split AD: as for 3 DER bytes) */
  uint64_t hyp[3]; /* split AD: its sums under 1, 2, 3 DER bytes */
  uint64_t sr0;    /* split AD: R before the DER */
  uint32_t adlen;  /* split AD: bytes so far */
  uint16_t old;    /* split AD: the 16 bits that left R, newest at bit 15 */
  uint8_t a0[3];   /* split AD: the first 24 register bits */
  uint8_t phase;
} grain_aead_state;

/* Even bits of z to bits 0..15, odd bits to bits 16..31 (delta swaps). */
static inline uint32_t grain_unzip(uint32_t z) {
  uint32_t t;
  t = (z ^ (z >> 1)) & 0x22222222u, z ^= t ^ (t << 1);
  t = (z ^ (z >> 2)) & 0x0c0c0c0cu, z ^= t ^ (t << 2);
  t = (z ^ (z >> 4)) & 0x00f000f0u, z ^= t ^ (t << 4);
  t = (z ^ (z >> 8)) & 0x0000ff00u, z ^= t ^ (t << 8);
  return z;
}

/* The authenticator on n data bits d with n register bits a, bit 0 first;
 * no branch on the data. */
LWC_INLINE void grain_auth(grain_aead_state *st, uint32_t d, uint32_t a, unsigned n) {
  uint64_t acc = st->acc, sr = st->sr;
  unsigned i;
  for (i = 0; i < n; i++) {
    acc ^= sr & (0u - (uint64_t)((d >> i) & 1u));
    sr = (sr >> 1) | ((uint64_t)((a >> i) & 1u) << 63);
  }
  st->acc = acc;
  st->sr = sr;
}

#ifdef GRAIN_BACKEND_STREAM
/* A backend with its own authenticator (GRAIN_BACKEND_STREAM) takes the
 * whole string: the generator's state, A and R in this order, no output
 * when authenticating, and whether the data are the outputs. */
_Static_assert(offsetof(grain_aead_state, s) == 0 &&
                   offsetof(grain_aead_state, acc) == sizeof(grain_state_t) &&
                   offsetof(grain_aead_state, sr) == sizeof(grain_state_t) + 8,
               "the backend's stream takes the generator, then A, then R");
LWC_INLINE void grain_stream(grain_aead_state *st, uint8_t *out, const uint8_t *in,
                             size_t len, int op) {
  if (len == 0) return;
  GRAIN_BACKEND_STREAM(st, op == GRAIN_OP_AUTH ? NULL : out, in, len,
                       op == GRAIN_OP_DEC ? 0xffu : 0u);
}
#else
/* Bytes through the generator: two at a time (32 outputs), then one. */
LWC_INLINE void grain_stream(grain_aead_state *st, uint8_t *out, const uint8_t *in,
                             size_t len, int op) {
  while (len > 0) {
    unsigned nb = len >= 2 ? 2u : 1u, bits = 8 * nb;
    uint32_t u = grain_unzip(grain_preoutput(&st->s, 2 * bits));
    uint32_t ks = u & 0xffffu, a = u >> 16;
    uint32_t x = nb == 2 ? (uint32_t)in[0] | (uint32_t)in[1] << 8 : in[0];
    uint32_t y = x ^ ks, d = op == GRAIN_OP_DEC ? y : x;
    if (op != GRAIN_OP_AUTH) {
      out[0] = (uint8_t)y;
      if (nb == 2) out[1] = (uint8_t)(y >> 8);
      out += nb;
    }
    grain_auth(st, d, a, bits);
    in += nb;
    len -= nb;
  }
}
#endif

/* DER(adlen) || AD. */
static void grain_absorb_all_ad(grain_aead_state *st, const uint8_t *ad, size_t len) {
  uint8_t der[1 + sizeof(size_t)];
  unsigned k = 0, i;
  if (len < 128) {
    der[0] = (uint8_t)len;
    k = 1;
  } else {
    size_t t = len;
    while (t != 0) t >>= 8, k++;
    der[0] = (uint8_t)(0x80u | k);
    for (i = 0, t = len; i < k; i++, t >>= 8) der[k - i] = (uint8_t)t;
    k++;
  }
  grain_stream(st, NULL, der, k, GRAIN_OP_AUTH);
  grain_stream(st, NULL, ad, len, GRAIN_OP_AUTH);
  st->phase = GRAIN_PHASE_AD_DONE;
}

/* The split AD's start: the register bits of 3 DER bytes (24 data bits,
 * 48 outputs) are generated and kept; R and old move 24 bits on. */
static void grain_split_start(grain_aead_state *st) {
  uint32_t a = grain_unzip(grain_preoutput(&st->s, 32)) >> 16;
  uint64_t r = st->sr;
  unsigned i;
  a |= (grain_unzip(grain_preoutput(&st->s, 16)) >> 16) << 16;
  st->sr0 = r;
  st->old = (uint16_t)(r >> 8);
  for (i = 0; i < 24; i++) r = (r >> 1) | ((uint64_t)((a >> i) & 1u) << 63);
  st->sr = r;
  st->a0[0] = (uint8_t)a, st->a0[1] = (uint8_t)(a >> 8), st->a0[2] = (uint8_t)(a >> 16);
  st->hyp[0] = st->hyp[1] = st->hyp[2] = 0;
  st->adlen = 0;
  st->phase = GRAIN_PHASE_AD_SPLIT;
}

/* Split AD bytes: each bit into the three sums. */
static void grain_split_ad(grain_aead_state *st, const uint8_t *ad, size_t len) {
  uint64_t r = st->sr, h0 = st->hyp[0], h1 = st->hyp[1], h2 = st->hyp[2];
  uint32_t old = st->old;
  size_t k;
  for (k = 0; k < len; k++) {
    uint32_t a = grain_unzip(grain_preoutput(&st->s, 16)) >> 16, x = ad[k];
    unsigned i;
    for (i = 0; i < 8; i++) {
      uint64_t m = 0u - (uint64_t)((x >> i) & 1u);
      h0 ^= m & ((r << 16) | old);
      h1 ^= m & ((r << 8) | (old >> 8));
      h2 ^= m & r;
      old = (old >> 1) | ((uint32_t)(r & 1u) << 15);
      r = (r >> 1) | ((uint64_t)((a >> i) & 1u) << 63);
    }
  }
  st->sr = r, st->hyp[0] = h0, st->hyp[1] = h1, st->hyp[2] = h2;
  st->old = (uint16_t)old;
  st->adlen += (uint32_t)len;
}

/* The split AD's end: adlen picks the hypothesis (public lengths only). */
static void grain_split_end(grain_aead_state *st) {
  uint32_t n = st->adlen, a = st->a0[0] | (uint32_t)st->a0[1] << 8 | (uint32_t)st->a0[2] << 16;
  unsigned h = n < 128 ? 1u : n < 256 ? 2u : 3u, p, i;
  uint8_t der[3];
  uint64_t r = st->sr0, acc = st->acc ^ st->hyp[h - 1];
  if (h == 1) {
    der[0] = (uint8_t)n;
  } else if (h == 2) {
    der[0] = 0x81, der[1] = (uint8_t)n;
  } else {
    der[0] = 0x82, der[1] = (uint8_t)(n >> 8), der[2] = (uint8_t)n;
  }
  for (p = 0; p < 8 * h; p++) {
    acc ^= r & (0u - (uint64_t)((der[p / 8] >> (p % 8)) & 1u));
    r = (r >> 1) | ((uint64_t)((a >> p) & 1u) << 63);
  }
  st->acc = acc;
  if (h == 1) st->sr = (st->sr << 16) | st->old;
  if (h == 2) st->sr = (st->sr << 8) | (st->old >> 8);
  for (i = 0; i < 16 * (3 - h); i++) grain_unclock(&st->s);
  st->phase = GRAIN_PHASE_AD_DONE;
}

static int grain_aead_init(lwc_aead_ctx *ctx, const uint8_t *key, const uint8_t *nonce,
                           const uint8_t *mask_key) {
  grain_aead_state *st = (grain_aead_state *)(void *)ctx;
  uint32_t lo, hi;
  if (mask_key != NULL) return LWC_ERR_ARG; /* no nonce masking */
  grain_setup(&st->s, key, nonce);
  lo = grain_preoutput(&st->s, 32);
  hi = grain_preoutput(&st->s, 32);
  st->acc = (uint64_t)hi << 32 | lo;
  lo = grain_preoutput(&st->s, 32);
  hi = grain_preoutput(&st->s, 32);
  st->sr = (uint64_t)hi << 32 | lo;
  st->phase = GRAIN_PHASE_AD_OPEN;
  return LWC_OK;
}

static int grain_aead_absorb_ad(lwc_aead_ctx *ctx, const uint8_t *ad, size_t len) {
  grain_aead_state *st = (grain_aead_state *)(void *)ctx;
  if (st->phase != GRAIN_PHASE_AD_OPEN && st->phase != GRAIN_PHASE_AD_SPLIT &&
      st->phase != GRAIN_PHASE_AD_DONE)
    return LWC_ERR_ARG;
  if (len == 0) return LWC_OK;
  if (st->phase == GRAIN_PHASE_AD_DONE) return LWC_ERR_ARG; /* after a long first call */
  if (st->phase == GRAIN_PHASE_AD_OPEN && len > GRAIN_SPLIT_MAX) {
    grain_absorb_all_ad(st, ad, len); /* its DER is known: at once */
    return LWC_OK;
  }
  if (st->phase == GRAIN_PHASE_AD_SPLIT && len > GRAIN_SPLIT_MAX - st->adlen)
    return LWC_ERR_ARG; /* past the three hypotheses */
  if (st->phase == GRAIN_PHASE_AD_OPEN) grain_split_start(st);
  grain_split_ad(st, ad, len);
  return LWC_OK;
}

/* Enter the message phase `phase` (an absent AD is DER(0)); refused once
 * the other direction started. */
static int grain_aead_begin_msg(grain_aead_state *st, uint8_t phase) {
  if (st->phase == phase) return LWC_OK;
  if (st->phase == GRAIN_PHASE_AD_OPEN) grain_absorb_all_ad(st, NULL, 0);
  if (st->phase == GRAIN_PHASE_AD_SPLIT) grain_split_end(st);
  if (st->phase != GRAIN_PHASE_AD_DONE) return LWC_ERR_ARG;
  st->phase = phase;
  return LWC_OK;
}

/* The padding bit (its keystream output skipped), the tag, wipe. */
static void grain_aead_tag(grain_aead_state *st, uint8_t *tag) {
  (void)grain_preoutput(&st->s, 1);
  st->acc ^= st->sr;
  lwc_store32le(tag, (uint32_t)st->acc);
  lwc_store32le(tag + 4, (uint32_t)(st->acc >> 32));
  lwc_wipe_bytes(st, sizeof *st);
}

#define LWC_AEAD_FN(name) grain_aead_##name
#define LWC_AEAD_STATE grain_aead_state
#define LWC_AEAD_OWN_AD
#define LWC_AEAD_OWN_BEGIN_MSG
#define LWC_AEAD_CRYPT(st, out, in, len, dec) \
  grain_stream(st, out, in, len, (dec) ? GRAIN_OP_DEC : GRAIN_OP_ENC)
#define LWC_AEAD_PHASE_ENC GRAIN_PHASE_ENC
#define LWC_AEAD_PHASE_DEC GRAIN_PHASE_DEC
#include "core/aead_tail.h"

/* The one-shot calls (the descriptor's encrypt / decrypt): the length of
 * the associated data is known, so its DER goes first directly, with no
 * hypotheses. */
static int grain_aead_whole_encrypt(uint8_t *ct, const uint8_t *msg, size_t mlen,
                                    const uint8_t *ad, size_t adlen, const uint8_t *nonce,
                                    const uint8_t *key) {
  lwc_aead_small_ctx c_;
  lwc_aead_ctx *ctx = (lwc_aead_ctx *)(void *)&c_;
  grain_aead_state *st = (grain_aead_state *)(void *)ctx;
  grain_aead_init(ctx, key, nonce, NULL);
  grain_absorb_all_ad(st, ad, adlen);
  grain_stream(st, ct, msg, mlen, GRAIN_OP_ENC);
  grain_aead_tag(st, ct + mlen);
  return LWC_OK;
}

static int grain_aead_whole_decrypt(uint8_t *msg, const uint8_t *ct, size_t ctlen,
                                    const uint8_t *ad, size_t adlen, const uint8_t *nonce,
                                    const uint8_t *key) {
  lwc_aead_small_ctx c_;
  lwc_aead_ctx *ctx = (lwc_aead_ctx *)(void *)&c_;
  grain_aead_state *st = (grain_aead_state *)(void *)ctx;
  uint8_t full[CRYPTO_ABYTES];
  size_t mlen;
  int r;
  if (ctlen < CRYPTO_ABYTES) return LWC_ERR_ARG;
  mlen = ctlen - CRYPTO_ABYTES;
  grain_aead_init(ctx, key, nonce, NULL);
  grain_absorb_all_ad(st, ad, adlen);
  grain_stream(st, msg, ct, mlen, GRAIN_OP_DEC);
  grain_aead_tag(st, full); /* in place, msg == ct: the tag at ct + mlen is intact */
  r = lwc_ct_compare(full, ct + mlen, CRYPTO_ABYTES);
  lwc_wipe_bytes(full, sizeof full);
  if (r != 0) {
    lwc_wipe_bytes(msg, mlen); /* release no plaintext */
    return LWC_ERR_TAG;
  }
  return LWC_OK;
}

#define LWC_AEAD_WHOLE_ENCRYPT grain_aead_whole_encrypt
#define LWC_AEAD_WHOLE_DECRYPT grain_aead_whole_decrypt
#include "core/aead_api.h"

#endif
