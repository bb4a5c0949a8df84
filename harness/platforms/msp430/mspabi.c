/*
 * The compiler runtime clang calls on the MSP430 (no libgcc in Debian):
 * multiplication, division and shifts that the CPU has no instruction for,
 * named as in the MSP430 EABI (SLAA534 tables 9-11) or as in libgcc
 * (64-bit shifts).  Written with shifts by one and additions only, so that
 * none of them calls back into itself.  Only the harness multiplies and
 * divides; the implementations call the 64-bit shifts (bytes into 64-bit
 * lanes), which are in assembly, a word at a time, in mspabi_s.S with the
 * 32-bit ones.
 * The 64-bit multiply/divide helpers take their operands in r8..r11 and
 * r12..r15 (LLVM's MSP430_BUILTIN convention): mspabi_s.S moves them into
 * the C convention and calls the *_c functions below.
 */
#include <stdint.h>

uint16_t __mspabi_mpyi(uint16_t a, uint16_t b);
uint32_t __mspabi_mpyl(uint32_t a, uint32_t b);
uint64_t lwc_mspabi_mpyll_c(uint64_t a, uint64_t b);
uint16_t __mspabi_divu(uint16_t a, uint16_t b);
uint16_t __mspabi_remu(uint16_t a, uint16_t b);
int16_t __mspabi_divi(int16_t a, int16_t b);
int16_t __mspabi_remi(int16_t a, int16_t b);
uint32_t __mspabi_divul(uint32_t a, uint32_t b);
uint32_t __mspabi_remul(uint32_t a, uint32_t b);
int32_t __mspabi_divli(int32_t a, int32_t b);
int32_t __mspabi_remli(int32_t a, int32_t b);
uint64_t lwc_mspabi_divull_c(uint64_t a, uint64_t b);
uint64_t lwc_mspabi_remull_c(uint64_t a, uint64_t b);
int64_t lwc_mspabi_divlli_c(int64_t a, int64_t b);
int64_t lwc_mspabi_remlli_c(int64_t a, int64_t b);
uint16_t __mspabi_slli(uint16_t a, int16_t n);
uint16_t __mspabi_srli(uint16_t a, int16_t n);
int16_t __mspabi_srai(int16_t a, int16_t n);

/* ---- multiplication: shift and add ---- */
uint16_t __mspabi_mpyi(uint16_t a, uint16_t b) {
  uint16_t r = 0;
  for (; b != 0; b >>= 1, a <<= 1)
    if (b & 1u) r += a;
  return r;
}

uint32_t __mspabi_mpyl(uint32_t a, uint32_t b) {
  uint32_t r = 0;
  for (; b != 0; b >>= 1, a <<= 1)
    if (b & 1u) r += a;
  return r;
}

uint64_t lwc_mspabi_mpyll_c(uint64_t a, uint64_t b) {
  uint64_t r = 0;
  for (; b != 0; b >>= 1, a <<= 1)
    if (b & 1u) r += a;
  return r;
}

/* ---- division: restoring, one quotient bit per step ---- */
#define UDIVMOD(name, T, BITS)                              \
  static __attribute__((noinline)) T name(T n, T d, T *rem) {\
    T q = 0, r = 0;                                         \
    int i;                                                  \
    for (i = 0; i < BITS; i++) {                            \
      r = (T)((r << 1) | (n >> (BITS - 1)));                \
      n <<= 1;                                              \
      q <<= 1;                                              \
      if (r >= d) {                                         \
        r -= d;                                             \
        q |= 1u;                                            \
      }                                                     \
    }                                                       \
    *rem = r;                                               \
    return q;                                               \
  }
UDIVMOD(udivmod16, uint16_t, 16)
UDIVMOD(udivmod32, uint32_t, 32)
UDIVMOD(udivmod64, uint64_t, 64)

/* Signed: divide the magnitudes; the quotient is negative when the signs
 * differ, the remainder has the dividend's sign (C semantics). */
#define SDIV(name, remname, S, U, udm)                      \
  S name(S a, S b) {                                        \
    U r, ua = a < 0 ? (U)0 - (U)a : (U)a;                   \
    U ub = b < 0 ? (U)0 - (U)b : (U)b;                      \
    U q = udm(ua, ub, &r);                                  \
    return (S)((a < 0) != (b < 0) ? (U)0 - q : q);          \
  }                                                         \
  S remname(S a, S b) {                                     \
    U r, ua = a < 0 ? (U)0 - (U)a : (U)a;                   \
    U ub = b < 0 ? (U)0 - (U)b : (U)b;                      \
    (void)udm(ua, ub, &r);                                  \
    return (S)(a < 0 ? (U)0 - r : r);                       \
  }

uint16_t __mspabi_divu(uint16_t a, uint16_t b) { uint16_t r; return udivmod16(a, b, &r); }
uint16_t __mspabi_remu(uint16_t a, uint16_t b) { uint16_t r; udivmod16(a, b, &r); return r; }
uint32_t __mspabi_divul(uint32_t a, uint32_t b) { uint32_t r; return udivmod32(a, b, &r); }
uint32_t __mspabi_remul(uint32_t a, uint32_t b) { uint32_t r; udivmod32(a, b, &r); return r; }
uint64_t lwc_mspabi_divull_c(uint64_t a, uint64_t b) { uint64_t r; return udivmod64(a, b, &r); }
uint64_t lwc_mspabi_remull_c(uint64_t a, uint64_t b) { uint64_t r; udivmod64(a, b, &r); return r; }
SDIV(__mspabi_divi, __mspabi_remi, int16_t, uint16_t, udivmod16)
SDIV(__mspabi_divli, __mspabi_remli, int32_t, uint32_t, udivmod32)
SDIV(lwc_mspabi_divlli_c, lwc_mspabi_remlli_c, int64_t, uint64_t, udivmod64)

/* ---- 16-bit shifts by a variable count (clang shifts 16 bits in line;
 * these are for completeness).  The 32- and 64-bit ones are in
 * mspabi_s.S: compiled C shifted one bit of a 64-bit value with 15. ---- */
#define SHIFT16(name, T, OP)                                \
  T name(T a, int16_t n) {                                  \
    for (; n > 0; n--) a = (T)(a OP 1);                     \
    return a;                                               \
  }
SHIFT16(__mspabi_slli, uint16_t, <<)
SHIFT16(__mspabi_srli, uint16_t, >>)
SHIFT16(__mspabi_srai, int16_t, >>)
