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

/* A whole lane of input: on a little-endian core, where the address is
 * aligned to the core's word (8 bytes on a 64-bit core, 4 on a 32-bit one,
 * 2 on MSP430, any on AVR), the lane in that core's own loads; else
 * ascon_load8's bytes (any alignment; word.h).  The address is public. */
#if UINTPTR_MAX > 0xffffffffu
#define ASCON_AUTH_WORD 8
#elif UINTPTR_MAX > 0xffffu
#define ASCON_AUTH_WORD 4
#elif defined(__AVR__)
#define ASCON_AUTH_WORD 1
#else
#define ASCON_AUTH_WORD 2
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && ASCON_LITTLE_ENDIAN
#define ASCON_AUTH_ALIGNED(p) (((uintptr_t)(p) & (ASCON_AUTH_WORD - 1u)) == 0)
#else
#define ASCON_AUTH_ALIGNED(p) 0
#endif
/* aligned: the caller found ASCON_AUTH_ALIGNED(p) (a constant where the
 * caller's branch is, so that each use folds to one kind of load) */
LWC_INLINE uint64_t ascon_auth_load8_as(const uint8_t *p, int aligned) {
  if (aligned) {
    uint64_t w;
    __builtin_memcpy(&w, __builtin_assume_aligned(p, ASCON_AUTH_WORD), 8);
    return w;
  }
  return ascon_load8(p);
}
LWC_INLINE uint64_t ascon_auth_load8(const uint8_t *p) {
  return ascon_auth_load8_as(p, ASCON_AUTH_ALIGNED(p));
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

/* A whole block added to the rate; aligned as ascon_auth_load8_as */
LWC_INLINE void ascon_auth_add_block(perm_state_t *s, const uint8_t *in, int aligned) {
  ascon_lane_xor(s, 0, ascon_auth_load8_as(in, aligned));
  ascon_lane_xor(s, 1, ascon_auth_load8_as(in + 8, aligned));
  ascon_lane_xor(s, 2, ascon_auth_load8_as(in + 16, aligned));
  ascon_lane_xor(s, 3, ascon_auth_load8_as(in + 24, aligned));
}

/* n whole blocks, each followed by p^12 (one call site: a backend whose
 * permutation is inlined has it once) */
LWC_INLINE void ascon_auth_blocks(perm_state_t *s, const uint8_t *in, size_t n) {
  int aligned = ASCON_AUTH_ALIGNED(in); /* the same for every block */
  for (; n > 0; n--, in += ASCON_AUTH_IN_RATE) {
#ifdef ASCON_STATE_BYTE
    /* the state is the byte string (duplex.h on AVR): its byte xors */
    (void)aligned;
    perm_add(s, in, 0, ASCON_AUTH_IN_RATE);
#else
    if (aligned)
      ascon_auth_add_block(s, in, 1);
    else
      ascon_auth_add_block(s, in, 0);
#endif
    perm_permute(s, 12);
  }
}

static int ascon_auth_update(lwc_auth_ctx *ctx, const uint8_t *in, size_t len) {
  lwc_sponge_state *st = (lwc_sponge_state *)(void *)ctx;
  unsigned pos = st->pos;
  if (st->phase != LWC_PHASE_ABSORB) return LWC_ERR_ARG;
  if (pos == 0 && len >= ASCON_AUTH_IN_RATE) { /* whole blocks: four lanes, then p^12 */
    size_t n = len / ASCON_AUTH_IN_RATE;
    ascon_auth_blocks(&st->s, in, n);
    in += n * ASCON_AUTH_IN_RATE;
    len -= n * ASCON_AUTH_IN_RATE;
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

/* A whole lane out, as ascon_auth_load8 reads one in. */
LWC_INLINE void ascon_auth_store8(uint8_t *p, uint64_t w) {
  if (ASCON_AUTH_ALIGNED(p)) {
    __builtin_memcpy(__builtin_assume_aligned(p, ASCON_AUTH_WORD), &w, 8);
    return;
  }
  ascon_store8(p, w);
}

/* The state zeroed in place, a store per word: the empty assembly that
 * follows may read the memory, so the compiler keeps the stores. */
LWC_INLINE void ascon_auth_wipe(perm_state_t *s) {
#if defined(__GNUC__)
  perm_zero(s);
  __asm__ __volatile__("" : : "r"(s) : "memory");
#else
  lwc_wipe_bytes(s, sizeof *s);
#endif
}

/* Lane 0: the IV with the input's bit length in byte 6.  Where the lanes
 * are converted on the way in (bit interleaving), one constant per length,
 * which the conversion folds at compile time; else the length added to the
 * constant at run time.  The length is public. */
LWC_INLINE void ascon_prfs_iv(perm_state_t *s, size_t inlen) {
#ifdef ASCON_LANES_CONVERTED
#define ASCON_PRFS_IV_CASE(n) \
  case n: ascon_lane_set(s, 0, ASCON_AUTH_IV ^ (uint64_t)(8u * (n)) << 48); break;
  switch (inlen) {
    ASCON_PRFS_IV_CASE(0) ASCON_PRFS_IV_CASE(1) ASCON_PRFS_IV_CASE(2) ASCON_PRFS_IV_CASE(3)
    ASCON_PRFS_IV_CASE(4) ASCON_PRFS_IV_CASE(5) ASCON_PRFS_IV_CASE(6) ASCON_PRFS_IV_CASE(7)
    ASCON_PRFS_IV_CASE(8) ASCON_PRFS_IV_CASE(9) ASCON_PRFS_IV_CASE(10) ASCON_PRFS_IV_CASE(11)
    ASCON_PRFS_IV_CASE(12) ASCON_PRFS_IV_CASE(13) ASCON_PRFS_IV_CASE(14) ASCON_PRFS_IV_CASE(15)
    default: ascon_lane_set(s, 0, ASCON_AUTH_IV ^ (uint64_t)(8u * 16u) << 48); break;
  }
#undef ASCON_PRFS_IV_CASE
#else
  ascon_lane_set(s, 0, ASCON_AUTH_IV ^ (uint64_t)(inlen * 8u) << 48);
#endif
}

/* PrfShort's p^12.  On AVR a C permutation inlined into the caller comes
 * out about 40% longer (avr-gcc allocating 64-bit lanes in the larger
 * function: 10,867 instructions against 7,684 for opt64's p^12 called
 * alone, ./lwcbench profile), so it is called out of line there. */
#if ASCON_AUTH_WORD == 1 && defined(__GNUC__)
static __attribute__((noinline)) void ascon_prfs_permute(perm_state_t *s) {
  perm_permute(s, 12);
}
#else
#define ascon_prfs_permute(s) perm_permute((s), 12)
#endif

#ifdef ASCON_PRFS_WHOLE
/* The assembly's one call (asm_calls.h): the message and the output through
 * 16-byte buffers on the stack where shorter than 16 bytes. */
static int ascon_auth_compute(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen,
                              const uint8_t *key) {
  perm_state_t iv; /* lane 0 only: public */
  uint32_t m[4], t[4];
  if (inlen > ASCON_PRFS_MAX || outlen > ASCON_PRFS_MAX) return LWC_ERR_ARG;
  ascon_prfs_iv(&iv, inlen);
  if (inlen < ASCON_PRFS_MAX) {
    m[0] = m[1] = m[2] = m[3] = 0;
    if (inlen > 0) __builtin_memcpy(m, in, inlen);
    in = (const uint8_t *)m;
  }
  ASCON_PRFS_WHOLE(outlen == ASCON_PRFS_MAX ? out : (uint8_t *)t, in, key, &iv);
  if (outlen < ASCON_PRFS_MAX) {
    if (outlen > 0) __builtin_memcpy(out, t, outlen);
    lwc_wipe_bytes(t, sizeof t);
  }
  if (in == (const uint8_t *)m) lwc_wipe_bytes(m, sizeof m);
  return LWC_OK;
}
#else
static int ascon_auth_compute(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen,
                              const uint8_t *key) {
  perm_state_t s;
  uint64_t k0, k1, w0, w1;
  if (inlen > ASCON_PRFS_MAX || outlen > ASCON_PRFS_MAX) return LWC_ERR_ARG;
  /* the key read once: into the state, and added to the lanes taken out */
  k0 = ascon_auth_load8(key);
  k1 = ascon_auth_load8(key + 8);
  ascon_prfs_iv(&s, inlen);
  ascon_lane_set(&s, 1, k0);
  ascon_lane_set(&s, 2, k1);
  /* the message's lanes set as they are (zeros after it), no xor; no
   * pointer arithmetic past what the caller gave (in may be NULL at 0) */
  ascon_lane_set(&s, 3, inlen >= 8 ? ascon_auth_load8(in)
                        : inlen > 0 ? ascon_load(in, 0, (unsigned)inlen) : 0);
  ascon_lane_set(&s, 4, inlen == 16 ? ascon_auth_load8(in + 8)
                        : inlen > 8 ? ascon_load(in + 8, 0, (unsigned)inlen - 8) : 0);
  ascon_prfs_permute(&s);
  /* the key added to the lanes taken out, not to the state: no conversion */
  w0 = ascon_lane_get(&s, 3) ^ k0;
  w1 = ascon_lane_get(&s, 4) ^ k1;
  ascon_auth_wipe(&s);
  if (outlen == 16) {
    ascon_auth_store8(out, w0);
    ascon_auth_store8(out + 8, w1);
  } else if (outlen > 8) {
    ascon_auth_store8(out, w0);
    ascon_store(out + 8, w1, 0, (unsigned)outlen - 8);
  } else if (outlen > 0) {
    ascon_store(out, w0, 0, (unsigned)outlen);
  }
  return LWC_OK;
}
#endif
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
