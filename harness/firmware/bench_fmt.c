/*
 * lwc-bench's text without printf (protocol in bench.h): answer lines
 * built in a caller's buffer, decimal and hex numbers, the runtime's
 * constant strings (in flash on AVR) and a request's numbers parsed.
 * Part of bench_core.c's translation unit (included there, after the
 * buffers; not compiled alone): see bench_core.c.
 */
/* A line under construction in a caller's buffer (sized for its line: a
 * small device's stack has no room for long buffers one above another). */
typedef struct {
  char *s;
  size_t n, cap;
} text_t;

static text_t text_at(char *buf, size_t cap) {
  text_t t;
  t.s = buf;
  t.n = 0;
  t.cap = cap;
  buf[0] = '\0';
  return t;
}

static void t_str(text_t *t, const char *s) {
  while (*s != '\0' && t->n + 1 < t->cap) t->s[t->n++] = *s++;
  t->s[t->n] = '\0';
}

/* The same for a constant string of the runtime (bench.h: in flash on AVR,
 * where it is not inlined: flash reads take a few instructions each). */
#if defined(__AVR__)
static __attribute__((noinline)) void t_rom(text_t *t, const bench_str *s) {
  const char *p = (const char *)s;
  char c;
  while ((c = (char)bench_rom_byte(p)) != '\0' && t->n + 1 < t->cap) {
    t->s[t->n++] = c;
    p++;
  }
  t->s[t->n] = '\0';
}

int bench_str_eq(const char *s, const bench_str *lit) {
  const char *p = (const char *)lit;
  char c;
  do {
    c = (char)bench_rom_byte(p++);
    if (*s++ != c) return 0;
  } while (c != '\0');
  return 1;
}

void bench_rom_copy(void *dst, const void *rom, size_t n) {
  uint8_t *d = dst;
  const uint8_t *p = rom;
  while (n-- > 0) *d++ = bench_rom_byte(p++);
}
#else
static inline void t_rom(text_t *t, const bench_str *s) { t_str(t, (const char *)s); }
#endif

/* Decimal by subtracting powers of ten: no 64-bit division needed. */
static void t_u64(text_t *t, uint64_t v) {
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

static void t_hex32(text_t *t, uint32_t v) {
  static const char digits[] BENCH_ROM = "0123456789abcdef";
  char d[9];
  int i;
  for (i = 7; i >= 0; i--, v >>= 4) d[i] = (char)bench_rom_byte(&digits[v & 15u]);
  d[8] = '\0';
  t_str(t, d);
}

/* " NAME=V", or " NAMESUFFIX=V" when suffix is not NULL */
static void t_field_sfx(text_t *t, const bench_str *name, const bench_str *suffix, uint64_t v) {
  t_rom(t, BENCH_STR(" "));
  t_rom(t, name);
  if (suffix != NULL) t_rom(t, suffix);
  t_rom(t, BENCH_STR("="));
  t_u64(t, v);
}

static void t_field(text_t *t, const bench_str *name, uint64_t v) {
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

/* ---- parsing ------------------------------------------------------------ */
static int parse_u32(const char *s, uint32_t max, uint32_t *v) {
  uint32_t x = 0;
  if (*s == '\0') return 0;
  for (; *s != '\0'; s++) {
    if (*s < '0' || *s > '9' || x > (max - (uint32_t)(*s - '0')) / 10u) return 0;
    x = x * 10u + (uint32_t)(*s - '0');
  }
  *v = x;
  return 1;
}
