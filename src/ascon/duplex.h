/*
 * The narrow interface the modes are written against (XKCP style): the
 * state seen as a 40-byte string, bytes added, extracted or duplexed at any
 * offset, and the permutation.  A backend supplies only the state type,
 * lane get/set/xor and perm_permute(); this layer maps byte ranges onto
 * lanes once for all of them.
 *
 *   perm_add(s, in, off, len)        S[off..] ^= in
 *   perm_extract(s, out, off, len)   out = S[off..]
 *   ascon_encrypt(s, out, in, off, len)  S ^= in; out = S    (out may be in)
 *   ascon_decrypt(s, out, in, off, len)  out = S ^ in; S = in (out may be in)
 *   ascon_add_byte(s, b, off)         S[off] ^= b (padding, domain bits)
 *
 * off + len <= 40.  Full lanes go through one load and one store each.
 */
#ifndef ASCON_DUPLEX_H
#define ASCON_DUPLEX_H

#include "ascon/word.h"

#if defined(ASCON_LANES_PLAIN) && defined(__AVR__)
/* AVR: lanes64.h's state in RAM is the 40-byte string itself, byte k at
 * k (SP 800-232's little-endian lanes) or at k ^ 7 (v1.2's big-endian
 * ones: byte j of lane i is the lane's byte 7 - j); 64-bit values cost
 * register shuffles and library shifts on an 8-bit core, so every
 * operation goes a byte at a time. */
#define ASCON_STATE_BYTE(k) ((k) ^ (ASCON_LITTLE_ENDIAN ? 0u : 7u))

LWC_INLINE void perm_add(perm_state_t *s, const uint8_t *in, unsigned off, unsigned len) {
  uint8_t *b = (uint8_t *)s;
  for (; len > 0; len--, off++) b[ASCON_STATE_BYTE(off)] ^= *in++;
}

LWC_INLINE void perm_extract(const perm_state_t *s, uint8_t *out, unsigned off, unsigned len) {
  const uint8_t *b = (const uint8_t *)s;
  for (; len > 0; len--, off++) *out++ = b[ASCON_STATE_BYTE(off)];
}

LWC_INLINE void ascon_encrypt(perm_state_t *s, uint8_t *out, const uint8_t *in, unsigned off,
                              unsigned len) {
  uint8_t *b = (uint8_t *)s;
  for (; len > 0; len--, off++) {
    uint8_t c = (uint8_t)(b[ASCON_STATE_BYTE(off)] ^ *in++);
    b[ASCON_STATE_BYTE(off)] = c;
    *out++ = c;
  }
}

LWC_INLINE void ascon_decrypt(perm_state_t *s, uint8_t *out, const uint8_t *in, unsigned off,
                              unsigned len) {
  uint8_t *b = (uint8_t *)s;
  for (; len > 0; len--, off++) {
    uint8_t c = *in++; /* read before out (may be in) */
    *out++ = (uint8_t)(b[ASCON_STATE_BYTE(off)] ^ c);
    b[ASCON_STATE_BYTE(off)] = c;
  }
}

LWC_INLINE void ascon_add_byte(perm_state_t *s, uint8_t v, unsigned off) {
  ((uint8_t *)s)[ASCON_STATE_BYTE(off)] ^= v;
}

#else
/* Each operation walks the lanes touched by [off, off + len): lane i, first
 * byte j within it, n bytes there. */
/* Bytes in and out of a lane: whole lanes (n == 8, so j == 0) the fast way. */
#define ASCON_LOAD(p, j, n) ((n) == 8 ? ascon_load8(p) : ascon_load((p), (j), (n)))
#define ASCON_STORE(p, w, j, n) \
  ((n) == 8 ? ascon_store8((p), (w)) : ascon_store((p), (w), (j), (n)))

#define ASCON_LANE_STEP(off, len, i, j, n) \
  unsigned i = (off) / 8, j = (off) % 8, n = 8 - j; \
  if (n > (len)) n = (len)

LWC_INLINE void perm_add(perm_state_t *s, const uint8_t *in,
                         unsigned off, unsigned len) {
  while (len > 0) {
    ASCON_LANE_STEP(off, len, i, j, n);
    ascon_lane_xor(s, i, ASCON_LOAD(in, j, n));
    in += n;
    off += n;
    len -= n;
  }
}

LWC_INLINE void perm_extract(const perm_state_t *s, uint8_t *out,
                             unsigned off, unsigned len) {
  while (len > 0) {
    ASCON_LANE_STEP(off, len, i, j, n);
    ASCON_STORE(out, ascon_lane_get(s, i), j, n);
    out += n;
    off += n;
    len -= n;
  }
}

LWC_INLINE void ascon_encrypt(perm_state_t *s, uint8_t *out,
                              const uint8_t *in, unsigned off,
                              unsigned len) {
  while (len > 0) {
    ASCON_LANE_STEP(off, len, i, j, n);
    ascon_lane_xor(s, i, ASCON_LOAD(in, j, n));
    ASCON_STORE(out, ascon_lane_get(s, i), j, n);
    in += n;
    out += n;
    off += n;
    len -= n;
  }
}

LWC_INLINE void ascon_decrypt(perm_state_t *s, uint8_t *out,
                              const uint8_t *in, unsigned off,
                              unsigned len) {
  while (len > 0) {
    ASCON_LANE_STEP(off, len, i, j, n);
    uint64_t c = ASCON_LOAD(in, j, n); /* read before out (may be in) */
    uint64_t w = ascon_lane_get(s, i);
    ASCON_STORE(out, w ^ c, j, n);
    ascon_lane_set(s, i, n == 8 ? c : (w & ~ascon_byte_mask(j, n)) | c);
    in += n;
    out += n;
    off += n;
    len -= n;
  }
}

LWC_INLINE void ascon_add_byte(perm_state_t *s, uint8_t b, unsigned off) {
  ascon_lane_xor(s, off / 8, (uint64_t)b << ASCON_SHIFT(off % 8));
}
#endif

#endif
