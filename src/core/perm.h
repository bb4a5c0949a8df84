/*
 * The permutation contract: the one narrow interface every family's modes
 * are written against (XKCP's SnP, in our names).  A family's backend
 * (src/<family>/backend_<impl>.h) provides, for the family's state of
 * PERM_STATE_BYTES bytes (its common.h defines that):
 *
 *   perm_state_t                     the state, in whatever layout suits
 *                                    the permutation
 *   perm_zero(s)                     S = 0
 *   perm_add(s, in, off, len)        S[off .. off+len) ^= in
 *   perm_extract(s, out, off, len)   out = S[off .. off+len)
 *   perm_permute(s, rounds)          the permutation, `rounds` of its
 *                                    rounds or steps (the family's common.h
 *                                    says which: the last ones, mostly)
 *
 * S is the state as the family's specification writes it, a string of
 * bytes; off + len <= PERM_STATE_BYTES (the modes never pass more; the
 * public lwc_perm descriptor, core/perm_api.h, checks a caller's bounds
 * once).  Each is a function or a function-like macro: an assembly
 * permutation is a macro over its LWC_NS symbol.  A mode names nothing
 * else of its backend but the family's own constants.
 *
 * The byte views.  A backend whose state is a plain string takes the
 * state type, perm_zero, perm_add and perm_extract from here by defining
 * one of these before it includes this file, and writes only
 * perm_permute:
 *
 *   PERM_VIEW_BYTES    uint8_t b[PERM_STATE_BYTES]: the string itself
 *   PERM_VIEW_WORDS32  uint32_t w[PERM_STATE_BYTES / 4]: byte i is bits
 *                      8 (i mod 4) .. of w[i / 4], whatever the host's
 *                      byte order; whole aligned words go through one load
 *                      or store, other bytes one at a time, or every byte
 *                      one at a time with PERM_VIEW_BYTEWISE (the smallest
 *                      code); one loop, or with PERM_VIEW_SPLIT three (bytes
 *                      to a word boundary, words, the rest), which a mode's
 *                      constant rate compiles to its word loop alone.
 *                      Sparkle's backends take it (their modes absorb at
 *                      constant offsets); for the other families it was
 *                      measured larger, and faster on 32-bit cores only
 *
 * A backend with another layout (Ascon's lanes and interleaved halves, the
 * MSP430 nibble-sliced PHOTON state, a core whose word loads may be
 * unaligned) writes all five itself.  The functions take the backend's
 * LWC_INLINE, so a size variant keeps one copy of each and a speed
 * variant inlines them.
 *
 * Not in the contract: XKCP's ExtractAndAddBytes (out = in ^ S).  Every
 * mode here that decrypts also writes the ciphertext into the state, so
 * it extracts, adds the input and adds the output back; a separate
 * extract-and-add would be called by nothing.
 */
#ifndef LWC_CORE_PERM_H
#define LWC_CORE_PERM_H

#include "core/common.h"

#ifndef PERM_STATE_BYTES
#error "core/perm.h: the family's common.h defines PERM_STATE_BYTES"
#endif

#if defined(PERM_VIEW_BYTES)

typedef struct { uint8_t b[PERM_STATE_BYTES]; } perm_state_t;

LWC_INLINE void perm_zero(perm_state_t *s) {
  uint8_t *p = s->b, *end = s->b + PERM_STATE_BYTES;
  while (p != end) *p++ = 0;
}

LWC_INLINE void perm_add(perm_state_t *s, const uint8_t *in, unsigned off, unsigned len) {
  uint8_t *p = s->b + off;
  while (len-- > 0) *p++ ^= *in++;
}

LWC_INLINE void perm_extract(const perm_state_t *s, uint8_t *out, unsigned off,
                             unsigned len) {
  const uint8_t *p = s->b + off;
  while (len-- > 0) *out++ = *p++;
}

#elif defined(PERM_VIEW_WORDS32)

#ifndef PERM_VIEW_BYTEWISE
#define PERM_VIEW_BYTEWISE 0
#endif

typedef struct { uint32_t w[PERM_STATE_BYTES / 4]; } perm_state_t;

LWC_INLINE void perm_zero(perm_state_t *s) {
  unsigned i;
  for (i = 0; i < PERM_STATE_BYTES / 4; i++) s->w[i] = 0;
}

#ifdef PERM_VIEW_SPLIT
/* Bytes up to a word boundary, whole words, the bytes left: with a constant
 * offset and length (a mode's rate) the compiler keeps only the word loop. */
LWC_INLINE void perm_add(perm_state_t *s, const uint8_t *in, unsigned off, unsigned len) {
  unsigned i = 0;
  if (!PERM_VIEW_BYTEWISE) {
    for (; i < len && (off & 3u) != 0; i++, off++)
      s->w[off / 4] ^= (uint32_t)in[i] << (8u * (off & 3u));
    for (; i + 4 <= len; i += 4, off += 4) s->w[off / 4] ^= lwc_load32le(in + i);
  }
  for (; i < len; i++, off++) s->w[off / 4] ^= (uint32_t)in[i] << (8u * (off & 3u));
}

LWC_INLINE void perm_extract(const perm_state_t *s, uint8_t *out, unsigned off,
                             unsigned len) {
  unsigned i = 0;
  if (!PERM_VIEW_BYTEWISE) {
    for (; i < len && (off & 3u) != 0; i++, off++)
      out[i] = (uint8_t)(s->w[off / 4] >> (8u * (off & 3u)));
    for (; i + 4 <= len; i += 4, off += 4) lwc_store32le(out + i, s->w[off / 4]);
  }
  for (; i < len; i++, off++) out[i] = (uint8_t)(s->w[off / 4] >> (8u * (off & 3u)));
}
#else
/* One loop, a word or a byte a step: the smaller code. */
LWC_INLINE void perm_add(perm_state_t *s, const uint8_t *in, unsigned off, unsigned len) {
  while (len > 0) {
    if (!PERM_VIEW_BYTEWISE && (off & 3u) == 0 && len >= 4) {
      s->w[off / 4] ^= lwc_load32le(in);
      in += 4;
      off += 4;
      len -= 4;
    } else {
      s->w[off / 4] ^= (uint32_t)*in++ << (8u * (off & 3u));
      off++;
      len--;
    }
  }
}

LWC_INLINE void perm_extract(const perm_state_t *s, uint8_t *out, unsigned off,
                             unsigned len) {
  while (len > 0) {
    if (!PERM_VIEW_BYTEWISE && (off & 3u) == 0 && len >= 4) {
      lwc_store32le(out, s->w[off / 4]);
      out += 4;
      off += 4;
      len -= 4;
    } else {
      *out++ = (uint8_t)(s->w[off / 4] >> (8u * (off & 3u)));
      off++;
      len--;
    }
  }
}
#endif

#endif

#endif
