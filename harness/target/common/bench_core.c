/*
 * Portable core of lwc-bench (protocol in bench.h): request parsing, the
 * counted operations, stack painting and the statistics.  No libc beyond
 * mem* and str* (mini_libc.c on the cross targets): no printf, no
 * division of 64-bit numbers, no allocation, so an 8- or 16-bit target
 * compiles it as it is next to its port.
 */
#include <string.h>

#include "bench.h"
#include "lwc.h"

/* On a Linux host with valgrind's headers, `once` dumps callgrind's
 * counters after its operation (a no-op when not under valgrind). */
#if defined(__linux__) && defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BENCH_DUMP_COUNTS() CALLGRIND_DUMP_STATS
#endif
#endif
#ifndef BENCH_DUMP_COUNTS
#define BENCH_DUMP_COUNTS() ((void)0)
#endif

#define MAX_FIELDS 8
#define OUT_LINE (2 * BENCH_LINE + 160) /* a whole request echoed plus numbers */
#define MAX_TAG 32

static uint8_t key[32], nonce[32];
static volatile uint8_t sink; /* keeps the outputs observable */
static uint8_t msg[BENCH_MAX_LEN], ad[BENCH_MAX_LEN];
static uint8_t ct[BENCH_MAX_LEN + MAX_TAG], out[BENCH_MAX_LEN + MAX_TAG];
static uint8_t tag[MAX_TAG];
static uint64_t samples[2][BENCH_MAX_SAMPLES];

/* ---- text without printf ------------------------------------------------ */
typedef struct {
  char s[OUT_LINE];
  size_t n;
} text_t;

static void t_str(text_t *t, const char *s) {
  while (*s != '\0' && t->n + 1 < sizeof t->s) t->s[t->n++] = *s++;
  t->s[t->n] = '\0';
}

/* Decimal by subtracting powers of ten: no 64-bit division needed. */
static void t_u64(text_t *t, uint64_t v) {
  static const uint64_t pow10[] = {
      10000000000000000000u, 1000000000000000000u, 100000000000000000u,
      10000000000000000u, 1000000000000000u, 100000000000000u,
      10000000000000u, 1000000000000u, 100000000000u, 10000000000u,
      1000000000u, 100000000u, 10000000u, 1000000u, 100000u, 10000u, 1000u,
      100u, 10u, 1u};
  char d[2] = {0, 0};
  int started = 0;
  size_t i;
  for (i = 0; i < sizeof pow10 / sizeof pow10[0]; i++) {
    d[0] = '0';
    while (v >= pow10[i]) {
      v -= pow10[i];
      d[0]++;
    }
    if (d[0] != '0' || started || i + 1 == sizeof pow10 / sizeof pow10[0]) {
      started = 1;
      t_str(t, d);
    }
  }
}

static void t_hex32(text_t *t, uint32_t v) {
  static const char digits[] = "0123456789abcdef";
  char d[9];
  int i;
  for (i = 7; i >= 0; i--, v >>= 4) d[i] = digits[v & 15u];
  d[8] = '\0';
  t_str(t, d);
}

static void t_field(text_t *t, const char *name, uint64_t v) {
  t_str(t, " ");
  t_str(t, name);
  t_str(t, "=");
  t_u64(t, v);
}

void bench_reply(const char *status, const char *text) {
  text_t t = {{0}, 0};
  t_str(&t, status);
  t_str(&t, " ");
  t_str(&t, text);
  bench_put_line(t.s);
}

int bench_fail(int *ok, const char *text) {
  *ok = 0;
  bench_reply("err", text);
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

static void fill(uint8_t *p, size_t n, unsigned start) {
  size_t i;
  for (i = 0; i < n; i++) p[i] = (uint8_t)(start + i);
}

/* ---- statistics --------------------------------------------------------- */
static void sort_u64(uint64_t *v, size_t n) { /* insertion sort: n is small */
  size_t i, j;
  for (i = 1; i < n; i++) {
    uint64_t x = v[i];
    for (j = i; j > 0 && v[j - 1] > x; j--) v[j] = v[j - 1];
    v[j] = x;
  }
}

/* "ok HEAD samples=N mode=M" then, per counter, NAME=median NAME_min NAME_max */
static void report(const char *head, size_t n, const char *mode) {
  static const char *const names[2] = {"cycles", "instructions"};
  text_t t = {{0}, 0};
  unsigned c;
  t_str(&t, "ok ");
  t_str(&t, head);
  t_field(&t, "samples", n);
  if (mode != NULL) {
    t_str(&t, " mode=");
    t_str(&t, mode);
  }
  for (c = 0; c < 2; c++) {
    uint64_t *v = samples[c], med;
    char name[24];
    size_t len = strlen(names[c]);
    if (!(bench_counters & (1u << c))) continue;
    sort_u64(v, n);
    /* median; the mean of the two middle ones when n is even */
    med = n % 2 ? v[n / 2] : v[n / 2 - 1] + (v[n / 2] - v[n / 2 - 1]) / 2;
    t_field(&t, names[c], med);
    memcpy(name, names[c], len);
    memcpy(name + len, "_min", 5);
    t_field(&t, name, v[0]);
    memcpy(name + len, "_max", 5);
    t_field(&t, name, v[n - 1]);
  }
  bench_put_line(t.s);
}

/* ---- the operations ----------------------------------------------------- */
enum { OP_ENCRYPT, OP_DECRYPT, OP_HASH, OP_NONE };

typedef struct {
  int op;
  const lwc_aead *a;
  const lwc_hash *h;
  size_t adlen, mlen;
  int stream; /* longer than the buffers: incremental API in chunks */
} job_t;

/* Feed len bytes to f in chunks of at most BENCH_MAX_LEN from buf. */
#define CHUNKED(len, call)                          \
  do {                                              \
    size_t left_ = (len), n_;                       \
    while (left_ > 0 && r == LWC_OK) {              \
      n_ = left_ < BENCH_MAX_LEN ? left_ : BENCH_MAX_LEN; \
      r = (call);                                   \
      left_ -= n_;                                  \
    }                                               \
  } while (0)

/* The streamed operations (mode=stream): the same buffers over and over. */
static int stream_op(const job_t *j) {
  lwc_aead_ctx c;
  lwc_hash_ctx hc;
  int r = LWC_OK;
  switch (j->op) {
    case OP_ENCRYPT:
      r = j->a->init(&c, key, nonce, NULL);
      CHUNKED(j->adlen, j->a->absorb_ad(&c, ad, n_));
      CHUNKED(j->mlen, j->a->encrypt_update(&c, ct, msg, n_));
      if (r == LWC_OK) r = j->a->encrypt_final(&c, tag, j->a->tagbytes);
      return r;
    case OP_DECRYPT:
      r = j->a->init(&c, key, nonce, NULL);
      CHUNKED(j->adlen, j->a->absorb_ad(&c, ad, n_));
      CHUNKED(j->mlen, j->a->decrypt_update(&c, out, ct, n_));
      if (r == LWC_OK) r = j->a->decrypt_verify(&c, tag, j->a->tagbytes);
      return r;
    case OP_HASH:
      r = j->h->init(&hc, NULL, 0);
      CHUNKED(j->mlen, j->h->update(&hc, msg, n_));
      if (r == LWC_OK) r = j->h->squeeze(&hc, out, j->h->outbytes);
      return r;
    default:
      return LWC_ERR_ARG;
  }
}

/* One operation, the way it is measured.  Not inlined, so that the counted
 * region and the stack probe see one call. */
static __attribute__((noinline)) int run_op(const job_t *j) {
  if (j->stream) return stream_op(j);
  switch (j->op) {
    case OP_ENCRYPT:
      return lwc_aead_encrypt(j->a, ct, msg, j->mlen, ad, j->adlen, nonce, key, NULL);
    case OP_DECRYPT:
      return lwc_aead_decrypt(j->a, out, ct, j->mlen + j->a->tagbytes, ad, j->adlen,
                              nonce, key, NULL);
    case OP_HASH:
      return lwc_hash_compute(j->h, out, j->h->outbytes, msg, j->mlen, NULL, 0);
    default:
      return LWC_ERR_ARG;
  }
}

/* The valid tag for a streamed decryption of ct[] repeated: decrypt each
 * chunk and re-encrypt what came out alongside; a deterministic AEAD gives
 * back the same ciphertext, and its final tag is the one decryption expects. */
static int stream_tag(const job_t *j) {
  lwc_aead_ctx d, e;
  int r = j->a->init(&d, key, nonce, NULL);
  if (r == LWC_OK) r = j->a->init(&e, key, nonce, NULL);
  CHUNKED(j->adlen, j->a->absorb_ad(&d, ad, n_));
  CHUNKED(j->adlen, j->a->absorb_ad(&e, ad, n_));
  {
    size_t left = j->mlen, n;
    while (left > 0 && r == LWC_OK) {
      n = left < BENCH_MAX_LEN ? left : BENCH_MAX_LEN;
      r = j->a->decrypt_update(&d, out, ct, n);
      if (r == LWC_OK) r = j->a->encrypt_update(&e, msg, out, n);
      if (r == LWC_OK && memcmp(msg, ct, n) != 0) r = LWC_ERR_ARG;
      left -= n;
    }
  }
  if (r == LWC_OK) r = j->a->encrypt_final(&e, tag, j->a->tagbytes);
  lwc_wipe(&d, sizeof d);
  fill(msg, BENCH_MAX_LEN, 0x30);
  return r;
}

static const char *setup(job_t *j, char **f) {
  uint32_t adlen, mlen;
  if (bench_kat_failed) return "the KAT failed: not measured";
  j->op = OP_NONE;
  j->a = NULL;
  j->h = NULL;
  if (strcmp(f[3], "encrypt") == 0) j->op = OP_ENCRYPT;
  if (strcmp(f[3], "decrypt") == 0) j->op = OP_DECRYPT;
  if (strcmp(f[3], "hash") == 0) j->op = OP_HASH;
  if (j->op == OP_NONE) return "unknown operation (encrypt, decrypt, hash)";
  if (!parse_u32(f[4], 0x7fffffffu, &adlen) || !parse_u32(f[5], 0x7fffffffu, &mlen))
    return "bad length";
  j->adlen = adlen;
  j->mlen = mlen;
  j->stream = adlen > BENCH_MAX_LEN || mlen > BENCH_MAX_LEN;
  if (j->op == OP_HASH) {
    if ((j->h = lwc_hash_find(f[1], f[2])) == NULL) return "no such hash implementation";
    if (adlen != 0) return "hash takes no associated data";
  } else if ((j->a = lwc_aead_find(f[1], f[2])) == NULL) {
    return "no such AEAD implementation";
  } else if (j->a->tagbytes > MAX_TAG || j->a->keybytes > sizeof key ||
             j->a->noncebytes > sizeof nonce) {
    return "parameters too large for lwc-bench";
  }
  fill(msg, BENCH_MAX_LEN, 0x30);
  fill(ad, BENCH_MAX_LEN, 0x20);
  if (j->a != NULL) {
    size_t m = j->stream ? BENCH_MAX_LEN : j->mlen;
    fill(key, j->a->keybytes, 0);
    fill(nonce, j->a->noncebytes, 0x10);
    /* decrypt needs a valid ciphertext: encrypt once and check a decrypt */
    if (lwc_aead_encrypt(j->a, ct, msg, m, ad, j->stream ? 0 : j->adlen, nonce, key,
                         NULL) != LWC_OK)
      return "encryption failed";
    if (j->stream) {
      if (j->op == OP_DECRYPT && stream_tag(j) != LWC_OK)
        return "streamed decryption does not invert encryption";
    } else if (lwc_aead_decrypt(j->a, out, ct, m + j->a->tagbytes, ad, j->adlen, nonce,
                                key, NULL) != LWC_OK ||
               memcmp(out, msg, m) != 0) {
      return "decryption of a fresh ciphertext failed";
    }
  }
  return NULL;
}

static void head_of(text_t *t, char **f) {
  int i;
  static const char *const names[] = {"scheme=", " impl=", " op=", " adlen=", " mlen="};
  for (i = 0; i < 5; i++) {
    t_str(t, names[i]);
    t_str(t, f[i + 1]);
  }
}

/* Count n single operations into samples[][]; 0 when one failed. */
static int count_ops(const job_t *j, size_t n) {
  uint64_t v0[2] = {0, 0}, v1[2] = {0, 0};
  size_t i, warm = bench_exact ? 0 : 3; /* noisy clocks: warm caches, predictors */
  for (i = 0; i < warm; i++)
    if (run_op(j) != LWC_OK) return 0;
  for (i = 0; i < n; i++) {
    int r;
    bench_read_counters(v0);
    r = run_op(j);
    bench_read_counters(v1);
    if (r != LWC_OK) return 0;
    samples[0][i] = v1[0] - v0[0];
    samples[1][i] = v1[1] - v0[1];
    sink ^= out[0] ^ ct[0];
  }
  return 1;
}

static int do_measure(char **f, int nf, int *ok) {
  job_t j;
  uint32_t n;
  const char *why;
  text_t head = {{0}, 0};
  if (nf != 7) return bench_fail(ok, "usage: measure SCHEME IMPL OP ADLEN MLEN SAMPLES");
  if (!parse_u32(f[6], BENCH_MAX_SAMPLES, &n) || n == 0)
    return bench_fail(ok, "bad sample count (1 .. BENCH_MAX_SAMPLES)");
  if ((why = setup(&j, f)) != NULL) return bench_fail(ok, why);
  if (!count_ops(&j, n)) return bench_fail(ok, "operation failed");
  head_of(&head, f);
  report(head.s, n, j.stream ? "stream" : "oneshot");
  *ok = 1;
  return 0;
}

/* One operation and nothing else, for an outside counter (valgrind's
 * callgrind on the host: --toggle-collect=bench_counted_op). */
int bench_counted_op(const job_t *j);
__attribute__((noinline)) int bench_counted_op(const job_t *j) { return run_op(j); }

static int do_once(char **f, int nf, int *ok) {
  job_t j;
  const char *why;
  text_t t = {{0}, 0};
  if (nf != 6) return bench_fail(ok, "usage: once SCHEME IMPL OP ADLEN MLEN");
  if ((why = setup(&j, f)) != NULL) return bench_fail(ok, why);
  if (bench_counted_op(&j) != LWC_OK) return bench_fail(ok, "operation failed");
  BENCH_DUMP_COUNTS();
  t_str(&t, "ok ");
  head_of(&t, f);
  t_str(&t, j.stream ? " mode=stream" : " mode=oneshot");
  bench_put_line(t.s);
  *ok = 1;
  return 0;
}

/* ---- stack high-water mark by painting ---------------------------------- */
#define PAINT 0xa5u
#define PAINT_GAP 32u /* stays clear of paint()'s own frame */

/* Paint BENCH_STACK_PAINT bytes below this function's frame (the callee's
 * stack grows into them), return the top of the painted area. */
static __attribute__((noinline)) uintptr_t paint(void) {
  volatile uint8_t here = 0;
  uintptr_t top = (uintptr_t)&here - PAINT_GAP; /* integer: not an object's bounds */
  size_t i;
  for (i = 1; i <= BENCH_STACK_PAINT; i++) *(volatile uint8_t *)(top - i) = PAINT;
  return top;
}

/* Deepest painted byte that was overwritten: bytes used below top. */
static __attribute__((noinline)) size_t unpainted(uintptr_t top) {
  size_t i;
  for (i = BENCH_STACK_PAINT; i > 0; i--)
    if (*(volatile uint8_t *)(top - i) != PAINT) return i;
  return 0;
}

static int do_stack(char **f, int nf, int *ok) {
  job_t j;
  const char *why;
  text_t t = {{0}, 0};
  volatile uint8_t anchor = 0; /* the measuring frame: depth is counted from here */
  uintptr_t top;
  size_t used;
  if (nf != 6) return bench_fail(ok, "usage: stack SCHEME IMPL OP ADLEN MLEN");
  if ((why = setup(&j, f)) != NULL) return bench_fail(ok, why);
  top = paint();
  if (run_op(&j) != LWC_OK) return bench_fail(ok, "operation failed");
  used = unpainted(top);
  if (used >= BENCH_STACK_PAINT) return bench_fail(ok, "stack use exceeds BENCH_STACK_PAINT");
  /* bytes between the anchor and the deepest write: run_op's frames */
  used += (size_t)((uintptr_t)&anchor - top);
  t_str(&t, "ok ");
  head_of(&t, f);
  t_field(&t, "stack", used);
  bench_put_line(t.s);
  *ok = 1;
  return 0;
}

/* ---- calibration requests ----------------------------------------------- */
static int do_overhead(char **f, int nf, int *ok) {
  uint32_t n, i;
  uint64_t v0[2] = {0, 0}, v1[2] = {0, 0};
  if (nf != 2 || !parse_u32(f[1], BENCH_MAX_SAMPLES, &n) || n == 0)
    return bench_fail(ok, "usage: overhead SAMPLES");
  for (i = 0; i < n; i++) {
    bench_read_counters(v0);
    bench_read_counters(v1);
    samples[0][i] = v1[0] - v0[0];
    samples[1][i] = v1[1] - v0[1];
  }
  report("op=overhead", n, NULL);
  *ok = 1;
  return 0;
}

static int do_loop(char **f, int nf, int *ok) {
  uint32_t n, s, i;
  uint64_t v0[2] = {0, 0}, v1[2] = {0, 0};
  text_t head = {{0}, 0};
  if (nf != 3 || !parse_u32(f[1], 0x7fffffffu, &n) ||
      !parse_u32(f[2], BENCH_MAX_SAMPLES, &s) || s == 0)
    return bench_fail(ok, "usage: loop N SAMPLES");
  for (i = 0; i < s; i++) {
    bench_read_counters(v0);
    bench_known_loop(n);
    bench_read_counters(v1);
    samples[0][i] = v1[0] - v0[0];
    samples[1][i] = v1[1] - v0[1];
  }
  t_str(&head, "op=loop n=");
  t_str(&head, f[1]);
  t_field(&head, "body", bench_loop_body);
  t_field(&head, "body_cycles", bench_loop_body_cycles);
  report(head.s, s, NULL);
  *ok = 1;
  return 0;
}

static int do_list(int *ok) {
  const lwc_aead *const *a;
  const lwc_hash *const *h;
  uint64_t count = 0;
  text_t t;
  for (a = lwc_aead_registry; *a != NULL; a++, count++) {
    t.n = 0;
    t_str(&t, "impl aead ");
    t_str(&t, (*a)->scheme);
    t_str(&t, " ");
    t_str(&t, (*a)->impl);
    bench_put_line(t.s);
  }
  for (h = lwc_hash_registry; *h != NULL; h++, count++) {
    t.n = 0;
    t_str(&t, "impl hash ");
    t_str(&t, (*h)->scheme);
    t_str(&t, " ");
    t_str(&t, (*h)->impl);
    bench_put_line(t.s);
  }
  t.n = 0;
  t_str(&t, "ok");
  t_field(&t, "count", count);
  bench_put_line(t.s);
  *ok = 1;
  return 0;
}

static int do_hello(int *ok) {
  text_t t = {{0}, 0};
  t_str(&t, "ok lwc-bench");
  t_field(&t, "protocol", BENCH_PROTOCOL);
  t_str(&t, " port=");
  t_str(&t, bench_port);
  t_str(&t, " counters=");
  t_str(&t, (bench_counters & BENCH_COUNTER_CYCLES) ? "cycles" : "");
  t_str(&t, (bench_counters & 3u) == 3u ? "," : "");
  t_str(&t, (bench_counters & BENCH_COUNTER_INSTRUCTIONS) ? "instructions" : "");
  t_field(&t, "exact", (uint64_t)bench_exact);
  t_field(&t, "max_len", BENCH_MAX_LEN);
  t_field(&t, "max_samples", BENCH_MAX_SAMPLES);
  t_field(&t, "stack_paint", BENCH_STACK_PAINT);
  bench_put_line(t.s);
  *ok = 1;
  return 0;
}

/* CRC-32 (IEEE 802.3, reflected) for bench_kat.c, bitwise: no table. */
uint32_t bench_crc32(uint32_t crc, const uint8_t *p, size_t n);
uint32_t bench_crc32(uint32_t crc, const uint8_t *p, size_t n) {
  size_t i;
  int b;
  crc = ~crc;
  for (i = 0; i < n; i++) {
    crc ^= p[i];
    for (b = 0; b < 8; b++) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

void bench_put_kat(uint32_t count, uint32_t crc);
void bench_put_kat(uint32_t count, uint32_t crc) {
  text_t t = {{0}, 0};
  t_str(&t, "k ");
  t_u64(&t, count);
  t_str(&t, " ");
  t_hex32(&t, crc);
  bench_put_line(t.s);
}

void bench_put_ok_count(const char *name, uint64_t v);
void bench_put_ok_count(const char *name, uint64_t v) {
  text_t t = {{0}, 0};
  t_str(&t, "ok");
  t_field(&t, name, v);
  bench_put_line(t.s);
}

int bench_handle(char *line, int *ok) {
  char *f[MAX_FIELDS + 1];
  int nf = 0;
  char *p = line;
  while (*p != '\0') {
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') *p++ = '\0';
    if (*p == '\0') break;
    if (nf == MAX_FIELDS) return bench_fail(ok, "too many fields");
    f[nf++] = p;
    while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') p++;
  }
  *ok = 0;
  if (nf == 0) return bench_fail(ok, "empty request");
  if (strcmp(f[0], "measure") == 0) return do_measure(f, nf, ok);
  if (strcmp(f[0], "stack") == 0) return do_stack(f, nf, ok);
  if (strcmp(f[0], "once") == 0) return do_once(f, nf, ok);
  if (strcmp(f[0], "kat") == 0) return bench_kat(f, nf, ok);
  if (strcmp(f[0], "overhead") == 0) return do_overhead(f, nf, ok);
  if (strcmp(f[0], "loop") == 0) return do_loop(f, nf, ok);
  if (strcmp(f[0], "list") == 0) return do_list(ok);
  if (strcmp(f[0], "hello") == 0) return do_hello(ok);
  if (strcmp(f[0], "quit") == 0) {
    bench_reply("ok", "bye");
    *ok = 1;
    return 1;
  }
  return bench_fail(ok, "unknown request (hello, list, kat, overhead, loop, measure, stack, once, quit)");
}

void bench_serve(void) {
  char line[BENCH_LINE];
  size_t n = 0;
  int c, ok, overlong = 0;
  for (;;) {
    c = bench_getc();
    if (c < 0 || c == '\n') {
      if (overlong) {
        bench_reply("err", "request too long");
      } else if (n > 0 || c == '\n') {
        line[n] = '\0';
        if (bench_handle(line, &ok)) return;
      }
      if (c < 0) return;
      n = 0;
      overlong = 0;
      continue;
    }
    if (n + 1 < sizeof line) {
      line[n++] = (char)c;
    } else {
      overlong = 1;
    }
  }
}
