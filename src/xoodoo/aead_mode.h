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
#include "core/sponge.h"
#include "lwc.h"

static int xoodyak_aead_init(lwc_aead_ctx *ctx, const uint8_t *key,
                             const uint8_t *nonce, const uint8_t *mask_key) {
  lwc_sponge_state *st = (lwc_sponge_state *)(void *)ctx;
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
  st->phase = LWC_PHASE_AD;
  return LWC_OK;
}

/* Close the associated data (pad its last block) and open the message's
 * first block. */
LWC_PART void xoodyak_close_ad(lwc_sponge_state *st) {
  xoodyak_add_byte(&st->s, 0x01, st->pos);
  xoodyak_add_byte(&st->s, 0x80, XOODYAK_LAST);
  perm_permute(&st->s, XOODYAK_ROUNDS);
  st->pos = 0;
}

/* Pad the last message block, Squeeze(16) with Cu = 0x40, wipe. */
static void xoodyak_aead_tag(lwc_sponge_state *st, uint8_t *tag) {
  xoodyak_add_byte(&st->s, 0x01, st->pos);
  xoodyak_add_byte(&st->s, 0x40, XOODYAK_LAST);
  perm_permute(&st->s, XOODYAK_ROUNDS);
  perm_extract(&st->s, tag, 0, CRYPTO_ABYTES);
  lwc_wipe_bytes(st, sizeof *st);
}

#define LWC_AEAD_FN(name) xoodyak_aead_##name
#define LWC_AEAD_AD(st, ad, len) \
  xoodyak_stream(&(st)->s, &(st)->pos, NULL, ad, len, XOODYAK_RKIN, XOODYAK_OP_ABSORB)
#define LWC_AEAD_CLOSE_AD(st) xoodyak_close_ad(st)
#define LWC_AEAD_CRYPT(st, out, in, len, dec) \
  xoodyak_stream(&(st)->s, &(st)->pos, out, in, len, XOODYAK_RKOUT, \
                 (dec) ? XOODYAK_OP_DEC : XOODYAK_OP_ENC)
#include "core/aead_tail.h"
#include "core/aead_api.h"

#endif
