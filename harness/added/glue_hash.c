/*
 * lwcbench --add: a SUPERCOP / NIST LWC hash folder (crypto_hash) behind
 * lwc's descriptor.
 *
 * Written into each added folder's copy by harness/bench/added.py after
 * the lines that name the descriptor (LWC_ADDED_DESC, LWC_ADDED_SCHEME,
 * LWC_ADDED_IMPL); compiled, as the folder's sources, with
 * -Dcrypto_hash=<namespace>_crypto_hash (and randombytes, crypto_verify_16,
 * crypto_verify_32).
 *
 * crypto_hash takes the whole message at once, and lwc's descriptor has
 * incremental calls only (init, update, squeeze: lwc_hash_compute calls
 * them once each).  So update copies its input into a static buffer and
 * squeeze runs crypto_hash over it: a measured hash includes that copy of
 * the message (docs/lwcbench/run.md, "Your own implementation", says how
 * to see its cost).  A copied context shares what was absorbed before the
 * copy; of two that go on absorbing, the one used last must be the one
 * that absorbed last (the KAT's running prefix does so).  One digest of
 * CRYPTO_BYTES bytes: squeeze gives at most that many in all.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <lwc.h> /* the tree's (include/ comes before the folder on the command line) */
#include "api.h"
#include "crypto_verify_16.h"
#include "crypto_verify_32.h"

int crypto_hash(unsigned char *out, const unsigned char *in, unsigned long long inlen);

/* randombytes, crypto_verify_16 and crypto_verify_32: glue_common.c,
 * appended to this file by harness/bench/added.py */

#ifndef LWC_ADDED_ROOM
#if defined(__AVR__) || defined(__MSP430__)
#define LWC_ADDED_ROOM 1024u /* the KAT's longest message */
#else
#define LWC_ADDED_ROOM 33792u /* the benchmark's 32 KiB message, 1 KiB more */
#endif
#endif
#define LWC_ADDED_SLOTS 3u

/* Buffers for the messages of contexts alive at once (the KAT's running
 * prefix lives while one-shot hashes come and go).  init takes a free one
 * (else the one taken longest ago: its context's next call then fails, it
 * never reads another's bytes); the first squeeze frees it. */
static struct {
  uint32_t ticket; /* of the context that took it */
  uint8_t busy;
  uint8_t data[LWC_ADDED_ROOM];
} glue[LWC_ADDED_SLOTS];
static uint32_t glue_tickets;

typedef struct {
  uint32_t ticket;
  uint32_t len;      /* bytes absorbed */
  uint16_t pos;      /* bytes squeezed (once the digest is computed) */
  uint8_t slot;
  uint8_t squeezing;
  uint8_t digest[CRYPTO_BYTES];
} glue_ctx;
_Static_assert(sizeof(glue_ctx) <= sizeof(lwc_hash_ctx), "the digest does not fit lwc's context");

static int glue_init(lwc_hash_ctx *ctx, const uint8_t *custom, size_t customlen) {
  glue_ctx *g = (glue_ctx *)(void *)ctx;
  unsigned s, pick = 0;
  (void)custom;
  if (customlen != 0) return LWC_ERR_ARG;
  for (s = 0; s < LWC_ADDED_SLOTS; s++) {
    if (!glue[s].busy) {
      pick = s;
      break;
    }
    if (glue[s].ticket - glue[pick].ticket > 0x80000000u) pick = s; /* older */
  }
  if (++glue_tickets == 0) glue_tickets = 1;
  glue[pick].ticket = g->ticket = glue_tickets;
  glue[pick].busy = 1;
  g->slot = (uint8_t)pick;
  g->len = 0;
  g->pos = 0;
  g->squeezing = 0;
  return LWC_OK;
}

static int glue_update(lwc_hash_ctx *ctx, const uint8_t *in, size_t len) {
  glue_ctx *g = (glue_ctx *)(void *)ctx;
  if (g->ticket == 0 || g->slot >= LWC_ADDED_SLOTS || g->ticket != glue[g->slot].ticket ||
      g->squeezing || len > LWC_ADDED_ROOM - g->len)
    return LWC_ERR_ARG;
  if (len) memcpy(glue[g->slot].data + g->len, in, len);
  g->len += (uint32_t)len;
  return LWC_OK;
}

static int glue_squeeze(lwc_hash_ctx *ctx, uint8_t *out, size_t len) {
  glue_ctx *g = (glue_ctx *)(void *)ctx;
  if (!g->squeezing) {
    if (g->ticket == 0 || g->slot >= LWC_ADDED_SLOTS || g->ticket != glue[g->slot].ticket ||
        crypto_hash(g->digest, glue[g->slot].data, g->len) != 0)
      return LWC_ERR_ARG;
    glue[g->slot].busy = 0;
    g->squeezing = 1;
  }
  if (len > (size_t)(CRYPTO_BYTES - g->pos)) return LWC_ERR_ARG;
  if (len) memcpy(out, g->digest + g->pos, len);
  g->pos += (uint16_t)len;
  return LWC_OK;
}

const lwc_hash LWC_ADDED_DESC = {
    LWC_ADDED_SCHEME, LWC_ADDED_IMPL, LWC_HASH, CRYPTO_BYTES, 0,
    glue_init, glue_update, glue_squeeze,
};
