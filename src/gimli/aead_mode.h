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
#include "core/sponge.h"
#include "lwc.h"

_Static_assert(CRYPTO_NPUBBYTES + CRYPTO_KEYBYTES == GIMLI_STATE_BYTES,
               "Gimli-Cipher's nonce and key fill the state");
_Static_assert(CRYPTO_ABYTES <= GIMLI_RATE, "the tag is read from the rate");

static int gimli_aead_init(lwc_aead_ctx *ctx, const uint8_t *key,
                           const uint8_t *nonce, const uint8_t *mask_key) {
  lwc_sponge_state *st = (lwc_sponge_state *)(void *)ctx;
  if (mask_key != NULL) return LWC_ERR_ARG; /* no nonce masking */
  perm_zero(&st->s);
  perm_add(&st->s, nonce, 0, CRYPTO_NPUBBYTES);
  perm_add(&st->s, key, CRYPTO_NPUBBYTES, CRYPTO_KEYBYTES);
  perm_permute(&st->s, GIMLI_MAX_ROUNDS);
  st->pos = 0;
  st->phase = LWC_PHASE_AD;
  return LWC_OK;
}

/* Pad the last message block, read the full tag, wipe the context. */
static void gimli_aead_tag(lwc_sponge_state *st, uint8_t *tag) {
  gimli_pad(&st->s, st->pos);
  perm_extract(&st->s, tag, 0, CRYPTO_ABYTES);
  lwc_wipe_bytes(st, sizeof *st);
}

#define LWC_AEAD_FN(name) gimli_aead_##name
#define LWC_AEAD_AD(st, ad, len) \
  gimli_stream(&(st)->s, &(st)->pos, NULL, ad, len, GIMLI_OP_ABSORB)
/* the associated data always padded, even when empty */
#define LWC_AEAD_CLOSE_AD(st) (gimli_pad(&(st)->s, (st)->pos), (st)->pos = 0)
#define LWC_AEAD_CRYPT(st, out, in, len, dec) \
  gimli_stream(&(st)->s, &(st)->pos, out, in, len, (dec) ? GIMLI_OP_DEC : GIMLI_OP_ENC)
#include "core/aead_tail.h"
#include "core/aead_api.h"

#endif
