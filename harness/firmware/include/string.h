/* <string.h> for the cross targets built without a C library (Debian has
 * none for riscv64-unknown-elf, xtensa-lx106-elf or msp430): the few
 * functions the firmware uses, implemented by ../mini_libc.c.  CrossTarget
 * puts this folder on the system include path (libc_headers = False). */
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
