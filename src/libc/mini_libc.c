/*
 * The few C library functions lwc needs where the toolchain has no C
 * library (Debian has none for riscv64-unknown-elf, xtensa-lx106-elf or
 * msp430): those src/lib/lwc.c calls and those compilers emit for struct
 * copies.  CMakeLists.txt adds this file to the library when the compiler
 * finds no <string.h>; the benchmark firmware (harness/) links it on every
 * cross target, for its own calls too.  Plain byte loops.
 */
#include <string.h> /* include/string.h beside this file, or the target's libc (avr-libc) */

void *memcpy(void *dst, const void *src, size_t n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  while (n--) *d++ = *s++;
  return dst;
}

void *memmove(void *dst, const void *src, size_t n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  if (d < s) {
    while (n--) *d++ = *s++;
  } else {
    while (n--) d[n] = s[n];
  }
  return dst;
}

void *memset(void *dst, int c, size_t n) {
  unsigned char *d = dst;
  while (n--) *d++ = (unsigned char)c;
  return dst;
}

int memcmp(const void *a, const void *b, size_t n) {
  const unsigned char *x = a, *y = b;
  for (; n > 0; n--, x++, y++)
    if (*x != *y) return *x < *y ? -1 : 1;
  return 0;
}

int strcmp(const char *a, const char *b) {
  while (*a != '\0' && *a == *b) a++, b++;
  return (unsigned char)*a - (unsigned char)*b;
}

size_t strlen(const char *s) {
  size_t n = 0;
  while (s[n] != '\0') n++;
  return n;
}
