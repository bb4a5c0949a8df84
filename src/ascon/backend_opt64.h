/*
 * opt64 backend: five 64-bit words, every round unrolled and inlined, for
 * 64-bit cores.  The S-box is the 22-operation bitsliced form with the
 * temporaries kept in registers; p^12, p^8 and p^6 are tails of one
 * straight-line sequence of 12 rounds.
 */
#ifndef ASCON_BACKEND_H
#define ASCON_BACKEND_H

#define LWC_FORCE_INLINE 1 /* core/common.h: every routine inlined */
#include "ascon/lanes64.h"

#ifndef ASCON_BACKEND_NAME /* the x86-64 BMI2 variant reuses this backend */
#define ASCON_BACKEND_NAME "opt64"
#endif

LWC_INLINE void ascon_round(uint64_t *x, uint64_t c) {
  uint64_t t0, t1, t2, t3, t4;
  x[2] ^= c;
  /* the input layer and chi: x_i ^= ~x_{i+1} & x_{i+2} */
  ASCON_SBOX_CHI(x, t0, t1, t2, t3, t4);
  /* output linear layer */
  t1 ^= t0;
  t0 ^= t4;
  t3 ^= t2;
  t2 = ~t2;
  /* linear diffusion */
#if defined(__x86_64__) && !defined(ASCON_X86_RORX)
  /* t ^ ror(t ^ ror(t, b - a), a): two-operand x86-64 needs a register
   * copy per rotation; this form has one copy per lane fewer (the
   * instruction count, not the latency, bounds a round there) */
  x[0] = t0 ^ ascon_ror64(t0 ^ ascon_ror64(t0, 28 - 19), 19);
  x[1] = t1 ^ ascon_ror64(t1 ^ ascon_ror64(t1, 61 - 39), 39);
  x[2] = t2 ^ ascon_ror64(t2 ^ ascon_ror64(t2, 6 - 1), 1);
  x[3] = t3 ^ ascon_ror64(t3 ^ ascon_ror64(t3, 17 - 10), 10);
  x[4] = t4 ^ ascon_ror64(t4 ^ ascon_ror64(t4, 41 - 7), 7);
#else
  x[0] = t0 ^ ascon_ror64(t0, 19) ^ ascon_ror64(t0, 28);
  x[1] = t1 ^ ascon_ror64(t1, 61) ^ ascon_ror64(t1, 39);
  x[2] = t2 ^ ascon_ror64(t2, 1) ^ ascon_ror64(t2, 6);
  x[3] = t3 ^ ascon_ror64(t3, 10) ^ ascon_ror64(t3, 17);
  x[4] = t4 ^ ascon_ror64(t4, 7) ^ ascon_ror64(t4, 41);
#endif
}

#if defined(__x86_64__) && defined(ASCON_X86_RORX)
/* x86-64 with BMI1/BMI2 (x86_64_bmi2): one round whose constant is the
 * NEXT round's (added in lane 2's linear layer, off the S-box's path), and
 * lane 2 kept complemented between rounds: the linear layer commutes with
 * a complement (L(~t) = ~L(t)), so chi's NOT is carried by that constant
 * too (one operation fewer per round; chi's ~u & v are andn).  Measured in
 * the library on the baseline x86-64 build (opt64: NOT + AND for andn) it
 * was 1.8% slower than the round above, so opt64 keeps that one. */
LWC_INLINE void ascon_round_x86(uint64_t *x, uint64_t cn) {
  uint64_t t0, t1, t2, t3, t4;
  ASCON_SBOX_CHI(x, t0, t1, t2, t3, t4);
  t1 ^= t0;
  t0 ^= t4;
  t3 ^= t2;
  x[0] = t0 ^ ascon_ror64(t0, 19) ^ ascon_ror64(t0, 28);
  x[1] = t1 ^ ascon_ror64(t1, 61) ^ ascon_ror64(t1, 39);
  x[2] = (t2 ^ cn) ^ (ascon_ror64(t2, 1) ^ ascon_ror64(t2, 6));
  x[3] = t3 ^ ascon_ror64(t3, 10) ^ ascon_ror64(t3, 17);
  x[4] = t4 ^ ascon_ror64(t4, 7) ^ ascon_ror64(t4, 41);
}

/* p^n, the last n rounds of p^12: the first round's constant is added
 * before it, every round adds ~(the next one's), the last one ~0 (the
 * complement undone).  n is a constant at almost every call site (the
 * conditions fold away); any 0 <= n <= 12 gives p^n. */
LWC_INLINE void perm_permute(perm_state_t *s, unsigned n) {
  uint64_t *x = s->x;
  if (n == 0) return;
  x[2] ^= n == 12 ? 0xf0 : n == 11 ? 0xe1 : n == 10 ? 0xd2 : n == 9 ? 0xc3
        : n == 8 ? 0xb4 : n == 7 ? 0xa5 : n == 6 ? 0x96 : n == 5 ? 0x87
        : n == 4 ? 0x78 : n == 3 ? 0x69 : n == 2 ? 0x5a : 0x4b;
  if (n >= 12) ascon_round_x86(x, ~(uint64_t)0xe1);
  if (n >= 11) ascon_round_x86(x, ~(uint64_t)0xd2);
  if (n >= 10) ascon_round_x86(x, ~(uint64_t)0xc3);
  if (n >= 9) ascon_round_x86(x, ~(uint64_t)0xb4);
  if (n >= 8) ascon_round_x86(x, ~(uint64_t)0xa5);
  if (n >= 7) ascon_round_x86(x, ~(uint64_t)0x96);
  if (n >= 6) ascon_round_x86(x, ~(uint64_t)0x87);
  if (n >= 5) ascon_round_x86(x, ~(uint64_t)0x78);
  if (n >= 4) ascon_round_x86(x, ~(uint64_t)0x69);
  if (n >= 3) ascon_round_x86(x, ~(uint64_t)0x5a);
  if (n >= 2) ascon_round_x86(x, ~(uint64_t)0x4b);
  ascon_round_x86(x, ~(uint64_t)0);
}
#else
/* The rounds count is a compile-time constant at every call site: only the
 * needed tail of rounds is emitted (ASCON_LAST_ROUNDS). */
#define ASCON_OPT64_ROUND(c) ascon_round(x, c)
LWC_INLINE void perm_permute(perm_state_t *s, unsigned n) {
  uint64_t *x = s->x;
  ASCON_LAST_ROUNDS(n, ASCON_OPT64_ROUND);
}

#endif
#endif
