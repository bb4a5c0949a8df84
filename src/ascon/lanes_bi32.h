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

#include "ascon/interleave.h"

/* lanes change form on the way in and out: a mode may give a constant
 * where it can, for the conversion to fold (auth_mode.h) */
#define ASCON_LANES_CONVERTED 1

typedef struct { uint32_t e[5], o[5]; } perm_state_t;

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
