/*
 * bench_util.c: what the core (bench_core.c) and the KAT checks
 * (bench_kat.c, bench_kat_perm.c) share.
 */
#ifndef LWC_BENCH_UTIL_H
#define LWC_BENCH_UTIL_H

#include "bench.h"

/* ---- answer lines ---- */
#define OUT_LINE (BENCH_LINE + 160) /* request fields echoed plus numbers */

/* A line under construction in a caller's buffer (sized for its line: a
 * small device's stack has no room for long buffers one above another). */
typedef struct {
  char *s;
  size_t n, cap;
} text_t;

text_t text_at(char *buf, size_t cap);
void t_str(text_t *t, const char *s);
#if defined(__AVR__)
void t_rom(text_t *t, const bench_str *s); /* a BENCH_STR, read from flash */
#else
static inline void t_rom(text_t *t, const bench_str *s) { t_str(t, (const char *)s); }
#endif
void t_u64(text_t *t, uint64_t v);
void t_hex32(text_t *t, uint32_t v);
/* " NAME=V", or " NAMESUFFIX=V" when suffix is not NULL */
void t_field_sfx(text_t *t, const bench_str *name, const bench_str *suffix, uint64_t v);
void t_field(text_t *t, const bench_str *name, uint64_t v);

/* "STATUS WORDS" and "err TEXT" (*ok = 0; returns 0) */
void bench_reply(const bench_str *status, const bench_str *words);
int bench_fail(int *ok, const bench_str *text);
void bench_put_kat(uint32_t count, uint32_t crc);           /* "k COUNT CRC" */
void bench_put_ok_count(const bench_str *name, uint64_t v); /* "ok NAME=V" */

/* ---- inputs and outputs ---- */
/* p[i] = start + i: the input sequences of the KAT files and measurements */
void bench_fill(uint8_t *p, size_t n, unsigned start);
uint32_t bench_crc32(uint32_t crc, const uint8_t *p, size_t n);

#endif
