/*
 * lwcbench --add: a SUPERCOP / NIST LWC AEAD folder behind lwc's descriptor.
 *
 * Written into each added folder's copy by harness/bench/added.py, after
 * the lines that name the descriptor (LWC_ADDED_DESC, LWC_ADDED_SCHEME,
 * LWC_ADDED_IMPL).  The folder's sources and this file are compiled with
 * -Dcrypto_aead_encrypt=<namespace>_crypto_aead_encrypt (and the same for
 * crypto_aead_decrypt, randombytes, crypto_verify_16, crypto_verify_32), as
 * SUPERCOP's crypto_aead.h renames them, so that any number of folders link
 * into one program.
 *
 * The one-shot calls (what ./lwcbench measures, what applications call)
 * are the folder's own, with nothing in between but this call:
 * lwc_aead_encrypt -> glue_encrypt -> crypto_aead_encrypt (an input given
 * in place is copied first: SUPERCOP promises no overlap).  The
 * incremental calls (the KAT's split check, ./lwcbench fuzz) keep the key,
 * nonce, associated data and message in one static buffer and run the
 * one-shot call over everything so far: encrypt_update writes the new part
 * of the ciphertext (an online scheme's prefix), decrypt_update remembers
 * where the plaintext goes and decrypt_verify writes it there once the tag
 * is checked.  One incremental context at a time; inputs longer than the
 * buffer answer LWC_ERR_ARG (a benchmark point streamed through the
 * incremental calls, longer than the target's buffers, is not measured).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <lwc.h> /* the tree's (include/ comes before the folder on the command line) */
#include "api.h"
#include "crypto_verify_16.h"
#include "crypto_verify_32.h"
#include "crypto_declassify.h" /* the folder's, or the one lwcbench gives */

int crypto_aead_encrypt(unsigned char *c, unsigned long long *clen, const unsigned char *m,
                        unsigned long long mlen, const unsigned char *ad,
                        unsigned long long adlen, const unsigned char *nsec,
                        const unsigned char *npub, const unsigned char *k);
int crypto_aead_decrypt(unsigned char *m, unsigned long long *mlen, unsigned char *nsec,
                        const unsigned char *c, unsigned long long clen,
                        const unsigned char *ad, unsigned long long adlen,
                        const unsigned char *npub, const unsigned char *k);

/* randombytes, crypto_verify_16 and crypto_verify_32: glue_common.c,
 * appended to this file by harness/bench/added.py */

#ifndef LWC_ADDED_ROOM
#if defined(__AVR__) || defined(__MSP430__)
#define LWC_ADDED_ROOM 96u /* the KAT's split check: 32 + 32 bytes */
#else
#define LWC_ADDED_ROOM 4352u /* ./lwcbench fuzz: 2048 + 2048 bytes */
#endif
#endif
#define LWC_ADDED_PIECES 72u

static struct {
  uint32_t owner; /* the ticket of the context using the buffer (0: none) */
  size_t adlen, len; /* associated data, then message bytes after it */
  unsigned pieces;
  struct { uint8_t *out; size_t len; } piece[LWC_ADDED_PIECES]; /* decryption */
  uint8_t data[LWC_ADDED_ROOM + CRYPTO_ABYTES];
  uint8_t out[LWC_ADDED_ROOM + CRYPTO_ABYTES];
} glue;
static uint32_t glue_tickets;
/* a one-shot call in place: the input copied here first */
static uint8_t glue_in[LWC_ADDED_ROOM + CRYPTO_ABYTES];

/* The key and the nonce first: word-aligned (lwc's context is aligned for
 * 64-bit words; CRYPTO_KEYBYTES is a multiple of 4 for every scheme lwc
 * has), as a caller's own buffers usually are.  Behind the ticket they sat
 * at odd offsets, and assembly that loads them by words, written for a
 * core that takes unaligned words in hardware (an ESP32's LX6), faulted on
 * one that does not (qemu-xtensa's cores) for the glue's sake alone. */
typedef struct {
  uint8_t key[CRYPTO_KEYBYTES];
  uint8_t nonce[CRYPTO_NPUBBYTES];
  uint32_t ticket;
  uint8_t phase; /* 0 associated data, 1 encrypting, 2 decrypting */
} glue_ctx;
_Static_assert(sizeof(glue_ctx) <= sizeof(lwc_aead_small_ctx),
               "the key and nonce do not fit lwc's context");
_Static_assert(offsetof(glue_ctx, nonce) % 4 == 0, "the nonce is not word-aligned");

static void glue_wipe(void *p, size_t n) {
  volatile uint8_t *v = (volatile uint8_t *)p;
  while (n--) *v++ = 0;
}

static int glue_overlap(const void *a, const void *b, size_t n) {
  uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
  return n != 0 && a != NULL && b != NULL && x < y + n && y < x + n;
}

static int glue_encrypt(uint8_t *ct, const uint8_t *msg, size_t mlen, const uint8_t *ad,
                        size_t adlen, const uint8_t *nonce, const uint8_t *key) {
  unsigned long long clen = 0;
  if (glue_overlap(ct, msg, mlen)) { /* in place: SUPERCOP promises no overlap */
    if (mlen > sizeof glue_in) return LWC_ERR_ARG;
    memcpy(glue_in, msg, mlen);
    msg = glue_in;
  }
  if (crypto_aead_encrypt(ct, &clen, msg, mlen, ad, adlen, NULL, nonce, key) != 0 ||
      clen != (unsigned long long)mlen + CRYPTO_ABYTES)
    return LWC_ERR_ARG;
  return LWC_OK;
}

static int glue_decrypt(uint8_t *msg, const uint8_t *ct, size_t ctlen, const uint8_t *ad,
                        size_t adlen, const uint8_t *nonce, const uint8_t *key) {
  unsigned long long mlen = 0;
  size_t n;
  int r;
  if (ctlen < CRYPTO_ABYTES) return LWC_ERR_ARG;
  n = ctlen - CRYPTO_ABYTES;
  if (glue_overlap(msg, ct, ctlen)) {
    if (ctlen > sizeof glue_in) return LWC_ERR_ARG;
    memcpy(glue_in, ct, ctlen);
    ct = glue_in;
  }
  r = crypto_aead_decrypt(msg, &mlen, NULL, ct, ctlen, ad, adlen, nonce, key);
  crypto_declassify(&r, sizeof r); /* the verdict is public */
  crypto_declassify(&mlen, sizeof mlen);
  if (r != 0 || mlen != n) {
    if (msg != NULL) glue_wipe(msg, n); /* release no plaintext */
    return LWC_ERR_TAG;
  }
  return LWC_OK;
}

static glue_ctx *glue_own(lwc_aead_ctx *ctx) {
  glue_ctx *g = (glue_ctx *)(void *)ctx;
  return g->ticket != 0 && g->ticket == glue.owner ? g : NULL;
}

/* What an incremental message left in the buffer, wiped. */
static void glue_clear(void) {
  glue_wipe(glue.data, glue.adlen + glue.len + CRYPTO_ABYTES);
  glue_wipe(glue.out, glue.len + CRYPTO_ABYTES);
  glue_wipe(glue.piece, sizeof glue.piece);
  glue.owner = 0;
  glue.adlen = glue.len = 0;
  glue.pieces = 0;
}

/* The end of an incremental message: the buffer and the context wiped. */
static void glue_release(glue_ctx *g) {
  glue_clear();
  glue_wipe(g, sizeof *g);
}

static int glue_init(lwc_aead_ctx *ctx, const uint8_t *key, const uint8_t *nonce,
                     const uint8_t *mask_key) {
  glue_ctx *g = (glue_ctx *)(void *)ctx;
  if (mask_key != NULL) return LWC_ERR_ARG;
  if (++glue_tickets == 0) glue_tickets = 1;
  glue_clear(); /* a message left unfinished, if any */
  glue.owner = g->ticket = glue_tickets;
  g->phase = 0;
  memcpy(g->key, key, CRYPTO_KEYBYTES);
  memcpy(g->nonce, nonce, CRYPTO_NPUBBYTES);
  return LWC_OK;
}

static int glue_absorb_ad(lwc_aead_ctx *ctx, const uint8_t *ad, size_t len) {
  if (glue_own(ctx) == NULL || glue_own(ctx)->phase != 0 ||
      len > LWC_ADDED_ROOM - glue.adlen)
    return LWC_ERR_ARG;
  if (len) memcpy(glue.data + glue.adlen, ad, len);
  glue.adlen += len;
  return LWC_OK;
}

/* The message (or ciphertext) so far, len more bytes of it from in. */
static int glue_append(glue_ctx *g, uint8_t phase, const uint8_t *in, size_t len) {
  if (g == NULL || (g->phase != 0 && g->phase != phase) ||
      len > LWC_ADDED_ROOM - glue.adlen - glue.len)
    return LWC_ERR_ARG;
  g->phase = phase;
  if (len) memcpy(glue.data + glue.adlen + glue.len, in, len);
  glue.len += len;
  return LWC_OK;
}

static int glue_encrypt_all(glue_ctx *g) {
  unsigned long long clen = 0;
  return crypto_aead_encrypt(glue.out, &clen, glue.data + glue.adlen, glue.len, glue.data,
                             glue.adlen, NULL, g->nonce, g->key) == 0 &&
                 clen == (unsigned long long)glue.len + CRYPTO_ABYTES
             ? LWC_OK
             : LWC_ERR_ARG;
}

static int glue_encrypt_update(lwc_aead_ctx *ctx, uint8_t *out, const uint8_t *in,
                               size_t len) {
  glue_ctx *g = glue_own(ctx);
  int r = glue_append(g, 1, in, len);
  if (r == LWC_OK && len) r = glue_encrypt_all(g);
  if (r == LWC_OK && len) memcpy(out, glue.out + glue.len - len, len);
  return r;
}

static int glue_encrypt_final(lwc_aead_ctx *ctx, uint8_t *tag, size_t taglen) {
  glue_ctx *g = glue_own(ctx);
  int r;
  if (g == NULL || g->phase == 2) return LWC_ERR_ARG;
  r = taglen == CRYPTO_ABYTES ? glue_encrypt_all(g) : LWC_ERR_ARG;
  if (r == LWC_OK) memcpy(tag, glue.out + glue.len, CRYPTO_ABYTES);
  glue_release(g);
  return r;
}

static int glue_decrypt_update(lwc_aead_ctx *ctx, uint8_t *out, const uint8_t *in,
                               size_t len) {
  glue_ctx *g = glue_own(ctx);
  int r;
  if (g != NULL && len != 0 && glue.pieces == LWC_ADDED_PIECES) return LWC_ERR_ARG;
  r = glue_append(g, 2, in, len);
  if (r == LWC_OK && len) {
    glue.piece[glue.pieces].out = out;
    glue.piece[glue.pieces++].len = len;
  }
  return r;
}

static int glue_decrypt_verify(lwc_aead_ctx *ctx, const uint8_t *tag, size_t taglen) {
  glue_ctx *g = glue_own(ctx);
  unsigned long long mlen = 0;
  unsigned k;
  size_t at = 0;
  int ok;
  if (g == NULL || g->phase == 1) return LWC_ERR_ARG;
  if (taglen != CRYPTO_ABYTES) {
    glue_release(g);
    return LWC_ERR_ARG;
  }
  memcpy(glue.data + glue.adlen + glue.len, tag, CRYPTO_ABYTES);
  ok = crypto_aead_decrypt(glue.out, &mlen, NULL, glue.data + glue.adlen,
                           glue.len + CRYPTO_ABYTES, glue.data, glue.adlen, g->nonce,
                           g->key) == 0;
  crypto_declassify(&ok, sizeof ok); /* the verdict is public */
  crypto_declassify(&mlen, sizeof mlen);
  ok = ok && mlen == glue.len;
  for (k = 0; k < glue.pieces; k++) { /* the plaintext, or zeros */
    if (ok) memcpy(glue.piece[k].out, glue.out + at, glue.piece[k].len);
    else glue_wipe(glue.piece[k].out, glue.piece[k].len);
    at += glue.piece[k].len;
  }
  glue_release(g);
  return ok ? LWC_OK : LWC_ERR_TAG;
}

const lwc_aead LWC_ADDED_DESC = {
    LWC_ADDED_SCHEME, LWC_ADDED_IMPL, CRYPTO_KEYBYTES, CRYPTO_NPUBBYTES, CRYPTO_ABYTES,
    CRYPTO_ABYTES, /* no truncated tags */
    0,             /* no nonce masking */
    0, 0,          /* unmasked */
    glue_init, glue_absorb_ad, glue_encrypt_update, glue_decrypt_update,
    glue_encrypt_final, glue_decrypt_verify,
    glue_encrypt, glue_decrypt,
    NULL,
};
