/*
 * Ascon-Mac, Ascon-Prf and Ascon-PrfShort (Ascon v1.3: the designers' keyed
 * functions over the SP 800-232 permutation, lanes little-endian; ascon-c's
 * crypto_auth/asconmacv13, asconprfv13, asconprfsv13), written once over
 * duplex.h's narrow interface and the backend's perm_permute(): the
 * assembly families bring their p^12.
 *
 *   Mac, Prf   S = p^12(IV || K || 0^128)
 *              absorb  32-byte blocks into x0..x3, p^12 after each full one
 *              end     0x01 after the last byte, x4 ^= 1 << 63, p^12
 *              squeeze 16-byte blocks from x0 x1, p^12 between two
 *              Mac: its tag, at most 16 bytes; Prf: any length
 *   PrfShort   S = p^12(IV ^ (8 inlen) << 48 || K || M, 0-padded to 16 bytes),
 *              out = (x3 x4) ^ K, at most 16 bytes; at most 16 bytes in
 *
 * The scheme header sets ASCON_AUTH_KIND (LWC_MAC, LWC_PRF, LWC_PRF_SHORT),
 * ASCON_AUTH_IV (lane 0 of the first state) and CRYPTO_BYTES (the full tag,
 * and SUPERCOP's crypto_auth output).  It sets no ASCON_RATE: the backends'
 * assembly then holds the permutation alone, as for a bare permutation.
 * The context holds the state (the key is in it after init), never the key
 * itself; the one-shot calls wipe their own.
 */
#ifndef ASCON_AUTH_MODE_H
#define ASCON_AUTH_MODE_H

#include "ascon/duplex.h"
#include "core/sponge.h"
#include "lwc.h"

#define ASCON_AUTH_IN_RATE 32  /* x0..x3 */
#define ASCON_AUTH_OUT_RATE 16 /* x0 x1 */
#define ASCON_PRFS_MAX 16      /* PrfShort: bytes in, bytes out */
#if ASCON_AUTH_KIND == LWC_PRF_SHORT && LWC_MAX_INBYTES != ASCON_PRFS_MAX
#error "PrfShort's scheme.h gives LWC_MAX_INBYTES 16"
#endif

#if ASCON_AUTH_KIND == LWC_MAC
#define ASCON_AUTH_MAX_OUT CRYPTO_BYTES
#define ASCON_AUTH_MAX_IN 0
#elif ASCON_AUTH_KIND == LWC_PRF
#define ASCON_AUTH_MAX_OUT 0 /* any length */
#define ASCON_AUTH_MAX_IN 0
#else
#define ASCON_AUTH_MAX_OUT ASCON_PRFS_MAX
#define ASCON_AUTH_MAX_IN ASCON_PRFS_MAX
#endif

/* A whole lane of input: one 64-bit load where the address allows it on a
 * little-endian core (a 32-bit or 8-bit one makes it its own loads), else
 * ascon_load8's bytes (any alignment; word.h).  The address is public. */
LWC_INLINE uint64_t ascon_auth_load8(const uint8_t *p) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && ASCON_LITTLE_ENDIAN
  if (((uintptr_t)p & 7u) == 0) {
    uint64_t w;
    __builtin_memcpy(&w, __builtin_assume_aligned(p, 8), 8);
    return w;
  }
#endif
  return ascon_load8(p);
}

/* The key's two lanes, S[8..24) = K */
LWC_INLINE void ascon_auth_key(perm_state_t *s, uint64_t iv, const uint8_t *key) {
  ascon_lane_set(s, 0, iv);
  ascon_lane_set(s, 1, ascon_load8(key));
  ascon_lane_set(s, 2, ascon_load8(key + 8));
}

#if ASCON_AUTH_KIND != LWC_PRF_SHORT
_Static_assert(sizeof(lwc_sponge_state) <= sizeof(lwc_auth_ctx),
               "the mode's context does not fit lwc_auth_ctx");

static int ascon_auth_init(lwc_auth_ctx *ctx, const uint8_t *key) {
  lwc_sponge_state *st = (lwc_sponge_state *)(void *)ctx;
  ascon_auth_key(&st->s, ASCON_AUTH_IV, key);
  ascon_lane_set(&st->s, 3, 0);
  ascon_lane_set(&st->s, 4, 0);
  perm_permute(&st->s, 12);
  st->pos = 0;
  st->phase = LWC_PHASE_ABSORB;
  return LWC_OK;
}

static int ascon_auth_update(lwc_auth_ctx *ctx, const uint8_t *in, size_t len) {
  lwc_sponge_state *st = (lwc_sponge_state *)(void *)ctx;
  unsigned pos = st->pos;
  if (st->phase != LWC_PHASE_ABSORB) return LWC_ERR_ARG;
  if (pos == 0) { /* whole blocks: four lanes, then p^12 */
    for (; len >= ASCON_AUTH_IN_RATE; len -= ASCON_AUTH_IN_RATE, in += ASCON_AUTH_IN_RATE) {
      ascon_lane_xor(&st->s, 0, ascon_auth_load8(in));
      ascon_lane_xor(&st->s, 1, ascon_auth_load8(in + 8));
      ascon_lane_xor(&st->s, 2, ascon_auth_load8(in + 16));
      ascon_lane_xor(&st->s, 3, ascon_auth_load8(in + 24));
      perm_permute(&st->s, 12);
    }
  }
  while (len > 0) {
    unsigned n = ASCON_AUTH_IN_RATE - pos;
    if (n > len) n = (unsigned)len;
    perm_add(&st->s, in, pos, n);
    pos += n;
    in += n;
    len -= n;
    if (pos == ASCON_AUTH_IN_RATE) {
      perm_permute(&st->s, 12);
      pos = 0;
    }
  }
  st->pos = (uint8_t)pos;
  return LWC_OK;
}

/* The first call ends the absorption; the outputs of successive calls
 * concatenate.  A Mac's whole output is its tag: a call past CRYPTO_BYTES
 * in all is refused and writes nothing. */
static int ascon_auth_squeeze(lwc_auth_ctx *ctx, uint8_t *out, size_t len) {
  lwc_sponge_state *st = (lwc_sponge_state *)(void *)ctx;
  if (st->phase == LWC_PHASE_ABSORB) {
#if ASCON_AUTH_MAX_OUT
    if (len > ASCON_AUTH_MAX_OUT) return LWC_ERR_ARG;
#endif
    ascon_add_byte(&st->s, 0x01, st->pos);
    ascon_add_byte(&st->s, 0x80, 39);
    perm_permute(&st->s, 12);
    st->pos = 0;
    st->phase = LWC_PHASE_SQUEEZE;
  } else if (st->phase != LWC_PHASE_SQUEEZE) {
    return LWC_ERR_ARG;
  }
#if ASCON_AUTH_MAX_OUT
  else if (len > (size_t)(ASCON_AUTH_MAX_OUT - st->pos)) {
    return LWC_ERR_ARG;
  }
#endif
  while (len > 0) {
    unsigned n;
    if (st->pos == ASCON_AUTH_OUT_RATE) {
      perm_permute(&st->s, 12);
      st->pos = 0;
    }
    n = ASCON_AUTH_OUT_RATE - st->pos;
    if (n > len) n = (unsigned)len;
    perm_extract(&st->s, out, st->pos, n);
    st->pos = (uint8_t)(st->pos + n);
    out += n;
    len -= n;
  }
  return LWC_OK;
}

static int ascon_auth_compute(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen,
                              const uint8_t *key) {
  lwc_auth_ctx ctx;
  int r;
#if ASCON_AUTH_MAX_OUT
  if (outlen > ASCON_AUTH_MAX_OUT) return LWC_ERR_ARG;
#endif
  ascon_auth_init(&ctx, key);
  ascon_auth_update(&ctx, in, inlen);
  r = ascon_auth_squeeze(&ctx, out, outlen);
  lwc_wipe_bytes(&ctx, sizeof ctx);
  return r;
}
#define LWC_AUTH_INIT ascon_auth_init
#define LWC_AUTH_UPDATE ascon_auth_update
#define LWC_AUTH_SQUEEZE ascon_auth_squeeze

#else /* PrfShort: one call */

static int ascon_auth_compute(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen,
                              const uint8_t *key) {
  perm_state_t s;
  uint64_t w[2];
  if (inlen > ASCON_PRFS_MAX || outlen > ASCON_PRFS_MAX) return LWC_ERR_ARG;
  ascon_auth_key(&s, ASCON_AUTH_IV ^ ((uint64_t)(inlen * 8u) << 48), key);
  /* the message's lanes set as they are (zeros after it), no xor; no
   * pointer arithmetic past what the caller gave (in may be NULL at 0) */
  ascon_lane_set(&s, 3, inlen >= 8 ? ascon_auth_load8(in)
                        : inlen > 0 ? ascon_load(in, 0, (unsigned)inlen) : 0);
  ascon_lane_set(&s, 4, inlen == 16 ? ascon_auth_load8(in + 8)
                        : inlen > 8 ? ascon_load(in + 8, 0, (unsigned)inlen - 8) : 0);
  perm_permute(&s, 12);
  /* the key added to the lanes taken out, not to the state: no conversion */
  w[0] = ascon_lane_get(&s, 3) ^ ascon_auth_load8(key);
  w[1] = ascon_lane_get(&s, 4) ^ ascon_auth_load8(key + 8);
  if (outlen == 16) {
    ascon_store8(out, w[0]);
    ascon_store8(out + 8, w[1]);
  } else if (outlen > 8) {
    ascon_store8(out, w[0]);
    ascon_store(out + 8, w[1], 0, (unsigned)outlen - 8);
  } else if (outlen > 0) {
    ascon_store(out, w[0], 0, (unsigned)outlen);
  }
  lwc_wipe_bytes(&s, sizeof s);
  lwc_wipe_bytes(w, sizeof w);
  return LWC_OK;
}
#define LWC_AUTH_INIT NULL
#define LWC_AUTH_UPDATE NULL
#define LWC_AUTH_SQUEEZE NULL
#endif

#define LWC_AUTH_KIND ASCON_AUTH_KIND
#define LWC_AUTH_MAX_OUT ASCON_AUTH_MAX_OUT
#define LWC_AUTH_MAX_IN ASCON_AUTH_MAX_IN
#define LWC_AUTH_KEYBYTES 16
#define LWC_AUTH_FN(name) ascon_auth_##name
/* the SUPERCOP functions and the lwc_auth descriptor */
#include "core/auth_api.h"

#endif
