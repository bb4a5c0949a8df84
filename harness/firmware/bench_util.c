/*
 * What lwc-bench's core (bench_core.c) and its KAT checks (bench_kat.c,
 * bench_kat_perm.c) both use (protocol in bench.h; declared in
 * bench_util.h): the answer lines, built without printf in a caller's
 * buffer (text_t: decimal and hex numbers, the runtime's constant
 * strings, in flash on AVR), the input sequences (bench_fill) and the
 * CRC-32 of the KAT's outputs.  The core calls the KAT checks; both call
 * this file, which calls neither (the port's bench_put_line only).
 */
#include "bench.h"
#include "bench_util.h"

text_t text_at(char *buf, size_t cap) {
  text_t t;
  t.s = buf;
  t.n = 0;
  t.cap = cap;
  buf[0] = '\0';
  return t;
}

void t_str(text_t *t, const char *s) {
  while (*s != '\0' && t->n + 1 < t->cap) t->s[t->n++] = *s++;
  t->s[t->n] = '\0';
}

/* The same for a constant string of the runtime (bench.h: in flash on AVR,
 * where it is not inlined: flash reads take a few instructions each). */
#if defined(__AVR__)
__attribute__((noinline)) void t_rom(text_t *t, const bench_str *s) {
  const char *p = (const char *)s;
  char c;
  while ((c = (char)bench_rom_byte(p)) != '\0' && t->n + 1 < t->cap) {
    t->s[t->n++] = c;
    p++;
  }
  t->s[t->n] = '\0';
}

void bench_rom_copy(void *dst, const void *rom, size_t n) {
  uint8_t *d = dst;
  const uint8_t *p = rom;
  while (n-- > 0) *d++ = bench_rom_byte(p++);
}
#endif

/* Decimal by subtracting powers of ten: no 64-bit division needed. */
void t_u64(text_t *t, uint64_t v) {
  static const uint64_t pow10[] BENCH_ROM = {
      10000000000000000000u, 1000000000000000000u, 100000000000000000u,
      10000000000000000u, 1000000000000000u, 100000000000000u,
      10000000000000u, 1000000000000u, 100000000000u, 10000000000u,
      1000000000u, 100000000u, 10000000u, 1000000u, 100000u, 10000u, 1000u,
      100u, 10u, 1u};
  char d[2] = {0, 0};
  int started = 0;
  size_t i;
  for (i = 0; i < sizeof pow10 / sizeof pow10[0]; i++) {
    uint64_t p;
    bench_rom_copy(&p, &pow10[i], sizeof p);
    d[0] = '0';
    while (v >= p) {
      v -= p;
      d[0]++;
    }
    if (d[0] != '0' || started || i + 1 == sizeof pow10 / sizeof pow10[0]) {
      started = 1;
      t_str(t, d);
    }
  }
}

void t_hex32(text_t *t, uint32_t v) {
  static const char digits[] BENCH_ROM = "0123456789abcdef";
  char d[9];
  int i;
  for (i = 7; i >= 0; i--, v >>= 4) d[i] = (char)bench_rom_byte(&digits[v & 15u]);
  d[8] = '\0';
  t_str(t, d);
}

/* " NAME=V", or " NAMESUFFIX=V" when suffix is not NULL */
void t_field_sfx(text_t *t, const bench_str *name, const bench_str *suffix, uint64_t v) {
  t_rom(t, BENCH_STR(" "));
  t_rom(t, name);
  if (suffix != NULL) t_rom(t, suffix);
  t_rom(t, BENCH_STR("="));
  t_u64(t, v);
}

void t_field(text_t *t, const bench_str *name, uint64_t v) {
  t_field_sfx(t, name, NULL, v);
}

/* Answers build their line in their own frame (noinline here and below): a
 * line buffer is large for a small device and must not sit on the stack
 * under a measured operation. */
__attribute__((noinline)) void bench_reply(const bench_str *status, const bench_str *words) {
  char buf[OUT_LINE];
  text_t t = text_at(buf, sizeof buf);
  t_rom(&t, status);
  t_rom(&t, BENCH_STR(" "));
  t_rom(&t, words);
  bench_put_line(t.s);
}

__attribute__((noinline)) int bench_fail(int *ok, const bench_str *text) {
  *ok = 0;
  bench_reply(BENCH_STR("err"), text);
  return 0;
}

void bench_fill(uint8_t *p, size_t n, unsigned start) {
  size_t i;
  for (i = 0; i < n; i++) p[i] = (uint8_t)(start + i);
}

/* CRC-32 (IEEE 802.3, reflected) of the KAT's outputs, four bits at a time:
 * t[i] is the CRC register after shifting nibble i out (0xedb88320 the
 * reflected polynomial).  64 bytes of table instead of 8 conditional steps
 * a byte: the KAT on the slow simulators spent a fifth of its time here.
 * The data is the KAT's public output: the lookups leak nothing. */
uint32_t bench_crc32(uint32_t crc, const uint8_t *p, size_t n) {
  static const uint32_t t[16] BENCH_ROM = {
      0x00000000u, 0x1db71064u, 0x3b6e20c8u, 0x26d930acu, 0x76dc4190u, 0x6b6b51f4u,
      0x4db26158u, 0x5005713cu, 0xedb88320u, 0xf00f9344u, 0xd6d6a3e8u, 0xcb61b38cu,
      0x9b64c2b0u, 0x86d3d2d4u, 0xa00ae278u, 0xbdbdf21cu};
  size_t i;
  crc = ~crc;
  for (i = 0; i < n; i++) {
    crc ^= p[i];
    crc = (crc >> 4) ^ bench_rom_u32(&t[crc & 15u]);
    crc = (crc >> 4) ^ bench_rom_u32(&t[crc & 15u]);
  }
  return ~crc;
}

void bench_put_kat(uint32_t count, uint32_t crc) {
  char buf[32]; /* "k 1089 0123abcd" */
  text_t t = text_at(buf, sizeof buf);
  t_rom(&t, BENCH_STR("k "));
  t_u64(&t, count);
  t_rom(&t, BENCH_STR(" "));
  t_hex32(&t, crc);
  bench_put_line(t.s);
}

void bench_put_ok_count(const bench_str *name, uint64_t v) {
  char buf[64];
  text_t t = text_at(buf, sizeof buf);
  t_rom(&t, BENCH_STR("ok"));
  t_field(&t, name, v);
  bench_put_line(t.s);
}

