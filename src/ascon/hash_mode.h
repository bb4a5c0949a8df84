/*
 * Generic Ascon hashing: Ascon-Hash, -Hasha, -Xof, -Xofa (v1.2) and
 * Ascon-Hash256, -XOF128, -CXOF128 (SP 800-232), over duplex.h.
 *
 *   init      S = p^a(IV || 0^256), precomputed (ASCON_HASH_STATE0)
 *   CXOF only S[0..8) ^= bit length of Z (64-bit integer); S = p^a(S);
 *             then Z absorbed like a message, padded, p^a after its last block
 *   absorb    rate blocks, p^b after each full block
 *   squeeze   10* padding, S = p^a(S); output rate bytes, p^b between blocks
 *
 * The scheme header sets ASCON_HASH_KIND (LWC_HASH, LWC_XOF, LWC_CXOF),
 * ASCON_IV, ASCON_RATE, ASCON_PA, ASCON_PB and CRYPTO_BYTES (the digest, or
 * the usual XOF output length).
 */
#ifndef ASCON_HASH_MODE_H
#define ASCON_HASH_MODE_H

#include "ascon/sponge.h"
#include "core/sponge.h"
#include "lwc.h"

#if ASCON_HASH_KIND == LWC_CXOF
#define ASCON_MAX_CUSTOM 256
#else
#define ASCON_MAX_CUSTOM 0
#endif

/* 10* padding of the open block, then p^a. */
LWC_INLINE void ascon_hash_pad(lwc_sponge_state *st) {
  ascon_add_byte(&st->s, ASCON_PAD_BYTE, st->pos);
  perm_permute(&st->s, ASCON_PA);
  st->pos = 0;
}

static int ascon_hash_init(lwc_hash_ctx *ctx, const uint8_t *custom,
                           size_t customlen) {
  /* p^a(IV || 0): the same for every message, computed once for all
   * (tools/ascon_constants.py, checked by the test suite and the KATs) */
  static const uint64_t start[5] = ASCON_HASH_STATE0;
  lwc_sponge_state *st = (lwc_sponge_state *)ctx;
  unsigned i;
  if (customlen > ASCON_MAX_CUSTOM) return LWC_ERR_ARG;
  /* unrolled, so that each lane is a constant and a backend's conversion
   * to its state form (bit interleaving) folds at compile time */
#if defined(__clang__) || !defined(__GNUC__) || __GNUC__ >= 8 /* avr-gcc 5: no such pragma */
#pragma GCC unroll 5
#endif
  for (i = 0; i < 5; i++) ascon_lane_set(&st->s, i, start[i]);
  st->pos = 0;
#if ASCON_HASH_KIND == LWC_CXOF
  /* SP 800-232 lanes are little-endian: the bit length is lane 0 as is */
  ascon_lane_xor(&st->s, 0, (uint64_t)customlen * 8u);
  perm_permute(&st->s, ASCON_PA);
  ascon_stream(&st->s, &st->pos, NULL, custom, customlen, ASCON_OP_ABSORB);
  ascon_hash_pad(st);
#else
  (void)custom;
#endif
  st->phase = LWC_PHASE_ABSORB;
  return LWC_OK;
}

#define LWC_HASH_FN(name) ascon_hash_##name
#define LWC_HASH_OWN_INIT
#define LWC_HASH_ABSORB_BYTES(st, in, len) \
  ascon_stream(&(st)->s, &(st)->pos, NULL, in, len, ASCON_OP_ABSORB)
#define LWC_HASH_KIND ASCON_HASH_KIND
#define LWC_HASH_MAX_CUSTOM ASCON_MAX_CUSTOM
#if defined(ASCON_WHOLE64) && ASCON_RATE == 8
#define LWC_HASH_OWN_SQUEEZE
static int ascon_hash_squeeze(lwc_hash_ctx *ctx, uint8_t *out, size_t len) {
  lwc_sponge_state *st = (lwc_sponge_state *)ctx;
  /* x86-64 / AArch64 (whole64.h): the state in a local, so that writing
   * the output (bytes that might alias the context) does not force it
   * back to memory around every permutation; full lanes in one store */
  perm_state_t s;
  unsigned pos;
  if (st->phase != LWC_PHASE_ABSORB && st->phase != LWC_PHASE_SQUEEZE)
    return LWC_ERR_ARG;
  s = st->s;
  pos = st->pos;
  if (st->phase == LWC_PHASE_ABSORB) {
    ascon_add_byte(&s, ASCON_PAD_BYTE, pos);
    perm_permute(&s, ASCON_PA);
    pos = 0;
    st->phase = LWC_PHASE_SQUEEZE;
  }
  while (len > 0) {
    unsigned n;
    if (pos == ASCON_RATE) {
      perm_permute(&s, ASCON_PB);
      pos = 0;
    }
    if (pos == 0 && len >= 8) {
      ascon_w_store8(out, ascon_lane_get(&s, 0));
      n = 8;
    } else {
      n = ASCON_RATE - pos;
      if (n > len) n = (unsigned)len;
      perm_extract(&s, out, pos, n);
    }
    pos += n;
    out += n;
    len -= n;
  }
  st->s = s;
  st->pos = (uint8_t)pos;
  return LWC_OK;
}
#else
#define LWC_HASH_OUT_RATE ASCON_RATE
#define LWC_HASH_NEXT(st) perm_permute(&(st)->s, ASCON_PB)
#endif
/* update, the squeeze but in whole-state form, the SUPERCOP / NIST LWC
 * functions and the lwc_hash descriptor */
#include "core/hash_tail.h"

#endif
