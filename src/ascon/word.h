/*
 * Lanes and bytes.  The 320-bit Ascon state is five 64-bit lanes; a byte
 * string of up to 40 bytes maps onto it lane by lane.  Ascon v1.2 reads
 * each lane big-endian, NIST SP 800-232 little-endian: the scheme header
 * sets ASCON_LITTLE_ENDIAN to 1 or 0 and everything else follows from
 * ASCON_SHIFT(j), the bit position of byte j (0..7) within its lane.
 */
#ifndef ASCON_WORD_H
#define ASCON_WORD_H

#include "ascon/common.h"

#ifndef ASCON_LITTLE_ENDIAN
#error "the scheme header must define ASCON_LITTLE_ENDIAN"
#endif

/* The padding bit (first bit after the data) and the domain-separation bit
 * (last bit of the state) are the same bits in both versions; only their
 * place inside a byte follows the byte order. */
#if ASCON_LITTLE_ENDIAN
#define ASCON_SHIFT(j) (8u * (unsigned)(j))
#define ASCON_PAD_BYTE 0x01u
#define ASCON_DSEP_BYTE 0x80u
#else
#define ASCON_SHIFT(j) (56u - 8u * (unsigned)(j))
#define ASCON_PAD_BYTE 0x80u
#define ASCON_DSEP_BYTE 0x01u
#endif

/* n bytes from p placed at byte positions j0 .. j0+n-1 of a lane; the other
 * positions are zero.  With constant j0 = 0, n = 8 compilers turn this into
 * one (byte-swapped) load. */
static inline uint64_t ascon_load(const uint8_t *p, unsigned j0, unsigned n) {
  uint64_t w = 0;
  unsigned k;
  for (k = 0; k < n; k++) w |= (uint64_t)p[k] << ASCON_SHIFT(j0 + k);
  return w;
}

/* A whole lane, any alignment: two 32-bit halves built with constant
 * shifts.  The byte loop of ascon_load costs a 64-bit shift per byte on a
 * 32-bit core; this is what 32-bit compilers turn into a few instructions
 * and 64-bit ones into a single load. */
static inline uint32_t ascon_bytes32(const uint8_t *p, int big_endian) {
  return big_endian ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
                    : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

static inline uint64_t ascon_load8(const uint8_t *p) {
#if ASCON_LITTLE_ENDIAN
  return (uint64_t)ascon_bytes32(p + 4, 0) << 32 | ascon_bytes32(p, 0);
#else
  return (uint64_t)ascon_bytes32(p, 1) << 32 | ascon_bytes32(p + 4, 1);
#endif
}

static inline void ascon_store8(uint8_t *p, uint64_t w) {
  unsigned k;
  uint32_t hi = (uint32_t)(w >> 32), lo = (uint32_t)w;
#if ASCON_LITTLE_ENDIAN
  for (k = 0; k < 4; k++) p[k] = (uint8_t)(lo >> (8 * k)), p[k + 4] = (uint8_t)(hi >> (8 * k));
#else
  for (k = 0; k < 4; k++) p[k] = (uint8_t)(hi >> (24 - 8 * k)), p[k + 4] = (uint8_t)(lo >> (24 - 8 * k));
#endif
}

/* Inverse of ascon_load: write byte positions j0 .. j0+n-1 of w to p. */
static inline void ascon_store(uint8_t *p, uint64_t w, unsigned j0,
                               unsigned n) {
  unsigned k;
  for (k = 0; k < n; k++) p[k] = (uint8_t)(w >> ASCON_SHIFT(j0 + k));
}

/* All-ones at byte positions j0 .. j0+n-1. */
static inline uint64_t ascon_byte_mask(unsigned j0, unsigned n) {
  uint64_t m = 0;
  unsigned k;
  for (k = 0; k < n; k++) m |= (uint64_t)0xff << ASCON_SHIFT(j0 + k);
  return m;
}

static inline uint64_t ascon_ror64(uint64_t x, unsigned n) {
  return (x >> n) | (x << ((64u - n) & 63u));
}

#endif
