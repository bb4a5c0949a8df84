/*
 * Compiler run-time helpers for the Xtensa LX106 build.  Debian's libgcc
 * for xtensa-lx106-elf leaves out the ones the ESP8266 ROM provides at
 * fixed addresses: 32-bit division (the LX106 has no divider) and the
 * 64-bit multiplications (it has MULL, 32x32->32, but no high half).
 * Written so that gcc does not turn them back into calls to themselves:
 * only shifts, adds, compares and 16x16->32 multiplications.
 * Their instructions are counted like the code that calls them (as the
 * ROM's would be on an ESP8266).
 */
#include <stdint.h>

uint32_t __udivsi3(uint32_t n, uint32_t d);
uint32_t __umodsi3(uint32_t n, uint32_t d);
int32_t __divsi3(int32_t n, int32_t d);
uint64_t __umulsidi3(uint32_t a, uint32_t b);
uint64_t __muldi3(uint64_t a, uint64_t b);

/* Shift-and-subtract division: the divisor is first shifted up to the
 * dividend's size, so small quotients (the usual case) take few steps.
 * Division by zero gives quotient 0 and remainder n (no trap). */
static uint32_t udivmod(uint32_t n, uint32_t d, uint32_t *rem) {
  uint32_t q = 0, bit = 1;
  if (d == 0) {
    *rem = n;
    return 0;
  }
  while (d < n && !(d & 0x80000000u)) {
    d <<= 1;
    bit <<= 1;
  }
  while (bit != 0) {
    if (n >= d) {
      n -= d;
      q |= bit;
    }
    d >>= 1;
    bit >>= 1;
  }
  *rem = n;
  return q;
}

uint32_t __udivsi3(uint32_t n, uint32_t d) {
  uint32_t r;
  return udivmod(n, d, &r);
}

uint32_t __umodsi3(uint32_t n, uint32_t d) {
  uint32_t r;
  udivmod(n, d, &r);
  return r;
}

/* C semantics: the quotient rounds towards zero. */
int32_t __divsi3(int32_t n, int32_t d) {
  uint32_t r, un = n < 0 ? 0u - (uint32_t)n : (uint32_t)n;
  uint32_t ud = d < 0 ? 0u - (uint32_t)d : (uint32_t)d;
  uint32_t q = udivmod(un, ud, &r);
  return (int32_t)((n < 0) != (d < 0) ? 0u - q : q);
}

/* 32x32->64 from four 16x16->32 products. */
uint64_t __umulsidi3(uint32_t a, uint32_t b) {
  uint32_t al = a & 0xffff, ah = a >> 16, bl = b & 0xffff, bh = b >> 16;
  uint32_t lo = al * bl, m1 = al * bh, m2 = ah * bl, hi = ah * bh;
  uint32_t mid = (lo >> 16) + (m1 & 0xffff) + (m2 & 0xffff); /* < 3 * 2^16 */
  uint32_t low = (lo & 0xffff) | (mid << 16);
  hi += (m1 >> 16) + (m2 >> 16) + (mid >> 16);
  return ((uint64_t)hi << 32) | low;
}

/* 64x64->64: the low product in full, the cross terms only low halves. */
uint64_t __muldi3(uint64_t a, uint64_t b) {
  uint32_t al = (uint32_t)a, ah = (uint32_t)(a >> 32);
  uint32_t bl = (uint32_t)b, bh = (uint32_t)(b >> 32);
  uint64_t p = __umulsidi3(al, bl);
  return p + ((uint64_t)(al * bh + ah * bl) << 32);
}
