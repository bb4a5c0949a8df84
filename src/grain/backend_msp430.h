/*
 * MSP430 assembly backend (src/grain/msp430/fast.S, written by gen.py):
 * the seed's two generators (pre-output, authenticator) in assembly, the
 * mode in C.
 *
 *   grain_msp430_clock16(st, ymask, ks, kb)  16 clocks, 16 bits per word
 *                            operation; the outputs (bit t: clock t) are
 *                            returned, and fed back where ymask is set,
 *                            with the key words ks (into s), kb (into b)
 *   grain_msp430_stream(st, out, in, len, dec)  len bytes (1 .. 65535)
 *                            through the generator and the authenticator:
 *                            st is the mode's state (the generator's 32
 *                            bytes, the accumulator A, the shift register
 *                            R), out 0 when only authenticating, dec 0xff
 *                            when the data are the outputs (decryption),
 *                            else 0
 *
 * With GRAIN_BACKEND_STREAM the mode hands its whole byte strings to the
 * last one (aead_mode.h); the rest of the interface of common.h stays:
 * grain_preoutput() clocks n rounded up to a multiple of 16 (the mode asks
 * for 16 and 32, and for 1 only to skip the padding bit's output, after
 * which the generator is never used again), grain_unclock() is plain C.
 */
#ifndef GRAIN_BACKEND_H
#define GRAIN_BACKEND_H

#define GRAIN_WORD uint16_t /* common.h: each register as eight words */
#include "grain/common.h"

#define GRAIN_BACKEND_NAME "asm_msp430"

unsigned LWC_NS(grain_msp430_clock16)(grain_state_t *st, unsigned ymask, unsigned ks,
                                      unsigned kb);
void LWC_NS(grain_msp430_stream)(void *st, uint8_t *out, const uint8_t *in, size_t len,
                                 unsigned dec);

#define GRAIN_BACKEND_STREAM(st, out, in, len, dec) \
  LWC_NS(grain_msp430_stream)((st), (out), (in), (len), (dec))

static inline unsigned grain_load16(const uint8_t *p) { return p[0] | (unsigned)p[1] << 8; }

static void grain_setup(grain_state_t *st, const uint8_t *key, const uint8_t *nonce) {
  unsigned i;
  for (i = 0; i < 8; i++) st->b[i] = (uint16_t)grain_load16(key + 2 * i);
  for (i = 0; i < 6; i++) st->s[i] = (uint16_t)grain_load16(nonce + 2 * i);
  st->s[6] = 0xffffu; /* 1^31 || 0 */
  st->s[7] = 0x7fffu;
  for (i = 0; i < GRAIN_INIT_CLOCKS / 16; i++) (void)LWC_NS(grain_msp430_clock16)(st, 0xffffu, 0, 0);
  for (i = 0; i < GRAIN_KEY_CLOCKS / 16; i++)
    (void)LWC_NS(grain_msp430_clock16)(st, 0xffffu, grain_load16(key + 8 + 2 * i),
                                       grain_load16(key + 2 * i));
}

static inline uint32_t grain_preoutput(grain_state_t *st, unsigned n) {
  uint32_t y = LWC_NS(grain_msp430_clock16)(st, 0, 0, 0);
  if (n > 16) return y | (uint32_t)LWC_NS(grain_msp430_clock16)(st, 0, 0, 0) << 16;
  return n == 16 ? y : y & ((1u << n) - 1u);
}

/* One clock backwards, a bit at a time: only the end of a split associated
 * data uses it (16 or 32 clocks). */
static unsigned grain_bit16(const uint16_t *r, unsigned i) { return (r[i / 16] >> (i % 16)) & 1u; }
static void grain_unclock(grain_state_t *st) {
  uint16_t *s = st->s, *b = st->b;
#define S(i) grain_bit16(s, (i))
#define B(i) grain_bit16(b, (i))
  unsigned s0 = S(127) ^ S(6) ^ S(37) ^ S(69) ^ S(80) ^ S(95);
  unsigned b0 = B(127) ^ s0 ^ B(25) ^ B(55) ^ B(90) ^ B(95) ^ (B(2) & B(66)) ^ (B(10) & B(12)) ^
                (B(16) & B(17)) ^ (B(26) & B(58)) ^ (B(39) & B(47)) ^ (B(60) & B(64)) ^
                (B(67) & B(83)) ^ (B(21) & B(23) & B(24)) ^ (B(69) & B(77) & B(81)) ^
                (B(87) & B(91) & B(92) & B(94));
#undef S
#undef B
  unsigned i;
  for (i = 7; i > 0; i--) {
    s[i] = (uint16_t)(s[i] << 1 | s[i - 1] >> 15);
    b[i] = (uint16_t)(b[i] << 1 | b[i - 1] >> 15);
  }
  s[0] = (uint16_t)(s[0] << 1 | s0);
  b[0] = (uint16_t)(b[0] << 1 | b0);
}

#endif
