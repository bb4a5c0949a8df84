/* <string.h> for a toolchain without a C library (Debian has none for
 * riscv64-unknown-elf, xtensa-lx106-elf or msp430): the few functions lwc
 * and its benchmark firmware use, implemented by ../mini_libc.c.
 * CMakeLists.txt puts this folder on the system include path when the
 * compiler finds no <string.h>; so does the harness' CrossTarget
 * (libc_headers = False). */
#ifndef LWC_MINI_STRING_H
#define LWC_MINI_STRING_H
#include <stddef.h>

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
int strcmp(const char *a, const char *b);
size_t strlen(const char *s);

#endif
