/*
 * Compiler run-time helpers for the windowed build (xtensa-esp32-qemu).
 * Debian's libgcc for xtensa-lx106-elf is call0 code: a windowed caller's
 * call8 into it would return through `ret` with the window still rotated.
 * That target links no libgcc: libgcc_lx106.c (division, 64-bit
 * multiplication) and this file, both compiled windowed, hold every helper
 * the firmware needs; a helper missing is a link error, never a call0
 * routine called by mistake.
 */
#include <stdint.h>

int32_t __modsi3(int32_t n, int32_t d);
uint32_t __umodsi3(uint32_t n, uint32_t d);
uint64_t __ashldi3(uint64_t a, int b);
uint64_t __lshrdi3(uint64_t a, int b);
int64_t __ashrdi3(int64_t a, int b);

/* C semantics: the remainder has the dividend's sign. */
int32_t __modsi3(int32_t n, int32_t d) {
  uint32_t un = n < 0 ? 0u - (uint32_t)n : (uint32_t)n;
  uint32_t ud = d < 0 ? 0u - (uint32_t)d : (uint32_t)d;
  uint32_t r = __umodsi3(un, ud);
  return (int32_t)(n < 0 ? 0u - r : r);
}

/* 64-bit shifts by 0..63 on the two 32-bit halves (gcc would turn the
 * 64-bit operators back into calls to these very functions). */
typedef union {
  uint64_t u;
  struct { uint32_t lo, hi; } w; /* little-endian */
} dw;

uint64_t __ashldi3(uint64_t a, int b) {
  dw x, r;
  x.u = a;
  if (b == 0)
    return a;
  if (b >= 32) {
    r.w.lo = 0;
    r.w.hi = x.w.lo << (b - 32);
  } else {
    r.w.lo = x.w.lo << b;
    r.w.hi = (x.w.hi << b) | (x.w.lo >> (32 - b));
  }
  return r.u;
}

uint64_t __lshrdi3(uint64_t a, int b) {
  dw x, r;
  x.u = a;
  if (b == 0)
    return a;
  if (b >= 32) {
    r.w.hi = 0;
    r.w.lo = x.w.hi >> (b - 32);
  } else {
    r.w.hi = x.w.hi >> b;
    r.w.lo = (x.w.lo >> b) | (x.w.hi << (32 - b));
  }
  return r.u;
}

int64_t __ashrdi3(int64_t a, int b) {
  dw x, r;
  x.u = (uint64_t)a;
  if (b == 0)
    return a;
  if (b >= 32) {
    r.w.hi = (uint32_t)((int32_t)x.w.hi >> 31);
    r.w.lo = (uint32_t)((int32_t)x.w.hi >> (b - 32));
  } else {
    r.w.hi = (uint32_t)((int32_t)x.w.hi >> b);
    r.w.lo = (x.w.lo >> b) | (x.w.hi << (32 - b));
  }
  return (int64_t)r.u;
}
