/*
 * ISAP-A-128a (ISAP v2.0, NIST LWC final round), written once over the
 * Ascon permutation of src/ascon: any Ascon backend that keeps the state
 * as five lanes (perm_state_t, perm_zero, ascon_lane_get/set/xor,
 * perm_permute(s, n) = the last n rounds of p^12) serves unchanged.  An
 * implementation folder compiles it with its scheme parameters and backend:
 *
 *   #include "api.h"                  (ASCON_LITTLE_ENDIAN 0: ISAP reads
 *   #include "ascon/backend_bi32.h"    the lanes big-endian, like Ascon v1.2)
 *   #include "ascon/isap_mode.h"
 *
 * ISAP-A-128a: k = 128, rate r_H = 64 bits (lane x0), r_B = 1 bit,
 * s_H = 12, s_B = 1, s_E = 6, s_K = 12 rounds; IV = f || 128 || 64 || 1 ||
 * 12 || 1 || 6 || 12 with f = 1 (MAC), 2 (MAC key), 3 (encryption key).
 *
 *   IsapRk(K, f, Y, z)  S = K || IV_f || 0; p^12; every bit of Y but the
 *                       last (most significant bit of each byte first)
 *                       into the top bit of x0, then p^1; the last bit,
 *                       then p^12; the first z bytes of S
 *   IsapEnc             S = IsapRk(K, 3, N, 24) || N; per 8-byte block:
 *                       p^6, C = M ^ x0
 *   IsapMac             S = N || IV_1 || 0; p^12; AD and then C absorbed
 *                       in 8-byte blocks, each padded with 10*, p^12 after
 *                       each block, the last bit of S flipped between
 *                       them; S[0..16) = IsapRk(K, 2, S[0..16), 16); p^12;
 *                       the tag is S[0..16)
 *
 * The context: the MAC state (40 bytes), the encryption state (40), the
 * key (16, for the MAC key at the end), the position in the open block
 * (AD, then message) and the phase: 98 bytes of lwc_aead_ctx's 104, so the
 * associated data and the message may be split anywhere.  IsapEnc's
 * re-keying costs 151 rounds and an empty message skips it, so it runs at
 * the first message byte; until then the encryption state's lanes x3, x4
 * hold the nonce, where IsapEnc puts it anyway.
 */
#ifndef ISAP_AEAD_MODE_H
#define ISAP_AEAD_MODE_H

#include "ascon/word.h"
#include "lwc.h"

#if ASCON_LITTLE_ENDIAN
#error "ISAP reads the lanes big-endian: ASCON_LITTLE_ENDIAN must be 0"
#endif
_Static_assert(CRYPTO_KEYBYTES == 16 && CRYPTO_NPUBBYTES == 16 && CRYPTO_ABYTES == 16,
               "ISAP-A-128a: 128-bit key, nonce and tag");

#define ISAP_RATE 8u
#define ISAP_SH 12u
#define ISAP_SB 1u
#define ISAP_SE 6u
#define ISAP_SK 12u
/* IV_f as lane x2 (big-endian bytes f, 128, 64, 1, 12, 1, 6, 12) */
#define ISAP_IV(f) ((uint64_t)(f) << 56 | 0x008040010c01060cull)

enum {
  ISAP_PHASE_NONE, /* after final or wipe: nothing allowed */
  ISAP_PHASE_AD,
  ISAP_PHASE_ENC_OPEN, /* encryption chosen, no message byte yet */
  ISAP_PHASE_DEC_OPEN,
  ISAP_PHASE_ENC_RUN, /* the encryption state keyed, message bytes given */
  ISAP_PHASE_DEC_RUN
};

typedef struct {
  perm_state_t mac;
  perm_state_t enc; /* before the first message byte: the nonce in x3, x4 */
  uint8_t key[CRYPTO_KEYBYTES];
  uint8_t pos;   /* bytes of the open block: AD, then message */
  uint8_t phase; /* ISAP_PHASE_* */
} isap_aead_state;

/* IsapRk: S = K || IV_f || 0, p^12, the 128 bits of y one at a time
 * (p^1 between them, p^12 after the last); the caller reads S. */
static void isap_rekey(perm_state_t *s, const uint8_t *key, unsigned f, const uint8_t *y) {
  unsigned i;
  perm_zero(s);
  ascon_lane_set(s, 0, ascon_load8(key));
  ascon_lane_set(s, 1, ascon_load8(key + 8));
  ascon_lane_set(s, 2, ISAP_IV(f));
  perm_permute(s, ISAP_SK);
  for (i = 0; i < 128; i++) {
    ascon_lane_xor(s, 0, (uint64_t)((y[i / 8] >> (7 - i % 8)) & 1u) << 63);
    perm_permute(s, i < 127 ? ISAP_SB : ISAP_SK);
  }
}

/* Close the open MAC block: the padding bit at byte `pos`, p^12.  Inlining
 * is the compiler's choice whatever the backend's policy: forced, it copies a
 * p^12 call into every caller. */
static inline void isap_mac_pad(isap_aead_state *st, unsigned pos) {
  ascon_lane_xor(&st->mac, 0, (uint64_t)ASCON_PAD_BYTE << ASCON_SHIFT(pos));
  perm_permute(&st->mac, ISAP_SH);
}

/* The MAC's position after p bytes of its open block: p^12 once it is full. */
LWC_PART unsigned isap_mac_next(isap_aead_state *st, unsigned p) {
  if (p != ISAP_RATE) return p;
  perm_permute(&st->mac, ISAP_SH);
  return 0;
}

static int isap_aead_init(lwc_aead_ctx *ctx, const uint8_t *key, const uint8_t *nonce,
                          const uint8_t *mask_key) {
  isap_aead_state *st = (isap_aead_state *)(void *)ctx;
  unsigned i;
  if (mask_key != NULL) return LWC_ERR_ARG; /* no nonce masking */
  perm_zero(&st->mac);
  ascon_lane_set(&st->mac, 0, ascon_load8(nonce));
  ascon_lane_set(&st->mac, 1, ascon_load8(nonce + 8));
  ascon_lane_set(&st->mac, 2, ISAP_IV(1));
  perm_permute(&st->mac, ISAP_SH);
  perm_zero(&st->enc);
  ascon_lane_set(&st->enc, 3, ascon_load8(nonce));
  ascon_lane_set(&st->enc, 4, ascon_load8(nonce + 8));
  for (i = 0; i < 16; i++) st->key[i] = key[i];
  st->pos = 0;
  st->phase = ISAP_PHASE_AD;
  return LWC_OK;
}

static int isap_aead_absorb_ad(lwc_aead_ctx *ctx, const uint8_t *ad, size_t len) {
  isap_aead_state *st = (isap_aead_state *)(void *)ctx;
  unsigned p;
  if (st->phase != ISAP_PHASE_AD) return LWC_ERR_ARG;
  p = st->pos;
  while (len > 0) {
    unsigned n = ISAP_RATE - p;
    if (n > len) n = (unsigned)len;
    if (n == ISAP_RATE)
      ascon_lane_xor(&st->mac, 0, ascon_load8(ad));
    else
      ascon_lane_xor(&st->mac, 0, ascon_load(ad, p, n));
    ad += n;
    len -= n;
    p = isap_mac_next(st, p + n);
  }
  st->pos = (uint8_t)p;
  return LWC_OK;
}

/* Enter the message phase of direction `open` (ISAP_PHASE_ENC_OPEN or
 * ISAP_PHASE_DEC_OPEN): the AD closed, the domain bit flipped. */
static int isap_aead_begin_msg(isap_aead_state *st, uint8_t open) {
  if (st->phase == ISAP_PHASE_AD) {
    isap_mac_pad(st, st->pos);
    ascon_lane_xor(&st->mac, 4, 1);
    st->pos = 0;
    st->phase = open;
  }
  if (st->phase != open && st->phase != open + 2) return LWC_ERR_ARG;
  return LWC_OK;
}

/* IsapEnc's state: IsapRk(K, 3, N) with N (read back from x3, x4). */
static void isap_enc_key(isap_aead_state *st) {
  uint8_t n[CRYPTO_NPUBBYTES];
  uint64_t n0 = ascon_lane_get(&st->enc, 3), n1 = ascon_lane_get(&st->enc, 4);
  ascon_store8(n, n0);
  ascon_store8(n + 8, n1);
  isap_rekey(&st->enc, st->key, 3, n);
  ascon_lane_set(&st->enc, 3, n0);
  ascon_lane_set(&st->enc, 4, n1);
  lwc_wipe_bytes(n, sizeof n);
}

/* Message bytes from position st->pos of the open block on: p^6 of the
 * encryption state at each block's first byte, out = in ^ x0, the
 * ciphertext into the MAC, p^12 of the MAC after each full block. */
static void isap_crypt(isap_aead_state *st, uint8_t *out, const uint8_t *in, size_t len,
                       int dec) {
  unsigned p = st->pos;
  while (len > 0) {
    unsigned n = ISAP_RATE - p;
    uint64_t x, y;
    if (n > len) n = (unsigned)len;
    if (p == 0) perm_permute(&st->enc, ISAP_SE);
    if (n == ISAP_RATE) {
      x = ascon_load8(in);
      y = x ^ ascon_lane_get(&st->enc, 0);
      ascon_store8(out, y);
    } else {
      x = ascon_load(in, p, n);
      y = x ^ (ascon_lane_get(&st->enc, 0) & ascon_byte_mask(p, n));
      ascon_store(out, y, p, n);
    }
    ascon_lane_xor(&st->mac, 0, dec ? x : y);
    in += n;
    out += n;
    len -= n;
    p = isap_mac_next(st, p + n);
  }
  st->pos = (uint8_t)p;
}

static int isap_update(isap_aead_state *st, uint8_t *out, const uint8_t *in, size_t len,
                       uint8_t open) {
  if (isap_aead_begin_msg(st, open) != LWC_OK) return LWC_ERR_ARG;
  if (len == 0) return LWC_OK;
  if (st->phase == open) {
    isap_enc_key(st);
    st->phase = (uint8_t)(open + 2);
  }
  isap_crypt(st, out, in, len, open == ISAP_PHASE_DEC_OPEN);
  return LWC_OK;
}

static int isap_aead_encrypt_update(lwc_aead_ctx *ctx, uint8_t *out, const uint8_t *in,
                                    size_t len) {
  return isap_update((isap_aead_state *)(void *)ctx, out, in, len, ISAP_PHASE_ENC_OPEN);
}

static int isap_aead_decrypt_update(lwc_aead_ctx *ctx, uint8_t *out, const uint8_t *in,
                                    size_t len) {
  return isap_update((isap_aead_state *)(void *)ctx, out, in, len, ISAP_PHASE_DEC_OPEN);
}

/* The message's padded last block (a whole block of padding after an
 * empty message or a multiple of 8 bytes); then the MAC key from S[0..16),
 * p^12, the tag; wipe the context. */
static void isap_aead_tag(isap_aead_state *st, uint8_t *tag) {
  perm_state_t k;
  uint8_t y[16];
  isap_mac_pad(st, st->pos);
  ascon_store8(y, ascon_lane_get(&st->mac, 0));
  ascon_store8(y + 8, ascon_lane_get(&st->mac, 1));
  isap_rekey(&k, st->key, 2, y);
  ascon_lane_set(&st->mac, 0, ascon_lane_get(&k, 0));
  ascon_lane_set(&st->mac, 1, ascon_lane_get(&k, 1));
  perm_permute(&st->mac, ISAP_SH);
  ascon_store8(tag, ascon_lane_get(&st->mac, 0));
  ascon_store8(tag + 8, ascon_lane_get(&st->mac, 1));
  lwc_wipe_bytes(&k, sizeof k);
  lwc_wipe_bytes(y, sizeof y);
  lwc_wipe_bytes(st, sizeof *st);
}

#define LWC_AEAD_FN(name) isap_aead_##name
#define LWC_AEAD_STATE isap_aead_state
#define LWC_AEAD_OWN_AD
#define LWC_AEAD_OWN_BEGIN_MSG
#define LWC_AEAD_OWN_UPDATE
#define LWC_AEAD_PHASE_ENC ISAP_PHASE_ENC_OPEN
#define LWC_AEAD_PHASE_DEC ISAP_PHASE_DEC_OPEN
#include "core/aead_tail.h"
#include "core/aead_api.h"

#endif
