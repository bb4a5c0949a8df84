/*
 * Xoodyak AEAD (NIST LWC final round): Cyclist in keyed mode over
 * Xoodoo[12], written once against the narrow interface of a backend.
 * An implementation folder compiles it with its scheme parameters (scheme.h
 * via api.h) and its backend:
 *
 *   #include "api.h"
 *   #include "xoodoo/backend_opt32.h"
 *   #include "xoodoo/aead_mode.h"
 *
 * As the final-round submission defines it (Cyclist(K, id = N, empty
 * counter); Absorb(A); C = Encrypt(P); T = Squeeze(16): the nonce is the
 * key's id and goes in with the key, in one block; a separate Absorb(N)
 * gives other tags than kat/xoodyak.txt), in bytes of the 48-byte state,
 * with Rkin = 44 and Rkout = 24:
 *   key, N    S = K || N || enc8(|N|) = 0x10 || 0x01 || 0..;  S[47] ^= 0x02
 *   AD        permute;  S[47] ^= 0x03 (first block only); blocks of 44
 *             bytes, each padded with 0x01 and followed by a permutation but
 *             the last (always one, empty if A is)
 *   message   S[47] ^= 0x80 (first block only); blocks of 24 bytes: permute,
 *             C = P ^ S, S ^= P, pad with 0x01 (always one block)
 *   tag       S[47] ^= 0x40;  permute;  T = S[0..16)
 * The key is not needed after init: the context holds the state alone.
 */
#ifndef XOODOO_AEAD_MODE_H
#define XOODOO_AEAD_MODE_H

#include "xoodoo/cyclist.h"
#include "lwc.h"

enum { XOODYAK_PHASE_NONE, XOODYAK_PHASE_AD, XOODYAK_PHASE_ENC, XOODYAK_PHASE_DEC };

typedef struct {
  perm_state_t s;
  uint8_t pos;   /* bytes of the open block (up to its rate) */
  uint8_t phase; /* XOODYAK_PHASE_*; NONE after final or wipe */
} xoodyak_aead_state;

static int xoodyak_aead_init(lwc_aead_ctx *ctx, const uint8_t *key,
                             const uint8_t *nonce, const uint8_t *mask_key) {
  xoodyak_aead_state *st = (xoodyak_aead_state *)(void *)ctx;
  if (mask_key != NULL) return LWC_ERR_ARG;
  /* AbsorbKey: Down(K || N || enc8(|N|), 0x02), one block */
  perm_zero(&st->s);
  perm_add(&st->s, key, 0, CRYPTO_KEYBYTES);
  perm_add(&st->s, nonce, CRYPTO_KEYBYTES, CRYPTO_NPUBBYTES);
  xoodyak_add_byte(&st->s, CRYPTO_NPUBBYTES, CRYPTO_KEYBYTES + CRYPTO_NPUBBYTES);
  xoodyak_add_byte(&st->s, 0x01, CRYPTO_KEYBYTES + CRYPTO_NPUBBYTES + 1);
  xoodyak_add_byte(&st->s, 0x02, XOODYAK_LAST);
  /* Absorb(A) opens its first block */
  perm_permute(&st->s, XOODYAK_ROUNDS);
  xoodyak_add_byte(&st->s, 0x03, XOODYAK_LAST);
  st->pos = 0;
  st->phase = XOODYAK_PHASE_AD;
  return LWC_OK;
}

static int xoodyak_aead_absorb_ad(lwc_aead_ctx *ctx, const uint8_t *ad,
                                  size_t len) {
  xoodyak_aead_state *st = (xoodyak_aead_state *)(void *)ctx;
  if (st->phase != XOODYAK_PHASE_AD) return LWC_ERR_ARG;
  xoodyak_stream(&st->s, &st->pos, NULL, ad, len, XOODYAK_RKIN, XOODYAK_OP_ABSORB);
  return LWC_OK;
}

/* Close the associated data (pad its last block) and open the message's
 * first block; fails if the message phase started in the other direction. */
static int xoodyak_aead_begin_msg(xoodyak_aead_state *st, uint8_t phase) {
  if (st->phase == phase) return LWC_OK;
  if (st->phase != XOODYAK_PHASE_AD) return LWC_ERR_ARG;
  xoodyak_add_byte(&st->s, 0x01, st->pos);
  xoodyak_add_byte(&st->s, 0x80, XOODYAK_LAST);
  perm_permute(&st->s, XOODYAK_ROUNDS);
  st->pos = 0;
  st->phase = phase;
  return LWC_OK;
}

static int xoodyak_aead_encrypt_update(lwc_aead_ctx *ctx, uint8_t *out,
                                       const uint8_t *in, size_t len) {
  xoodyak_aead_state *st = (xoodyak_aead_state *)(void *)ctx;
  if (xoodyak_aead_begin_msg(st, XOODYAK_PHASE_ENC) != LWC_OK) return LWC_ERR_ARG;
  xoodyak_stream(&st->s, &st->pos, out, in, len, XOODYAK_RKOUT, XOODYAK_OP_ENC);
  return LWC_OK;
}

static int xoodyak_aead_decrypt_update(lwc_aead_ctx *ctx, uint8_t *out,
                                       const uint8_t *in, size_t len) {
  xoodyak_aead_state *st = (xoodyak_aead_state *)(void *)ctx;
  if (xoodyak_aead_begin_msg(st, XOODYAK_PHASE_DEC) != LWC_OK) return LWC_ERR_ARG;
  xoodyak_stream(&st->s, &st->pos, out, in, len, XOODYAK_RKOUT, XOODYAK_OP_DEC);
  return LWC_OK;
}

/* Pad the last message block, Squeeze(16) with Cu = 0x40, wipe. */
static void xoodyak_aead_tag(xoodyak_aead_state *st, uint8_t *tag) {
  xoodyak_add_byte(&st->s, 0x01, st->pos);
  xoodyak_add_byte(&st->s, 0x40, XOODYAK_LAST);
  perm_permute(&st->s, XOODYAK_ROUNDS);
  perm_extract(&st->s, tag, 0, CRYPTO_ABYTES);
  lwc_wipe_bytes(st, sizeof *st);
}

#define LWC_AEAD_FN(name) xoodyak_aead_##name
#define LWC_AEAD_STATE xoodyak_aead_state
#define LWC_AEAD_PHASE_ENC XOODYAK_PHASE_ENC
#define LWC_AEAD_PHASE_DEC XOODYAK_PHASE_DEC
#include "core/aead_tail.h"

#define LWC_AEAD_MIN_TAGBYTES CRYPTO_ABYTES
#define LWC_AEAD_NONCE_MASKING 0
#include "core/aead_api.h"

#endif
