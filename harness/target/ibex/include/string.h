/* rv32-ibex firmware is built without a C library (-ffreestanding
 * -nostdlib): the string functions it calls, as provided by
 * harness/target/common/mini_libc.c. */
#ifndef LWC_IBEX_STRING_H
#define LWC_IBEX_STRING_H
#include <stddef.h>

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
int strcmp(const char *a, const char *b);
size_t strlen(const char *s);

#endif
