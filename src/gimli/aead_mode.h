/*
 * Gimli-Cipher (NIST LWC round-2 submission gimli24v1), written once over
 * the backend's narrow interface; an implementation folder compiles it with
 * its scheme parameters and backend:
 *
 *   #include "api.h"
 *   #include "gimli/backend_opt32.h"
 *   #include "gimli/aead_mode.h"
 *
 * In bytes of the 48-byte state:
 *   init     S = N (16 bytes) || K (32 bytes);  S = Gimli(S)
 *   AD       16-byte blocks, Gimli after each full one; the last block
 *            (possibly empty) padded: S[len] ^= 1, S[47] ^= 1, Gimli
 *   message  duplexed the same way (C = S after S ^= M), same padding
 *   tag      T = S[0 .. 16)
 * The key is not needed after init, so the context is the state, the open
 * block's length and the phase.
 */
#ifndef GIMLI_AEAD_MODE_H
#define GIMLI_AEAD_MODE_H

#include "gimli/sponge.h"
#include "lwc.h"

_Static_assert(CRYPTO_NPUBBYTES + CRYPTO_KEYBYTES == GIMLI_STATE_BYTES,
               "Gimli-Cipher's nonce and key fill the state");
_Static_assert(CRYPTO_ABYTES <= GIMLI_RATE, "the tag is read from the rate");

enum { GIMLI_PHASE_NONE, GIMLI_PHASE_AD, GIMLI_PHASE_ENC, GIMLI_PHASE_DEC };

typedef struct {
  perm_state_t s;
  uint8_t pos;   /* bytes of the open rate block */
  uint8_t phase; /* GIMLI_PHASE_*; NONE after final or wipe */
} gimli_aead_state;

static int gimli_aead_init(lwc_aead_ctx *ctx, const uint8_t *key,
                           const uint8_t *nonce, const uint8_t *mask_key) {
  gimli_aead_state *st = (gimli_aead_state *)(void *)ctx;
  if (mask_key != NULL) return LWC_ERR_ARG; /* no nonce masking */
  perm_zero(&st->s);
  perm_add(&st->s, nonce, 0, CRYPTO_NPUBBYTES);
  perm_add(&st->s, key, CRYPTO_NPUBBYTES, CRYPTO_KEYBYTES);
  perm_permute(&st->s, GIMLI_MAX_ROUNDS);
  st->pos = 0;
  st->phase = GIMLI_PHASE_AD;
  return LWC_OK;
}

static int gimli_aead_absorb_ad(lwc_aead_ctx *ctx, const uint8_t *ad,
                                size_t len) {
  gimli_aead_state *st = (gimli_aead_state *)(void *)ctx;
  if (st->phase != GIMLI_PHASE_AD) return LWC_ERR_ARG;
  gimli_stream(&st->s, &st->pos, NULL, ad, len, GIMLI_OP_ABSORB);
  return LWC_OK;
}

/* Close the associated data (always padded, even when empty) and enter the
 * message phase `phase`; refused once the other direction started. */
static int gimli_aead_begin_msg(gimli_aead_state *st, uint8_t phase) {
  if (st->phase == phase) return LWC_OK;
  if (st->phase != GIMLI_PHASE_AD) return LWC_ERR_ARG;
  gimli_pad(&st->s, st->pos);
  st->pos = 0;
  st->phase = phase;
  return LWC_OK;
}

static int gimli_aead_encrypt_update(lwc_aead_ctx *ctx, uint8_t *out,
                                     const uint8_t *in, size_t len) {
  gimli_aead_state *st = (gimli_aead_state *)(void *)ctx;
  if (gimli_aead_begin_msg(st, GIMLI_PHASE_ENC) != LWC_OK) return LWC_ERR_ARG;
  gimli_stream(&st->s, &st->pos, out, in, len, GIMLI_OP_ENC);
  return LWC_OK;
}

static int gimli_aead_decrypt_update(lwc_aead_ctx *ctx, uint8_t *out,
                                     const uint8_t *in, size_t len) {
  gimli_aead_state *st = (gimli_aead_state *)(void *)ctx;
  if (gimli_aead_begin_msg(st, GIMLI_PHASE_DEC) != LWC_OK) return LWC_ERR_ARG;
  gimli_stream(&st->s, &st->pos, out, in, len, GIMLI_OP_DEC);
  return LWC_OK;
}

/* Pad the last message block, read the full tag, wipe the context. */
static void gimli_aead_tag(gimli_aead_state *st, uint8_t *tag) {
  gimli_pad(&st->s, st->pos);
  perm_extract(&st->s, tag, 0, CRYPTO_ABYTES);
  lwc_wipe_bytes(st, sizeof *st);
}

#define LWC_AEAD_FN(name) gimli_aead_##name
#define LWC_AEAD_STATE gimli_aead_state
#define LWC_AEAD_PHASE_ENC GIMLI_PHASE_ENC
#define LWC_AEAD_PHASE_DEC GIMLI_PHASE_DEC
#include "core/aead_tail.h"

#define LWC_AEAD_MIN_TAGBYTES CRYPTO_ABYTES
#define LWC_AEAD_NONCE_MASKING 0
#include "core/aead_api.h"

#endif
