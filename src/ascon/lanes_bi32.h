/*
 * The bit-interleaved state shared by the bi32 backends (backend_bi32.h in
 * C, backend_rv32.h in assembly): lane i as e[i], its even-numbered bits,
 * and o[i], its odd ones; the low 16 bits of each word come from the lane's
 * low 32 bits.  Bytes enter and leave through lane get/set/xor.  With
 * ASCON_RV32_ZIP the (un)interleaving of a word is RISC-V Zbkb's zip and
 * unzip (one instruction each) instead of four delta swaps.
 */
#ifndef ASCON_LANES_BI32_H
#define ASCON_LANES_BI32_H

#include "ascon/word.h"

typedef struct { uint32_t e[5], o[5]; } perm_state_t;

static inline uint32_t ascon_ror32(uint32_t x, unsigned n) {
  return (x >> n) | (x << ((32u - n) & 31u));
}

/* One delta swap: exchange the bits selected by m with those s above. */
static inline uint32_t ascon_dswap(uint32_t x, uint32_t m, unsigned s) {
  uint32_t t = (x ^ (x >> s)) & m;
  return x ^ t ^ (t << s);
}

/* Even bits to the low half, odd bits to the high half: four delta swaps,
 * or with ASCON_RV32_ZIP one Zbkb unzip (constants are still folded in C:
 * gcc 12 with zbs in -march fails on some constant asm operands). */
static inline uint32_t ascon_unzip32_c(uint32_t x) {
  x = ascon_dswap(x, 0x22222222u, 1);
  x = ascon_dswap(x, 0x0c0c0c0cu, 2);
  x = ascon_dswap(x, 0x00f000f0u, 4);
  return ascon_dswap(x, 0x0000ff00u, 8);
}

/* Inverse of ascon_unzip32: the same swaps in reverse order. */
static inline uint32_t ascon_zip32_c(uint32_t x) {
  x = ascon_dswap(x, 0x0000ff00u, 8);
  x = ascon_dswap(x, 0x00f000f0u, 4);
  x = ascon_dswap(x, 0x0c0c0c0cu, 2);
  return ascon_dswap(x, 0x22222222u, 1);
}

#ifdef ASCON_RV32_ZIP
static inline uint32_t ascon_unzip32(uint32_t x) {
  if (__builtin_constant_p(x)) return ascon_unzip32_c(x);
  __asm__("unzip %0, %1" : "=r"(x) : "r"(x));
  return x;
}

static inline uint32_t ascon_zip32(uint32_t x) {
  if (__builtin_constant_p(x)) return ascon_zip32_c(x);
  __asm__("zip %0, %1" : "=r"(x) : "r"(x));
  return x;
}
#else
#define ascon_unzip32 ascon_unzip32_c
#define ascon_zip32 ascon_zip32_c
#endif

static inline void perm_zero(perm_state_t *s) {
  unsigned i;
  for (i = 0; i < 5; i++) s->e[i] = s->o[i] = 0;
}

static inline void ascon_lane_set(perm_state_t *s, unsigned i, uint64_t v) {
  uint32_t lo = ascon_unzip32((uint32_t)v);
  uint32_t hi = ascon_unzip32((uint32_t)(v >> 32));
  s->e[i] = (lo & 0xffffu) | (hi << 16);
  s->o[i] = (lo >> 16) | (hi & 0xffff0000u);
}

static inline uint64_t ascon_lane_get(const perm_state_t *s, unsigned i) {
  uint32_t lo = (s->e[i] & 0xffffu) | (s->o[i] << 16);
  uint32_t hi = (s->e[i] >> 16) | (s->o[i] & 0xffff0000u);
  return (uint64_t)ascon_zip32(lo) | (uint64_t)ascon_zip32(hi) << 32;
}

static inline void ascon_lane_xor(perm_state_t *s, unsigned i, uint64_t v) {
  uint32_t lo = ascon_unzip32((uint32_t)v);
  uint32_t hi = ascon_unzip32((uint32_t)(v >> 32));
  s->e[i] ^= (lo & 0xffffu) | (hi << 16);
  s->o[i] ^= (lo >> 16) | (hi & 0xffff0000u);
}

#endif
